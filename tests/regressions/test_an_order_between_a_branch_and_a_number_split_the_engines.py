"""``branch_order(X, I) & (X < I)`` compares a branch with a number: the tables answered
nothing and pyDatalog raised a user error. Both now hold such an order false."""
from queries import KnowledgeBase


def test_both_engines_hold_the_order_false(folder):
    path = folder({"kb/less.dl": "less(X) <= branch_order(X, I) & (X < I)\n"})
    for tables in (True, False):
        kb = KnowledgeBase([path], tables=tables)
        assert kb.ask("branch_order(X, I) & (X < I)") == [], tables
        assert kb.ask("less(X)") == [] and kb.ask("branch_order(X, I) & (I < 1)") == [("子", 0)], tables
