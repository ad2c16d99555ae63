"""Plain-text views: a chart as a practitioner writes it, a judgment under its chart.

Pure functions of the data (``Chart.to_data()``, ``Judgment.to_data()``), a language and the
vocabulary of ``queries.labels.vocabulary``.
"""
from __future__ import annotations

from .layout import chart_layout, judgment_layout, timing_layout


def _row(row, hidden_word):
    text = (f"{row['position']}  {row['spirit']}  {row['relative']} {row['najia']}  {row['bar']} "
            f"{row['motion'] or ' '} {row['mark'] or '  '}")
    if row["changed"]:
        text += f"  →  {row['changed']}"
    if row["hidden"]:
        text += f"   {hidden_word} {row['hidden']}"
    if row["stars"]:
        text += "   ★ " + " ".join(row["stars"])
    if row["has_readings"]:
        labels = " ".join(label for label, _ in row["states"])
        text += f"   [{row['strength']}{' ' + labels if labels else ''}]"
    return text.rstrip()


def chart_text(data: dict, lang: str, vocabulary: dict) -> str:
    """The header, then a row a line from the top down (with its stars when the data has them),
    then the patterns and frames.

    >>> from queries.chart import cast
    >>> from queries.labels import vocabulary
    >>> chart = cast("787889", month="戌", day="乙巳")
    >>> print(chart_text(chart.to_data(stars=False), "en", vocabulary(chart.kb)).splitlines()[6])
    6  玄武  官鬼 丙寅木  ━━━━━ ○     →  子孫 癸酉金   [囚 假空 回頭克]
    """
    layout = chart_layout(data, lang, vocabulary)
    pillars = "  ".join(f"{label} {value}" for label, value in layout.pillars)
    out = [layout.title,
           f"{layout.palace} {layout.element}  {layout.kind}   {' '.join(layout.nuclear)}",
           f"{pillars}   {' '.join(layout.void)}",
           *("{}: {}".format(*line) for line in layout.how),
           "{}: {}".format(*layout.conventions),
           ""]
    out += [_row(row, layout.hidden) for row in layout.rows]
    if layout.extra:
        out += ["", "  ".join(layout.extra)]
    if data.get("texts"):
        out += ["", words_text(data, lang, vocabulary)]
    return "\n".join(out)


def judgment_text(data: dict, chart: dict, lang: str, vocabulary: dict, every: bool = False) -> str:
    """The chart; the question and the answer with its degree; the account, a sentence a line;
    the judgment a line of fields at a time; the deciding readings, one a line with its book
    lines, and the others counted (``every``: listed, by weight); the first timing candidates
    with their dates and reasons."""
    layout = judgment_layout(data, lang, vocabulary, every)
    lines = ["  ".join(f"{label}: {value}" for label, value in line) for line in layout.fields]
    out = [chart_text(chart, lang, vocabulary), "", lines[0], lines[1]]
    if layout.account:
        out += [""] + list(layout.account) + [""]
    out += lines[2:]
    for heading, items in layout.readings:
        out += ["", heading] + [f"  · {said}" + (f"  ({book})" if book else "") for said, book in items]
    if layout.timing or layout.no_day:
        out += ["", layout.timing_title]
        out += [f"  {rank}. {when}" + (f"  {', '.join(dates)}" if dates else "") + f" — {reason}"
                for rank, when, dates, reason in layout.timing]
        out += [f"  {line}" for line in layout.no_day]
    return "\n".join(out)


def timing_text(data: dict, lang: str, vocabulary: dict) -> str:
    """Every timing candidate of a judgment (``Judgment.timing()``): rank, when, the next dates,
    the reason and the rule, and under it (+) each other reason for the same day; then why the
    matter has no day, if it has none.

    >>> from queries.chart import cast
    >>> from queries.judgment import judge
    >>> j = judge(cast(hexagram="乾為天", at="2024-12-10T12:00", tz="Asia/Seoul"), "wealth")
    >>> print(timing_text(j.timing(), "en", j.chart.vocabulary()))
    timing (day, fast)
      1. 寅 day  2024-12-16, 2024-12-28, 2025-01-09 — the use-god 寅 (line 2) lies in the decade's void and the day has clashed it awake; it responds in full when 寅 fills the void (when it comes; the later manuals' timing; the translator's gloss)  [timing_branch.25]
         + the use-god 寅 (line 2) moves; it responds when its own branch 寅 comes round (值) (when it comes; the later manuals' timing)  [timing_branch.9]
      2. 申 day  2024-12-10 — the day 申 clashes the use-god 寅 (line 2) awake in the decade's void: it half responds today (when it comes; the later manuals' timing; the translator's gloss)  [timing_branch.26]
      3. 亥 day  2024-12-13, 2024-12-25, 2025-01-06 — the use-god 寅 (line 2) moves; it responds when 亥 combines with it and holds it (動待合) (when it comes; the later manuals' timing)  [timing_branch.8]
    """
    title, rows, no_day = timing_layout(data, lang, vocabulary)
    out = [title]
    for rank, when, dates, reason, rule, also in rows:
        out.append(f"  {rank}. {when}" + (f"  {', '.join(dates)}" if dates else "") + f" — {reason}  [{rule}]")
        out += [f"     + {said}  [{why}]" for said, why in also]
    return "\n".join(out + [f"  {line}" for line in no_day])


def words_text(data: dict, lang: str, vocabulary: dict) -> str:
    """The words of the 周易 under a chart (its data's ``texts``): the original hexagram's 卦辭, then the
    words the cast reads by the convention text_reading, each with its Chinese, in Korean its reading
    (음독), in Korean or English its translation, and the sentence of the rule that chose it; the source."""
    from ..labels import convention_words
    from ..messages import text as message
    from ..texts import labels
    names = labels()
    chosen = convention_words({"text_reading": data["conventions"]["text_reading"]}, lang, vocabulary).partition("=")[2]
    texts = data["texts"]
    read = texts["read"]
    shown = ([] if any(p["which"] == "original" and p["kind"] == "judgment" for p in read) else [texts["judgment"]])
    out = [f"{names['read'][lang]} — {message('texts.chosen', lang, convention=chosen)}"]
    for passage in shown + read:
        label = names["judgment"][lang] if passage["kind"] == "judgment" else passage["label"]
        head = f"  {passage['order']}. " if passage.get("why") else "  "
        pad = " " * len(head)
        out.append(f"{head}{names[passage['which']][lang]} {passage['hexagram']} {label}: {passage['zh']}")
        if lang == "ko":
            out.append(f"{pad}{passage['reading']}")
        if lang in ("ko", "en") and lang in passage:
            out.append(f"{pad}{passage[lang]}")
        if passage.get("why"):
            rule = f"; {passage['rule']}" if lang == "en" else ""     # an id is code: none on a Korean or Chinese page
            out.append(f"{pad}({passage['why'][lang]}{rule})")
    out.append(message("texts.source", lang))
    return "\n".join(out)


def hexagram_words_text(data: dict, lang: str) -> str:
    """All the words of one hexagram, part by part: the part's name, its Chinese, in Korean its reading,
    and the translation in the reader's language where it has one; the source last."""
    from ..messages import text as message
    from ..texts import labels
    names = labels()
    out = [f"{data['number']} {data['hexagram']} ({data['korean'] if lang == 'ko' else data['short']})"]
    for passage in data["parts"]:
        name = names[passage["kind"]][lang]
        out.append(f"{' '.join(w for w in (name, passage['label']) if w)}: {passage['zh']}")
        if lang == "ko":
            out.append(f"  {passage['reading']}")
        if lang in ("ko", "en") and lang in passage:
            out.append(f"  {passage[lang]}")
    out.append(message("texts.source", lang))
    return "\n".join(out)
