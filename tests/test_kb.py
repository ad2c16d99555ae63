import os
import subprocess
import sys
import threading

import pytest

from queries import KnowledgeBase, KnowledgeError, UserError
from queries.engine import render


def test_answers_are_sorted_tuples(kb):
    assert kb.ask("clash(X, Y) & (X == '子')") == [("子", "午")]
    answers = kb.ask("clash(X, Y)")
    assert len(answers) == 12 and answers == sorted(answers)


def test_ground_goal_answers_yes_or_no(kb):
    assert kb.ask("clash('子', '午')") == [()]
    assert kb.ask("clash('子', '丑')") == []


def test_negation_in_a_goal(kb):
    assert kb.ask("branch_element(B, '土') & ~clash(B, '未')") == [("戌",), ("未",), ("辰",)]


def test_unknown_predicate_and_wrong_arity_are_user_errors(kb):
    with pytest.raises(UserError, match="did you mean clash"):
        kb.ask("clsh('子', X)")
    with pytest.raises(UserError, match="clash has 2 arguments"):
        kb.ask("clash('子')")
    with pytest.raises(UserError, match="needs X bound"):
        kb.ask("(X > 3) & branch_order(B, X)")


def test_assert_and_retract_are_seen_at_once(kb):
    assert kb.ask("branch_order(B, 12)") == []
    kb.assert_fact("branch_order", "甲", 12)
    try:
        assert kb.ask("branch_order(B, 12)") == [("甲",)]
        assert kb.ask("clash('甲', X)") == [("午",)]
        proof = kb.explain("clash('甲', '午')")
        assert proof.children[0].where == "asserted" and proof.children[0].origin == "asserted"
    finally:
        kb.retract_fact("branch_order", "甲", 12)
    assert kb.ask("clash('甲', X)") == []


def test_assert_checks_the_predicate(kb):
    with pytest.raises(UserError, match="unknown predicate"):
        kb.assert_fact("no_such", "x")
    with pytest.raises(UserError, match="has 2 arguments"):
        kb.assert_fact("clash", "子")


def test_proof_cites_rule_and_rows(kb):
    proof = kb.explain("clash('子', X)")
    assert proof.statement == "clash(子, 午)"
    assert proof.rule.id == "clash.1" and proof.rule.sources[0].startswith("000_122810513125a851.txt:55")
    assert dict(proof.bindings) == {"X": "子", "Y": "午", "I": 0, "J": 6}
    assert [c.kind for c in proof.children] == ["fact", "check", "fact"]
    assert proof.children[0].where == "facts/branch_order.tsv:4"
    assert proof.height == 1


def test_false_goal_has_no_proof(kb):
    assert kb.explain("clash('子', '丑')") is None


def test_proof_has_minimal_height(folder):
    # path(a, c) holds through the direct edge (height 2) and a longer route (height 3)
    kb = KnowledgeBase(extra=[folder({
        "edge.tsv": "from\tto\na\tb\nb\tc\na\tc\n",
        "path.dl": "# @rule path.1 step\n# convention: test\npath(X, Y) <= edge(X, Y)\n"
                   "# @rule path.2 walk\n# convention: test\npath(X, Z) <= path(X, Y) & edge(Y, Z)\n"})])
    proof = kb.explain("path('a', 'c')")
    assert proof.height == 1 and proof.rule.id == "path.1"


def test_why_not_names_the_first_failing_literal(kb):
    why = kb.why_not("harm('子', '午')")
    (failure,) = why.failures
    assert failure.rule.id == "harm.1" and failure.literal == "clash('午', '丑')" and failure.satisfied == 1
    assert failure.sub.goal == "clash('午', '丑')"
    assert kb.why_not("harm('子', '未')") is None


def test_why_not_summarises_tried_bindings(kb):
    why = kb.why_not("harm_kind('子', '未', '生害')")
    assert [(f.rule.id, f.literal) for f in why.failures] == [
        ("harm_kind.1", "generates('水', '土')"), ("harm_kind.2", "generates('土', '水')")]
    assert why.failures[0].sub.failures[0].literal == "element_order('土', 0)"
    (failure,) = kb.why_not("clash(X, '甲')").failures
    assert failure.literal == "branch_order('甲', J)" and failure.ways == 12
    assert dict(failure.tried)["J"] == tuple(range(12))
    assert "J ∈ {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}" in render.why_not_text(kb.why_not("clash(X, '甲')"))


def test_why_not_of_a_negation_shows_what_holds(folder):
    kb = KnowledgeBase(extra=[folder({
        "quiet.dl": "# @rule quiet.1 no clash\n# convention: test\n"
                    "quiet(B) <= branch_order(B, _I) & ~clash(B, _Y)\n"})])
    assert kb.ask("quiet(B)") == []
    failure = kb.why_not("quiet('子')").failures[0]
    assert failure.literal.startswith("~clash('子'")
    assert failure.holds.statement == "clash(子, 午)"


def test_user_folder_extends_a_shipped_predicate(folder):
    kb = KnowledgeBase(extra=[folder({
        "facts/my_pair.tsv": "a\tb\n子\t甲\n",
        "kb/mine.dl": "# @rule mine.1 a clash of my own\n# source: my notes p.3\nclash(X, Y) <= my_pair(X, Y)\n"})])
    assert kb.ask("clash('子', X)") == [("午",), ("甲",)]
    proof = kb.explain("clash('子', '甲')")
    assert proof.origin == "user" and proof.children[0].origin == "user"
    assert "(user)" in render.text(proof)


def test_broken_user_folder_lists_every_problem(folder):
    with pytest.raises(KnowledgeError) as e:
        KnowledgeBase(extra=[folder({"a.dl": "p(X) <= clsh(X)\nq(X) <= and_(X) and r(X)\n"})])
    assert len(e.value.problems) == 2


def test_two_knowledge_bases_in_one_thread_stay_apart(folder):
    a = KnowledgeBase()
    b = KnowledgeBase(extra=[folder({"kb/x.dl": "# @rule x.1 x\n# convention: t\nclash(X, Y) <= branch_order(X, 0) & branch_order(Y, 1)\n"})])
    assert a.ask("clash('子', X)") == [("午",)]
    assert b.ask("clash('子', X)") == [("丑",), ("午",)]
    a.assert_fact("branch_order", "乙", 13)
    assert b.ask("branch_order(X, 13)") == []
    assert a.ask("branch_order(X, 13)") == [("乙",)]


def test_a_knowledge_base_belongs_to_its_thread(kb):
    errors = []
    thread = threading.Thread(target=lambda: errors.append(_try(kb)))
    thread.start()
    thread.join()
    assert "make one per thread" in errors[0]
    own = []
    thread = threading.Thread(target=lambda: own.append(KnowledgeBase().ask("clash('卯', X)")))
    thread.start()
    thread.join()
    assert own == [[("酉",)]]


def _try(kb):
    try:
        kb.ask("clash('子', X)")
    except RuntimeError as e:
        return str(e)
    return "no error"


def test_output_is_identical_under_different_hash_seeds():
    code = ("from queries import KnowledgeBase; from queries.engine import render; kb = KnowledgeBase();"
            "print(kb.ask('harm_kind(X, Y, K)')); print(render.text(kb.explain(\"harm_kind('子', Y, K)\")));"
            "print(render.why_not_text(kb.why_not(\"punishment('子', '午', G)\")))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(outs) == 1
