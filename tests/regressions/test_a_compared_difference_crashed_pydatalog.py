"""A comparison whose left side is a sum or a difference, such as ``(I * 2 - 1 >= 21)``, crashed
with an AttributeError when pyDatalog answered it: every comparison operator was applied to
build the literal, and pyDatalog's ``==`` on a difference runs a query."""
from queries.engine import KnowledgeBase


def test_a_compared_difference_is_answered_by_pydatalog(folder):
    path = folder({"n.tsv": "name\ti:int\na\t1\nb\t11\n", "big.dl": "big(X) <= n(X, I) & (I * 2 - 1 >= 21)\n"})
    for tables in (True, False):
        kb = KnowledgeBase([path], tables=tables)
        assert kb.ask("n(X, I) & (I * 2 - 1 >= 21)") == [("b", 11)]
        assert kb.ask("big(X)") == [("b",)]
