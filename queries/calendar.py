"""A moment in time -> its four pillars (year, month, day and hour 干支).

Time scales, which is where peer software goes wrong:

* The year and month pillars change at instants: the year at the exact 立春, the month at the exact
  節, to the second. lunar-python's 節 table is China Standard Time (UTC+8), so the moment is first
  converted to UTC+8 and then compared with its ``...Exact`` values (which compare at whole seconds).
  A cast at 04:00 in Seoul is 03:00 in Beijing and is judged against the 節 at that instant.
* The day and hour pillars follow the local wall clock of the moment's own time zone: a cast at
  04:00 in Seoul is the 寅 hour of that Seoul date.
* The late 子 hour (23:00-24:00 local) is 子 hour, and its stem follows the 五鼠遁 of the *next*
  day's stem. Which day pillar it belongs to is a convention, ``zi_hour``:

  - ``"same-day"`` (default): the calendar date's day pillar is kept;
  - ``"next-day"``: the next day's day pillar is used.

  The year and month pillars never move with this convention: they follow the instant.

Seconds are kept; microseconds are dropped (the 節 table is in whole seconds, so dropping them
cannot move a moment across a 節). Supported years: 1600-2999 (lunar-python reads earlier dates
as Julian-calendar dates, and 節 times far from today depend on an extrapolated ΔT).
Sources of 節 times differ by up to about 30 s (lunar-python, sxtwl, ephem), so a chart cast
within a minute of a 節 is a boundary case.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from queries.engine.record import record
from queries.messages import error

ZI_HOUR = ("same-day", "next-day")

_STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
_SIXTY = frozenset(_STEMS[i % 10] + BRANCHES[i % 12] for i in range(60))
_CHINA = timezone(timedelta(hours=8), "UTC+08:00")
YEARS = (1600, 2999)
JIE_TABLE = "almanac/jie.tsv"


def from_hangul(value):
    """A stem, branch or pillar given in Hangul read as its Chinese characters, as a Korean
    student writes them (술 戌, 을사 乙巳): one syllable a branch, two a stem and a branch, each by
    its reading in facts/hangul_reading.tsv; anything else as given.

    >>> from_hangul("술"), from_hangul("을사"), from_hangul("신유"), from_hangul("신"), from_hangul("戌"), from_hangul("술x")
    ('戌', '乙巳', '辛酉', '申', '戌', '술x')
    """
    if not isinstance(value, str) or not value or len(value) > 2:
        return value
    from .engine.hangul import readings
    said = readings()
    stems = {said[c]: c for c in _STEMS if c in said}
    branches = {said[c]: c for c in BRANCHES if c in said}
    if len(value) == 1:
        return branches.get(value, value)
    stem, branch = stems.get(value[0], value[0]), branches.get(value[1], value[1])
    return stem + branch if (value[0] in stems or value[1] in branches) else value


@record(frozen=True)
class Pillars:
    """The four pillars; year, month and hour may be unknown (None), e.g. when entered by hand.

    >>> Pillars('甲辰', '甲戌', '乙巳', '戊寅').month_branch
    '戌'
    """

    year: str | None
    month: str | None
    day: str
    hour: str | None

    def __post_init__(self):
        for name in ("year", "month", "day", "hour"):
            value = getattr(self, name)
            if value is None and name != "day":
                continue
            if not isinstance(value, str) or value not in _SIXTY:
                raise error("calendar.not_sixty", pillar=(f"pillar.{name}", {}), value=_short(value))

    @property
    def month_branch(self) -> str:
        """The month branch (月建)."""
        if self.month is None:
            raise error("calendar.no_month")
        return self.month[1]


def time_zone(tz: str):
    if not isinstance(tz, str):             # ZoneInfo(("乙", "巳")) answers a str, not a zone
        raise error("calendar.unknown_zone", tz=_short(tz))
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError, TypeError, OSError):
        raise error("calendar.unknown_zone", tz=_short(tz)) from None


def _short(text, width=60):
    text = str(text)
    return text if len(text) <= width else text[:width - 1] + "…"


def parse_moment(text: str, tz: str | None = None) -> datetime:
    """ISO date-and-time text -> an aware datetime.

    Without an offset in the text, the wall-clock time is read in the IANA zone ``tz`` (default:
    the machine's local zone); a time the clocks skip (daylight saving) is refused, and a repeated
    one means its first occurrence. With an offset, the text fixes the instant; it is shown in
    ``tz`` when ``tz`` is given, so the day and hour pillars follow that zone's clock (say so:
    ``converted`` gives the line).

    >>> parse_moment('2024-10-08T04:00', 'Asia/Seoul')
    datetime.datetime(2024, 10, 8, 4, 0, tzinfo=zoneinfo.ZoneInfo(key='Asia/Seoul'))
    >>> parse_moment('2024-10-08T04:00:30+09:00')
    datetime.datetime(2024, 10, 8, 4, 0, 30, tzinfo=datetime.timezone(datetime.timedelta(seconds=32400)))
    >>> parse_moment('2024-10-07T19:00:30Z', 'Asia/Seoul').isoformat()
    '2024-10-08T04:00:30+09:00'
    >>> parse_moment('yesterday')  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    queries.errors.UserError: cannot read the moment 'yesterday': ...
    """
    zone = time_zone(tz) if tz is not None else None
    try:
        date.fromisoformat(text)
    except (ValueError, TypeError):
        pass
    else:
        raise error("calendar.no_time", text=_short(text))
    try:
        moment = datetime.fromisoformat(text)
    except (ValueError, TypeError):
        raise error("calendar.unreadable", text=_short(text)) from None
    if not YEARS[0] <= moment.year <= YEARS[1]:
        raise error("calendar.outside_years", text=repr(_short(text)), first=YEARS[0], last=YEARS[1])
    if moment.tzinfo is not None:
        return moment.astimezone(zone) if zone is not None else moment
    if zone is not None:
        aware = moment.replace(tzinfo=zone)
        wall = aware.astimezone(timezone.utc).astimezone(zone).replace(tzinfo=None)
    else:
        aware = moment.astimezone()          # the machine's zone, with the offset of that date
        wall = aware.replace(tzinfo=None)
    if wall != moment:
        where = tz if tz is not None else ("calendar.local_zone", {})
        raise error("calendar.skipped", text=_short(text), where=where)
    return aware


def converted(text: str, moment: datetime) -> tuple | None:
    """The message (key, values) that says a moment given with an offset is read on another
    zone's clock (None when it is not: no offset, or the zone's offset is the same then).

    >>> from queries.messages import text as say
    >>> key, values = converted('2024-10-08T04:00+09:00', parse_moment('2024-10-08T04:00+09:00', 'UTC'))
    >>> say(key, **values)
    'the moment 2024-10-08T04:00+09:00 is read on the clock of UTC: 2024-10-07T19:00:00+00:00'
    """
    given = datetime.fromisoformat(text)
    if given.tzinfo is None or given.utcoffset() == moment.utcoffset():
        return None
    return "calendar.converted", {"text": _short(text), "zone": str(moment.tzinfo), "moment": moment.isoformat()}


def _check_year(wall: datetime) -> None:
    if not YEARS[0] <= wall.year <= YEARS[1]:
        raise error("calendar.outside_years", text=wall.isoformat(), first=YEARS[0], last=YEARS[1])


@lru_cache(maxsize=None)
def jie_of(year: int) -> tuple:
    """The 節 instants lunar-python gives for a solar year, as 'YYYY-MM-DD HH:MM:SS' in UTC+8:
    大雪 of the year before, 小寒, 立春 … 大雪, then 小寒, 立春, 驚蟄 of the year after (16).
    Kept for 1900–2100 in almanac/jie.tsv (``almanac/make_jie.py``, tested equal to lunar-python's),
    computed once a year outside them: lunar-python recomputes them for every moment it is asked about.

    >>> jie_of(2024)[2], jie_of(2024)[10], jie_of(1650)[2]           # 立春, 寒露; 立春 of 1650
    ('2024-02-04 16:27:07', '2024-10-08 02:59:57', '1650-02-03 21:45:31')
    """
    kept = _kept_jie().get(year)
    if kept is not None:
        return kept
    return lunar_jie(year)


def lunar_jie(year: int) -> tuple:
    """The year's 節 instants computed by lunar-python (what almanac/jie.tsv keeps)."""
    from lunar_python import LunarYear, Solar        # only a cast with a moment outside the table needs it
    days = LunarYear.fromYear(year).getJieQiJulianDays()
    return tuple(Solar.fromJulianDay(day).toYmdHms() for day in days[::2])


@lru_cache(maxsize=None)
def _kept_jie() -> dict:
    """Year -> its 16 節 instants, from almanac/jie.tsv (importing and running lunar-python for a
    year costs a chart's start 11–17 ms; reading the table, one)."""
    from .engine.tables import read_table
    from .knowledge import shipped_dir
    return {year: tuple(instants) for year, *instants in (row.values for row in read_table(shipped_dir() / JIE_TABLE).rows)}


def _sexagenary(stem: int, branch: int) -> str:
    return _STEMS[stem % 10] + BRANCHES[branch % 12]


def year_month(china: datetime) -> tuple:
    """The year and month pillars of a wall-clock moment in UTC+8, as lunar-python's
    getYearInGanZhiExact and getMonthInGanZhiExact give them, from the year's 節 table."""
    moment, jie = china.strftime("%Y-%m-%d %H:%M:%S"), jie_of(china.year)
    year = china.year - (moment < jie[2])             # the year turns at 立春
    passed = sum(1 for instant in jie if instant <= moment)
    index = passed - 3                                # -3 before 大雪 … 0 from 立春: as lunar-python counts
    stem_start = (((year - 4) % 10 + (index < 0)) % 5 + 1) * 2
    return _sexagenary(year - 4, year - 4), _sexagenary(index + stem_start, index + 2)


def _day_hour(wall: datetime, zi_hour: str) -> tuple:
    """The day and hour pillars of a wall-clock moment (the day by its date's julian day number)."""
    day = wall.date().toordinal() + 1721425 - 11      # the julian day number at noon, less 11
    late = wall.hour == 23
    hour_branch = (wall.hour + 1) // 2 % 12
    hour_stem = (day + late) % 10 % 5 * 2 + hour_branch
    day += late and zi_hour == "next-day"
    return _sexagenary(day, day), _sexagenary(hour_stem, hour_branch)


def pillars(moment: datetime, zi_hour: str = "same-day", wall: datetime | None = None) -> Pillars:
    """The year, month, day and hour pillars of an aware datetime.

    Year and month change at the exact 立春 and 節 instants (compared in UTC+8, to the second);
    day and hour follow the moment's local wall clock, or ``wall`` (naive: the time the moment
    reads on the clock of the convention ``clock``, ``queries.clock.reading``). From 23:00 to
    24:00 the hour is 子 with the next day's 五鼠遁 stem; ``zi_hour`` says whose day it is:
    ``"same-day"`` (default) keeps the calendar date's day pillar, ``"next-day"`` takes the next day's.

    >>> pillars(parse_moment('2024-10-08T04:00', 'Asia/Seoul'))
    Pillars(year='甲辰', month='甲戌', day='乙巳', hour='戊寅')
    >>> late = parse_moment('2024-02-29T23:30', 'Asia/Shanghai')
    >>> pillars(late)
    Pillars(year='甲辰', month='丙寅', day='癸亥', hour='甲子')
    >>> pillars(late, zi_hour='next-day')
    Pillars(year='甲辰', month='丙寅', day='甲子', hour='甲子')
    """
    if zi_hour not in ZI_HOUR:
        raise error("calendar.unknown_zi_hour", value=zi_hour, choices=", ".join(ZI_HOUR))
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"pillars() needs an aware datetime, got {moment.isoformat()} without a zone")
    local = (wall if wall is not None else moment).replace(microsecond=0)
    china = moment.astimezone(_CHINA).replace(microsecond=0)
    _check_year(local)
    _check_year(china)
    year, month = year_month(china)
    day, hour = _day_hour(local, zi_hour)
    return Pillars(year=year, month=month, day=day, hour=hour)


# The 節 of ``jie_of``, in its order: 大雪 of the year before … 驚蟄 of the year after.
JIE = ("大雪", "小寒", "立春", "驚蟄", "清明", "立夏", "芒種", "小暑", "立秋", "白露", "寒露", "立冬", "大雪", "小寒",
       "立春", "驚蟄")
NEAR = timedelta(minutes=3)      # a cast this close to a boundary says so (sources of 節 times differ by ~30 s)
_PILLARS = ("year", "month", "day", "hour")


def jie_instants(year: int) -> list:
    """(name, aware instant in UTC+8) of the 節 around a solar year, from ``jie_of``.

    >>> name, instant = jie_instants(2024)[10]
    >>> name, instant.isoformat()
    ('寒露', '2024-10-08T02:59:57+08:00')
    """
    return [(name, datetime.fromisoformat(text).replace(tzinfo=_CHINA))
            for name, text in zip(JIE, jie_of(year))]


def boundaries(moment: datetime, zi_hour: str = "same-day", wall: datetime | None = None) -> tuple:
    """The boundaries within ``NEAR`` of a cast, each a dict: ``boundary`` (``jie``: a 節, an
    instant; ``hour``: an hour or a day beginning on the clock ``wall`` is read on), its ``name``
    (the 節, or the clock time it begins at), ``at`` (ISO), ``seconds`` away, ``side`` (the cast
    is ``before`` or ``after`` it), and the pillars that differ ``here`` and on the ``other`` side.

    >>> seoul = parse_moment('2024-10-08T03:58', 'Asia/Seoul')          # 寒露 at 03:59:57 KST
    >>> [(b['name'], b['seconds'], b['side'], b['here'], b['other']) for b in boundaries(seoul)]
    [('寒露', 117, 'before', {'month': '癸酉'}, {'month': '甲戌'})]
    >>> late = parse_moment('2024-10-08T23:01', 'Asia/Seoul')
    >>> [(b['name'], b['side'], b['here'], b['other']) for b in boundaries(late)]
    [('23:00', 'after', {'hour': '戊子'}, {'hour': '丁亥'})]
    """
    wall = (wall if wall is not None else moment.replace(tzinfo=None)).replace(microsecond=0)
    here = pillars(moment, zi_hour, wall)
    found = []
    for name, instant in jie_instants(moment.astimezone(_CHINA).year):
        seconds = int((instant - moment).total_seconds())
        if abs(seconds) <= NEAR.total_seconds():
            step = timedelta(seconds=seconds + (1 if seconds >= 0 else -1))
            found.append(_boundary("jie", name, instant.astimezone(moment.tzinfo).isoformat(), seconds, here,
                                   pillars(moment + step, zi_hour, wall + step), ("year", "month"), after=seconds <= 0))
    for shift in (-NEAR, NEAR):
        top = wall.replace(minute=0, second=0) + (timedelta(hours=1) if shift > timedelta(0) else timedelta(0))
        other = pillars(moment + shift, zi_hour, wall + shift)
        if (other.day, other.hour) != (here.day, here.hour):
            found.append(_boundary("hour", top.strftime("%H:%M"), top.isoformat(), int((top - wall).total_seconds()),
                                   here, other, ("day", "hour"), after=shift < timedelta(0)))
    return tuple(b for b in found if b["other"])


def _boundary(kind, name, at, seconds, here, other, parts, after) -> dict:
    """One boundary near: the cast is ``after`` it (on it counts as after: a pillar turns at its
    boundary) or before it, ``seconds`` away."""
    differ = [p for p in parts if getattr(here, p) != getattr(other, p)]
    return {"boundary": kind, "name": name, "at": at, "seconds": abs(seconds), "side": "after" if after else "before",
            "here": {p: getattr(here, p) for p in differ}, "other": {p: getattr(other, p) for p in differ}}
