"""``branch_order(W, I) & (I != W + 1)``: W is a branch, so W + 1 has no value. The tables
answered nothing and pyDatalog all twelve rows (its ``!=`` held against the error it computed);
through a user rule ``liuyao ask`` printed 12 answers while ``why`` said it does not hold. Both
engines now compute comparisons with the same functions: a term without a value fails."""
from queries import KnowledgeBase

GOAL = "branch_order(W, I) & (I != W + 1)"


def test_both_engines_answer_nothing(folder):
    path = folder({"kb/odd.dl": "odd(W) <= branch_order(W, I) & (I != W + 1)\n"})
    for tables in (True, False):
        kb = KnowledgeBase([path], tables=tables)
        assert kb.ask(GOAL) == [] and kb.ask("odd(W)") == [], tables


def test_ask_and_why_agree(folder, liuyao):
    path = folder({"kb/odd.dl": "odd(W) <= branch_order(W, I) & (I != W + 1)\n"})
    assert liuyao("ask", "odd(W)", "--kb", path)[0] == 1
    code, out, _ = liuyao("why", "odd(W)", "--kb", path)
    assert code == 1 and "does not hold" in out
