"""queries.calendar computes the 節 of a year once; its pillars are lunar-python's, moment by moment.

The reference is lunar-python asked the slow way (a Lunar for every moment, its exact ganzhi),
on random moments of the supported years, on every 節 of some years a second either side, and
in the late 子 hour under both conventions.
"""
import random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from lunar_python import LunarYear, Solar

from queries.calendar import ZI_HOUR, _kept_jie, lunar_jie, pillars

CHINA = timezone(timedelta(hours=8))
ZONES = [ZoneInfo("Asia/Seoul"), ZoneInfo("Asia/Shanghai"), ZoneInfo("America/New_York"), timezone.utc]


def lunar_pillars(moment, zi_hour):
    """The pillars as lunar-python gives them for one moment (the calendar's former computation)."""
    def lunar(wall):
        return Solar.fromYmdHms(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second).getLunar()
    local, china = lunar(moment), lunar(moment.astimezone(CHINA))
    day = local.getDayInGanZhiExact2() if zi_hour == "same-day" else local.getDayInGanZhiExact()
    return (china.getYearInGanZhiExact(), china.getMonthInGanZhiExact(), day, local.getTimeInGanZhi())


def ours(moment, zi_hour):
    p = pillars(moment, zi_hour)
    return (p.year, p.month, p.day, p.hour)


def random_moments(count, seed):
    rng = random.Random(seed)
    start, span = datetime(1601, 1, 1, tzinfo=timezone.utc), (datetime(2998, 12, 31) - datetime(1601, 1, 1))
    for _ in range(count):
        instant = start + timedelta(seconds=rng.randrange(int(span.total_seconds())))
        yield instant.astimezone(rng.choice(ZONES))


@pytest.mark.parametrize("zi_hour", ZI_HOUR)
def test_random_moments_agree_with_lunar_python(zi_hour):
    moments = list(random_moments(400, seed=len(zi_hour)))
    assert [ours(m, zi_hour) for m in moments] == [lunar_pillars(m, zi_hour) for m in moments]


@pytest.mark.parametrize("year", [1650, 1900, 1984, 2024, 2025, 2100, 2900])
def test_every_jie_a_second_either_side(year):
    days = LunarYear.fromYear(year).getJieQiJulianDays()[::2]
    for day in days:
        jie = datetime.strptime(Solar.fromJulianDay(day).toYmdHms(), "%Y-%m-%d %H:%M:%S").replace(tzinfo=CHINA)
        for moment in (jie - timedelta(seconds=1), jie, jie + timedelta(seconds=1)):
            assert ours(moment, "same-day") == lunar_pillars(moment, "same-day"), moment


@pytest.mark.parametrize("zi_hour", ZI_HOUR)
def test_late_zi_hour_and_midnight(zi_hour):
    rng = random.Random(7)
    for _ in range(100):
        day = datetime(rng.randrange(1700, 2800), rng.randrange(1, 13), rng.randrange(1, 29))
        for hour, minute in ((22, 59), (23, 0), (23, 59), (0, 0), (0, 59), (1, 0)):
            moment = day.replace(hour=hour, minute=minute, tzinfo=ZoneInfo("Asia/Seoul"))
            assert ours(moment, zi_hour) == lunar_pillars(moment, zi_hour), moment


def test_the_issue_example():
    moment = datetime(2024, 10, 8, 4, 0, tzinfo=ZoneInfo("Asia/Seoul"))
    assert ours(moment, "same-day") == ("甲辰", "甲戌", "乙巳", "戊寅")
    assert ours(moment - timedelta(seconds=4), "same-day")[1] == "癸酉"      # 寒露 is at 03:59:57 in Seoul


def test_the_kept_jie_are_lunar_pythons():
    """almanac/jie.tsv holds, for each of its years, the 節 instants lunar-python computes."""
    kept = _kept_jie()
    assert sorted(kept) == list(range(1900, 2101))
    assert all(kept[year] == lunar_jie(year) for year in kept)


@pytest.mark.parametrize("year", [1650, 1984, 2024, 2100, 2500])
def test_the_months_timing_counts_open_at_lunar_pythons_jie(year):
    """The 節 that open the months of ``timing.next_months`` are lunar-python's getJieQiTable."""
    from queries.timing import _jie
    table = Solar.fromYmd(year, 6, 1).getLunar().getJieQiTable()
    names = ("小寒", "立春", "惊蛰", "清明", "立夏", "芒种", "小暑", "立秋", "白露", "寒露", "立冬", "大雪")
    assert [instant.strftime("%Y-%m-%d %H:%M:%S") for instant, _ in _jie(year)] == \
        [table[name].toYmdHms() for name in names]
    assert "".join(branch for _, branch in _jie(year)) == "丑寅卯辰巳午未申酉戌亥子"
