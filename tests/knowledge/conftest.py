"""Fixtures for the readings of the seeds: one knowledge base per module, questions put to
casts (cached per module), and whether a given clause's body holds for a cast."""
import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine.syntax import substitute
from queries.judgment import judge


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


@pytest.fixture(scope="module")
def asked(kb):
    """asked(lines, month, day, topic, about=None, asker=None): the chart, with the question put."""
    charts = {}

    def ask(lines, month, day, topic, about=None, asker=None):
        key = (lines, month, day, topic, about, asker)
        if key not in charts:
            chart = cast(lines, month=month, day=day, kb=kb)
            judge(chart, topic, about=about, asker=asker)
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
