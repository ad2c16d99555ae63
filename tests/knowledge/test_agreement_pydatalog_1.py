"""pyDatalog deriving everything against the oracle, on the sample casts
#0 to #22 (part 1 of 2 of tests/knowledge/agreement.py's; the parts run side by side; its proofs:
tests/knowledge/test_agreement_pydatalog_proofs.py). On the pure-Python engine
(tests/knowledge/test_pure_engine.py) this part holds the first eight casts only.
Slow: ``pytest -m "not slow"`` leaves them out.
"""
import os

import pytest

from queries.engine import engine_name

from .agreement import answers_agree, model_of, part, with_casts, without_tables

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kb():
    """The tables, holding this part's casts with their questions (what pyDatalog is given)."""
    return with_casts(part(0, 23))


@pytest.fixture(scope="module")
def plain(kb):
    """pyDatalog, holding the same facts."""
    return without_tables(kb)


@pytest.fixture(scope="module")
def model(kb):
    return model_of(kb)


def test_engine_is_the_expected_one():
    expected = os.environ.get("LIUYAO_EXPECT_ENGINE")
    assert expected in (None, engine_name())


def test_every_derived_predicate_agrees_with_the_oracle(plain, model):
    answers_agree(plain, model)

