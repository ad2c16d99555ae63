"""A cast as the page and the API give it: the CLI's option names (``values`` for its line
values), read into the arguments of ``Session.cast``; a lunar date read as the solar moment.

>>> arguments({"values": "787889", "month": "戌", "day": "乙巳"})
{'lines': '787889', 'month': '戌', 'day': '乙巳'}
>>> arguments({"values": "787889", "lunar": "2024-09-06T04:00", "tz": "Asia/Seoul"})["at"]
'2024-10-08T04:00:00'
>>> arguments({"values": "787889", "set": ["zi_hour=next-day", ""], "month": "戌", "day": "乙巳"})["conventions"]
{'zi_hour': 'next-day'}
>>> field_of("month 'X': give an earthly branch (子 … 亥) or a pillar such as 甲戌")
'month'
"""
from __future__ import annotations

import random
import re

from .. import options
from ..messages import error

# The fields of a cast, in the order of the form: the CLI's cast options, ``values`` for its
# positional line values (or a hexagram name), and a lunar date with its leap-month flag.
FIELDS = ("values", "to", "coins", "random", "yarrow", "by_time", "numbers", "seed", "at", "tz", "longitude", "lunar",
          "leap", "month", "day", "year", "hour", "zi_hour", "set")
FLAGS = ("random", "yarrow", "by_time", "leap")     # the fields that are a box to tick
_OPTION = {"values": "lines"}
_LUNAR = re.compile(r"^\s*(\d{1,4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2}))?\s*$")
# What a message of the service names when it does not begin with the field's own name.
_NAMED = (("hexagram", "values"), ("lines", "values"), ("moment", "at"), ("time zone", "tz"), ("day pillar", "day"),
          ("month pillar", "month"), ("year pillar", "year"), ("hour pillar", "hour"), ("--set", "set"),
          ("convention", "set"), ("--seed", "seed"), ("--random", "random"), ("--zi-hour", "zi_hour"),
          ("--yarrow", "yarrow"), ("--by-time", "by_time"), ("--numbers", "numbers"), ("numbers", "numbers"),
          ("--longitude", "longitude"), ("longitude", "longitude"), ("city", "longitude"), ("clock", "longitude"),
          ("--age", "age"), ("--born", "born"), ("year of birth", "born"), ("pasted rule", "rule"),
          ("the upload is over", "rule"))
OTHER = ("age", "file")     # fields of the page beside the cast's a message may begin with


def spelled(name: str) -> str:
    """How a message names a field: by the page's name of it."""
    return {"lines": "values"}.get(name, name)


def _given(value) -> bool:
    return value not in (None, "", False, [], ())


def solar_moment(text: str, leap: bool = False) -> str:
    """The solar moment (ISO, wall clock) of a lunar date and time ``YYYY-MM-DD[THH:MM]``.

    >>> solar_moment("2023-02-10T12:00", leap=True)
    '2023-03-31T12:00:00'
    """
    from lunar_python import Lunar
    found = _LUNAR.match(str(text))
    if not found:
        raise error("web.lunar_form", text=text)
    year, month, day, hour, minute = (int(x) if x else 0 for x in found.groups())
    try:
        solar = Lunar.fromYmdHms(year, -month if leap else month, day, hour, minute, 0).getSolar()
    except Exception:
        raise error("web.lunar_leap_no_day" if leap else "web.lunar_no_day", text=text) from None
    if not (1 <= month <= 12 and 0 <= hour < 24 and 0 <= minute < 60) or solar.getYear() < 1600:
        raise error("web.lunar_no_day", text=text)
    check = solar.getLunar()
    if (check.getMonth(), check.getDay()) != ((-month if leap else month), day):
        raise error("web.lunar_leap_no_day" if leap else "web.lunar_no_day", text=text)
    return f"{solar.getYear():04d}-{solar.getMonth():02d}-{solar.getDay():02d}T{hour:02d}:{minute:02d}:00"


def arguments(form: dict) -> dict:
    """The keyword arguments of ``Session.cast`` from the fields given (empty ones ignored)."""
    values = {}
    for name in FIELDS:
        value = form.get(name)
        if name == "set":
            value = [v for v in (value or ()) if _given(v)]
        if _given(value):
            values[_OPTION.get(name, name)] = value
    unknown = sorted(set(form) - set(FIELDS))
    if unknown:
        raise error("web.not_a_field", name=unknown[0], fields=", ".join(FIELDS))
    lunar, leap = values.pop("lunar", None), values.pop("leap", False)
    if lunar is not None:
        if "at" in values:
            raise error("web.lunar_and_at")
        values["at"] = solar_moment(lunar, leap=bool(leap))
    if not options.has_cast(values):
        raise error("web.no_cast")
    if "seed" in values:
        try:
            values["seed"] = int(values["seed"])
        except (TypeError, ValueError):
            raise error("web.seed", seed=values["seed"]) from None
    kwargs, note = options.cast_arguments(values, spell=spelled)
    if note:
        kwargs["seed"] = int(note.rsplit(" ", 1)[1])
    return kwargs


def settled(cast: dict) -> dict:
    """The cast's fields with what casting would choose written in, so that its link casts the
    same again: the seed of a random or yarrow cast, the moment (now) of a cast from the moment.

    >>> settled({"values": "787889", "month": "戌", "day": "乙巳"})
    {'values': '787889', 'month': '戌', 'day': '乙巳'}
    >>> sorted(settled({"yarrow": True, "month": "戌", "day": "乙巳"}))
    ['day', 'month', 'seed', 'yarrow']
    """
    from datetime import datetime

    from ..calendar import time_zone
    out = dict(cast)
    if (out.get("random") or out.get("yarrow")) and not out.get("seed"):
        out["seed"] = str(random.SystemRandom().randrange(10 ** 6))
    if out.get("by_time") and not any(out.get(k) for k in ("at", "lunar", "month", "day")):
        zone = time_zone(out["tz"]) if out.get("tz") else None
        out["at"] = datetime.now(zone).strftime("%Y-%m-%dT%H:%M:%S")
    return out


def field_of(message: str) -> str | None:
    """The field a one-line message names, or None."""
    first = re.split(r"[\s:'=]", message.strip(), maxsplit=1)[0]
    if first in FIELDS + OTHER:
        return first
    for words, field in _NAMED:
        if words in message:
            return field
    return None
