"""The clock a cast's day and hour are read on: the convention ``clock``.

* ``standard``: the wall clock of the moment's time zone (the default; what the cast's moment says).
* ``mean-solar``: local mean solar time at a longitude, the zone's clock moved by four minutes a
  degree from the zone's own meridian: UTC plus longitude / 15 hours. Seoul (126.98°E) reads
  about 32 minutes behind KST: 23:20 KST is 22:48.
* ``true-solar``: the mean solar time corrected by the equation of time (the sundial's time,
  真太陽時), which runs up to about 16 minutes ahead of or 14 behind the mean sun over a year.

Only the day and hour pillars (and so the day of the late 子 hour) are read on this clock: the
year at 立春 and the month at each 節 are instants, the same on every clock.

The equation of time is Meeus's (Astronomical Algorithms, ch. 28) from the sun's mean longitude
and anomaly, the eccentricity and the obliquity: within a few seconds of the full theory for the
supported years, far less than the minutes a boundary note leaves (``queries.calendar``).

>>> from datetime import datetime, timezone
>>> moment = datetime(2024, 10, 8, 14, 20, tzinfo=timezone.utc)          # 23:20 KST
>>> reading(moment, "mean-solar", 126.98).isoformat()
'2024-10-08T22:47:55'
>>> reading(moment, "true-solar", 126.98).isoformat()
'2024-10-08T23:00:33'
"""
from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

from .messages import error

CLOCKS = ("standard", "mean-solar", "true-solar")
SOLAR = CLOCKS[1:]
_J2000 = datetime(2000, 1, 1, 12, tzinfo=timezone.utc)


def equation_of_time(instant: datetime) -> timedelta:
    """True solar time less mean solar time at an instant (positive: the sun is ahead).

    >>> from datetime import datetime, timezone
    >>> round(equation_of_time(datetime(2024, 11, 3, tzinfo=timezone.utc)).total_seconds() / 60, 1)
    16.5
    >>> round(equation_of_time(datetime(2024, 2, 11, tzinfo=timezone.utc)).total_seconds() / 60, 1)
    -14.2
    """
    t = (instant - _J2000).total_seconds() / 86400 / 36525          # Julian centuries from J2000.0
    mean_longitude = math.radians((280.46646 + 36000.76983 * t + 0.0003032 * t * t) % 360)
    anomaly = math.radians(357.52911 + 35999.05029 * t - 0.0001537 * t * t)
    eccentricity = 0.016708634 - 0.000042037 * t - 0.0000001267 * t * t
    node = math.radians(125.04 - 1934.136 * t)
    obliquity = math.radians(23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
                             + 0.00256 * math.cos(node))
    y = math.tan(obliquity / 2) ** 2
    e = (y * math.sin(2 * mean_longitude) - 2 * eccentricity * math.sin(anomaly)
         + 4 * eccentricity * y * math.sin(anomaly) * math.cos(2 * mean_longitude)
         - 0.5 * y * y * math.sin(4 * mean_longitude) - 1.25 * eccentricity ** 2 * math.sin(2 * anomaly))
    return timedelta(minutes=math.degrees(e) * 4)


def reading(moment: datetime, clock: str = "standard", longitude: float | None = None) -> datetime:
    """The wall-clock time (naive, to the second) an aware moment reads on a clock."""
    if clock not in CLOCKS:
        raise error("clock.unknown", value=clock, choices=", ".join(CLOCKS))
    if clock == "standard":
        return moment.replace(tzinfo=None, microsecond=0)
    if longitude is None:
        raise error("clock.needs_longitude", clock=clock)
    utc = moment.astimezone(timezone.utc)
    solar = utc + timedelta(seconds=longitude * 240)
    if clock == "true-solar":
        solar += equation_of_time(utc)
    return solar.replace(tzinfo=None, microsecond=0) + timedelta(seconds=round(solar.microsecond / 1e6))


def parse_longitude(value) -> float:
    """A longitude in degrees east (west negative), from a number or its text: 126.98, -74.0.

    >>> parse_longitude("126.98"), parse_longitude(-74)
    (126.98, -74.0)
    """
    try:
        degrees = float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        degrees = None
    if degrees is None or not -180 <= degrees <= 180:
        raise error("clock.longitude", value=_short(value))
    return degrees


def _short(value, width=40):
    text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"
