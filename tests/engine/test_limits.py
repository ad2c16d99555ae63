"""Limits of a question (queries/engine/limits.py): the budget weighs what a question holds and
looks at the clock; the knowledge base runs every public call under one."""
import pytest

from queries.engine import Limits, QueryTimeout, QueryTooLarge, UserError
from queries.engine.limits import ROW_BYTES, VALUE_BYTES

from .programs import with_base

COUNT = {"count.dl": "count(N) <= branch_order('子', N)\ncount(N) <= count(M) & (N == M + 1)\n"}
WIDE = " & ".join(f"branch_order(A{i}, B{i})" for i in range(5))


def test_the_budget_weighs_rows_by_their_width():
    budget = Limits(seconds=None, memory_mb=1).budget("p")
    fits = 2 ** 20 // (ROW_BYTES + VALUE_BYTES * 4)
    assert budget.most(4) == fits
    budget.check(fits, width=4)
    with pytest.raises(QueryTooLarge, match="computing p needed more than the limit of 1 MB"):
        budget.check(fits + 1, width=4)
    budget.keep(fits // 2, 4)
    assert budget.most(4) == fits - fits // 2


def test_the_budget_looks_at_the_clock():
    budget = Limits(seconds=1e-9, memory_mb=None).budget("q")
    with pytest.raises(QueryTimeout, match="computing q took longer than the limit of 1e-09 s"):
        budget.check()


@pytest.mark.parametrize("seconds, memory", [(0, 1), (-1, 1), (1, 0), (True, 1), ("1", 1), (float("inf"), 1)])
def test_limits_must_be_positive_numbers(seconds, memory):
    with pytest.raises(UserError, match="give a positive number"):
        Limits(seconds, memory)


def test_none_is_no_limit():
    budget = Limits(None, None).budget()
    budget.check(10 ** 12, width=10)


def test_a_rule_that_never_ends_stops_while_loading_and_names_its_predicate(folder):
    with pytest.raises(QueryTimeout, match="^computing count took longer than the limit of 0.2 s"):
        with_base(folder(COUNT), limits=Limits(seconds=0.2))


def test_a_goal_that_joins_too_much_stops_and_the_knowledge_base_goes_on():
    kb = with_base(limits=Limits(seconds=None, memory_mb=2))
    with pytest.raises(QueryTooLarge, match="^computing branch_order"):
        kb.ask(WIDE)
    assert kb.ask("clash('子', X)") == [("午",)]
    kb.limits = Limits(seconds=None, memory_mb=None)
    assert len(kb.ask(" & ".join(f"branch_order(A{i}, B{i})" for i in range(3)))) == 12 ** 3


def test_a_partition_stopped_half_way_is_derived_again(folder):
    path = folder({"facts/step.tsv": "case\tn:int\n", "kb/up.dl": "up(C, N) <= step(C, N)\n"
                   "up(C, N) <= up(C, M) & (N == M + 1) & (N < 2000)\n"})
    kb = with_base(path, limits=Limits(seconds=None, memory_mb=0.2))
    kb.assert_fact("step", "a", 0)
    with pytest.raises(QueryTooLarge, match="computing up"):
        kb.ask("up('a', N)")
    kb.limits = Limits(seconds=None)              # counting to 2,000 takes 2,000 rounds: no clock here
    assert len(kb.ask("up('a', N)")) == 2000


def test_a_value_too_large_names_what_was_computed(folder):
    path = folder({"kb/grow.dl": "grow(S) <= branch_order(S, _I)\ngrow(S) <= grow(T) & (S == T + T)\n"})
    with pytest.raises(QueryTooLarge, match="^computing grow: arithmetic made a text longer than 4,096"):
        with_base(path)
