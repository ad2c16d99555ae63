"""The timing 應期 of a judged question, as data: the candidates that kb/timing/ derives, in the
order the clauses give them, each with its rule, its reason in three languages, its polarity and
the next calendar dates on which it falls.

Every choice is a clause: a candidate is a row of ``timing_candidate/4``; its rule and reason come
from the proof of its ``timing_branch/3`` row, its subject and polarity from
``facts/timing_kind.tsv``, its place from ``timing_order/7`` (the side the verdict says first, the
unit, the rank of its kind). Python only turns branches into dates, through ``queries.calendar``
and lunar-python: the next days after the cast's day whose day branch is X (and stem S when the
clauses give one), or the cast's own day for a kind of that day; the next months that begin at a
節 with branch X, the next years that begin at a 立春 with branch X, the next two-hour periods 時辰
with branch X. A cast given by its pillars has no moment: its candidates have branches and no dates.

>>> from queries import cast, judge
>>> j = judge(cast("787889", at="2024-10-08T04:00", tz="Asia/Seoul"), "wealth")
>>> [(t["rank"], t["unit"], t["kind"], t["branch"], t["polarity"]) for t in candidates(j)][:2]
[(1, 'day', '沖用', '午', 'against'), (2, 'day', '入墓', '辰', 'against')]
>>> [t["dates"] for t in candidates(j, count=2) if t["kind"] == "靜待沖"]
[['2024-10-09', '2024-10-21'], ['2025-06-05', '2026-06-06']]
>>> pace(j)["speed"], pace(j)["units"]
('緩', ['day', 'month'])
>>> today = judge(cast(hexagram="乾為天", at="2024-12-10T12:00", tz="Asia/Seoul"), "wealth")
>>> [(t["kind"], t["branch"], t["dates"][:1]) for t in candidates(today)][:2]
[('沖起待實', '寅', ['2024-12-16']), ('日沖起', '申', ['2024-12-10'])]
>>> candidates(judge(cast("787889", month="戌", day="乙巳"), "wealth"))[0]["dates"]
[]
>>> [b["kind"] for b in blocked(judge(cast("986986", month="巳", day="乙亥"), "office"))]
['到底空']
>>> kinds(j.chart.kb)["出旬"]["shape"], units(j.chart.kb)["month"][1]["ko"]
('once', '월')
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache

from . import calendar
from .engine import render
from .engine.terms import GLOSS, goal, is_gloss

LANGS = ("ko", "zh", "en")
_STEMS = "甲乙丙丁戊己庚辛壬癸"
_SIXTY = [_STEMS[i % 10] + calendar.BRANCHES[i % 12] for i in range(60)]
_NOON = time(12)
_CHINA = timezone(timedelta(hours=8), "UTC+08:00")    # lunar-python's 節 table is China Standard Time
_LAST_YEAR = 2999                                     # the last year queries.calendar supports


def _quote(value) -> str:
    return "'" + str(value).replace("\\", "\\\\").replace("'", "\\'") + "'"


def _goal(pred, *args) -> str:
    return f"{pred}({', '.join(_quote(a) for a in args)})"


def _said(judgment, pred, *args) -> tuple:
    """(rule id, {lang: sentence}) of the rule that proves a ground atom."""
    rule, bindings = judgment.chart.kb.step(goal(pred, *args), memo=judgment.memo)
    return rule.id, {lang: render.rule_sentence(rule, bindings, lang) for lang in LANGS}


def bases(kb) -> dict:
    """rule id -> {lang: what it rests on}, of every timing rule (of ``timing_branch``) that cites
    no line of a book: the conventions it names (``timing-practice``, the later manuals') or the
    translator's gloss."""
    names = {name: {"ko": ko, "zh": zh, "en": en}
             for table in ("fixed_convention_label", "convention_label")
             for name, ko, zh, en in kb.match(table, None, None, None, None)}
    notes = {note: {"ko": ko, "zh": zh, "en": en} for note, ko, zh, en in kb.match("source_note", GLOSS, None, None, None)}
    found, seen = {}, set()
    for info in (rule.info for rule in kb.rules_of("timing_branch")):     # a rule id's first clause
        if info.id in seen:
            continue
        seen.add(info.id)
        if any(not is_gloss(s) for s in info.sources):
            continue
        said = [names.get(c, {lang: c for lang in LANGS}) for c in info.conventions] + \
            ([notes[GLOSS]] if info.sources else [])
        if said:
            found[info.id] = {lang: "; ".join(dict.fromkeys(x[lang] for x in said)) for lang in LANGS}
    return found


def kinds(kb) -> dict:
    """kind -> its row of facts/timing_kind.tsv as a dict."""
    return {k: {"rank": rank, "subject": subject, "polarity": polarity, "unit": unit, "shape": shape,
                "label": {"zh": zh, "ko": ko, "en": en}}
            for k, rank, subject, polarity, unit, shape, zh, ko, en
            in kb.match("timing_kind", None, None, None, None, None, None, None, None, None)}


def units(kb) -> dict:
    """unit -> (order, {lang: name}), nearest first: hour, day, month, year."""
    return {u: (order, {"zh": zh, "ko": ko, "en": en})
            for u, order, zh, ko, en in kb.match("timing_unit_name", None, None, None, None, None)}


def pace(judgment) -> dict | None:
    """How soon the matter comes (急 or 緩) and the units its timing is read in, nearest first,
    each with its rule and reason (``unit`` is the nearest, ``unit_rule`` and ``unit_reason`` its
    own); None when the clauses give no unit (no use-god and no single moving line)."""
    kb, c = judgment.chart.kb, judgment.chart.id
    found = sorted((u for _, u in kb.match("timing_unit", c, None)), key=lambda u: units(kb)[u][0])
    if not found:
        return None
    speeds = kb.match("timing_speed", c, None)
    out = {"unit": found[0], "units": found, "speed": speeds[0][1] if speeds else None}
    out["unit_rule"], out["unit_reason"] = _said(judgment, "timing_unit", c, found[0])
    if speeds:
        proof = kb.explain(goal("timing_speed", c, out["speed"]), memo=judgment.memo)
        reason = proof.children[0]
        out["speed_rule"] = reason.rule.id
        out["speed_reason"] = {lang: render.sentence(reason, lang) for lang in LANGS}
    return out


def blocked(judgment) -> list:
    """Why the use-god's matter has no day at all (000:141 到底空), with rule and reason."""
    kb, c = judgment.chart.kb, judgment.chart.id
    out = []
    for _, why in kb.match("timing_none", c, None):
        rule, reason = _said(judgment, "timing_none", c, why)
        out.append({"kind": why, "rule": rule, "reason": reason})
    return out


def polarities(kb) -> dict:
    """polarity -> {lang: name}: for (when the matter comes) and against (when it is struck)."""
    return {p: {"zh": zh, "ko": ko, "en": en} for p, zh, ko, en in kb.match("timing_polarity", None, None, None, None)}


def candidates(judgment, count: int = 3) -> list:
    """The timing candidates of a judged question in the order of ``timing_order/7`` (1 first),
    with up to ``count`` dates. Candidates said together (one side: ``timing_side``) of one unit
    and branch are one answer: the first keeps its place, the others follow it under ``also``
    (each with its own rule, reason, polarity and dates)."""
    chart = judgment.chart
    kb, c, made = chart.kb, chart.id, chart.cast
    table, sides, rest = kinds(kb), polarities(kb), bases(kb)
    order = {b: i for i, b in enumerate(calendar.BRANCHES)}
    stems = {(k, b): s for _, k, b, s in kb.match("timing_stem", c, None, None, None)}
    hour_stems = {(k, b): s for _, k, b, s in kb.match("timing_hour_pillar", c, None, None, None)}
    start = cast_date(made.moment, made.day) if made.moment is not None else None
    groups = {}
    for _, unit, kind, branch, side, unit_rank, rank in kb.match("timing_order", c, None, None, None, None, None, None):
        key = (unit, kind) if table[kind]["shape"] == "within" else (unit, kind, branch)
        groups.setdefault(key, [side, unit_rank, rank, []])[3].append(branch)
    found = []
    for key, (side, unit_rank, rank, branches) in groups.items():
        unit, kind = key[0], key[1]
        branches = sorted(branches, key=order.get)
        rule, reason = _said(judgment, "timing_branch", c, kind, branches[0])
        info = table[kind]
        item = {"unit": unit, "branch": branches[0] if len(key) == 3 else None, "kind": kind,
                "label": info["label"], "subject": info["subject"], "polarity": info["polarity"],
                "polarity_label": sides[info["polarity"]], "rule": rule, "reason": reason,
                "why": _goal("timing_candidate", c, unit, kind, branches[0])}
        rests_on = rest.get(rule)
        if rests_on:
            item["basis"] = rests_on
        if len(key) == 2:
            item["within"] = branches
        stem = stems.get((kind, branches[0]))
        if stem is not None:
            item["stem"] = stem
        if made.moment is None:
            item["dates"] = []
        elif info["shape"] == "today":
            item["dates"] = [start.isoformat()]
        else:
            item["dates"] = dates(made, unit, branches, stem, 1 if info["shape"] == "once" else count, start)
        if unit == "hour":
            item["pillar"] = hour_stems[(kind, branches[0])] + branches[0]
            item["pillars"] = [hour_pillar(kb, made.day, start, text) for text in item["dates"]]
        found.append(((side, unit_rank, rank, order[branches[0]], kind), item))
    merged = {}
    for side, item in _turns(sorted(found, key=lambda pair: pair[0])):
        same = (side, item["unit"], item["branch"] or tuple(item.get("within", ())))
        if same in merged:
            merged[same].setdefault("also", []).append(
                {k: v for k, v in item.items() if k not in ("unit", "branch", "within")})
        else:
            merged[same] = item
    return [{"rank": n, **item} for n, item in enumerate(merged.values(), 1)]


def _turns(ranked: list) -> list:
    """(side, item) of (key, item) pairs in key order, except that where both polarities share a
    side (a mixed verdict says them together: ``timing_side``) they are said turn by turn within
    a unit: the first of each, the nearer rank first, then the second of each …"""
    seen, keyed = {}, []
    for key, item in ranked:
        place = (key[0], key[1], item["polarity"])
        seen[place] = seen.get(place, 0) + 1
        keyed.append(((key[0], key[1], seen[place], *key[2:]), item))
    return [(key[0], item) for key, item in sorted(keyed, key=lambda pair: pair[0])]


PER_UNIT, IN_ALL = 4, 6      # the candidates a judgment lists first: at most four a unit, six in all


def listed(found: list) -> list:
    """The candidates a judgment lists first, in rank order: at most ``PER_UNIT`` of one unit and
    ``IN_ALL`` in all (``liuyao when`` lists every one)."""
    out, per_unit = [], {}
    for item in found:
        if len(out) == IN_ALL:
            break
        if per_unit.get(item["unit"], 0) < PER_UNIT:
            per_unit[item["unit"]] = per_unit.get(item["unit"], 0) + 1
            out.append(item)
    return out


# ---- dates --------------------------------------------------------------------------------

# The branches of the months the twelve 節 of a year open, from 小寒 (丑) to 大雪 (子).
_JIE_BRANCHES = "丑寅卯辰巳午未申酉戌亥子"


def dates(made, unit, branches, stem=None, count=3, start=None) -> list:
    """The next ``count`` dates (ISO text) after the cast's moment in that unit whose branch is
    one of ``branches`` (and, for days, whose stem is ``stem``), soonest first. ``start`` is the
    cast's date (``cast_date``), when known."""
    moment = made.moment
    if unit == "day":
        start = start or cast_date(moment, made.day)
        found = [d for b in branches for d in next_days(start, made.day, b, stem, count)]
    elif unit == "month":
        found = [d for b in branches for d in next_months(moment, b, count)]
    elif unit == "year":
        found = [d for b in branches for d in next_years(moment, b, count)]
    else:
        found = [d for b in branches for d in next_hours(moment, b, count)]
    return [d.isoformat() if unit != "hour" else d.isoformat(timespec="minutes")
            for d in sorted(set(found))[:count]]


def hour_pillar(kb, day_pillar: str, start: date, text: str) -> str:
    """The pillar of the two-hour period 時辰 that begins at ``text`` (an ISO date-time), by the
    clauses of 五鼠遁 (``hour_stem/3``) from the stem of the day it belongs to, counted from
    ``start``, the date of the cast's ``day_pillar``. A 子 hour begins at 23:00 and opens the next
    date: its stem is that date's, whichever day pillar ``zi_hour`` gives 23:00-24:00.

    >>> from queries import KnowledgeBase
    >>> kb = KnowledgeBase()
    >>> hour_pillar(kb, "乙巳", date(2024, 10, 8), "2024-10-08T11:00+09:00")
    '壬午'
    >>> hour_pillar(kb, "乙巳", date(2024, 10, 8), "2024-10-08T23:00+09:00")
    '戊子'
    """
    at = datetime.fromisoformat(text)
    branch = calendar.BRANCHES[(at.hour + 1) % 24 // 2]
    day = at.date() + timedelta(days=1 if branch == "子" else 0)
    day_stem = _SIXTY[(_SIXTY.index(day_pillar) + (day - start).days) % 60][0]
    (_, _, stem), = kb.match("hour_stem", day_stem, branch, None)
    return stem + branch


def cast_date(moment: datetime, day_pillar: str) -> date:
    """The calendar date whose day pillar is the cast's (the next date for a late 子 hour read
    with zi_hour=next-day).

    >>> from queries.calendar import parse_moment
    >>> cast_date(parse_moment("2024-02-29T23:30", "Asia/Shanghai"), "甲子")
    datetime.date(2024, 3, 1)
    """
    local = moment.date()
    noon = calendar.pillars(datetime.combine(local, _NOON, moment.tzinfo)).day
    return local + timedelta(days=(_SIXTY.index(day_pillar) - _SIXTY.index(noon)) % 60)


def next_days(start: date, day_pillar: str, branch: str, stem: str | None = None, count: int = 3) -> list:
    """The next dates after ``start``, the date of the day pillar ``day_pillar``, whose day branch
    is ``branch`` (and stem ``stem``).

    >>> next_days(date(2024, 10, 8), "乙巳", "午", count=2)
    [datetime.date(2024, 10, 9), datetime.date(2024, 10, 21)]
    >>> next_days(date(2024, 10, 8), "乙巳", "寅", "甲", count=1)
    [datetime.date(2024, 10, 17)]
    """
    here = _SIXTY.index(day_pillar)
    if stem is None:
        step, ahead = 12, (calendar.BRANCHES.index(branch) - here) % 12 or 12
    else:
        step, ahead = 60, (_SIXTY.index(stem + branch) - here) % 60 or 60
    return [start + timedelta(days=ahead + step * k) for k in range(count)]


@lru_cache(maxsize=256)
def _jie(year: int) -> tuple:
    """(instant in UTC+8, branch of the month it opens) of the twelve 節 of a Gregorian year
    (``calendar.jie_instants``)."""
    return tuple((instant, branch) for (_, instant), branch in zip(calendar.jie_instants(year)[1:13], _JIE_BRANCHES))


def _years(moment: datetime):
    """Gregorian years from the moment's on, within the calendar's supported years."""
    year = moment.astimezone(_CHINA).year
    while year <= _LAST_YEAR:
        yield year
        year += 1


def next_months(moment: datetime, branch: str, count: int = 3) -> list:
    """The local dates of the next 節 after the moment that open a month with branch ``branch``.

    >>> from queries.calendar import parse_moment
    >>> next_months(parse_moment("2024-10-08T04:00", "Asia/Seoul"), "子", count=2)
    [datetime.date(2024, 12, 7), datetime.date(2025, 12, 7)]
    """
    found = []
    for year in _years(moment):
        found += [jie.astimezone(moment.tzinfo).date() for jie, opens in _jie(year)
                  if opens == branch and jie > moment]
        if len(found) >= count:
            break
    return found[:count]


def next_years(moment: datetime, branch: str, count: int = 3) -> list:
    """The local dates of the next 立春 after the moment that open a year with branch ``branch``
    (the year whose 立春 falls in Gregorian year Y has the branch of (Y - 4) mod 12, 子 first).

    >>> from queries.calendar import parse_moment
    >>> next_years(parse_moment("2024-10-08T04:00", "Asia/Seoul"), "午", count=2)
    [datetime.date(2026, 2, 4), datetime.date(2038, 2, 4)]
    """
    found = []
    for year in _years(moment):
        if calendar.BRANCHES[(year - 4) % 12] != branch:
            continue
        spring = _jie(year)[1][0]
        if spring > moment:
            found.append(spring.astimezone(moment.tzinfo).date())
        if len(found) >= count:
            break
    return found


def next_hours(moment: datetime, branch: str, count: int = 3) -> list:
    """The local starts of the next two-hour periods 時辰 after the moment with branch ``branch``
    (子 from 23:00, 丑 from 01:00, … 亥 from 21:00, on the local wall clock).

    >>> from queries.calendar import parse_moment
    >>> [t.isoformat() for t in next_hours(parse_moment("2024-10-08T04:00", "Asia/Seoul"), "子", 2)]
    ['2024-10-08T23:00:00+09:00', '2024-10-09T23:00:00+09:00']
    """
    hour = (2 * calendar.BRANCHES.index(branch) - 1) % 24
    found, day = [], moment.date()
    while len(found) < count:
        start = datetime.combine(day, time(hour), moment.tzinfo)
        if start > moment:
            found.append(start)
        day += timedelta(days=1)
    return found
