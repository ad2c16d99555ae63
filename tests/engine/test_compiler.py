"""A clause run as one function (queries/engine/compiler.py) gives the rows its steps give."""
import pytest

from queries.engine import forward
from queries.engine.compiler import DEEPEST, function
from queries.engine.forward import Plan, Tables
from queries.engine.limits import Limits
from queries.engine.reader import parse_text
from queries.engine.errors import QueryTimeout, QueryTooLarge

TABLES = {"line": {("c", 1, 7), ("c", 2, 9), ("c", 3, 9), ("c", 4, 6), ("d", 1, 8)},
          "pair": {("c", 1, 1), ("c", 1, 2), ("c", 2, 2), ("d", 3, 4)},
          "word": {("c", "子"), ("c", 3), ("d", "丑")}}
CLAUSES = [
    "moving(C, P) <= line(C, P, V) & (V in (6, 9))",
    "same(C, P) <= pair(C, P, P)",                                  # a variable twice in one literal
    "alone(C, P) <= line(C, P, _V) & ~pair(C, P, P)",               # … and in a negated one
    "quiet(C, P) <= line(C, P, 7)",
    "follows(C, P, Q) <= line(C, P, V) & (Q == P + 1) & line(C, Q, V)",
    "joined(C, T) <= word(C, W) & (T == W + '丑')",                 # a text and a number have no sum
    "order(C, W) <= word(C, W) & (W > 2)",                          # nor an order
    "choice(C, K) <= line(C, 1, V) & (K in ('a', 'b')) & (V != 8)",
    "named(C, 'x', P) <= line(C, P, 9) & ~line(C, 1, 8)",
    "none(C) <= line(C, 1, V) & (V < 0)",
    "free(C, P) <= line(C, P, V) & (P == V - 8) & (V >= 9)",
    "kin(C, P, Q) <= pair(C, P, Q) & (P != Q) & line(C, Q, 9)",
    "far(C, P) <= line(C, P, V) & line(C, Q, V) & (Q > P)",
]


def _rule(text):
    (rule,), _, _ = parse_text(text, "x.dl", "user")
    return rule


def _by_steps(plan, tables, at=None, delta=None):
    """The rows of the clause's first run, which is by its steps."""
    assert forward.COMPILE_AFTER > 0
    return set(Plan(plan.rule).run(tables, Limits().budget(), delta, at))


@pytest.mark.parametrize("text", CLAUSES)
def test_a_compiled_clause_gives_the_rows_of_its_steps(text):
    plan = Plan(_rule(text))
    tables = Tables({}, {pred: set(rows) for pred, rows in TABLES.items()})
    run = function(plan.shape, plan.layout, None)
    got = run(tables, None, Limits().budget(), plan.params, plan.consts)
    assert got == _by_steps(plan, tables)


def test_the_literal_at_reads_the_delta():
    plan = Plan(_rule("reach(C, X, Z) <= pair(C, X, Y) & pair(C, Y, Z)"))
    tables = Tables({}, {"pair": set(TABLES["pair"])})
    delta = Tables({}, {"pair": {("c", 2, 5)}})
    run = function(plan.shape, plan.layout, 1)
    assert run(tables, delta, Limits().budget(), plan.params, plan.consts) == {("c", 1, 5), ("c", 2, 5)}
    assert run(tables, delta, Limits().budget(), plan.params, plan.consts) == _by_steps(plan, tables, 1, delta)


def test_a_clause_too_deep_for_one_function_keeps_its_steps():
    body = " & ".join(f"pair(C, X{i}, X{i + 1})" for i in range(DEEPEST + 1))
    plan = Plan(_rule(f"chain(C, X0) <= {body}"))
    assert function(plan.shape, plan.layout, None) is None
    tables = Tables({}, {"pair": {("c", 1, 1)}})
    budget = Limits().budget()
    assert [plan.run(tables, budget) for _ in range(forward.COMPILE_AFTER + 2)][-1] == {("c", 1)}


def test_a_clause_runs_compiled_after_its_first_runs():
    plan = Plan(_rule("moving(C, P) <= line(C, P, V) & (V in (6, 9))"))
    tables = Tables({}, {"line": set(TABLES["line"])})
    runs = [plan.run(tables, Limits().budget()) for _ in range(forward.COMPILE_AFTER + 2)]
    assert plan._compiled and all(run == {("c", 2), ("c", 3), ("c", 4)} for run in runs)


def test_a_compiled_join_stops_at_the_memory_limit():
    plan = Plan(_rule("every(C, X, Y) <= line(C, X, _V) & num(Y) & num(_Z)"))
    tables = Tables({"num": {(n,) for n in range(300)}}, {"line": set(TABLES["line"])})
    run = function(plan.shape, plan.layout, None)
    with pytest.raises(QueryTooLarge):
        run(tables, None, Limits(seconds=None, memory_mb=0.05).budget(), plan.params, plan.consts)


def test_a_compiled_join_that_finds_nothing_still_stops_at_the_time_limit():
    plan = Plan(_rule("none(C) <= line(C, _X, _V) & num(Y) & num(Z) & (Y + Z < 0)"))
    tables = Tables({"num": {(n,) for n in range(300)}}, {"line": set(TABLES["line"])})
    run = function(plan.shape, plan.layout, None)
    with pytest.raises(QueryTimeout):
        run(tables, None, Limits(seconds=1e-9, memory_mb=None).budget(), plan.params, plan.consts)


def test_a_constant_that_reads_as_code_stays_a_value():
    odd = "') or __import__('os').system('false') or ('"
    plan = Plan(_rule(f"odd(C, W) <= word(C, W) & (W != \"{odd}\") & ~word(C, \"{odd}\")"))
    tables = Tables({}, {"word": {("c", odd), ("d", "丑")}})
    run = function(plan.shape, plan.layout, None)
    assert run(tables, None, Limits().budget(), plan.params, plan.consts) == {("d", "丑")} == _by_steps(plan, tables)
