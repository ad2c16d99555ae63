"""The tables per cast against the independent oracle on every sample cast, and every answer's
proof against the checker: every rule derives and appears in a proof. pyDatalog's answers and
proofs are held to the same on the sample casts in parts (tests/knowledge/test_agreement_pydatalog_*.py),
whose proofs, being these, use every rule as these do.
One oracle model serves the whole module. Slow: ``pytest -m "not slow"`` leaves them out.
"""
from queries.engine import record

import pytest

from queries.engine.oracle import check

from .agreement import QUESTIONS, SAMPLE_CASTS, answers_agree, derived, general_goal, model_of, proved, with_casts

pytestmark = pytest.mark.slow
__all__ = ["QUESTIONS", "SAMPLE_CASTS"]     # the sample casts other modules read


@pytest.fixture(scope="module")
def kb():
    """A knowledge base of its own holding every sample cast, each with its question."""
    return with_casts(enumerate(SAMPLE_CASTS))


@pytest.fixture(scope="module")
def model(kb):
    return model_of(kb)


def test_every_derived_predicate_agrees_with_the_oracle(kb, model):
    answers_agree(kb, model)


def test_answers_have_proofs_the_checker_accepts_and_every_rule_is_used(kb, model):
    empty = [pred for pred, arity in derived(kb) if not kb.ask(general_goal(pred, arity))]
    assert not empty, f"predicates that derive nothing: {empty}"
    _, used = proved(kb, model)
    # each reading of the books has casts of its own (tests/knowledge/test_readings_*.py), where
    # it holds, its proof passes the checker, and one broken condition stops it
    missing = sorted({r.where for r in kb.program.rules if not r.where.startswith("kb/judgments/")} - used)
    assert not missing, f"rules that appear in no proof: {missing}"


def test_the_checker_rejects_a_tampered_proof(kb, model):
    proof = kb.explain("clash('子', '午')")
    fact = record.replace(proof.children[2], args=("未", 6))
    assert check(record.replace(proof, children=(proof.children[0], proof.children[1], fact)),
                 kb.program, model)
    assert check(record.replace(proof, args=("子", "未")), kb.program, model)
    assert check(record.replace(proof, bindings=(("X", "子"), ("Y", "午"), ("I", 0), ("J", 7))),
                 kb.program, model)
