"""Cast input: six line values, coins, hexagram names or a seeded random cast, plus the date.

Everything here turns user input into the cast facts ``cast_line``, ``cast_month``,
``cast_day`` (``cast_year``, ``cast_hour`` when known) and ``convention``; the chart itself
is derived by the clauses in ``kb/chart.dl``. What a line value means and what a toss of coins
is worth are read from ``facts/line_value.tsv`` and ``facts/coin_value.tsv``.

>>> from queries import KnowledgeBase
>>> kb = KnowledgeBase()
>>> parse_lines(kb, "787889")
(7, 8, 7, 8, 8, 9)
>>> from_coins(kb, "2,1,2,1,1,3")
(8, 7, 8, 7, 7, 9)
>>> from_coins(kb, "TTT,HTT,HHT,HHH,THT,TTH")
(6, 7, 8, 9, 7, 7)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime

from . import calendar
from .messages import error


@dataclass(frozen=True)
class Cast:
    """What was cast and when: line values bottom first, the pillars, the conventions."""
    lines: tuple
    month_branch: str
    day: str
    year: str | None = None
    month: str | None = None
    hour: str | None = None
    moment: datetime | None = None
    conventions: dict = field(default_factory=dict)
    notes: tuple = ()           # messages (key, values) to tell the user about how the input was read


def line_values(kb) -> dict:
    """Line value -> (polarity, what it changes to), from facts/line_value.tsv.

    >>> from queries import KnowledgeBase
    >>> line_values(KnowledgeBase())[9]
    ('陽', '陰')
    """
    return {value: (yin_yang, changes_to)
            for value, yin_yang, changes_to, _ in kb.match("line_value", None, None, None, None)}


def coin_values(kb) -> dict:
    """Number of heads in a toss -> line value, from facts/coin_value.tsv (convention three-coins)."""
    return dict(kb.match("coin_value", None, None))


def lines_help(kb) -> tuple:
    """What lines to give, as a message (key, values)."""
    values = sorted(line_values(kb))
    return "cast.lines_help", {"least": values[0], "most": values[-1]}


def parse_lines(kb, value) -> tuple:
    """Six line values of facts/line_value.tsv, bottom line first, from '787889' or a list."""
    try:
        items = list(value.replace(",", "").replace(" ", "")) if isinstance(value, str) else list(value)
        values = tuple(int(v) for v in items if not isinstance(v, bool))
    except (TypeError, ValueError):
        raise error("cast.lines", value=_short(repr(value)), allowed=lines_help(kb)) from None
    known = line_values(kb)
    if len(values) != 6 or any(v not in known for v in values):
        raise error("cast.lines", value=_short(repr(value)), allowed=lines_help(kb))
    return values


def from_coins(kb, spec) -> tuple:
    """The coins of each line, bottom first: the number of heads ('3,2,1,0,2,1') or the faces
    ('HHT,…'); each toss is worth its line value in facts/coin_value.tsv."""
    worth = coin_values(kb)
    coins = max(worth)
    try:
        items = spec.split(",") if isinstance(spec, str) else list(spec)
    except TypeError:
        items = None
    heads = [] if items is not None else None
    for item in items or ():
        item = str(item).strip().upper()
        if item.isascii() and item.isdigit() and len(item) < 4 and int(item) in worth:
            heads.append(int(item))
        elif len(item) == coins and set(item) <= {"H", "T"}:
            heads.append(item.count("H"))
        else:
            heads = None
            break
    if heads is None or len(heads) != 6:
        raise error("cast.coins", value=_short(repr(spec)), least=min(worth), coins=coins)
    return tuple(worth[h] for h in heads)


def random_lines(kb, seed: int) -> tuple:
    """Six lines from tosses of fair coins, reproducible from the seed."""
    worth = coin_values(kb)
    rng = random.Random(seed)
    return tuple(worth[sum(rng.randint(0, 1) for _ in range(max(worth)))] for _ in range(6))


def hexagram_lines(kb, name) -> tuple:
    """The polarities (陽/陰 bottom first) and full name of a hexagram given by any of its names."""
    key = str(name).strip()
    for full, short, number, korean, english in kb.match("hexagram_name", None, None, None, None, None):
        if key in (full, short, korean, str(number)) or key.casefold() == english.casefold():
            (_, lower, upper), = kb.match("hexagram", full, None, None)
            lines = [kb.match("trigram", t, None, None, None)[0][1:] for t in (lower, upper)]
            return lines[0] + lines[1], full
    raise error("cast.unknown_hexagram", value=_short(repr(name)))


def from_names(kb, original, changed=None) -> tuple:
    """Line values from the original hexagram and, optionally, the changed one."""
    before, full = hexagram_lines(kb, original)
    after, changed_full = hexagram_lines(kb, changed) if changed is not None else (before, None)
    if changed is not None and before == after:
        raise error("cast.same_hexagram", changed=changed_full, original=full)
    values = {turn: value for value, turn in line_values(kb).items()}
    return tuple(values[turn] for turn in zip(before, after))


def check_convention(name, value, allowed) -> None:
    """A convention name and value must be in the convention tables (allowed: name -> values)."""
    if not isinstance(name, str) or not isinstance(value, str):
        raise error("cast.convention_text", name=_short(repr(name)), value=_short(repr(value)))
    if name not in allowed:
        from difflib import get_close_matches
        near = get_close_matches(name, sorted(allowed), n=1)
        raise error("cast.unknown_convention", name=_short(repr(name)),
                    hint=("did_you_mean", {"names": near[0]}) if near else
                    ("cast.known_conventions", {"names": ", ".join(sorted(allowed))}))
    if value not in allowed[name]:
        raise error("cast.no_convention_value", name=name, value=_short(repr(value)), choices=", ".join(allowed[name]))


def _short(text, width=60):
    return text if len(text) <= width else text[:width - 1] + "…"


def _branch(value, what):
    if isinstance(value, str) and len(value) == 1 and value in calendar.BRANCHES:
        return value
    if isinstance(value, str) and len(value) == 2:
        calendar.Pillars(None, value, value, None)
        return value[1]
    raise error("cast.branch", what=(f"pillar.{what}", {}), value=_short(repr(value)))


def make_cast(lines, *, at=None, tz=None, month=None, day=None, year=None, hour=None,
              conventions=None, defaults=None, allowed=None) -> Cast:
    """Validate a cast: the lines (values already read), then either a moment or the pillars
    given directly. ``defaults`` and ``allowed`` come from the convention tables (name -> value,
    name -> values).
    """
    chosen = dict(defaults or {})
    for name, value in (conventions or {}).items():
        if allowed is not None:
            check_convention(name, value, allowed)
        chosen[name] = value
    if at is not None:
        if month is not None or day is not None:
            raise error("cast.moment_or_pillars")
        if isinstance(at, str):
            moment = calendar.parse_moment(at, tz)
            notes = tuple(note for note in [calendar.converted(at, moment)] if note)
        elif isinstance(at, datetime):
            moment, notes = at, ()
        else:
            raise error("cast.moment_form", value=_short(repr(at)))
        p = calendar.pillars(moment, chosen.get("zi_hour", "same-day"))
        return Cast(lines, p.month_branch, p.day, p.year, p.month, p.hour, moment, chosen, notes)
    if month is None or day is None:
        raise error("cast.needs_moment")
    if tz is not None:
        raise error("cast.tz_needs_at")
    month_branch = _branch(month, "month")
    pillars = calendar.Pillars(year, month if len(month) == 2 else None, day, hour)
    return Cast(lines, month_branch, pillars.day, pillars.year, pillars.month, pillars.hour, None, chosen)


def cast_facts(cast: Cast, cast_id: str) -> list:
    """The input facts of a cast: (predicate, arguments) pairs."""
    facts = [("cast_line", (cast_id, position, value)) for position, value in enumerate(cast.lines, 1)]
    facts += [("cast_month", (cast_id, cast.month_branch)), ("cast_day", (cast_id, cast.day[0], cast.day[1]))]
    facts += [(pred, (cast_id, pillar[0], pillar[1])) for pred, pillar in
              (("cast_year", cast.year), ("cast_hour", cast.hour)) if pillar]
    facts += [("convention", (cast_id, name, value)) for name, value in sorted(cast.conventions.items())]
    return facts


def check_pillars(kb, cast: Cast) -> None:
    """Pillars given by hand must be possible: the hour's stem follows from the day's by 五鼠遁
    and the month's from the year's by 五虎遁, as the knowledge's ``hour_stem`` and
    ``month_stem`` say (when it has them). In the late 子 hour the stem is the next day's, so
    under the convention zi_hour same-day a 子 hour may carry either."""
    if cast.moment is not None:
        return
    if cast.hour and kb.program.arity("hour_stem") == 3:
        stem, branch = cast.hour
        day_stems = [cast.day[0]]
        if branch == "子" and cast.conventions.get("zi_hour", "same-day") == "same-day":
            day_stems += _next_stem(kb, cast.day[0])
        possible = [s for d in day_stems for (s,) in kb.ask((_atom("hour_stem", d, branch, None),))]
        if stem not in possible:
            raise error("cast.hour_stem", hour=cast.hour, day=cast.day, branch=branch,
                        possible=" or ".join(s + branch for s in possible) or ("cast.unknown", {}))
    if cast.year and cast.month and kb.program.arity("month_stem") == 3:
        possible = [s for (s,) in kb.ask((_atom("month_stem", cast.year[0], cast.month[1], None),))]
        if cast.month[0] not in possible:
            raise error("cast.month_stem", month=cast.month, year=cast.year, branch=cast.month[1],
                        possible=" or ".join(s + cast.month[1] for s in possible) or ("cast.unknown", {}))


def _atom(pred, *values):
    from .engine import Atom, Const, Var
    return Atom(pred, tuple(Var("S") if v is None else Const(v) for v in values))


def _next_stem(kb, stem) -> list:
    """The stem after ``stem`` in the knowledge's stem_order."""
    orders = kb.match("stem_order", stem, None)
    count = len(kb.match("stem_order", None, None))
    return [s for (_, i) in orders for s, _ in kb.match("stem_order", None, (i + 1) % count)]


def assert_cast(kb, cast: Cast, cast_id: str) -> str:
    """Assert the facts of a cast under an id, once its pillars are checked; the chart clauses do the rest."""
    check_pillars(kb, cast)
    for pred, args in cast_facts(cast, cast_id):
        kb.assert_fact(pred, *args)
    return cast_id


def retract_cast(kb, cast: Cast, cast_id: str) -> None:
    for pred, args in cast_facts(cast, cast_id):
        kb.retract_fact(pred, *args)
