"""The chart 排卦 of one cast as data: every cell read from the views of views/chart.dl.

>>> chart = cast("787889", month="戌", day="乙巳")
>>> chart.hexagram["name"], chart.changed["name"], chart.world, chart.response
('山火賁', '地火明夷', 1, 4)
>>> [(l["position"], l["relative"], l["branch"]) for l in chart.lines][:3]
[(1, '官鬼', '卯'), (2, '兄弟', '丑'), (3, '妻財', '亥')]
>>> print(chart.text("ko").splitlines()[1])
艮궁 土  一世   호괘 雷水解
"""
from __future__ import annotations

import itertools
import json
import threading
import weakref
from collections import OrderedDict
from datetime import datetime
from zoneinfo import ZoneInfo

from .cast_input import Cast, assert_cast, lines_by, make_cast, place
from .engine.forward import KEPT
from .engine.terms import Atom, Const, Var
from .knowledge import KnowledgeBase
from .labels import check_lang, vocabulary

_shared = {}
_ids = itertools.count(1)
_viewed = OrderedDict()     # id of a chart -> a weak reference to it: the KEPT charts read last keep their views
_viewed_lock = threading.Lock()


def default_kb() -> KnowledgeBase:
    """The shipped knowledge base of this thread, made on first use."""
    key = threading.get_ident()
    if key not in _shared:
        _shared[key] = KnowledgeBase()
    return _shared[key]


def conventions(kb) -> tuple:
    """(defaults, allowed values) of every named convention, read from the fact tables."""
    return _convention_tables(kb)


def _convention_tables(kb):
    defaults = dict(kb.match("convention_default", None, None))
    allowed = {}
    for name, value, _ in kb.match("convention_value", None, None, None):
        allowed.setdefault(name, []).append(value)
    return defaults, allowed


def prepare(lines=None, *, coins=None, hexagram=None, to=None, seed=None, yarrow=False, by_time=False,
            numbers=None, at=None, tz=None, longitude=None, month=None, day=None, year=None, hour=None,
            conventions=None, kb=None) -> Cast:
    """Check a cast's input and turn it into a Cast value (lines bottom first, pillars, conventions,
    how it was cast). A cast from the moment without ``at`` or pillars is cast now."""
    kb = kb or default_kb()
    by = lines_by(kb, lines=lines, coins=coins, hexagram=hexagram, to=to, seed=seed, yarrow=yarrow,
                  by_time=by_time, numbers=numbers)
    if by_time and at is None and month is None and day is None:
        at = datetime.now(ZoneInfo(tz) if tz else None).astimezone().replace(microsecond=0)
        at = at.astimezone(ZoneInfo(tz)) if tz else at
        tz = None
    defaults, allowed = _convention_tables(kb)
    return make_cast(by, at=at, tz=tz, place=place(kb, longitude) if longitude is not None else None,
                     month=month, day=day, year=year, hour=hour, conventions=conventions, defaults=defaults,
                     allowed=allowed)


def cast(lines=None, *, kb=None, **options) -> "Chart":
    """Cast a chart. Give exactly one of lines, coins, hexagram (with optional ``to``) or seed,
    and either ``at`` (an ISO moment, with ``tz``) or ``month`` and ``day`` pillars."""
    kb = kb or default_kb()
    return Chart(kb, prepare(lines, kb=kb, **options))


_FIRST = {}         # id(rule) -> (the rule, its first literal as _first_literal reads it)


def _first_literal(rule):
    """(the predicate of a view rule's first literal, where each of its arguments comes from: (the
    place in the head, None) for a variable of the head, (None, the value) for a constant or
    (None, None) for a variable the head leaves open), once per rule."""
    got = _FIRST.get(id(rule))
    if got is None or got[0] is not rule:
        if len(_FIRST) > 65536:
            _FIRST.clear()
        heads = {}
        for place, arg in enumerate(rule.head.args):
            if isinstance(arg, Var):
                heads.setdefault(arg.name, place)
        lead = rule.body[0]
        got = _FIRST[id(rule)] = (rule, (lead.pred, tuple(
            (heads.get(arg.name), None) if isinstance(arg, Var) else (None, arg.value) for arg in lead.args)))
    return got[1]


class Chart:
    """One cast in a knowledge base, with its chart read from the clauses."""

    def __init__(self, kb: KnowledgeBase, made: Cast, cast_id: str | None = None):
        self.kb, self.cast = kb, made
        self.id = cast_id or f"c{next(_ids)}"
        self._views = {}
        assert_cast(kb, made, self.id)
        if kb.user:                 # a rule of one's own may give a relation the chart reads a second value
            kb.check_shapes(self.id, kb.program.dependencies.get("chart_cell", ()))
        self._read()

    def _hexagram(self, name):
        (_, palace, kind), = self.kb.match("hexagram_palace", name, None, None)
        (_, short, number, korean, english), = self.kb.match("hexagram_name", name, None, None, None, None)
        (_, element), = self.kb.match("trigram_element", palace, None)
        return {"name": name, "number": number, "palace": palace, "palace_element": element,
                "kind": kind, "six_clash": bool(self.kb.match("six_clash_hexagram", name)),
                "six_harmony": bool(self.kb.match("six_harmony_hexagram", name)),
                "short": short, "korean": korean, "english": english}

    def _read(self):
        """Every cell of the chart from one question: chart_cell(C, Field, Position, A, B)."""
        cells = {}
        for _, field, position, a, b in self.kb.match("chart_cell", self.id, None, None, None, None):
            cells.setdefault(field, {}).setdefault(position, []).append((a, b))
        one = lambda field: cells[field][0][0][0] if field in cells else None
        self.hexagram = self._hexagram(one("hexagram"))
        self.changed = self._hexagram(one("changed")) if "changed" in cells else None
        self.nuclear = one("nuclear")
        self.world = next(iter(cells["world"]))
        self.response = next(iter(cells["response"]))
        order = dict(self.kb.match("branch_order", None, None))
        self.void = sorted((a for a, _ in cells["void"][0]), key=order.get)

        def value(field, p, both=False):
            (a, b), = cells[field][p]
            return (a, b) if both else a

        self.lines = []
        for p in range(1, 7):
            stem, branch = value("najia", p, True)
            line = {"position": p, "yin_yang": value("yin_yang", p), "moving": p in cells.get("moving", {}),
                    "stem": stem, "branch": branch, "element": value("element", p),
                    "relative": value("relative", p), "spirit": value("spirit", p),
                    "world": p == self.world, "response": p == self.response, "changed": None, "hidden": None}
            if line["moving"]:
                s2, b2 = value("changed_najia", p, True)
                line["changed"] = {"yin_yang": value("changed_yin_yang", p), "stem": s2, "branch": b2,
                                   "element": value("changed_element", p),
                                   "relative": value("changed_relative", p)}
            if p in cells.get("hidden", {}):
                s3, b3 = value("hidden", p, True)
                line["hidden"] = {"stem": s3, "branch": b3, "element": value("hidden_element", p),
                                  "relative": value("hidden_relative", p)}
            self.lines.append(line)
        self.conventions = dict(sorted(self.cast.conventions.items()))

    def _view(self, name, read):
        """A view of the chart (its states, its stars, its words), read on first use and kept while
        the chart is one of the KEPT read last, as its knowledge base keeps the tables it is read
        from (engine/forward.py): an older chart reads it again when asked."""
        views = self._views
        if name not in views:
            views[name] = read()
        with _viewed_lock:
            key = id(self)
            _viewed.pop(key, None)
            _viewed[key] = weakref.ref(self)
            while len(_viewed) > KEPT:
                old = _viewed.pop(next(iter(_viewed)))()
                if old is not None:
                    old._views = {}
        return views[name]

    @property
    def details(self) -> dict:
        """States, relations, patterns and frames, from one question (state_cell), on first use."""
        return self._view("details", self._read_details)

    def _places(self, view):
        """Field of a view -> (part, key): where its cells go (views/cell_field.tsv)."""
        return {field: (part, key) for _, field, part, key in self.kb.match("cell_field", view, None, None, None)}

    def _rules_behind(self, view, rows) -> list:
        """The id of the rule that decides each of a view's cells, in order: the rule behind the
        relation the view names (or the view's own, when nothing is behind it)."""
        rules = self.kb.rules_behind(view, rows)
        literals, deeper = [], {}       # the relation behind each cell; predicate -> its rows -> their rules
        for rule, row in zip(rules, rows):
            literal = None
            if rule is not None:
                pred, places = _first_literal(rule)
                literal = pred, tuple(value if at is None else row[at] for at, value in places)
                deeper.setdefault(pred, {})[literal[1]] = None
            literals.append(literal)
        for pred, found in deeper.items():
            found.update(zip(found, self.kb.rules_behind(pred, list(found))))
        return [None if rule is None else (deeper[literal[0]][literal[1]] or rule).info.id
                for rule, literal in zip(rules, literals)]

    def _read_details(self) -> dict:
        places = self._places("state_cell")
        nodes, patterns, frames, formed = {}, [], {}, {}
        ruled = []          # (where a cell's rule goes, its key there, the cell)
        for row in self.kb.match("state_cell", self.id, None, None, None, None, None):
            _, field, kind, position, a, b = row
            part, key = places[field]
            if part == "pattern":
                patterns.append({key: a, "where": kind, "rule": None})
                ruled.append((patterns[-1], "rule", row))
                continue
            if part in ("frame", "frame_kind"):
                frame = frames.setdefault(kind, {"element": kind, "kinds": {}, "members": []})
                if part == "frame":
                    frame[key].append({"role": a, "source": b, "position": position})
                    continue
                entry = frame["kinds"].setdefault(a, {"kind": a, "formed": False, "fails": [],
                                                      "strength": None, "truth": None, "whole": False})
                _place(entry, key, b)
                if key == "formed":
                    ruled.append((formed, (kind, a), row))
                continue
            node = nodes.setdefault((kind, position), {"month": {"strength": None, "relations": [], "stage": None},
                                                       "day": {"relations": [], "stage": None}, "states": []})
            if part == "node":
                node[key].append({"label": a, "rule": None})
                ruled.append((node[key][-1], "rule", row))
            else:
                _place(node[part], key, a)
        for (place, key, _), rule in zip(ruled, self._rules_behind("state_cell", [row for _, _, row in ruled])):
            place[key] = rule
        order = dict(self.kb.match("relation_order", None, None))
        for node in nodes.values():
            for part in ("month", "day"):
                node[part]["relations"].sort(key=order.get)
        marks = dict(self.kb.match("chart_mark", None, None))
        frames = [{**f, "kinds": list(f["kinds"].values())} for _, f in sorted(frames.items())]
        patterns += [{"label": f"{f['element']}{marks['frame']}", "where": marks["hexagram"], "element": f["element"],
                      "kind": k["kind"], "strength": k["strength"], "truth": k["truth"], "whole": k["whole"],
                      "members": f["members"], "rule": formed[(f["element"], k["kind"])]}
                     for f in frames for k in f["kinds"] if k["formed"]]
        return {"nodes": nodes, "patterns": patterns, "frames": frames}

    @property
    def stars(self) -> list:
        """Where each star falls for this cast and which lines carry it (one question)."""
        return self._view("stars", self._read_stars)

    def _read_stars(self) -> list:
        places = self._places("star_cell")
        keys = {s: k for s, _, _, _, k, _ in self.kb.match("star", None, None, None, None, None, None)}
        found, falls = {}, {}           # star -> the cell where it first falls
        for row in self.kb.match("star_cell", self.id, None, None, None, None):
            _, field, position, star, value = row
            entry = found.setdefault(star, {"name": star, "key": keys.get(star), "branch": [], "stem": [],
                                            "lines": [], "changed": [], "hidden": [], "active": [],
                                            "rule": None})
            part, key = places[field]
            entry[key].append(value if part == "falls" else position)
            if part == "falls":
                falls.setdefault(star, row)
        for star, rule in zip(falls, self._rules_behind("star_cell", list(falls.values()))):
            found[star]["rule"] = rule
        return [found[name] for name in sorted(found)]

    def line_stars(self, kind="lines") -> dict:
        """Position -> names of the stars on the original (or changed, hidden) line there."""
        out = {}
        for star in self.stars:
            for p in star[kind]:
                out.setdefault(p, []).append(star["name"])
        return out

    def forget(self) -> None:
        """Retract everything this cast added to the knowledge base: its input and the question
        facts put to it (judge's cast_topic, cast_about …), with the tables derived from them."""
        self.kb.retract_partition(self.id)

    # ---- data and views -------------------------------------------------------------------

    def calendar(self) -> dict:
        made = self.cast
        if made.moment is None:
            data = {"month_branch": made.month_branch, "day": made.day}
            data.update({k: v for k, v in (("year", made.year), ("month", made.month),
                                           ("hour", made.hour)) if v})
        else:
            data = {"year": made.year, "month": made.month, "day": made.day, "hour": made.hour,
                    "month_branch": made.month_branch, "moment": made.moment.isoformat(),
                    "clock": made.clock["name"], "clock_time": made.clock["time"], "near": made.clock["near"]}
            data.update({k: made.clock[k] for k in ("longitude", "city") if made.clock.get(k) is not None})
        data["void"] = list(self.void)
        return data

    def to_data(self, stars=True) -> dict:
        keys = ("position", "yin_yang", "moving", "stem", "branch", "element", "relative", "spirit",
                "world", "response", "changed", "hidden")
        nodes = self.details["nodes"]
        empty = {"month": {"strength": None, "relations": [], "stage": None},
                 "day": {"relations": [], "stage": None}, "states": []}

        on = {kind: self.line_stars(kind) for kind in ("lines", "changed", "hidden")} if stars else {}

        def line_data(line):
            data = {k: line[k] for k in keys}
            data.update(nodes.get(("line", line["position"]), empty))
            if stars:
                data["stars"] = on["lines"].get(line["position"], [])
            for kind in ("changed", "hidden"):
                if data[kind]:
                    data[kind] = {**data[kind], **nodes.get((kind, line["position"]), empty)}
                    if stars:
                        data[kind]["stars"] = on[kind].get(line["position"], [])
            return data

        return {"cast": self.id, "values": "".join(map(str, self.cast.lines)), "casting": self.cast.casting,
                "hexagram": self.hexagram, "changed": self.changed, "nuclear": self.nuclear,
                "world": self.world, "response": self.response, "calendar": self.calendar(),
                "conventions": self.conventions,
                "lines": [line_data(line) for line in self.lines],
                "patterns": self.details["patterns"], "frames": self.details["frames"], "texts": self.words(),
                **({"stars": [{k: v for k, v in star.items() if v or k in ("name", "lines", "rule")}
                              for star in self.stars]} if stars else {})}

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False, indent=2)

    def words(self) -> dict:
        """The words of the 周易 beside this cast: the original hexagram's 卦辭 (``judgment``) and the words it
        reads (``read``, kb/texts/words_to_read.dl under the convention text_reading), each of these with the
        rule that chose it and its sentence in the three languages (``queries.texts.to_read``)."""
        return self._view("words", self._find_words)

    def _find_words(self) -> dict:
        from . import texts
        from .engine import render
        rows = []
        for row in self.kb.match("text_to_read", self.id, None, None, None, None):
            rule, bindings = self.kb.step((Atom("text_to_read", tuple(map(Const, row))),))
            rows.append((*row[1:], rule.id,
                         {lang: render.rule_sentence(rule, bindings, lang) for lang in ("ko", "zh", "en")}))
        changed = self.changed["number"] if self.changed else None
        return {"judgment": texts.judgment_of(self.hexagram["number"]),
                "read": texts.to_read(self.hexagram["number"], changed, rows)}

    def vocabulary(self) -> dict:
        """The names and marks the views take from this chart's knowledge base."""
        if getattr(self, "_vocabulary", None) is None:
            self._vocabulary = vocabulary(self.kb)
        return self._vocabulary

    def text(self, lang: str = "en", stars: bool = False) -> str:
        """The chart a practitioner expects: header, then one row a line from the top down."""
        from . import views
        return views.chart_text(self.to_data(stars=stars), check_lang(lang), self.vocabulary())

    def words_text(self, lang: str = "en") -> str:
        """The words of the 周易 the cast reads, under the original hexagram's 卦辭 (``views.words_text``)."""
        from . import views
        return views.words_text(self.to_data(stars=False), check_lang(lang), self.vocabulary())

    def casting_text(self, lang: str = "en") -> str:
        """How the lines were cast and, on a solar clock, the time read: the chart's header lines of it."""
        data = {"casting": self.cast.casting, "calendar": self.calendar()}
        from . import views
        return "\n".join("{}: {}".format(*line) for line in views.how(data, check_lang(lang), self.vocabulary()))

    def html(self, lang: str = "en") -> str:
        """The chart as an HTML table (one self-contained div)."""
        from . import views
        return views.chart_html(self.to_data(stars=False), check_lang(lang), self.vocabulary())

    def __str__(self):
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()


def _place(part: dict, key: str, value) -> None:
    """Put a cell's value in its part: appended to a list, a flag raised, or the value set."""
    if isinstance(part[key], list):
        part[key].append(value)
    else:
        part[key] = True if isinstance(part[key], bool) else value
