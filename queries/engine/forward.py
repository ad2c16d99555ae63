"""Bottom-up evaluation: the clauses of a predicate group evaluated to a fixpoint, and the
tables per partition built with it.

An input predicate (a table declared without rows, asserted by the program) is partitioned by
its first argument: one cast, one case, one session. pyDatalog keeps no tables between queries,
so every question about a partition would derive it again from its input. The KnowledgeBase
instead derives a partition's answers here, with the same clauses, predicate by predicate in the
order of their dependencies and only as far as a question needs; a question that names no
partition, or several, reads every partition's tables together. The static predicates (those
that depend on no input) are derived here too, once, at load. The oracle's naive evaluator and
pyDatalog's own derivation check that the ways agree (tests/engine/test_forward.py,
tests/knowledge/test_agreement.py, tests/fuzz/test_engines_agree.py).

A partitioned clause is *local* when its head's first argument is the partition and every
literal on a partitioned predicate names the same partition first. Then one partition's answers
depend only on its own input, and asserting another never disturbs them. When one clause is
not local, all partitions are derived together, as one.

Every step counts what it holds against a ``limits.Budget`` and names the predicate it derives.

>>> from queries.engine.reader import parse_text
>>> from queries.engine.limits import Limits
>>> rules, _, _ = parse_text("moving(C, P) <= line(C, P, V) & (V in (6, 9))", "x.dl", "user")
>>> plan = Plan(rules[0])
>>> sorted(plan.run(Tables({}, {"line": {("c", 1, 7), ("c", 2, 9)}}), Limits().budget()))
[('c', 2)]
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .terms import NO_VALUE, Atom, Compare, Const, Var, evaluate, holds, term_vars


def is_local(rule, partitioned) -> bool:
    """Whether every partitioned literal of the rule names the head's partition first."""
    head = rule.head.args[0] if rule.head.args else None
    if not isinstance(head, Var):
        return False
    atoms = [lit for lit in rule.body if isinstance(lit, Atom) and lit.pred in partitioned]
    return any(not lit.negated for lit in atoms) and all(lit.args and lit.args[0] == head for lit in atoms)


def order(graph, preds, components):
    """The predicates in groups (one per recursive component), each after what it depends on."""
    groups, done = defaultdict(list), []
    for pred in sorted(preds):
        groups[components[pred]].append(pred)
    seen = set()

    def visit(comp):
        seen.add(comp)
        for pred in groups[comp]:
            for body in sorted(graph.get(pred, ())):
                if body in preds and components[body] not in seen:
                    visit(components[body])
        done.append(groups[comp])

    for comp in sorted(groups):
        if comp not in seen:
            visit(comp)
    return done


class Tables:
    """Rows by predicate: the static ones shared by every partition, and one partition's own."""

    def __init__(self, static, own, static_indexes=None):
        self.static, self.own = static, own
        self.first = {}         # (predicate, row) -> the first clause that derives it
        self._indexes, self._static_indexes = {}, {} if static_indexes is None else static_indexes

    def rows(self, pred):
        got = self.own.get(pred)
        return got if got is not None else self.static.get(pred, ())

    def lookup(self, pred, positions, key):
        indexes = self._indexes if pred in self.own else self._static_indexes
        index = indexes.get((pred, positions))
        if index is None:
            index = defaultdict(list)
            for row in self.rows(pred):
                index[tuple(row[i] for i in positions)].append(row)
            indexes[pred, positions] = index
        return index.get(key, ())

    def grown(self, pred):
        """Forget the indexes of a predicate whose rows changed."""
        for key in [k for k in self._indexes if k[0] == pred]:
            del self._indexes[key]


class Plan:
    """One clause compiled for bottom-up evaluation."""

    def __init__(self, rule):
        self.rule, self.steps = rule, _steps(rule.body)
        self.head = [(a.name, None) if isinstance(a, Var) else (None, a.value) for a in rule.head.args]

    def run(self, tables, budget):
        """The head rows the clause derives from the tables."""
        return {tuple(env[name] if name else value for name, value in self.head)
                for env in _run(self.steps, tables, budget)}


def solutions(body, tables, budget):
    """Every binding under which a conjunction holds in the tables (with repeats)."""
    return _run(_steps(body), tables, budget)


def _steps(body):
    """A body, literal by literal, as steps from a list of bindings to the next."""
    steps, bound = [], set()
    for lit in body:
        steps.append(_step(lit, bound))
        if isinstance(lit, Compare) and lit.op in ("==", "in") and isinstance(lit.left, Var):
            bound.add(lit.left.name)
        elif isinstance(lit, Atom) and not lit.negated:
            bound.update(term_vars(lit))
    return steps


def _run(steps, tables, budget):
    envs = [{}]
    for step in steps:
        envs = step(envs, tables, budget)
        if not envs:
            break
    return envs


def _each(envs, budget, out):
    """The bindings of a step, checking the budget every thousand of them and whenever ``out``
    (the list the step fills) passes what fits."""
    width = len(envs[0]) + 1 if envs else 1
    most = budget.most(width)
    for k, env in enumerate(envs):
        if not k & 1023 or len(out) > most:
            budget.check(len(envs) + len(out), width)
        yield env


def _step(lit, bound):
    if isinstance(lit, Compare):
        return _compare_step(lit, bound)
    consts, keyvars, outs, repeats = [], [], [], []
    fresh = set()
    for i, arg in enumerate(lit.args):
        if isinstance(arg, Const):
            consts.append((i, arg.value))
        elif arg.name in bound:
            keyvars.append((i, arg.name))
        elif arg.name in fresh:
            repeats.append((i, arg.name))
        else:
            fresh.add(arg.name)
            outs.append((i, arg.name))
    positions = tuple(i for i, _ in consts + keyvars)
    values = [v for _, v in consts]
    names = [n for _, n in keyvars]
    pred = lit.pred

    def matches(env, tables):
        rows = tables.lookup(pred, positions, tuple(values + [env[n] for n in names]))
        if repeats:
            first = dict((n, i) for i, n in outs)
            rows = [r for r in rows if all(r[i] == r[first[n]] for i, n in repeats)]
        return rows

    if lit.negated:
        def negation(envs, tables, budget):
            out = []
            out.extend(env for env in _each(envs, budget, out) if not matches(env, tables))
            return out
        return negation

    def step(envs, tables, budget):
        out = []
        for env in _each(envs, budget, out):
            for row in matches(env, tables):
                new = dict(env)
                for i, n in outs:
                    new[n] = row[i]
                out.append(new)
        return out
    return step


def _compare_step(lit, bound):
    left = lit.left
    if isinstance(left, Var) and left.name not in bound and lit.op == "==":
        name, right = left.name, lit.right

        def bind(envs, tables, budget):
            out = []
            for env in _each(envs, budget, out):
                try:
                    out.append({**env, name: evaluate(right, env)})
                except NO_VALUE:
                    pass
            return out
        return bind
    if isinstance(left, Var) and left.name not in bound and lit.op == "in":
        name, choices = left.name, [c.value for c in lit.right]

        def choose(envs, tables, budget):
            out = []
            out.extend({**env, name: c} for env in _each(envs, budget, out) for c in choices)
            return out
        return choose

    def test(envs, tables, budget):
        out = []
        out.extend(env for env in _each(envs, budget, out) if holds(lit, env))
        return out
    return test


def derive(groups, plans, tables, budget):
    """Add to ``tables.own`` the rows of each predicate group, in order; a recursive group is
    evaluated until nothing new appears. ``tables.own`` holds the partition's input rows already.
    Outside recursion, ``tables.first`` learns the first clause (in file order) behind each row.
    The budget weighs every row derived and names the predicate being computed."""
    for group in groups:
        recursive = len(group) > 1 or any(lit.pred in group for pred in group for plan in plans.get(pred, ())
                                          for lit in plan.rule.body if isinstance(lit, Atom))
        grew = True
        while grew:
            grew = False
            for pred in group:
                budget.what = pred
                rows = tables.own.setdefault(pred, set())
                before = len(rows)
                for plan in plans.get(pred, ()):
                    new = plan.run(tables, budget) - rows
                    rows |= new
                    budget.keep(len(new), len(plan.head))
                    if not recursive:
                        tables.first.update(((pred, row), plan.rule) for row in new)
                if len(rows) != before:
                    tables.grown(pred)
                    grew = recursive


class Partitions:
    """Every partition's tables, derived as far as questions need and kept until its input changes.

    ``static_rows`` (predicate -> rows outside the partitions: tables and static answers) is set
    by the owner before the first question, and again after ``reset``. When some clause is not
    local (it joins two partitions), the partitions are evaluated as one: every question reads
    the tables of all of them together, derived again whenever any input changes.
    """

    def __init__(self, rules, groups, scope, local=True):
        self.scope = scope                  # the input and partitioned predicates
        self.input = defaultdict(set)       # partition -> its (predicate, row) input and asserted facts
        self.local = local
        self._rules, self._groups = rules, groups
        self._plans = {}                    # predicate -> its clauses compiled, on first use
        self._none = {pred: () for pred in scope}
        self.reset()

    def reset(self):
        """Forget every partition's tables and the static rows (the knowledge outside changed)."""
        self._states, self._all, self.static_rows, self._static_indexes = {}, {}, None, {}

    def changed(self, pred, row):
        """A fact on an input or partitioned predicate came or went: its partition starts again."""
        key = row[0] if self.local else None
        facts = self.input[key]
        facts.symmetric_difference_update({(pred, row)})
        if not facts:
            del self.input[key]
        self._states.pop(key, None)
        self._all = {}

    def static(self):
        """Tables that hold no partition."""
        return Tables(self.static_rows, self._none, self._static_indexes)

    def tables(self, key, wanted, budget):
        """The tables of the partition ``key``, with the wanted partitioned predicates derived."""
        if not self.local:
            key = None
        if key not in self.input:
            return self.static()
        state = self._states.get(key)
        if state is None:
            own = {}                        # a predicate not derived yet has no rows here
            for pred, row in self.input[key]:
                own.setdefault(pred, set()).add(row)
            state = self._states[key] = _Partition(Tables(self.static_rows, own, self._static_indexes))
        if not wanted <= state.done:
            groups = [group for group in self._groups if wanted.intersection(group) - state.done]
            for pred in (p for group in groups for p in group if p not in self._plans):
                self._plans[pred] = [Plan(rule) for rule in self._rules[pred]]
            try:
                derive(groups, self._plans, state.tables, budget)
            except BaseException:
                del self._states[key]       # half derived: start again at the next question
                raise
            state.done.update(pred for group in groups for pred in group)
        return state.tables

    def every(self, wanted, budget):
        """The tables of every partition together (for a question that names none, or several),
        with the wanted partitioned predicates derived in each."""
        if not self.local:
            return self.tables(None, wanted, budget)
        got = self._all.get(wanted)
        if got is None:
            own = {pred: set() for pred in self.scope}
            for key in sorted(self.input, key=str):
                for pred, rows in self.tables(key, wanted, budget).own.items():
                    own[pred] |= rows
                budget.check()
            got = self._all[wanted] = Tables(self.static_rows, own, self._static_indexes)
        return got


@dataclass
class _Partition:
    """One partition's tables and the predicates derived in them."""
    tables: Tables
    done: set = field(default_factory=set)
