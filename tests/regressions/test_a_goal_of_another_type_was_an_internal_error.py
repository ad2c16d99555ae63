"""Found by the fuzz suite: the Python service given a goal that is not text (None, a number,
a list of strings) ended in a TypeError, and so did lines, coins and convention names of
another type. Each is a UserError naming what is allowed."""
import pytest

from queries.errors import UserError
from queries.session import Session

CAST = dict(month="戌", day="乙巳")


@pytest.fixture(scope="module")
def session():
    s = Session()
    s.cast("787889", **CAST)
    return s


@pytest.mark.parametrize("goal", [None, 7, ["clash('子', X)"], (), "clash('子', X)".encode()])
def test_a_goal_that_is_not_text_or_literals(session, goal):
    for call in (session.ask, session.explain, session.why_not, session.unknown_constants):
        with pytest.raises(UserError, match="a goal is text such as"):
            call(goal)


@pytest.mark.parametrize("cast", [dict(lines=787889), dict(lines=None, coins=321021), dict(lines=[7, 8, None]),
                                  dict(lines="787889", day=["乙", "巳"]), dict(lines="787889", at=20241008)])
def test_a_cast_of_another_type(session, cast):
    with pytest.raises(UserError):
        session.cast(**{**CAST, **cast})


@pytest.mark.parametrize("name, value", [(["zi_hour"], "next-day"), ("zi_hour", None), (None, None)])
def test_a_convention_that_is_not_text(session, name, value):
    with pytest.raises(UserError, match="a convention is a name and a value, both text"):
        session.set_convention(name, value)


@pytest.mark.parametrize("depth", [-1, 10 ** 6, "4", 1.5])
def test_a_why_not_depth_that_is_not_a_small_whole_number(session, depth):
    with pytest.raises(UserError, match="give a whole number from 0 to 64"):
        session.why_not("hidden_motion(C, 3)", depth=depth)
