"""pyDatalog deriving everything, on every sample cast: its proofs of the answers the tables'
run proves are the tables' proofs, pass the checker and use every rule (its answers:
tests/knowledge/test_agreement_pydatalog_*.py). On the pure-Python engine
(tests/knowledge/test_pure_engine.py), the first four casts only. Slow: ``pytest -m "not slow"``
leaves it out.
"""
import pytest

from .agreement import SAMPLE_CASTS, model_of, part, proofs_agree, with_casts, without_tables

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kb():
    return with_casts(part(0, len(SAMPLE_CASTS)))


def test_proofs_are_the_tables_proofs_and_pass_the_checker(kb):
    proofs_agree(kb, without_tables(kb), model_of(kb))
