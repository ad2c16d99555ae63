"""From pillars to dates: the dates whose day pillar, month and year are given, for a student
placing a classical case known only by its pillars (``liuyao dates --month 戌 --day 乙巳``).

The month is a span between two 節 instants and the year turns at 立春, as the chart reads them
(``queries.calendar``); a date on which a 節 falls holds the month only on one side of it, and
says so.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from . import calendar
from .messages import error, text

MOST_YEARS = 300          # the longest range of years one search covers
YEARS = (1900, 2100)      # the range searched when none is given


def parse_years(value) -> tuple:
    """FIRST-LAST as two years, at most ``MOST_YEARS`` apart, within the calendar's years.

    >>> parse_years("1900-2100")
    (1900, 2100)
    """
    found = re.fullmatch(r"\s*(\d{1,4})\s*-\s*(\d{1,4})\s*", str(value))
    if not found or int(found[1]) > int(found[2]):
        raise error("calendar.years_form", value=str(value)[:40])
    first, last = int(found[1]), int(found[2])
    if last - first + 1 > MOST_YEARS:
        raise error("calendar.years_too_many", first=first, last=last, most=MOST_YEARS, count=last - first + 1)
    low, high = calendar.YEARS
    if first < low or last > high:
        raise error("calendar.outside_years", text=f"{first}-{last}", first=low, last=high)
    return first, last


def dates(month: str, day: str, year: str | None = None, first: int = 1900, last: int = 2100,
          tz: str | None = None) -> list:
    """The dates of the solar years ``first`` to ``last`` whose day pillar is ``day`` in a month
    of the branch (or pillar) ``month`` and, when given, a year of the pillar ``year``: each a
    dict of the ``date``, its ``year`` and ``month`` pillars and, on the day a 節 begins or ends
    that month, the 節 and the time of day (``from`` or ``until``) in the zone ``tz`` (default:
    this machine's), as a moment is read.

    >>> [(d["date"], d["year"], d["month"]) for d in dates("戌", "乙巳", "甲辰", 2020, 2030)]
    [('2024-10-08', '甲辰', '甲戌')]
    >>> dates("甲戌", "乙巳", None, 2024, 2024, tz="Asia/Seoul")[0]["from"]
    ['寒露', '03:59:57']
    """
    month, day, year = (calendar.from_hangul(v) for v in (month, day, year))
    calendar.Pillars(year, month if len(str(month)) == 2 else None, day, None)
    if not (isinstance(month, str) and len(month) in (1, 2) and month[-1] in calendar.BRANCHES):
        raise error("calendar.not_sixty", pillar=("pillar.month", {}), value=str(month)[:20])
    zone = calendar.time_zone(tz) if tz is not None else None      # None: this machine's zone on each date
    target = _SIXTY.index(day)
    found = []
    for number in range(first, last + 1):
        jie = calendar.jie_instants(number)[1:14]                # the months that begin in this year, and the next 節
        for (name, start), (end_name, end) in zip(jie, jie[1:]):
            pair = calendar.year_month(start.replace(tzinfo=None))
            if pair[1][-len(month):] != month or year not in (None, pair[0]):
                continue
            begin, stop = start.astimezone(zone), end.astimezone(zone)
            on = begin.date() + timedelta(days=(target - _day_index(begin.date())) % 60)
            while on <= stop.date():
                entry = {"date": on.isoformat(), "year": pair[0], "month": pair[1], "day": day}
                if on == begin.date():
                    entry["from"] = [name, begin.strftime("%H:%M:%S")]
                if on == stop.date():
                    entry["until"] = [end_name, stop.strftime("%H:%M:%S")]
                if entry.get("until", [None, "?"])[1] != "00:00:00":
                    found.append(entry)
                on += timedelta(days=60)
    return sorted(found, key=lambda entry: entry["date"])


_SIXTY = [calendar._STEMS[i % 10] + calendar.BRANCHES[i % 12] for i in range(60)]


def _day_index(on: date) -> int:
    """The place of a date's day pillar in the sixty (甲子 0), as ``_day_hour`` counts it."""
    return (on.toordinal() + 1721425 - 11) % 60


def dates_text(found, lang, first, last) -> str:
    """The dates a line each: the date, its year, month and day pillars, and the part of the day
    the month holds on a 節 day; then how many."""
    if not found:
        return text("dates.none", lang, first=first, last=last)
    out = []
    for entry in found:
        pillars = " ".join(text("calendar.pillar", lang, pillar=(f"pillar.{name}", {}), value=entry[name])
                           for name in ("year", "month", "day"))
        part = [text(f"dates.{side}", lang, term=entry[side][0], time=entry[side][1])
                for side in ("from", "until") if side in entry]
        out.append("  ".join([entry["date"], pillars, *part]))
    return "\n".join(out + [text("dates.count", lang, count=len(found), first=first, last=last)])
