"""The layout of a chart and of a judgment: what each renderer prints, decided once.

A layout is made from the data (``Chart.to_data()``, ``Judgment.to_data()``), a language and
the vocabulary of ``queries.labels.vocabulary``; the text and HTML renderers only print it.
"""
from __future__ import annotations

from ..engine.record import record
from ..labels import WORDS, check_lang, convention_words, label


@record(frozen=True)
class ChartLayout:
    """A chart as the renderers print it: the header's parts, a row a line from the top down
    (each a dict of cells), and the patterns and frames of the whole hexagram."""
    title: str
    palace: str          # the palace with its name in the language
    element: str         # the palace's element
    kind: str            # 本宮, 一世 … 歸魂
    nuclear: tuple       # (label, nuclear hexagram)
    pillars: tuple       # ((label, pillar), ...)
    void: tuple          # (label, void branches)
    conventions: tuple   # (label, "name=value, ..." of the conventions not at their defaults, in the
                         #  reader's words; or the words that say every one is at its default)
    how: tuple           # ((label, text), ...): how the lines were cast and, on a solar clock, the time read
    hidden: str          # the word before a hidden god in a row
    columns: tuple       # the heads of a row's cells
    rows: tuple
    extra: tuple         # the patterns and frames, each a short text


def _title(hexagram, marks):
    shown = [marks[m] for m in ("six_clash", "six_harmony") if hexagram[m]]
    return f"{hexagram['name']} ({hexagram['number']})" + (f" [{' '.join(shown)}]" if shown else "")


def _relative_najia(node):
    return f"{node['relative']} {node['stem']}{node['branch']}{node['element']}" if node else ""


def _row(line, marks, symbols):
    symbol = symbols[line["yin_yang"]]
    month, day = line["month"], line["day"]
    month_cell = tuple(x for x in [month["strength"], *month["relations"], month["stage"]] if x)
    day_cell = tuple(x for x in [*day["relations"], day["stage"]] if x)
    return {
        "position": line["position"], "spirit": line["spirit"], "relative": line["relative"],
        "najia": f"{line['stem']}{line['branch']}{line['element']}", "bar": symbol["bar"],
        "motion": symbol["moving"] if line["moving"] else "",
        "mark": marks["world"] if line["world"] else marks["response"] if line["response"] else "",
        "changed": _relative_najia(line["changed"]), "hidden": _relative_najia(line["hidden"]),
        "stars": tuple(line.get("stars") or ()),
        "strength": month["strength"] or "", "month": month_cell, "day": day_cell,
        "states": tuple((s["label"], s.get("rule") or "") for s in line["states"]),
        "has_readings": bool(month_cell or day_cell or line["states"]),
    }


def chart_layout(data: dict, lang: str, vocabulary: dict) -> ChartLayout:
    """Lay out a chart's data in a language.

    >>> from queries.chart import cast
    >>> from queries.labels import vocabulary
    >>> chart = cast("787889", month="戌", day="乙巳")
    >>> layout = chart_layout(chart.to_data(), "ko", vocabulary(chart.kb))
    >>> layout.palace, layout.rows[0]["motion"], layout.rows[5]["mark"], layout.rows[3]["hidden"]
    ('艮궁', '○', '世', '子孫 丙申金')
    """
    words, marks = WORDS[check_lang(lang)], vocabulary["marks"]
    h, cal = data["hexagram"], data["calendar"]
    pillars = [(words[k], cal[k]) for k in ("year", "month", "day", "hour") if cal.get(k)]
    if "month" not in cal:
        pillars.insert(0, (words["month"], cal["month_branch"]))
    extra = [p["label"] + ("" if p["where"] == marks["hexagram"] else f" ({p['where']})")
             for p in data.get("patterns", []) if "kind" not in p]
    extra += [f"{f['element']}{marks['frame']} {k['kind']} "
              + (marks["formed"] if k["formed"] else f"{marks['not_formed']} " + " ".join(k["fails"]))
              for f in data.get("frames", []) for k in f["kinds"]]
    return ChartLayout(
        title=_title(h, marks) + (f"  →  {_title(data['changed'], marks)}" if data.get("changed") else ""),
        palace=words["palace"].format(h["palace"]), element=h["palace_element"], kind=h["kind"],
        nuclear=(words["nuclear"], data.get("nuclear") or ""), pillars=tuple(pillars),
        void=(words["void"], "".join(cal.get("void", []))),
        conventions=chosen_conventions(data.get("conventions", {}), lang, vocabulary),
        how=how(data, lang, vocabulary), hidden=words["hidden"], columns=words["columns"],
        rows=tuple(_row(line, marks, vocabulary["lines"]) for line in reversed(data["lines"])),
        extra=tuple(extra))


def chosen_conventions(conventions: dict, lang, vocabulary) -> tuple:
    """(label, text) of the conventions a chart rests on that are not at their defaults (the
    chart's data keeps them all), or the words that say the chart rests on the defaults.

    >>> from queries import KnowledgeBase
    >>> from queries.labels import vocabulary
    >>> words = vocabulary(KnowledgeBase())
    >>> chosen_conventions({"zi_hour": "same-day"}, "ko", words)
    ('관례', '기본 관례')
    >>> chosen_conventions({"zi_hour": "next-day"}, "ko", words)
    ('기본과 다른 관례', '자시의 날=다음 날')
    """
    words, defaults = WORDS[check_lang(lang)], vocabulary.get("convention_defaults", {})
    chosen = {name: value for name, value in conventions.items() if defaults.get(name) != value}
    if not chosen:
        return words["conventions"], words["conventions.default"]
    return words["conventions.chosen"], convention_words(chosen, lang, vocabulary)


def how(data, lang, vocabulary) -> tuple:
    """How a chart was cast, in the reader's words (``casting``: the method and its inputs) and,
    when its day and hour were read on a solar clock, that clock, the longitude and the time.

    >>> data = {"casting": {"method": "numbers", "numbers": [3, 8], "hour": 1, "upper": "離", "lower": "坤",
    ...                     "moving": 6}, "calendar": {}}
    >>> how(data, "ko", {"convention_values": {}})
    (('괘를 세운 법', '두 수 3, 8, 시 1 → 상괘 離, 하괘 坤, 6효 동'),)
    """
    words, casting, cal = WORDS[lang], data.get("casting") or {}, data["calendar"]
    out = []
    if casting:
        values = {**casting, "hour": words["casting.hour"].format(**casting) if "hour" in casting else ""}
        if casting["method"] == "numbers":
            values["numbers"] = ", ".join(map(str, casting["numbers"]))
        elif casting["method"] == "time":
            values.update(zip(("year", "month", "day", "hour"), casting["numbers"]))
        elif casting["method"] == "name" and casting.get("to"):
            values["hexagram"] = f"{casting['hexagram']} → {casting['to']}"
        out.append((words["casting"], words[f"casting.{casting['method']}"].format(**values)))
    if cal.get("clock") not in (None, "standard"):
        degrees = cal["longitude"]
        where = words["longitude.east" if degrees >= 0 else "longitude.west"].format(f"{abs(degrees):g}")
        clock = label(cal["clock"], lang, vocabulary, convention="clock")
        out.append((words["clock"], words["clock.read"].format(clock=clock, where=where, time=cal["clock_time"],
                                                               moment=cal["moment"])))
    return tuple(out)


def _name(names, key, lang):
    return names.get(key, {}).get(lang, key)


def _lines(positions, words):
    return ", ".join(map(str, positions)) or words["none"]


@record(frozen=True)
class JudgmentLayout:
    """A judgment as the renderers print it, in this order: the question, the account, lines of
    (label, value) pairs (the use-god, the other gods, the reasons, the grade, the direction and
    what carried it), the readings by polarity, and the first timing candidates."""
    fields: tuple        # ((label, value), ...) a line; the first is the question
    account: tuple       # the account's sentences, in the order they are said
    readings: tuple      # ((heading, ((conclusion, book line), ...)), ...) favourable first
    timing_title: str    # the heading: timing, with the unit and the pace
    timing: tuple        # ((rank, when, dates, reason), ...) the first three
    no_day: tuple        # the reasons the matter has no day, if it has none


def book(rule) -> str:
    """A reading's first book line, from its rule's entry in the table of rules, as a reader
    cites it: by its place (卜筮正宗·六親發動 147 父動當頭克子孫), else 000:147 父動當頭克子孫."""
    for source in rule["sources"]:
        file, _, line = source["source"].partition(":")
        if line:
            return f"{source.get('place') or file[:3] + ':' + line} {source['quote']}".strip()
    return ""


def _when(item, words, units, lang):
    unit = _name(units, item["unit"], lang)
    branch = item["branch"] if item.get("within") is None else words["join"].join(item["within"])
    return words["at"].format(branch=item.get("stem", "") + branch, unit=unit)


def judgment_layout(data: dict, lang: str, vocabulary: dict, every: bool = False) -> JudgmentLayout:
    """Lay out a judgment's data in a language.

    >>> from queries.chart import cast
    >>> from queries.judgment import judge
    >>> from queries.labels import vocabulary
    >>> chart = cast("787889", month="戌", day="乙巳")
    >>> judgment = judge(chart, "illness", about="father")
    >>> layout = judgment_layout(judgment.to_data(proof=False), "ko", vocabulary(chart.kb))
    >>> for line in layout.fields[:3]:
    ...     print(line)
    (('주제', '질병'), ('대상', '아버지'))
    (('답', '흉하다 · 凶'),)
    (('용신', '父母 丙午火 (2효 아래 복신)'),)
    >>> [heading for heading, _ in layout.readings], layout.timing_title
    (['판정을 정한 판단', '그 밖의 판단: 뒷받침하는 판단 19, 저울질에서 진 판단 9, 서술하는 판단 12'], '응기 (일/월, 느림)')
    """
    words, terms = WORDS[check_lang(lang)], vocabulary["terms"]
    role = lambda term: _name(terms, term, lang)
    question = [(words["topic"], _name(vocabulary["topics"], data["topic"], lang))]
    if data["about"]:
        question.append((words["about"], _name(vocabulary["persons"], data["about"], lang)))
    if data["asker"]:
        question.append((words["asker"], role(data["asker"])))
    god, found = data["use_god"], words["none"]
    if god and god["position"]:
        where = words[{"hidden": "hidden_under", "changed": "changed_of"}.get(god["kind"], "line")].format(god["position"])
        found = f"{god['stem']}{god['branch']}{god['element']} ({where})"
    verdict = data["verdict"]
    answer = _name(vocabulary["directions"], verdict["direction"], lang) if verdict["direction"] else words["none"]
    if verdict.get("degree"):
        answer += f" · {verdict['degree']}"
    deciding = [((words["factor"], verdict["factor"]["says"]),)] if verdict.get("factor") else []
    lines = [tuple(question), ((words["answer"], answer),),
             ((role("use_god"), f"{god['relative']} {found}" if god else found),),
             ((role("source_god"), _lines(data["source_god"], words)), (role("taboo_god"), _lines(data["taboo_god"], words)),
              (role("enemy_god"), _lines(data["enemy_god"], words))),
             ((words["reasons"], " ".join(r["label"] for r in data["reasons"])),),
             ((words["verdict"], f"{verdict['grade']} — " + words["strong" if verdict["strong"] else "not_strong"]),),
             *deciding]
    hidden = data["hidden"]
    if hidden:
        lines.append(((role("hidden"), " ".join(hidden["flying"] + hidden["comes_out"] + hidden["verse"])),))
    groups, more = [], []
    for weight in ("deciding", "supporting", "outweighed", "descriptive"):
        items = tuple((r["conclusion"], ", ".join(dict.fromkeys(book(data["rules"][rule]) for rule in r.get("rules", [r["rule"]]))))
                      for r in data["readings"] if r.get("weight") == weight)
        if items and (weight == "deciding" or every):
            groups.append((words[weight], items))
        elif items:
            more.append(f"{words[weight]} {len(items)}")
    if more:
        groups.append((words["more_readings"].format(", ".join(more)), ()))
    title, timing, no_day = timing_layout(data, lang, vocabulary, count=3)
    return JudgmentLayout(tuple(lines), tuple(data.get("account", ())), tuple(groups), title,
                          tuple(row[:4] for row in timing), no_day)


def _dated(item) -> tuple:
    """A candidate's dates, each hour with its pillar (2024-10-09T11:00+09:00 甲午)."""
    return tuple(f"{d} {p}" for d, p in zip(item["dates"], item["pillars"])) if "pillars" in item \
        else tuple(item["dates"])


def _said(text, lang) -> str:
    """A text in the reader's language: a document's one string, or ``Judgment.timing()``'s {lang: text}."""
    return text if isinstance(text, str) else text[lang]


def _reason(item, lang) -> str:
    """A candidate's reason and, after it, whether it dates the matter or the harm, and what it
    rests on when no book states it (``queries.timing.basis``: the later manuals, the translator)."""
    said = _said(item["polarity_label"], lang) + (f"; {_said(item['basis'], lang)}" if item.get("basis") else "")
    return f"{_said(item['reason'], lang)} ({said})"


def timing_layout(data: dict, lang: str, vocabulary: dict, count=None) -> tuple:
    """(heading, rows, no-day lines) of the timing of a judgment's data (``Judgment.timing()`` or
    ``to_data()``): a row (rank, when, dates, reason, rule, also) a candidate, the first ``count``;
    ``also`` holds (reason, rule) of the other reasons for the same day."""
    words, units = WORDS[check_lang(lang)], vocabulary["units"]
    pace = data.get("timing_pace")
    title = words["timing"]
    if pace:
        speed = f", {_name(vocabulary['speeds'], pace['speed'], lang)}" if pace.get("speed") else ""
        named = "/".join(_name(units, unit, lang) for unit in pace.get("units", [pace["unit"]]))
        title += f" ({named}{speed})"
    rows = tuple((item["rank"], _when(item, words, units, lang), _dated(item), _reason(item, lang), item["rule"],
                  tuple((_reason(also, lang), also["rule"]) for also in item.get("also", ())))
                 for item in data.get("timing", [])[:count])
    no_day = tuple(f"{words['no_day']}: {_said(item['reason'], lang)}" for item in data.get("timing_none", []))
    return title, rows, no_day
