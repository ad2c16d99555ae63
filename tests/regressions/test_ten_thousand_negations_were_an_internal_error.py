"""A goal of 10,000 ``~`` ended in an internal error (MemoryError in Python's parser)."""
import pytest


@pytest.mark.parametrize("goal", ["~" * 9900 + "clash(X, Y)", "(X == " + "-" * 9900 + "1)", "(" * 5000])
def test_deep_nesting_is_a_user_error(liuyao, goal):
    code, out, err = liuyao("ask", goal)
    assert code == 2 and out == "" and err.startswith("liuyao: goal ") and err.count("\n") == 1


def test_two_negations_are_refused_as_such(liuyao):
    code, _, err = liuyao("ask", "~~clash('子', X)")
    assert code == 2 and "expected a predicate call" in err
