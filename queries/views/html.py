"""HTML views for notebooks and the web: a chart as a table, a judgment under its chart.

Pure functions of the data (``Chart.to_data()``, ``Judgment.to_data()``), a language and the
vocabulary of ``queries.labels.vocabulary``; each returns one self-contained ``<div>`` and only
escapes text: nothing here runs script.
"""
from __future__ import annotations

from html import escape

from .layout import chart_layout, judgment_layout

STYLE = ("<style>.liuyao details{margin-left:1.2em}.liuyao summary{cursor:pointer}"
         ".liuyao .where{color:#666;font-size:90%}.liuyao .user{color:#a40;font-weight:bold}"
         ".liuyao .sentence{font-style:italic;margin:.1em 0 .1em 1.2em}"
         ".liuyao ul{margin:.1em 0;padding-left:1.6em}.liuyao .fails{color:#a00}"
         ".liuyao table{border-collapse:collapse}.liuyao td,.liuyao th{padding:.1em .5em;"
         "border-bottom:1px solid #ddd;text-align:left}</style>")


def _cells(row):
    states = " ".join(f"<span title='{escape(rule)}'>{escape(label)}</span>" for label, rule in row["states"])
    plain = (row["position"], row["spirit"], row["relative"], row["najia"], row["bar"], row["motion"], row["mark"],
             row["changed"], row["hidden"], " ".join(row["month"]), " ".join(row["day"]))
    return "<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in plain) + f"<td>{states}</td></tr>"


def chart_html(data: dict, lang: str, vocabulary: dict) -> str:
    """The header, then a row a line from the top down, with month and day relations and the
    states, each state titled with the rule that decides it.

    >>> from queries.chart import cast
    >>> from queries.labels import vocabulary
    >>> chart = cast("787889", month="戌", day="乙巳")
    >>> page = chart_html(chart.to_data(), "en", vocabulary(chart.kb))
    >>> page.count("<tr>"), "山火賁" in page, "title='day_break.1'" in page
    (7, True, True)
    """
    layout = chart_layout(data, lang, vocabulary)
    info = (f"{escape(layout.palace)} {escape(layout.element)} · {escape(layout.kind)} · "
            f"{escape(' '.join(layout.nuclear))}<br>"
            + " · ".join(f"{escape(label)} {escape(value)}" for label, value in layout.pillars)
            + f" · {escape(' '.join(layout.void))}")
    heads = "".join(f"<th>{escape(x)}</th>" for x in layout.columns)
    return (f"<div class='liuyao liuyao-chart'>{STYLE}<p><b>{escape(layout.title)}</b><br>{info}<br>"
            + "".join(f"{escape('{}: {}'.format(*line))}<br>" for line in layout.how)
            + f"<span class='where'>{escape('{}: {}'.format(*layout.conventions))}</span></p>"
            f"<table><thead><tr>{heads}</tr></thead><tbody>{''.join(_cells(r) for r in layout.rows)}</tbody></table>"
            + (f"<p>{escape('  '.join(layout.extra))}</p>" if layout.extra else "") + "</div>")


def judgment_html(data: dict, chart: dict, lang: str, vocabulary: dict) -> str:
    """The chart, the question, the account, a table of the judgment's fields, the readings by
    polarity and the first timing candidates.

    >>> from queries.chart import cast
    >>> from queries.judgment import judge
    >>> from queries.labels import vocabulary
    >>> chart = cast("787889", month="戌", day="乙巳")
    >>> page = judgment_html(judge(chart, "wealth").to_data(proof=False), chart.to_data(), "zh", vocabulary(chart.kb))
    >>> page.count("<table>"), "<th>用神</th><td>妻財 丙子水 (第5爻)</td>" in page, "<h4>定斷之辭</h4>" in page
    (3, True, True)
    """
    layout = judgment_layout(data, lang, vocabulary, every=True)
    row = lambda line: "".join(f"<tr><th>{escape(label)}</th><td>{escape(value)}</td></tr>" for label, value in line)
    question = f"<table><tbody>{row(layout.fields[0])}</tbody></table>"
    account = "<p class='account'>" + " ".join(escape(said) for said in layout.account) + "</p>" \
        if layout.account else ""
    rows = "".join(row(line) for line in layout.fields[1:])
    readings = "".join(
        f"<h4>{escape(heading)}</h4><ul>"
        + "".join(f"<li>{escape(said)}" + (f" <span class='where'>{escape(book)}</span>" if book else "") + "</li>"
                  for said, book in items) + "</ul>"
        for heading, items in layout.readings)
    timing = ""
    if layout.timing or layout.no_day:
        timing = (f"<h4>{escape(layout.timing_title)}</h4><ol>"
                  + "".join(f"<li>{escape(when)}" + (f" <span class='where'>{escape(', '.join(dates))}</span>" if dates
                                                      else "") + f" — {escape(reason)}</li>"
                            for _, when, dates, reason in layout.timing) + "</ol>"
                  + "".join(f"<p>{escape(line)}</p>" for line in layout.no_day))
    return (f"<div class='liuyao liuyao-judgment'>{chart_html(chart, lang, vocabulary)}{question}{account}"
            f"<table><tbody>{rows}</tbody></table>{readings}{timing}</div>")


def words_html(texts: dict, lang: str) -> str:
    """The words of the 周易 beside a cast (a chart's data's ``texts``), folded under the chart (a
    ``<details>``): the original's 卦辭 unless it is read anyway, then the words the cast reads, each with
    its Chinese, in Korean its reading, its translation in the reader's language and the rule that chose it."""
    from ..messages import text as message
    from ..texts import labels
    names = labels()
    items = []
    read = texts["read"]
    first = [] if any(p["which"] == "original" and p["kind"] == "judgment" for p in read) else [texts["judgment"]]
    for passage in first + read:
        label = names["judgment"][lang] if passage["kind"] == "judgment" else passage["label"]
        said = [f"<span lang='zh'>{escape(names[passage['which']][lang])} {escape(passage['hexagram'])} "
                f"{escape(label)}: {escape(passage['zh'])}</span>"]
        if lang == "ko":
            said.append(f"<span class='reading'>{escape(passage['reading'])}</span>")
        if lang in ("ko", "en") and lang in passage:
            said.append(f"<span lang='{lang}'>{escape(passage[lang])}</span>")
        if passage.get("why"):
            said.append(f"<small title='{escape(passage['rule'])}'>{escape(passage['why'][lang])}</small>")
        items.append("<li>" + "<br>".join(said) + "</li>")
    source = message("texts.source", lang)
    return (f"<details class='texts' id='texts'><summary>{escape(names['read'][lang])}</summary>"
            f"<ol>{''.join(items)}</ol><p class='where'>{escape(source)}</p></details>")
