"""Found by the fuzz suite: ``(X == X + 1)`` as a goal passed the check (X was taken as the
variable the comparison binds) and the tables then computed X + 1 with no X: an internal
KeyError. A binding's right side must be bound by earlier literals."""
import pytest

from queries import KnowledgeBase
from queries.errors import UserError


@pytest.mark.parametrize("goal", ["(X == X + 1)", "(X == Y) & branch_order(Y, _I)", "(X in (1, 2)) & (Y == X + Z)"])
def test_an_unbound_right_side_is_a_user_error(goal):
    with pytest.raises(UserError, match="bound by an earlier literal"):
        KnowledgeBase().ask(goal)


def test_a_bound_right_side_is_answered():
    assert KnowledgeBase().ask("branch_order('丑', I) & (J == I + 1)") == [(1, 2)]
