"""Timing 應期 in hours: KO 000:49 「응기(應期)를 시진까지 세밀하게 점칠 때는 이 법을 쓴다」 — an hour
candidate has its pillar by 五鼠遁 (inventory T21, E10, E14, J024), and every date's pillar read
back through queries.calendar."""
from datetime import datetime, timedelta

import pytest

from queries import KnowledgeBase, calendar
from queries.chart import cast
from queries.engine.oracle import Model, check
from queries.judgment import judge
from queries.timing import candidates, hour_pillar, pace


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def test_the_hours_of_a_bing_day_are_wuzi_jichou_gengyin_e10(kb):
    # KO 000:49 예를 들어 오늘이 병일이면 자시는 무자, 축시는 기축, 인시는 경인: 賁 in a 戌 month on 丙戌,
    # a document, read in hours, has candidates at 子 (沖空), 丑 (刑墓) and 寅 (原神值日)
    j = judge(cast("787889", month="戌", day="丙戌", kb=kb), "document", horizon="hour")
    found = {t["branch"]: t for t in candidates(j) if t["unit"] == "hour"}
    assert {b: found[b]["pillar"] for b in "子丑寅"} == {"子": "戊子", "丑": "己丑", "寅": "庚寅"}
    assert found["子"]["dates"] == found["子"]["pillars"] == []            # pillars given, no moment
    proof = kb.explain(f"timing_hour_pillar('{j.chart.id}', '{found['丑']['kind']}', '丑', '己')")
    assert proof.rule.id == "timing_hour_pillar.1"
    asserted = [key for key, fact in kb._fact_index.items()
                if fact.origin == "asserted" and key[1][:1] == (j.chart.id,)]
    assert check(proof, kb.program, Model(kb.program, asserted)) == []


def test_a_si_hour_on_a_jia_day_is_jisi_as_001_43_writes_it_e14(kb):
    # 001:43 甲午已巳時 (已 for 己): the 巳 hour of a 甲 day is 己巳
    j = judge(cast("777787", month="申", day="甲午", kb=kb), "office", horizon="hour")
    filled = next(t for t in candidates(j) if "填實" in {t["kind"], *(a["kind"] for a in t.get("also", ()))})
    assert (filled["unit"], filled["branch"], filled["pillar"]) == ("hour", "巳", "己巳")


def test_hour_dates_are_the_next_double_hours_with_their_own_pillars(kb):
    # 2024-10-08 is 乙巳 (子 hour 丙子); 午 hours: 11:00 壬午 that day, then 甲午, 丙午
    j = judge(cast("787889", at="2024-10-08T04:00", tz="Asia/Seoul", kb=kb), "wealth", horizon="hour")
    first = next(t for t in candidates(j) if t["kind"] == "靜待沖")
    assert (first["unit"], first["branch"], first["pillar"]) == ("hour", "午", "壬午")
    assert first["dates"] == ["2024-10-08T11:00+09:00", "2024-10-09T11:00+09:00", "2024-10-10T11:00+09:00"]
    assert first["pillars"] == ["壬午", "甲午", "丙午"]
    assert pace(j)["unit_rule"] == "timing_unit.2"


@pytest.mark.parametrize("zi_hour", ["same-day", "next-day"])
def test_a_zi_hour_begins_the_evening_before_the_day_it_opens(kb, zi_hour):
    # 23:00 on 乙巳 2024-10-08 opens the 子 hour of 丙午: 戊子 under both values of zi_hour, as
    # queries.calendar reads the late 子 hour; zi_hour only moves the cast's own day
    assert hour_pillar(kb, "乙巳", datetime(2024, 10, 8).date(), "2024-10-08T23:00+09:00") == "戊子"
    moment = calendar.parse_moment("2024-10-08T23:00", "Asia/Seoul")
    assert calendar.pillars(moment + timedelta(minutes=30), zi_hour).hour == "戊子"


def test_no_question_is_read_in_hours_unless_the_asker_asks(kb):
    # timing-hour: the seeds time every near matter in days (001:107 三日內, 004:99 旺日)
    for topic in ("lost", "audience", "travel", "childbirth", "trade"):
        j = judge(cast("787869", month="寅", day="甲寅", kb=kb), topic)
        assert pace(j)["unit"] != "hour" and all(t["unit"] != "hour" for t in candidates(j))


def test_the_kinds_the_text_fixes_in_days_stay_days_in_an_hour_reading(kb):
    # 出旬 is a day of the decade: 離為火 wealth 酉 void on 癸未
    j = judge(cast(hexagram="離為火", month="午", day="癸未", kb=kb), "wealth", horizon="hour")
    units = {t["kind"]: t["unit"] for t in candidates(j)}
    assert units["出旬"] == "day" and units["沖空"] == units["填實"] == "hour"
    assert all("pillar" not in t for t in candidates(j) if t["unit"] == "day")
