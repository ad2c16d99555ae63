"""``Chart.forget()`` retracted the cast's input but not the facts ``judge`` put to it
(cast_topic, cast_about, cast_asker): 4,096 forgotten readings still held 4,104 cast inputs."""
from queries import KnowledgeBase
from queries.chart import cast
from queries.judgment import judge


def _asserted(kb):
    return sorted(key for key, fact in kb._fact_index.items() if fact.origin == "asserted")


def test_forget_takes_back_everything_a_reading_added():
    kb = KnowledgeBase()
    before = _asserted(kb)
    for values in ("787889", "699996", "777777"):
        chart = cast(values, month="戌", day="乙巳", kb=kb)
        judge(chart, "illness", about="father")
        judge(chart, "marriage", asker="woman")
        chart.forget()
    assert _asserted(kb) == before == []
    assert not kb._parts.input and not kb._parts._states
    assert kb.ask("cast_topic(C, T)") == [] and kb.ask("use_god(C, P, K)") == []


def test_forgetting_one_keeps_the_others():
    kb = KnowledgeBase()
    kept, gone = (cast("787889", month="戌", day="乙巳", kb=kb) for _ in range(2))
    judge(kept, "wealth")
    judge(gone, "wealth")
    gone.forget()
    assert kb.ask("cast_topic(C, T)") == [(kept.id, "wealth")]
