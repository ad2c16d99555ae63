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
