"""Plain-text views: a chart as a practitioner writes it, a judgment under its chart.

Pure functions of the data (``Chart.to_data()``, ``Judgment.to_data()``), a language and the
vocabulary of ``queries.labels.vocabulary``.
"""
from __future__ import annotations

from .layout import chart_layout, judgment_layout


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
    >>> print(chart_text(chart.to_data(stars=False), "en", vocabulary(chart.kb)).splitlines()[5])
    6  玄武  官鬼 丙寅木  ━━━━━ ○     →  子孫 癸酉金   [囚 假空 回頭克]
    """
    layout = chart_layout(data, lang, vocabulary)
    pillars = "  ".join(f"{label} {value}" for label, value in layout.pillars)
    out = [layout.title,
           f"{layout.palace} {layout.element}  {layout.kind}   {' '.join(layout.nuclear)}",
           f"{pillars}   {' '.join(layout.void)}",
           "{}: {}".format(*layout.conventions),
           ""]
    out += [_row(row, layout.hidden) for row in layout.rows]
    if layout.extra:
        out += ["", "  ".join(layout.extra)]
    return "\n".join(out)


def judgment_text(data: dict, chart: dict, lang: str, vocabulary: dict) -> str:
    """The chart, then the judgment a line of fields at a time."""
    lines = ["  ".join(f"{label}: {value}" for label, value in line)
             for line in judgment_layout(data, lang, vocabulary)]
    return "\n".join([chart_text(chart, lang, vocabulary), "", *lines])
