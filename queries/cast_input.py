"""Cast input: six line values, coins, hexagram names, a seeded random cast, yarrow stalks, the
moment or two numbers, plus the date and the clock it is read on.

Everything here turns user input into the cast facts ``cast_line``, ``cast_month``,
``cast_day`` (``cast_year``, ``cast_hour`` when known) and ``convention``; the chart itself
is derived by the clauses in ``kb/chart.dl``. What a line value means and what a face of a
coin is worth are read from ``facts/line_value.tsv`` and ``facts/coin_face.tsv``; the ways
that are procedures (yarrow, the moment, numbers) are ``queries.casting``. A cast records how
its lines were cast (``Cast.casting``: the method and its inputs).

>>> from queries import KnowledgeBase
>>> kb = KnowledgeBase()
>>> parse_lines(kb, "787889")
(7, 8, 7, 8, 8, 9)
>>> from_coins(kb, "2,1,2,1,1,3")
(8, 7, 8, 7, 7, 9)
>>> from_coins(kb, "TTT,HTT,HHT,HHH,THT,TTH")
(6, 7, 8, 9, 7, 7)
>>> from_coins(kb, "TTT,HTT,HHT,HHH,THT,TTH", "back-3")
(9, 8, 7, 6, 8, 8)
"""
from __future__ import annotations

from datetime import datetime

from . import calendar, casting, clock
from .engine.record import record, field
from .messages import error

METHODS = ("values", "coins", "yarrow", "time", "numbers", "random", "name")


@record(frozen=True)
class Cast:
    """What was cast and when: line values bottom first, the pillars, the conventions, how the
    lines were cast (``casting``: the method and its inputs) and, for a moment, the clock it was
    read on (``clock``: its name, the longitude, the time it read, the boundaries near)."""
    lines: tuple
    month_branch: str
    day: str
    year: str | None = None
    month: str | None = None
    hour: str | None = None
    moment: datetime | None = None
    conventions: dict = field(default_factory=dict)
    notes: tuple = ()           # messages (key, values) to tell the user about how the input was read
    casting: dict = field(default_factory=dict)
    clock: dict = field(default_factory=dict)


def line_values(kb) -> dict:
    """Line value -> (polarity, what it changes to), from facts/line_value.tsv.

    >>> from queries import KnowledgeBase
    >>> line_values(KnowledgeBase())[9]
    ('陽', '陰')
    """
    return {value: (yin_yang, changes_to)
            for value, yin_yang, changes_to, _ in kb.match("line_value", None, None, None, None)}


def coin_values(kb, face: str = "inscribed-3") -> dict:
    """Number of heads in a toss -> line value, by the worth of each face under the convention
    coin_face (facts/coin_face.tsv): the sum of the coins' worths.

    >>> from queries import KnowledgeBase
    >>> coin_values(KnowledgeBase()), coin_values(KnowledgeBase(), "back-3")
    ({0: 6, 1: 7, 2: 8, 3: 9}, {0: 9, 1: 8, 2: 7, 3: 6})
    """
    worth = {f: w for _, f, w in kb.match("coin_face", face, None, None)}
    if set(worth) != {"heads", "tails"}:
        raise error("cast.coin_face_table", face=face)
    coins = min(line_values(kb)) // min(worth.values())       # three coins of 2 make the least value
    return {heads: heads * worth["heads"] + (coins - heads) * worth["tails"] for heads in range(coins + 1)}


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


# How a toss's faces may be written: H/T, or the faces of a cash coin (字 inscribed, 背 the back).
_FACES = {"H": "H", "T": "T", "字": "H", "背": "T"}


def from_coins(kb, spec, face: str = "inscribed-3") -> tuple:
    """The coins of each line, bottom first: the number of heads ('3,2,1,0,2,1') or the faces
    ('HHT,…' or '字字背,…'); each toss is worth the sum of its faces under coin_face."""
    worth = coin_values(kb, face)
    coins = max(worth)
    try:
        items = spec.split(",") if isinstance(spec, str) else list(spec)
    except TypeError:
        items = None
    heads = [] if items is not None else None
    for item in items or ():
        item = str(item).strip().upper()
        faces = [_FACES.get(c) for c in item]
        if item.isascii() and item.isdigit() and len(item) < 4 and int(item) in worth:
            heads.append(int(item))
        elif len(item) == coins and None not in faces:
            heads.append(faces.count("H"))
        else:
            heads = None
            break
    if heads is None or len(heads) != 6:
        raise error("cast.coins", value=_short(repr(spec)), least=min(worth), coins=coins)
    return tuple(worth[h] for h in heads)


def random_lines(kb, seed: int, face: str = "inscribed-3") -> tuple:
    """Six lines from tosses of fair coins, reproducible from the seed."""
    import random                   # only for a cast by chance
    worth = coin_values(kb, face)
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


def lines_by(kb, *, lines=None, coins=None, hexagram=None, to=None, seed=None, yarrow=False, by_time=False,
             numbers=None):
    """How the lines are cast, given exactly one way: a function of the cast's ``When`` giving
    the six values and ``casting``, the method (``METHODS``) and its inputs. A yarrow cast
    without a seed gets one, recorded so the cast can be made again."""
    ways = {"values": lines, "coins": coins, "name": hexagram, "yarrow": True if yarrow else None,
            "time": True if by_time else None, "numbers": numbers, "random": None if yarrow else seed}
    given = [method for method in METHODS if ways[method] is not None]
    if len(given) != 1:
        raise error("chart.lines_one_way")
    if to is not None and hexagram is None:
        raise error("chart.to_needs_name")
    method = given[0]
    if method in ("yarrow", "random"):
        import random
        seed = random.SystemRandom().randrange(10 ** 6) if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise error("cast.seed", value=_short(repr(seed)))
    if method == "values":
        values = parse_lines(kb, lines)
        return lambda when: (values, {"method": method, "values": "".join(map(str, values))})
    if method == "name":
        values = from_names(kb, hexagram, to)
        named = {"hexagram": hexagram_lines(kb, hexagram)[1]}
        named.update({"to": hexagram_lines(kb, to)[1]} if to is not None else {})
        return lambda when: (values, {"method": method, **named})
    if method == "coins":
        return lambda when: (from_coins(kb, coins, when.conventions.get("coin_face", "inscribed-3")),
                             {"method": method, "coins": coins if isinstance(coins, str) else ",".join(map(str, coins))})
    if method == "random":
        return lambda when: (random_lines(kb, seed, when.conventions.get("coin_face", "inscribed-3")),
                             {"method": method, "seed": seed})
    if method == "yarrow":
        made = casting.yarrow_lines(kb, seed)
        return lambda when: (made["lines"], {"method": method, "seed": seed, "changes": made["changes"]})
    if method == "numbers":
        given_numbers = casting.parse_numbers(numbers)

        def from_numbers(when):
            rule = when.conventions.get("numbers_moving", "with-hour")
            hour = when.pillars.hour[1] if when.pillars.hour else None
            made = casting.numbers_lines(kb, given_numbers, hour, rule)
            return made.pop("lines"), {"method": method, **made}
        return from_numbers

    def from_time(when):
        if when.moment is None:
            raise error("casting.time_needs_moment")
        made = casting.time_lines(kb, when.moment, when.wall, when.conventions.get("zi_hour", "same-day"),
                                  when.conventions.get("time_months", "lunar"))
        return made.pop("lines"), {"method": method, "moment": when.wall.isoformat(), **made}
    return from_time


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


def place(kb, value) -> dict:
    """A longitude (degrees east) from a number or a city of facts/city.tsv by any of its names,
    with the city's zone: {"longitude", "city", "zone"} (city and zone None for a number).

    >>> from queries import KnowledgeBase
    >>> place(KnowledgeBase(), "서울")
    {'longitude': 126.98, 'city': 'Seoul', 'zone': 'Asia/Seoul'}
    >>> place(KnowledgeBase(), "126.5")["longitude"]
    126.5
    """
    key = str(value).strip()
    for city, ko, zh, en, degrees, zone in kb.match("city", None, None, None, None, None, None):
        if key.casefold() in (city, en.casefold(), ko, zh):
            return {"longitude": float(degrees), "city": en, "zone": zone}
    try:
        float(key)
    except ValueError:
        cities = sorted(en for _, _, _, en, _, _ in kb.match("city", None, None, None, None, None, None))
        raise error("clock.unknown_city", value=_short(repr(value)), cities=", ".join(cities[:8])) from None
    return {"longitude": clock.parse_longitude(key), "city": None, "zone": None}


@record(frozen=True)
class When:
    """The time of a cast as its lines may need it: the pillars, the moment, the wall-clock time
    it reads on the convention clock (naive; None without a moment) and the conventions."""
    pillars: calendar.Pillars
    moment: datetime | None
    wall: datetime | None
    conventions: dict


def make_cast(lines, *, at=None, tz=None, place=None, month=None, day=None, year=None, hour=None,
              conventions=None, defaults=None, allowed=None, casting=None) -> Cast:
    """Validate a cast: either a moment (read on the convention ``clock``; ``place`` is the
    longitude of a solar clock, from ``place``) or the pillars given directly, then the lines:
    their values already read, or a function of the ``When`` giving the values and how they were
    cast (the ways that read the moment or the hour). ``defaults`` and ``allowed`` come from the
    convention tables (name -> value, name -> values); ``casting`` records the method and inputs.
    """
    month, day, year, hour = (calendar.from_hangul(v) for v in (month, day, year, hour))
    chosen = dict(defaults or {})
    for name, value in (conventions or {}).items():
        if allowed is not None:
            check_convention(name, value, allowed)
        chosen[name] = value
    zi_hour, clock_name = chosen.get("zi_hour", "same-day"), chosen.get("clock", "standard")
    if at is not None:
        if month is not None or day is not None:
            raise error("cast.moment_or_pillars")
        notes = ()
        if place is not None and place.get("zone") and tz is None and isinstance(at, str):
            tz = place["zone"]
            notes += (("clock.city_zone", {"city": place["city"], "zone": tz}),)
        if isinstance(at, str):
            moment = calendar.parse_moment(at, tz)
            notes += tuple(note for note in [calendar.converted(at, moment)] if note)
        elif isinstance(at, datetime):
            moment = at
        else:
            raise error("cast.moment_form", value=_short(repr(at)))
        if clock_name in clock.SOLAR and place is None:
            raise error("clock.needs_longitude", clock=clock_name)
        if clock_name not in clock.SOLAR and place is not None:
            raise error("clock.longitude_needs_solar", clock=clock_name)
        longitude = place["longitude"] if place is not None else None
        wall = clock.reading(moment, clock_name, longitude)
        when = When(calendar.pillars(moment, zi_hour, wall), moment, wall, chosen)
        month_branch = when.pillars.month_branch
        near = calendar.boundaries(moment, zi_hour, wall)
        told = {"name": clock_name, "time": wall.isoformat(), "near": list(near)}
        told.update({"longitude": longitude, "city": place["city"]} if place is not None else {})
        notes += tuple(_near_note(b, clock_name, wall) for b in near)
    else:
        if month is None or day is None:
            raise error("cast.needs_moment")
        if tz is not None:
            raise error("cast.tz_needs_at")
        if place is not None:
            raise error("clock.longitude_needs_at")
        month_branch = _branch(month, "month")
        when = When(calendar.Pillars(year, month if len(month) == 2 else None, day, hour), None, None, chosen)
        told, notes = {}, ()
    if callable(lines):
        lines, casting = lines(when)
    p = when.pillars
    return Cast(lines, month_branch, p.day, p.year, p.month, p.hour, when.moment, chosen, notes,
                dict(casting or {}), told)


def _near_note(boundary, clock_name, wall) -> tuple:
    """The note (key, values) that a cast is within minutes of a boundary, naming the other reading."""
    minutes, seconds = divmod(boundary["seconds"], 60)
    values = {"distance": ("calendar.distance", {"minutes": minutes, "seconds": seconds}),
              "side": (f"calendar.{boundary['side']}", {}), "at": boundary["at"],
              "here": _pillar_words(boundary["here"]), "other": _pillar_words(boundary["other"])}
    if boundary["boundary"] == "jie":
        return "calendar.near_jie", {**values, "term": boundary["name"]}
    return "calendar.near_hour", {**values, "boundary": boundary["name"], "time": wall.strftime("%H:%M:%S"),
                                  "clock": (f"clock.reads_{clock_name.replace('-', '_')}", {})}


def _pillar_words(pillars: dict) -> tuple:
    """Pillars as a message: 'month 甲戌', '甲戌월', '甲戌月' (year, month, day, hour in order)."""
    parts = [("calendar.pillar", {"pillar": (f"pillar.{name}", {}), "value": pillars[name]})
             for name in ("year", "month", "day", "hour") if name in pillars]
    return ("calendar.pillars_" + str(len(parts)), {f"p{i}": part for i, part in enumerate(parts)})


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
    kb.assert_facts(cast_facts(cast, cast_id))
    return cast_id


def retract_cast(kb, cast: Cast, cast_id: str) -> None:
    for pred, args in cast_facts(cast, cast_id):
        kb.retract_fact(pred, *args)
