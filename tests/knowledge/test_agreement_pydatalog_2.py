"""pyDatalog deriving everything against the oracle, on the sample casts
#25 to the last (part 2 of 2 of tests/knowledge/agreement.py's; the parts run side by side; its proofs:
tests/knowledge/test_agreement_pydatalog_proofs.py).
Slow: ``pytest -m "not slow"`` leaves them out.
"""
import pytest

from .agreement import SAMPLE_CASTS, answers_agree, pydatalog_part

pytestmark = pytest.mark.slow


kb, plain, model = pydatalog_part(25, len(SAMPLE_CASTS))


def test_every_derived_predicate_agrees_with_the_oracle(plain, model):
    answers_agree(plain, model)

