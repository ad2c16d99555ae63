"""The knowledge base on the tests' base program: asking, asserting, proving, why-not, and
loading exactly the folders it is given."""
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from queries.engine import Folder, KnowledgeBase, KnowledgeError, Options, UserError, render

from .programs import BASE, with_base, write

THREE_RULES = {
    "edge.tsv": "from\tto\na\tb\nb\tc\nc\td\n",
    "path.dl": "# @rule path.1 a step\npath(X, Y) <= edge(X, Y)\n"
               "# @rule path.2 more steps\npath(X, Z) <= path(X, Y) & edge(Y, Z)\n"
               "# @rule far.1 no step between\nfar(X, Y) <= path(X, Y) & ~edge(X, Y)\n",
}


@pytest.fixture(scope="module")
def kb():
    """The base program alone; tests that assert facts must retract them."""
    return with_base()


def test_a_three_rule_program_from_a_folder_is_all_there_is(tmp_path):
    kb = KnowledgeBase([write(tmp_path, THREE_RULES)])
    assert len(kb.program.rules) == 3 and {f.atom.pred for f in kb.program.facts} == {"edge"}
    assert sorted(kb.program.declared) == ["edge", "far", "path"]
    assert kb.ask("far('a', Y)") == [("c",), ("d",)]
    assert kb.explain("far('a', 'd')").rule.id == "far.1"
    with pytest.raises(UserError, match="unknown predicate clash/2"):
        kb.ask("clash('子', X)")
    assert KnowledgeBase(tmp_path).ask("far('a', Y)") == kb.ask("far('a', Y)")      # one folder alone


def test_kept_answers_answer_as_the_rules_did_until_a_fact_changes(tmp_path):
    kb = KnowledgeBase([write(tmp_path, {**THREE_RULES, "edge.tsv": "from\tto\n"})], tables=False)
    for edge in [("a", "b"), ("b", "c"), ("c", "d")]:         # an input table: path is no static answer
        kb.assert_fact("edge", *edge)
    before = kb.ask("far(X, Y)")
    kb.keep_answers(["path"])
    assert kb.ask("far(X, Y)") == before and kb.ask("path('a', Y)") == [("b",), ("c",), ("d",)]
    kb.assert_fact("edge", "d", "e")                    # the kept rows would miss path('a', 'e')
    assert ("a", "e") in kb.ask("far(X, Y)") and kb.ask("path('d', Y)") == [("e",)]
    with pytest.raises(ValueError, match="tables=False"):
        KnowledgeBase([write(tmp_path, THREE_RULES)]).keep_answers(["path"])


def test_a_folder_given_as_a_path_is_the_users(tmp_path):
    kb = KnowledgeBase([write(tmp_path, THREE_RULES)])
    proof = kb.explain("path('a', 'b')")
    assert proof.origin == "user" and proof.where == f"{tmp_path}/path.dl:2"
    assert proof.children[0].where == f"{tmp_path}/edge.tsv:2"
    labelled = KnowledgeBase([Folder(tmp_path, "", "mine")]).explain("path('a', 'b')")
    assert labelled.origin == "mine" and labelled.where == "path.dl:2"


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
    with pytest.raises(UserError, match="strings or whole numbers"):
        kb.assert_fact("branch_order", "甲", True)


def test_proof_cites_rule_and_rows(kb):
    proof = kb.explain("clash('子', X)")
    assert proof.statement == "clash(子, 午)"
    assert proof.rule.id == "clash.1" and proof.rule.sources == ("test.txt:1  六沖",)
    assert dict(proof.bindings) == {"X": "子", "Y": "午", "I": 0, "J": 6}
    assert [c.kind for c in proof.children] == ["fact", "check", "fact"]
    assert proof.children[0].where == "facts/branch_order.tsv:4"
    assert proof.height == 1


def test_false_goal_has_no_proof(kb):
    assert kb.explain("clash('子', '丑')") is None


def test_explain_and_why_not_take_one_positive_literal(kb):
    for ask in (kb.explain, kb.why_not):
        with pytest.raises(UserError, match="one positive literal"):
            ask("~clash('子', X)")
        with pytest.raises(UserError, match="one positive literal"):
            ask("clash('子', X) & clash(X, Y)")


def test_proof_has_minimal_height(folder):
    # path(a, c) holds through the direct edge (height 2) and a longer route (height 3)
    kb = KnowledgeBase([folder({
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
    (failure,) = kb.why_not("clash(X, '甲')").failures
    assert failure.literal == "branch_order('甲', J)" and failure.ways == 12
    assert dict(failure.tried)["J"] == tuple(range(12))
    assert "J ∈ {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}" in render.why_not_text(kb.why_not("clash(X, '甲')"))


def test_why_not_of_a_table_and_of_nothing(tmp_path):
    kb = KnowledgeBase([write(tmp_path, {**THREE_RULES, "none.tsv": "a\n"})])
    assert kb.why_not("edge('x', Y)").table == f"{tmp_path}/edge.tsv"
    assert kb.why_not("none('x')").table == f"{tmp_path}/none.tsv"


def test_why_not_of_a_negation_shows_what_holds(folder):
    kb = with_base(folder({
        "quiet.dl": "# @rule quiet.1 no clash\n# convention: test\n"
                    "quiet(B) <= branch_order(B, _I) & ~clash(B, _Y)\n"}))
    assert kb.ask("quiet(B)") == []
    failure = kb.why_not("quiet('子')").failures[0]
    assert failure.literal.startswith("~clash('子'")
    assert failure.holds.statement == "clash(子, 午)"


def test_user_folder_extends_a_base_predicate(folder):
    kb = with_base(folder({
        "facts/my_pair.tsv": "a\tb\n子\t甲\n",
        "kb/mine.dl": "# @rule mine.1 a clash of my own\n# source: my notes p.3\nclash(X, Y) <= my_pair(X, Y)\n"}))
    assert kb.ask("clash('子', X)") == [("午",), ("甲",)]
    proof = kb.explain("clash('子', '甲')")
    assert proof.origin == "user" and proof.children[0].origin == "user"
    assert "(user)" in render.text(proof)


def test_broken_user_folder_lists_every_problem(folder):
    with pytest.raises(KnowledgeError) as e:
        with_base(folder({"a.dl": "p(X) <= clsh(X)\nq(X) <= and_(X) and r(X)\n"}))
    assert len(e.value.problems) == 2


def test_missing_and_empty_folders_are_problems(tmp_path):
    with pytest.raises(KnowledgeError, match="not a folder"):
        KnowledgeBase([tmp_path / "missing"])
    with pytest.raises(KnowledgeError, match=r"no \*.tsv or \*.dl files"):
        KnowledgeBase([tmp_path])


def test_two_knowledge_bases_in_one_thread_stay_apart(folder):
    a = with_base()
    b = with_base(folder({"kb/x.dl": "# @rule x.1 x\n# convention: t\nclash(X, Y) <= branch_order(X, 0) & branch_order(Y, 1)\n"}))
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
    thread = threading.Thread(target=lambda: own.append(with_base().ask("clash('卯', X)")))
    thread.start()
    thread.join()
    assert own == [[("酉",)]]


def _try(kb):
    try:
        kb.ask("clash('子', X)")
    except RuntimeError as e:
        return str(e)
    return "no error"


def test_partition_names_are_known_words(tmp_path):
    files = {**THREE_RULES, "case.tsv": "case\tnode\n", "in_case.dl": "here(C, X) <= case(C, X) & edge(X, _Y)\n"}
    plain = KnowledgeBase([write(tmp_path, files)])
    told = KnowledgeBase([tmp_path], Options(partitions=("case",)))
    for kb in (plain, told):
        assert kb.unknown_constants("edge('a', X)") == []      # the words known at first use
        kb.assert_fact("case", "k1", "a")
    assert plain.unknown_constants("here('k1', X)") == [("k1", [])]
    assert told.unknown_constants("here('k1', X)") == []
    assert told.unknown_constants("here('k1', 'bb')") == [("bb", ["b"])]
    assert told.ask("here('k1', X)") == [("a",)] and told._parts is not None


def test_convention_rows_are_marked_in_proofs(tmp_path):
    files = {"choice.tsv": "case\tname\tvalue\nk\torder\tfirst\n",
             "pick.dl": "# @rule pick.1 the chosen order\n# convention: order\n"
                        "pick(C) <= choice(C, 'order', 'first')\n"}
    plain = KnowledgeBase([write(tmp_path, files)])
    told = KnowledgeBase([tmp_path], Options(conventions=("choice",)))
    assert render.conventions_used(plain.explain("pick('k')")) == []
    proof = told.explain("pick('k')")
    assert proof.children[0].convention == ("order", "first")
    assert render.conventions_used(proof) == [("order", "first")]
    assert render.text(proof).endswith("\nconvention: order=first")


def test_behind_names_the_deriving_rule(tmp_path):
    kb = KnowledgeBase([write(tmp_path, THREE_RULES)])
    rule, body = kb.behind("path", ("a", "c"))
    assert rule.info.id == "path.2" and [str(l) for l in body] == ["path('a', Y)", "edge(Y, 'c')"]
    rule, body = kb.behind("far", ("a", None))
    assert rule.info.id == "far.1" and str(body[0]) == "path('a', Y)"


def test_the_rules_behind_rows_are_each_rows_rule_behind(tmp_path):
    kb = KnowledgeBase([write(tmp_path, THREE_RULES)])
    rows = [("a", "c"), ("a", "b"), ("b", "c"), ("a", None), ("c", "a")]
    assert kb.rules_behind("path", rows) == [kb.rule_behind("path", row) for row in rows]
    assert [r and r.info.id for r in kb.rules_behind("path", rows)] == ["path.2", "path.1", "path.1", "path.1", None]
    assert kb.rules_behind("path", []) == []


def test_output_is_identical_under_different_hash_seeds():
    code = ("import sys; sys.path.insert(0, 'tests'); from engine.programs import with_base;"
            "from queries.engine import render; kb = with_base();"
            "print(kb.ask('harm(X, Y)')); print(render.text(kb.explain(\"harm('子', Y)\")));"
            "print(render.why_not_text(kb.why_not(\"harm('子', '午')\")))")
    root = Path(__file__).resolve().parents[2]
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(outs) == 1 and "harm.1" in outs.pop()


def test_the_base_program_is_a_folder_of_its_own():
    assert BASE.path.is_dir() and BASE.origin == "base"
