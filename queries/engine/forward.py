"""Tables per partition: the partitioned clauses evaluated once, bottom-up, for one partition
at a time.

An input predicate (a table declared without rows, asserted by the program) is partitioned by
its first argument: one cast, one case, one session. pyDatalog keeps no tables between queries,
so every question about a partition would derive it again from its input. The KnowledgeBase
instead derives a partition's answers here, with the same clauses, predicate by predicate in the
order of their dependencies and only as far as a question needs. Questions and proof steps about
one partition read these tables; a question across partitions goes to pyDatalog, which is given
the rows as facts. The oracle's naive evaluator and pyDatalog's own derivation check that the
ways agree (tests/engine/test_forward.py, tests/knowledge/test_agreement.py).

A partitioned clause must be *local*: its head's first argument is the partition, and every
literal on a partitioned predicate names the same partition first. Then one partition's answers
depend only on its own input, and asserting another never disturbs them.

>>> from queries.engine.reader import parse_text
>>> rules, _, _ = parse_text("moving(C, P) <= line(C, P, V) & (V in (6, 9))", "x.dl", "user")
>>> plan = Plan(rules[0])
>>> sorted(plan.run(Tables({}, {"line": {("c", 1, 7), ("c", 2, 9)}})))
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

    def run(self, tables):
        """The head rows the clause derives from the tables."""
        return {tuple(env[name] if name else value for name, value in self.head)
                for env in _run(self.steps, tables)}


def solutions(body, tables):
    """Every binding under which a conjunction holds in the tables (with repeats)."""
    return _run(_steps(body), tables)


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


def _run(steps, tables):
    envs = [{}]
    for step in steps:
        envs = step(envs, tables)
        if not envs:
            break
    return envs


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
        return lambda envs, tables: [env for env in envs if not matches(env, tables)]

    def step(envs, tables):
        out = []
        for env in envs:
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

        def bind(envs, tables):
            out = []
            for env in envs:
                try:
                    out.append({**env, name: evaluate(right, env)})
                except NO_VALUE:
                    pass
            return out
        return bind
    if isinstance(left, Var) and left.name not in bound and lit.op == "in":
        name, choices = left.name, [c.value for c in lit.right]
        return lambda envs, tables: [{**env, name: c} for env in envs for c in choices]

    return lambda envs, tables: [env for env in envs if holds(lit, env)]


def derive(groups, plans, tables):
    """Add to ``tables.own`` the rows of each predicate group, in order; a recursive group is
    evaluated until nothing new appears. ``tables.own`` holds the partition's input rows already.
    Outside recursion, ``tables.first`` learns the first clause (in file order) behind each row."""
    for group in groups:
        recursive = len(group) > 1 or any(lit.pred in group for pred in group for plan in plans.get(pred, ())
                                          for lit in plan.rule.body if isinstance(lit, Atom))
        grew = True
        while grew:
            grew = False
            for pred in group:
                rows = tables.own.setdefault(pred, set())
                before = len(rows)
                for plan in plans.get(pred, ()):
                    new = plan.run(tables) - rows
                    rows |= new
                    if not recursive:
                        tables.first.update(((pred, row), plan.rule) for row in new)
                if len(rows) != before:
                    tables.grown(pred)
                    grew = recursive


class Partitions:
    """Every partition's tables, derived as far as questions need and kept until its input changes.

    ``static_rows`` (predicate -> rows outside the partitions: tables and static answers) is set
    by the owner before the first question, and again after ``reset``.
    """

    def __init__(self, rules, groups, scope):
        self.scope = scope                  # the input and partitioned predicates
        self.input = defaultdict(set)       # partition -> its (predicate, row) input and asserted facts
        self._rules, self._groups = rules, groups
        self._plans = {}                    # predicate -> its clauses compiled, on first use
        self._none = {pred: () for pred in scope}
        self.reset()

    def reset(self):
        """Forget every partition's tables and the static rows (the knowledge outside changed)."""
        self._states, self.static_rows, self._static_indexes = {}, None, {}

    def changed(self, pred, row):
        """A fact on an input or partitioned predicate came or went: its partition starts again."""
        facts = self.input[row[0]]
        facts.symmetric_difference_update({(pred, row)})
        if not facts:
            del self.input[row[0]]

    def static(self):
        """Tables that hold no partition."""
        return Tables(self.static_rows, self._none, self._static_indexes)

    def tables(self, key, wanted):
        """The tables of the partition ``key``, with the wanted partitioned predicates derived."""
        if key not in self.input:
            return self.static()
        state = self._states.get(key)
        if state is None:
            own = {pred: set() for pred in self.scope}
            for pred, row in self.input[key]:
                own[pred].add(row)
            state = self._states[key] = _Partition(Tables(self.static_rows, own, self._static_indexes))
        if not wanted <= state.done:
            groups = [group for group in self._groups if wanted.intersection(group) - state.done]
            for pred in (p for group in groups for p in group if p not in self._plans):
                self._plans[pred] = [Plan(rule) for rule in self._rules[pred]]
            derive(groups, self._plans, state.tables)
            state.done.update(pred for group in groups for pred in group)
        return state.tables

    def to_give(self, wanted):
        """Every partition's derived rows of the wanted predicates that the engine has not been
        given yet; from now on they count as given."""
        rows = []
        for key in list(self.input):
            tables, state = self.tables(key, wanted), self._states[key]
            new = [(pred, row) for pred in wanted - state.given_preds for row in tables.own[pred]
                   if (pred, row) not in self.input[key]]
            state.given.extend(new)
            state.given_preds |= wanted
            rows.extend(new)
        return rows

    def drop(self, key=None):
        """Forget a partition's tables (every partition's, without a key); returns the rows the
        engine was given, to take back."""
        states = [self._states.pop(key, None)] if key is not None else list(self._states.values())
        if key is None:
            self._states = {}
        return [row for state in states if state is not None for row in state.given]


@dataclass
class _Partition:
    """One partition's tables: the predicates derived, and the rows the engine was given."""
    tables: Tables
    done: set = field(default_factory=set)
    given_preds: set = field(default_factory=set)
    given: list = field(default_factory=list)
