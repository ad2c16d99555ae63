"""Explanations: proofs of minimal height all the way down, shared through a memo, why-nots."""
import pytest

from queries.engine import KnowledgeBase
from queries.engine.explain import Explanation, Memo
from queries.engine.terms import Atom, Const

from .programs import write

WALK = {
    "edge.tsv": "from\tto\na\tb\nb\tc\nc\ta\nc\td\n",
    "walk.dl": "# @rule walk.1 a step\nwalk(X, Y) <= edge(X, Y)\n"
               "# @rule walk.2 steps\nwalk(X, Z) <= walk(X, Y) & edge(Y, Z)\n"
               "# @rule stuck.1 no way out\nstuck(X) <= walk(_W, X) & ~edge(X, _Y)\n"
               "# @rule lonely.1 no way in\nlonely(X) <= edge(X, _Y) & ~walk(_Z, X)\n"
               "+ said('hello')\n",
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return KnowledgeBase([write(tmp_path_factory.mktemp("walk"), WALK)])


LOW = {  # strong has a proof through its first rule of height 3, through its second of height 1
    "item.tsv": "name\nx\n",
    "low.dl": "# @rule chain.1 one\none(X) <= item(X)\n# @rule chain.2 two\ntwo(X) <= one(X)\n"
              "# @rule chain.3 three\nthree(X) <= two(X)\n"
              "# @rule strong.1 the long way\nstrong(X) <= two(X)\n# @rule strong.2 the short way\nstrong(X) <= item(X)\n"
              "# @rule goal.1 both\ngoal(X) <= three(X) & strong(X)\n",
}


def test_every_sub_proof_is_of_minimal_height_and_one_object_wherever_it_is_met(tmp_path):
    kb = KnowledgeBase([write(tmp_path, LOW)])
    goal = kb.explain("goal('x')")
    strong = goal.children[1]
    assert goal.height == 4 and strong.rule.id == "strong.2" and strong.height == 1
    memo = Memo()
    alone = kb.explain("strong('x')", memo=memo)
    assert alone == strong and kb.explain("goal('x')", memo=memo).children[1] is alone


def test_explanations_sharing_a_memo_find_what_each_finds_alone(kb):
    memo = Memo()
    one, two = Explanation(kb, memo=memo), Explanation(kb, memo=memo)
    assert one.proof("walk", ("a", "d")) == Explanation(kb).proof("walk", ("a", "d"))
    assert ("walk", ("a", "d")) in memo.instances
    assert two.proof("walk", ("a", "d")) is one.proof("walk", ("a", "d"))
    assert two.proof("walk", ("b", "a")) == Explanation(kb).proof("walk", ("b", "a"))
    assert kb.explain("stuck('d')", expand_negations=True, memo=memo) == kb.explain("stuck('d')", expand_negations=True)


def test_a_proof_is_of_minimal_height_and_bounded(kb):
    assert kb.explain("walk('a', 'd')").height == 3
    assert kb.explain("walk('a', 'd')", max_height=2) is None
    assert kb.explain("walk('a', 'c')").height == 2


def test_negation_leaves_carry_why_nots_when_asked(kb):
    proof = kb.explain("stuck('d')", expand_negations=True)
    leaf = proof.children[1]
    assert leaf.kind == "not" and leaf.statement == "¬edge(d, _Y)"
    assert leaf.why == kb.why_not("edge('d', _Y)", depth=3)
    assert kb.explain("stuck('d')").children[1].why is None


def test_why_not_explains_each_rule_and_marks_what_was_explained_above(kb):
    why = kb.why_not("walk('d', X)")
    assert [f.rule.id for f in why.failures] == ["walk.1", "walk.2"]
    assert why.failures[0].literal == "edge('d', Y)" and why.failures[0].sub is None
    deeper = why.failures[1].sub
    assert deeper.goal == "walk('d', Y)" and not deeper.seen
    assert deeper.failures[1].sub == type(deeper)("walk('d', Y)", seen=True)


def test_why_not_of_a_negation_shows_the_proof_that_its_atom_holds(kb):
    (failure,) = kb.why_not("lonely('a')").failures
    assert failure.literal.startswith("~walk(") and failure.holds.statement.startswith("walk(")
    assert failure.because == ()


def test_why_not_of_clause_facts_and_of_a_table(kb):
    assert kb.why_not("said('bye')").table == "no rows"
    assert kb.why_not("edge('d', 'a')").table.endswith("edge.tsv")
    assert kb.why_not("walk('a', 'b')") is None


def test_the_proof_of_an_atom_that_does_not_hold_is_none(kb):
    assert Explanation(kb).proof("walk", ("d", "a")) is None
    assert Explanation(kb)._prove_first(Atom("walk", (Const("d"), Const("a")))) is None


def test_a_step_is_the_top_of_the_proof(tmp_path, kb):
    low = KnowledgeBase([write(tmp_path, LOW)])
    for base, goals in ((low, ("goal('x')", "strong('x')", "two(X)", "item('x')", "goal('y')")),
                        (kb, ("walk('a', 'd')", "walk('a', X)", "stuck(X)", "lonely(X)", "edge('a', 'b')", "said(X)"))):
        for goal in goals:
            proof = base.explain(goal)
            expected = None if proof is None or proof.kind != "rule" else (proof.rule, proof.bindings)
            assert base.step(goal) == base.step(goal, memo=Memo()) == expected, goal
    assert low.step("strong('x')")[0].id == "strong.2"      # of two ways, the one of the proof of minimal height
    assert low.step("goal('x')") == (low.explain("goal('x')").rule, (("X", "x"),))
