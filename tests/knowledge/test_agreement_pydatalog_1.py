"""pyDatalog deriving everything against the oracle, on the sample casts
#0 to #24 (part 1 of 2 of tests/knowledge/agreement.py's; the parts run side by side; its proofs:
tests/knowledge/test_agreement_pydatalog_proofs.py). On the pure-Python engine
(tests/knowledge/test_pure_engine.py) this part holds the first four casts only.
Slow: ``pytest -m "not slow"`` leaves them out.
"""
import os

import pytest

from queries.engine import engine_name

from .agreement import answers_agree, pydatalog_part

pytestmark = pytest.mark.slow


kb, plain, model = pydatalog_part(0, 25)


def test_engine_is_the_expected_one():
    expected = os.environ.get("LIUYAO_EXPECT_ENGINE")
    assert expected in (None, engine_name())


def test_every_derived_predicate_agrees_with_the_oracle(plain, model):
    answers_agree(plain, model)

