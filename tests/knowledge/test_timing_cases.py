"""Golden timing 應期 from the worked cases of 卜筮正宗 (../shared/cases/bszz.json) whose book names
the rule that dated the outcome (`book_rule`): the chart as the book casts it, the question as it
is asked, and the day, month or year the book records, with the kind of candidate that encodes the
rule it names. Each candidate's proof passes the independent checker. The cases are a development
set: no clause cites them; these tests hold the rules to what the book did with them."""
import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine.oracle import Model, check
from queries.judgment import judge
from queries.timing import candidates

# id, lines, month, day, topic, about, since, horizon, (unit, branch), kind, the book's words
CASES = [
    ("BSZZ-001", "767877", "卯", "乙未", "wealth", None, None, None, ("month", "未"), "沖用",
     "後至未月世值月破"),
    ("BSZZ-005", "879888", "寅", "乙丑", "illness", "father", None, None, ("day", "卯"), "原神受沖",
     "應卯日時者，生助午火克衝原神也"),
    ("BSZZ-007", "976787", "未", "戊申", "return", "son", None, "day", ("day", "子"), "局破待合",
     "丑土系月破 … 此其破而逢合也"),
    ("BSZZ-012", "787778", "亥", "甲子", "return", "servant", None, "day", ("day", "巳"), "沖飛",
     "衝其飛而露其伏也"),
    ("BSZZ-013", "876888", "酉", "庚辰", "illness", "mother", "recent", None, ("day", "酉"), "實空受克",
     "午火自化旬空，旬內不能克之 … 乙酉日防之"),
    ("BSZZ-014", "877778", "酉", "壬辰", "illness", "son", None, None, ("day", "午"), "實空受克",
     "目下用神旬空，不受其克，甲午日難逃矣"),
    ("BSZZ-016", "788686", "丑", "甲午", "illness", "father", "recent", None, ("day", "亥"), "沖空",
     "此應出旬又被衝克也"),
    ("BSZZ-017", "887878", "未", "戊戌", "return", "other-party", None, "day", ("day", "辰"), "沖起待實",
     "應爻旬空得日辰衝起，必待甲辰日到"),
    ("BSZZ-024", "879677", "寅", "戊戌", "wealth", None, None, None, ("day", "巳"), "原神出空",
     "必待乙巳日原神出空值日"),
    ("BSZZ-025", "888777", "辰", "丁酉", "marriage", "self", None, None, ("month", "未"), "入墓",
     "未月世財亦入墓"),
    ("BSZZ-026", "778878", "午", "辛亥", "illness", "teacher", "recent", None, ("day", "寅"), "靜待沖",
     "甲寅日衝發應上用爻則有救矣"),
    ("BSZZ-028", "669877", "子", "辛未", "illness", "son", None, None, ("day", "未"), "日開墓",
     "化出丑土金庫，丑未日衝開 … 今日午後愈"),
    ("BSZZ-044", "787787", "午", "庚辰", "return", "servant", None, "day", ("day", "卯"), "沖空",
     "此應靜而逢衝也，合而逢衝也，空待出空也"),
    ("BSZZ-045", "888888", "辰", "己卯", "wealth", None, None, "day", ("day", "卯"), "原神沖起",
     "酉金原神旬空，日辰衝之，靜而逢衝日起"),
]


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def every(found):
    for t in found:
        yield t
        for also in t.get("also", ()):
            yield {**also, "unit": t["unit"], "branch": t["branch"]}


@pytest.mark.parametrize("case, lines, month, day, topic, about, since, horizon, when, kind, words", CASES,
                         ids=[c[0] for c in CASES])
def test_the_book_dates_the_outcome_by_the_rule_it_names(kb, case, lines, month, day, topic, about, since,
                                                         horizon, when, kind, words):
    chart = cast(lines, month=month, day=day, kb=kb)
    j = judge(chart, topic, about=about, asker="man" if topic == "marriage" else None, horizon=horizon)
    if since:
        kb.assert_fact("cast_since", chart.id, since)
    try:
        found = [t for t in every(candidates(j)) if (t["unit"], t["branch"]) == when and t["kind"] == kind]
        assert found, (case, words)
        proof = kb.explain(found[0]["why"])
        asserted = [key for key, fact in kb._fact_index.items()
                    if fact.origin == "asserted" and key[1][:1] == (chart.id,)]
        assert check(proof, kb.program, Model(kb.program, asserted)) == []
    finally:
        if since:
            kb.retract_fact("cast_since", chart.id, since)
