"""Seed 000:43–53: 五虎遁, 五鼠遁 and the 寅 hour (kb/judgments/000/calendar.dl), held to the
worked examples of the Korean (inventory-000-001 E09, E10) and to the pillars queries.calendar
computes from the instant."""
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from queries import KnowledgeBase
from queries.calendar import pillars
from queries.chart import cast

SEOUL = ZoneInfo("Asia/Seoul")


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def test_e09_an_yi_year_starts_with_wu_yin(kb):
    # KO 000:45 올해가 을년이면 정월은 무인, 이월은 기묘, 삼월은 경진
    months = dict(kb.ask("month_stem('乙', B, S)"))
    assert [months[b] + b for b in "寅卯辰巳午未申酉戌亥子丑"] == \
        "戊寅 己卯 庚辰 辛巳 壬午 癸未 甲申 乙酉 丙戌 丁亥 戊子 己丑".split()


def test_e10_a_bing_day_starts_with_wu_zi(kb):
    # KO 000:49 오늘이 병일이면 자시는 무자, 축시는 기축, 인시는 경인
    hours = dict(kb.ask("hour_stem('丙', H, S)"))
    assert [hours[h] + h for h in "子丑寅"] == ["戊子", "己丑", "庚寅"]


def test_the_verse_gives_each_pair_of_stems_one_first_month(kb):
    # 000:43 甲己之年丙作首 … 戊癸之年何方法，甲寅之上好追求
    first = dict(kb.ask("month_stem(Y, '寅', S)"))
    assert first == {"甲": "丙", "己": "丙", "乙": "戊", "庚": "戊", "丙": "庚", "辛": "庚",
                     "丁": "壬", "壬": "壬", "戊": "甲", "癸": "甲"}
    assert len(kb.ask("month_stem(Y, B, S)")) == 120


def test_month_stems_agree_with_the_calendar_for_sixty_years(kb):
    table = {(y, b): s for y, b, s in kb.ask("month_stem(Y, B, S)")}
    moment = datetime(1984, 1, 20, 12, tzinfo=SEOUL)
    seen = set()
    while moment.year < 2044:
        p = pillars(moment)
        assert table[(p.year[0], p.month[1])] == p.month[0], (moment, p)
        seen.add((p.year[0], p.month[1]))
        moment += timedelta(days=30)
    assert len(seen) == 120


def test_hour_stems_agree_with_the_calendar(kb):
    table = {(d, h): s for d, h, s in kb.ask("hour_stem(D, H, S)")}
    day = datetime(2024, 3, 1, tzinfo=SEOUL)
    seen = set()
    for n in range(10):
        for hour in range(0, 23):
            p = pillars((day + timedelta(days=n)).replace(hour=hour, minute=30))
            assert table[(p.day[0], p.hour[1])] == p.hour[0], p
            seen.add((p.day[0], p.hour[1]))
        late = pillars((day + timedelta(days=n)).replace(hour=23, minute=30), zi_hour="next-day")
        assert table[(late.day[0], late.hour[1])] == late.hour[0], late
    assert len(seen) == 120


def test_the_late_zi_hour_of_the_same_day_takes_the_next_days_stem(kb):
    # 23:00-24:00 under zi_hour same-day keeps the date's day pillar, but the calendar counts the
    # hour's stem from the next day: 五鼠遁 from the kept day gives the early 子 hour's stem.
    p = pillars(datetime(2024, 2, 29, 23, 30, tzinfo=SEOUL))
    assert (p.day, p.hour) == ("癸亥", "甲子")
    assert kb.ask(f"hour_stem('{p.day[0]}', '子', S)") == [("壬",)]


def test_a_cast_at_a_moment_proves_its_month_and_hour_stems(kb):
    chart = cast("787889", at="2024-10-08T04:00", tz="Asia/Seoul", kb=kb)
    assert (chart.cast.month, chart.cast.hour) == ("甲戌", "戊寅")
    assert kb.ask(f"month_pillar_stem('{chart.id}', S)") == [("甲",)]
    assert kb.ask(f"hour_pillar_stem('{chart.id}', S)") == [("戊",)]
    proof = kb.explain(f"month_pillar_stem('{chart.id}', '甲')")
    assert proof.rule.id == "month_pillar_stem.1"
    assert kb.ask(f"yin_hour_sky('{chart.id}', M)") == [("五更二點",)]


def test_without_a_year_or_hour_there_is_no_stem_to_count(kb):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    assert kb.ask(f"month_pillar_stem('{chart.id}', S)") == []
    assert kb.ask(f"hour_pillar_stem('{chart.id}', S)") == []


def test_the_sky_of_the_yin_hour_pairs_months_as_the_verse_does(kb):
    # 000:51 正九 … 二八 … 三七 … 四六 … 十月十二 … 仲冬
    sky = {b: m for b, m, _k, _e in kb.match("yin_hour", None, None, None, None)}
    month = {n: b for n, b, _z, _k in kb.match("month_number", None, None, None, None)}
    for a, b in ((1, 9), (2, 8), (3, 7), (4, 6), (10, 12)):
        assert sky[month[a]] == sky[month[b]]
    assert (sky[month[5]], sky[month[11]]) == ("日高三丈", "四更初")
    assert len(set(sky.values())) == 7
