"""queries.calendar against an independent 節 source (sxtwl), not lunar-python itself.

sxtwl.getJieQiByYear(y) lists the 節氣 from 立春 of y to 立春 of y+1 as julian days on Beijing time
(UTC+8): 立春 2024 comes out as JD 2460345.18534 = 2024-02-04 16:26:53 +08:00, and ephem puts the
Sun at apparent longitude 315° at 08:26:56 UTC, i.e. 16:26:56 +08:00. jqIndex 0 is 冬至; the 節 are
the odd indices (1 小寒, 3 立春, 5 驚蟄 ... 23 大雪), and 節 k opens the month of branch (k+1)/2.
lunar-python's 節 times differ from sxtwl by up to ~25 s in 2000-2030, so checks use ±60 s.
"""
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

sxtwl = pytest.importorskip("sxtwl")

from queries.calendar import ZI_HOUR, Pillars, parse_moment, pillars  # noqa: E402
from queries.errors import UserError  # noqa: E402

STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
SIXTY = [STEMS[i % 10] + BRANCHES[i % 12] for i in range(60)]
UTC8 = timezone(timedelta(hours=8))
SEOUL = ZoneInfo("Asia/Seoul")
SHANGHAI = ZoneInfo("Asia/Shanghai")
MINUTE = timedelta(minutes=1)
LICHUN, JINGZHE = 3, 5


def sxtwl_jie(year: int) -> list[tuple[int, datetime]]:
    """(jqIndex, instant) for each 節 from 立春 of ``year`` up to, not including, 立春 of year+1."""
    out = []
    for jq in sxtwl.getJieQiByYear(year)[:-1]:
        if jq.jqIndex % 2 == 1:
            instant = datetime(2000, 1, 1, 12, tzinfo=UTC8) + timedelta(days=jq.jd - sxtwl.J2000)
            out.append((jq.jqIndex, instant.replace(microsecond=0)))
    return out


def jie_instant(year: int, index: int) -> datetime:
    return next(t for k, t in sxtwl_jie(year) if k == index)


def test_sxtwl_time_scale_is_utc8():
    t = jie_instant(2024, LICHUN)
    assert t == datetime(2024, 2, 4, 16, 26, 53, tzinfo=UTC8)
    d = sxtwl.JD2DD(sxtwl.getJieQiByYear(2024)[0].jd)  # sxtwl's own calendar conversion agrees
    assert (d.Y, d.M, d.D, int(d.h), int(d.m), int(d.s)) == (2024, 2, 4, 16, 26, 53)


def test_lichun_2024_changes_year_and_month_at_the_instant():
    t = jie_instant(2024, LICHUN)
    before, after = pillars(t - MINUTE), pillars(t + MINUTE)
    assert (before.year, before.month) == ("癸卯", "乙丑")
    assert (after.year, after.month) == ("甲辰", "丙寅")
    # The same instants written on Seoul's clock (17:25:53 / 17:27:53 +09:00) and on Los Angeles'
    # clock (00:25:53 / 00:27:53 -08:00, already Feb 4 there) give the same year and month.
    for zone in (SEOUL, ZoneInfo("America/Los_Angeles")):
        b, a = pillars((t - MINUTE).astimezone(zone)), pillars((t + MINUTE).astimezone(zone))
        assert (b.year, b.month, a.year, a.month) == ("癸卯", "乙丑", "甲辰", "丙寅")
    assert pillars(parse_moment("2024-02-04T17:25:53", "Asia/Seoul")).month == "乙丑"
    assert pillars(parse_moment("2024-02-04T17:27:53", "Asia/Seoul")).year == "甲辰"
    # Seoul's wall clock read as if it were Beijing's would already be past 立春: not so here.
    assert pillars(parse_moment("2024-02-04T16:50", "Asia/Seoul")).year == "癸卯"


def test_jingzhe_2024_a_few_minutes_either_side():
    t = jie_instant(2024, JINGZHE)
    assert t.strftime("%m-%d %H:%M") == "03-05 10:22"
    for minutes in (2, 5):
        assert pillars(t - timedelta(minutes=minutes)).month == "丙寅"
        assert pillars(t + timedelta(minutes=minutes)).month == "丁卯"


def test_every_jie_2020_to_2030_against_sxtwl():
    for year in range(2020, 2031):
        for index, t in sxtwl_jie(year):
            branch = BRANCHES[(index + 1) // 2 % 12]
            previous = BRANCHES[(index - 1) // 2 % 12]
            before, after = pillars(t - MINUTE), pillars(t + MINUTE)
            assert (before.month_branch, after.month_branch) == (previous, branch), (year, index, t)
            # month stem by 五虎遁 from the year stem
            for p in (before, after):
                offset = (BRANCHES.index(p.month_branch) - 2) % 12
                assert p.month[0] == STEMS[(STEMS.index(p.year[0]) % 5 * 2 + 2 + offset) % 10]
            if index == LICHUN:
                assert before.year == SIXTY[(year - 1 - 1984) % 60]
                assert after.year == SIXTY[(year - 1984) % 60]
            else:
                assert before.year == after.year


def test_seconds_are_kept():
    # No truncation to minutes: near 驚蟄 the month flips exactly once, between two consecutive
    # seconds, within 30 s of sxtwl's instant, and not on a whole minute.
    t = jie_instant(2024, JINGZHE)
    months = [pillars(t + timedelta(seconds=s)).month for s in range(-90, 91)]
    flips = [i for i in range(1, len(months)) if months[i] != months[i - 1]]
    assert len(flips) == 1 and months[0] == "丙寅" and months[-1] == "丁卯"
    flip = t + timedelta(seconds=flips[0] - 90)
    assert abs(flip - t) <= timedelta(seconds=30) and flip.second != 0
    assert pillars(flip - timedelta(microseconds=1)).month == "丙寅"
    assert pillars(flip).month == "丁卯"
    assert parse_moment("2024-03-05T10:22:31", "Asia/Shanghai").second == 31


# Day pillars from the anchor 2000-01-01 = 戊午 counted in the sixty cycle.
@pytest.mark.parametrize("date, day, next_day, hour", [
    ("2024-02-29", "癸亥", "甲子", "甲子"),   # next day 甲 -> 甲子 hour (not 壬子 from 癸)
    ("2024-12-31", "己巳", "庚午", "丙子"),   # next day 庚 -> 丙子 hour (not 甲子 from 己)
])
def test_late_zi_hour_on_month_ends(date, day, next_day, hour):
    moment = parse_moment(f"{date}T23:30", "Asia/Shanghai")
    same, nxt = pillars(moment, "same-day"), pillars(moment, "next-day")
    assert same.day == day and nxt.day == next_day
    assert SIXTY.index(next_day) == (SIXTY.index(day) + 1) % 60
    # 五鼠遁: 甲己 -> 甲子, 乙庚 -> 丙子, 丙辛 -> 戊子, 丁壬 -> 庚子, 戊癸 -> 壬子; from the NEXT day
    assert hour == "甲丙戊庚壬"[STEMS.index(next_day[0]) % 5] + "子"
    assert same.hour == nxt.hour == hour
    # the next morning's early 子 hour has the same hour pillar and the next day's day pillar
    early = pillars(moment + timedelta(hours=1))
    assert early.day == next_day and early.hour == hour
    # 22:59:59 is still the 亥 hour of the calendar day under both conventions
    for convention in ZI_HOUR:
        p = pillars(moment - timedelta(minutes=30, seconds=1), convention)
        assert p.day == day and p.hour[1] == "亥"
    # year and month follow the instant, not the convention
    assert (same.year, same.month) == (nxt.year, nxt.month)


def test_issue_example_seoul():
    # 寒露 2024 is 02:59:43 (sxtwl) / 02:59:57 (lunar-python) Beijing time, 03:00 Beijing = 04:00 Seoul.
    t = jie_instant(2024, 19)
    assert t.astimezone(SEOUL) < datetime(2024, 10, 8, 4, tzinfo=SEOUL)
    p = pillars(parse_moment("2024-10-08T04:00", "Asia/Seoul"))
    assert p == Pillars(year="甲辰", month="甲戌", day="乙巳", hour="戊寅")
    assert p.month_branch == "戌"
    # well before 寒露 (same Seoul date) it is still the 酉 month
    assert pillars(parse_moment("2024-10-08T03:58", "Asia/Seoul")).month == "癸酉"


def test_day_and_hour_follow_local_wall_clock():
    # 2024-10-08 00:30 in Seoul is still 2024-10-07 23:30 in Beijing.
    seoul = pillars(parse_moment("2024-10-08T00:30", "Asia/Seoul"))
    assert seoul.day == "乙巳" and seoul.hour == "丙子"
    beijing = pillars(parse_moment("2024-10-08T00:30", "Asia/Seoul").astimezone(SHANGHAI))
    assert beijing.day == "甲辰" and beijing.hour == "丙子"


def test_day_pillar_continuity_400_days():
    start = datetime(2023, 6, 1, 12, tzinfo=SHANGHAI)
    days = [pillars(start + timedelta(days=i)).day for i in range(400)]
    for a, b in zip(days, days[1:]):
        assert SIXTY.index(b) == (SIXTY.index(a) + 1) % 60
    anchor = SIXTY.index("戊午")                 # 2000-01-01
    assert days[0] == SIXTY[(anchor + (start.date() - datetime(2000, 1, 1).date()).days) % 60] == "庚寅"


@pytest.mark.parametrize("call, value", [
    (lambda: parse_moment("2024-13-01T00:00", "UTC"), "2024-13-01T00:00"),
    (lambda: parse_moment("yesterday", "UTC"), "yesterday"),
    (lambda: parse_moment("2024-10-08", "UTC"), "2024-10-08"),
    (lambda: parse_moment("2024-10-08T04:00", "Mars/Base"), "Mars/Base"),
    (lambda: parse_moment("2024-03-10T02:30", "America/New_York"), "2024-03-10T02:30"),
    (lambda: pillars(parse_moment("2024-10-08T04:00", "UTC"), zi_hour="noon"), "noon"),
    (lambda: parse_moment("0001-01-01T00:00", "Asia/Tokyo"), "0001-01-01T00:00"),
    (lambda: pillars(datetime(1500, 1, 1, tzinfo=timezone.utc)), "1500-01-01"),
    (lambda: Pillars("甲辰", "甲丑", "乙巳", None), "甲丑"),
])
def test_bad_input(call, value):
    with pytest.raises(UserError) as err:
        call()
    message = str(err.value)
    assert value in message and "\n" not in message


def test_bad_input_says_what_is_allowed():
    with pytest.raises(UserError, match="same-day, next-day"):
        pillars(parse_moment("2024-10-08T04:00", "UTC"), zi_hour="noon")
    with pytest.raises(UserError, match="IANA"):
        parse_moment("2024-10-08T04:00", "Mars/Base")
    with pytest.raises(UserError, match="2024-10-08T04:00"):
        parse_moment("2024-13-01T00:00")


def test_offsets_and_zones():
    # an offset fixes the instant; a tz then only chooses the wall clock
    m = parse_moment("2024-10-07T19:00:00+00:00", "Asia/Seoul")
    assert m.isoformat() == "2024-10-08T04:00:00+09:00" and m.tzinfo == SEOUL
    assert pillars(m) == pillars(parse_moment("2024-10-08T04:00:00+09:00"))
    with pytest.raises(ValueError):
        pillars(datetime(2024, 10, 8, 4))
