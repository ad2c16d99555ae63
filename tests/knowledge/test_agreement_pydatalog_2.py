"""pyDatalog against the oracle and the tables on the sample casts #25 to the last (part 2 of 2
of tests/knowledge/agreement.py's; the parts run side by side): as in part 1.
Slow: ``pytest -m "not slow"`` leaves them out.
"""
import pytest

from .agreement import SAMPLE_CASTS, layers_agree, proofs_agree, pydatalog_part

pytestmark = pytest.mark.slow

kb, plain, model = pydatalog_part(25, len(SAMPLE_CASTS))


def test_answers_layer_by_layer_and_proofs_agree(kb, plain, model):
    layers_agree(plain, model)
    proofs_agree(kb, plain, model)
