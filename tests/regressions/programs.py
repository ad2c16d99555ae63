"""Rules of the issue's findings that never end, shared by the regressions."""

# Depends on no cast, so it is computed while the folder loads.
COUNT_UP = "count_up(N) <= branch_order('子', N)\ncount_up(N) <= count_up(M) & (N == M + 1)\n"
# Depends on the cast, so on asking.
TALLY = "tally(C, N) <= cast_line(C, 1, N)\ntally(C, N) <= tally(C, M) & (N == M + 1)\n"
