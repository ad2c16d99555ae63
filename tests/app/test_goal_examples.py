"""A message that shows an example goal builds it from the predicate's real arity and the names
its clauses or table give its arguments, never from a literal written in the code."""
import pytest

from queries.errors import UserError


def test_a_wrong_arity_is_told_with_an_example_of_the_right_one(kb):
    arity = kb.program.arity("month_break")
    with pytest.raises(UserError) as e:
        kb.why_not("month_break(C, 3)")
    example = str(e.value).rpartition("e.g. ")[2]
    assert example.startswith("month_break(") and example.count(",") == arity - 1
    assert len(kb.parse(example)[0].args) == arity


@pytest.mark.parametrize("goal", ["~month_break(C, K, 3)", "month_break(C, K, 3) & clash(X, Y)"])
def test_one_positive_literal_is_asked_for_by_an_example_of_the_goal(kb, goal):
    with pytest.raises(UserError, match=r"one positive literal, e\.g\. month_break\(C, K, P\)$"):
        kb.why_not(goal)


def test_a_table_example_names_its_columns(kb):
    assert kb.example("cast_line") == "cast_line(Cast, Position, Value)"
