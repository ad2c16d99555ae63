"""A judgment as Markdown, to paste into notes: the chart as a table, the question and the answer,
the account, the verdict's fields, the readings with their book lines (by book and place) and the
first timing. A pure function of the data, a language and the vocabulary, from the same layouts the
text and the page print (``views.layout``).
"""
from __future__ import annotations

from .layout import chart_layout, judgment_layout

def _cell(text) -> str:
    """A table cell: its pipes escaped, its line breaks folded."""
    return " ".join(str(text or "").split()).replace("|", "\\|")


def chart_markdown(data: dict, lang: str, vocabulary: dict) -> str:
    """The chart: its title as a heading, the palace, the pillars and the void, then a row a line."""
    layout = chart_layout(data, lang, vocabulary)
    heads = dict(zip(("line", "spirit", "relative", "najia", "bar", "motion", "mark", "changed", "hidden", "month",
                      "day", "states"), layout.columns))
    columns = [heads["line"], heads["spirit"], heads["relative"], heads["najia"], "", heads["mark"], heads["changed"],
               heads["hidden"], heads["states"]]
    out = [f"## {layout.title}", "",
           f"{layout.palace} {layout.element} · {layout.kind} · {' '.join(layout.nuclear)}  ",
           " · ".join(f"{label} {value}" for label, value in layout.pillars) + f" · {' '.join(layout.void)}", "",
           "| " + " | ".join(_cell(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    for row in layout.rows:
        states = " ".join(label for label, _ in row["states"])
        cells = [row["position"], row["spirit"], row["relative"], row["najia"],
                 f"{row['bar']} {row['motion'] or ''}", row["mark"], row["changed"], row["hidden"],
                 f"{row['strength']} {states}" if row["has_readings"] else ""]
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    if layout.extra:
        out += ["", _cell("  ".join(layout.extra))]
    return "\n".join(out)


def judgment_markdown(data: dict, chart: dict, lang: str, vocabulary: dict, every: bool = False) -> str:
    """The judgment under its chart: the question as a heading, the answer in bold, the account, the
    verdict's fields as a list, the readings by weight with their book lines, the first timing."""
    layout = judgment_layout(data, lang, vocabulary, every)
    fields = [" · ".join(f"{label}: {value}" for label, value in line) for line in layout.fields]
    out = [f"# {fields[0]}", "", f"**{fields[1]}**", "", chart_markdown(chart, lang, vocabulary), ""]
    if layout.account:
        out += [" ".join(layout.account), ""]
    out += [f"- {line}" for line in fields[2:]]
    for heading, items in layout.readings:
        out += ["", f"### {heading}", ""] if items else ["", heading]
        out += [f"- {said}" + (f" — {book}" if book else "") for said, book in items]
    if layout.timing or layout.no_day:
        out += ["", f"### {layout.timing_title}", ""]
        out += [f"{rank}. {when}" + (f" ({', '.join(dates)})" if dates else "") + f" — {reason}"
                for rank, when, dates, reason in layout.timing]
        out += [f"- {line}" for line in layout.no_day]
    return "\n".join(out) + "\n"
