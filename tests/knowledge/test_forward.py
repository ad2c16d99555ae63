"""The tables per cast answer the shipped knowledge as pyDatalog alone does."""
import pytest

from queries import KnowledgeBase


@pytest.mark.parametrize("lines, month, day", [("787889", "戌", "乙巳"), ("699996", "卯", "丁卯")])
def test_shipped_questions_agree_with_and_without_tables(lines, month, day):
    from queries.chart import Chart, prepare
    from queries.judgment import judge
    answers = []
    for tables in (True, False):
        kb = KnowledgeBase(tables=tables)
        chart = Chart(kb, prepare(lines, month=month, day=day, kb=kb), "c1")
        judgment = judge(chart, "wealth")
        answers.append((chart.to_data(), judgment.to_data(), str(judgment.proof())))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("third, lines, month, day", [(0, "787889", "戌", "乙巳"), (1, "699996", "卯", "丁卯"),
                                                     (2, "876987", "午", "壬申")])
def test_the_shipped_clauses_compiled_give_what_their_steps_give(third, lines, month, day, monkeypatch):
    """Every derived row of a cast, the rule behind it, its chart and its judgments on a third of
    the topics (each topic on one of the three casts), with and without compiling."""
    from queries.chart import Chart, prepare
    from queries.engine import forward
    from queries.judgment import judge, topics
    answers = []
    for after in (0, 10 ** 9):                  # every clause compiled at its first run, and none ever
        monkeypatch.setattr(forward, "COMPILE_AFTER", after)
        kb = KnowledgeBase()
        chart = Chart(kb, prepare(lines, month=month, day=day, kb=kb), "c1")
        judged = [_judged(judge, chart, topic).to_data(True, "en") for topic in sorted(topics(kb))[third::3]]
        scope = sorted(kb._parts.scope)
        rows = {pred: kb.match(pred, "c1", *[None] * (kb.program.arity(pred) - 1)) for pred in scope}
        behind = {pred: [r and r.info.id for r in kb.rules_behind(pred, found)] for pred, found in rows.items()}
        answers.append((chart.to_data(), judged, rows, behind))
        compiled = [plan for plans in kb._parts._plans.values() for plan in plans if plan._compiled]
        assert bool(compiled) == (after == 0)
    assert answers[0] == answers[1]


def _judged(judge, chart, topic):
    """The judgment of a topic, about the asker's father where the topic needs someone named."""
    from queries.engine import UserError
    try:
        return judge(chart, topic)
    except UserError:
        return judge(chart, topic, about="father")
