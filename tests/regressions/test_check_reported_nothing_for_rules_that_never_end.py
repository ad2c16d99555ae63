"""``liuyao check`` reported nothing for a successor rule or a growing string rule. It warns
of a recursive rule whose head takes a value computed anew in each round."""
from .programs import COUNT_UP


def test_check_warns_of_a_successor_rule(folder, liuyao):
    path = folder({"kb/count.dl": COUNT_UP})
    code, out, _ = liuyao("check", path)
    assert code == 0 and out.splitlines()[-1] == "0 errors, 1 warning"
    assert out.startswith(f"{path}/kb/count.dl:2: count_up is recursive and its N is computed anew in each round "
                          "by (N == (M + 1)); it may grow without end")


def test_check_warns_of_a_growing_text_through_another_variable(folder, liuyao):
    path = folder({"kb/grow.dl": "grow(S) <= branch_order(S, _I)\ngrow(S) <= grow(T) & (U == T + 'x') & (S == U)\n"})
    code, out, _ = liuyao("check", path)
    assert "grow is recursive and its S is computed anew in each round by (U == (T + 'x'))" in out


def test_a_recursive_rule_that_only_passes_values_on_is_not_warned_of(folder, liuyao):
    path = folder({"kb/path.dl": "near(X, Y) <= clash(X, Y)\nnear(X, Z) <= near(X, Y) & clash(Y, Z) & (K == 1)\n"})
    code, out, _ = liuyao("check", path)
    assert out == "0 errors, 0 warnings\n"
