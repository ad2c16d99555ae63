"""Fixtures of the knowledge tests: one knowledge base per module (a module may define its own),
questions put to casts (cached per module), whether a clause's body holds for a cast, and one
oracle per module: the independent checker's model of the knowledge, the part outside the casts
derived once."""
from types import SimpleNamespace

import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine import Atom, Var, substitute
from queries.engine.oracle import Model, check
from queries.judgment import judge


class Oracle:
    """The oracle's model of a knowledge base and the casts asserted in it, for checking proofs.

    Everything that reads no cast fact is derived once. A proof is checked against the clauses
    that do, derived again over that part and the facts of the casts the proof names, only when
    those facts changed since the last check. That is the whole model as far as the proof goes
    because every clause that reads a cast reads that one cast only (checked here)."""

    def __init__(self, kb):
        self.kb = kb
        program = kb.program
        inputs = {p for p, tables in program.tables.items() if not any(t.rows for t in tables)}
        cast_level, grown = set(inputs), True
        while grown:
            grown = False
            for rule in program.rules:
                if rule.head.pred not in cast_level and any(
                        isinstance(lit, Atom) and lit.pred in cast_level for lit in rule.body):
                    cast_level.add(rule.head.pred)
                    grown = True
        self._cast_rules = [r for r in program.rules if r.head.pred in cast_level]
        for rule in self._cast_rules:
            cast = rule.head.args[0]
            assert isinstance(cast, Var) and all(
                lit.args[0] == cast for lit in rule.body if isinstance(lit, Atom) and lit.pred in cast_level), \
                f"{rule.where} reads more than one cast"
        static = Model(SimpleNamespace(facts=program.facts,
                                       rules=[r for r in program.rules if r.head.pred not in cast_level]))
        self._static = [(pred, row) for pred, rows in static.facts.items() for row in rows]
        self._facts, self._model = None, None

    def model(self, casts=None) -> Model:
        """The model with the facts asserted for ``casts`` (every cast when None)."""
        facts = frozenset(key for key, fact in self.kb._fact_index.items() if fact.origin == "asserted"
                          and (casts is None or key[1][0] in casts))
        if facts != self._facts:
            self._model = Model(SimpleNamespace(facts=(), rules=self._cast_rules), self._static + list(facts))
            self._facts = facts
        return self._model

    def check(self, proof) -> list:
        """The checker's problems with a proof (empty when it holds)."""
        casts = {key[1][0] for key, fact in self.kb._fact_index.items() if fact.origin == "asserted"}
        named = {value for node in proof.nodes() for value in node.args if value in casts}
        return check(proof, self.kb.program, self.model(named))


@pytest.fixture(scope="module")
def oracle(kb):
    return Oracle(kb)


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


@pytest.fixture(scope="module")
def asked(kb):
    """asked(lines, month, day, topic, about=None, asker=None, conventions=None, year=None,
    facts=None): the chart, with the question put (``facts``: since, in_office, side)."""
    charts = {}

    def ask(lines, month, day, topic, about=None, asker=None, conventions=None, year=None, facts=None):
        key = (lines, month, day, topic, about, asker, tuple(sorted((conventions or {}).items())), year,
               tuple(sorted((facts or {}).items())))
        if key not in charts:
            chart = cast(lines, month=month, day=day, kb=kb, conventions=conventions or None,
                         **({"year": year} if year else {}))
            judge(chart, topic, about=about, asker=asker, **(facts or {}))
            charts[key] = chart
        return charts[key]
    return ask


@pytest.fixture(scope="module")
def fires(kb):
    """fires(chart, rule_id): whether the body of that clause holds for the chart."""
    rules = {rule.info.id: rule for rule in kb.program.rules}

    def check(chart, rule_id):
        rule = rules[rule_id]
        return bool(kb.ask(tuple(substitute(literal, {"C": chart.id}) for literal in rule.body)))
    return check


@pytest.fixture(scope="module")
def readings(kb):
    """readings(chart): the set of (topic, conclusion) the chart's readings give."""
    def read(chart):
        return set(kb.ask(f"reading('{chart.id}', T, K)"))
    return read
