"""A goal of 1,000 ``&`` literals ended in an internal error (RecursionError). Goals now have
limits: 256 literals, 10,000 characters, 32 operators deep."""
import pytest


@pytest.mark.parametrize("goal, message", [
    (" & ".join(["clash(X, Y)"] * 1000), "the goal has 13,997 characters; at most 10,000"),
    (" & ".join(["clash(X, Y)"] * 500), "more than 256 literals joined by &"),
    ("(X == " + "1 + " * 100 + "1)", "a term nested more than 32 operators deep"),
    ("(X == " + "(" * 250 + "1" + ")" * 250 + ")", "too many nested parentheses"),
    ("(X == " + "(" * 150 + "1" + ")" * 150 + ") & (X == 2)", None),
])
def test_a_goal_too_large_is_a_user_error(liuyao, goal, message):
    code, out, err = liuyao("ask", goal)
    if message is None:             # parentheses alone nest no operator: an answer
        assert code == 1 and out.endswith("(0 answers)\n")
    else:
        assert code == 2 and out == "" and message in err and err.count("\n") == 1 and len(err) < 400


def test_the_largest_goal_allowed_is_answered(liuyao):
    code, out, _ = liuyao("ask", " & ".join(["clash('子', X)"] * 256))
    assert code == 0 and out.splitlines()[-1] == "(1 answer)"
