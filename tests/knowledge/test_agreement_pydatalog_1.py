"""pyDatalog against the oracle and the tables on the sample casts #0 to #24 (part 1 of 2 of
tests/knowledge/agreement.py's; the parts run side by side): its answers, asked layer by layer,
are the oracle's, and its proofs of the answers the tables prove are the tables' proofs and pass
the checker. On the pure-Python engine (tests/knowledge/test_pure_engine.py) this part holds the
first four casts only. Slow: ``pytest -m "not slow"`` leaves them out.
"""
import os

import pytest

from queries.engine import engine_name

from .agreement import layers_agree, proofs_agree, pydatalog_part

pytestmark = pytest.mark.slow


kb, plain, model = pydatalog_part(0, 25)


def test_engine_is_the_expected_one():
    expected = os.environ.get("LIUYAO_EXPECT_ENGINE")
    assert expected in (None, engine_name())


def test_answers_layer_by_layer_and_proofs_agree(kb, plain, model):
    layers_agree(plain, model)
    proofs_agree(kb, plain, model)
