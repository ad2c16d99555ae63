"""The statistics page's plots, drawn as SVG on the server: each rule's (or class's) agreement
with its Wilson 95% interval, and the direction's agreement over time. Samples under
``stats.FEW`` are drawn apart, below a line and in grey, so that they do not read as findings.

>>> from queries.journal.stats import share
>>> svg = rules_svg({"r.a": share(3, 4), "r.b": share(1, 2), "r.c": share(0, 0)}, "en")
>>> svg.startswith("<svg") and svg.count("<line class='interval") == 2 and "fewer than 3 times" in svg
True
"""
from __future__ import annotations

from html import escape

from ..messages import text
from .stats import FEW

WIDTH, ROW, LEFT, RIGHT, TOP = 640, 18, 230, 60, 24
MOST = 40                          # rows drawn at most (the most often seen first)


def _x(rate: float) -> float:
    return LEFT + rate * (WIDTH - LEFT - RIGHT)


def _axis(y: float, height: float) -> list:
    parts = []
    for tick in (0, 0.25, 0.5, 0.75, 1):
        x = _x(tick)
        parts.append(f"<line class='grid' x1='{x:.1f}' y1='{TOP - 6}' x2='{x:.1f}' y2='{height:.1f}' stroke='#ddd'/>")
        parts.append(f"<text x='{x:.1f}' y='{TOP - 10}' font-size='10' text-anchor='middle'>{tick:.0%}</text>")
    return parts


def rules_svg(table: dict, lang: str) -> str:
    """One row a rule with an outcome: its interval as a line, its rate as a dot, its count at
    the right; the samples under FEW after a rule, in grey."""
    ranked = sorted(((name, s) for name, s in table.items() if s["count"]),
                    key=lambda item: (-item[1]["count"], item[0]))[:MOST]
    seen = [item for item in ranked if not item[1]["few"]]
    few = [item for item in ranked if item[1]["few"]]
    height = TOP + ROW * (len(seen) + len(few)) + (2 * ROW if few else 0) + 8
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' class='journal-plot' width='{WIDTH}' height='{height}' "
             f"viewBox='0 0 {WIDTH} {height}' role='img' aria-label='{escape(text('journal.plot_rules', lang))}'>",
             *_axis(TOP, height - 8)]
    y = TOP
    for group, colour in ((seen, "#1f4e79"), (few, "#999")):
        if group is few and few:
            y += ROW / 2
            parts.append(f"<line x1='4' y1='{y:.1f}' x2='{WIDTH - 4}' y2='{y:.1f}' stroke='#999' stroke-dasharray='4 3'/>")
            parts.append(f"<text x='4' y='{y + 13:.1f}' font-size='11' fill='#666'>"
                         f"{escape(text('journal.plot_few', lang, few=FEW))}</text>")
            y += ROW * 1.5
        for name, s in group:
            middle = y + ROW / 2
            parts.append(f"<text x='{LEFT - 6}' y='{middle + 4:.1f}' font-size='11' text-anchor='end' fill='{colour}'>"
                         f"{escape(name)}</text>")
            parts.append(f"<line class='interval{' few' if s['few'] else ''}' x1='{_x(s['low']):.1f}' y1='{middle:.1f}' "
                         f"x2='{_x(s['high']):.1f}' y2='{middle:.1f}' stroke='{colour}' stroke-width='3'/>")
            parts.append(f"<circle cx='{_x(s['rate']):.1f}' cy='{middle:.1f}' r='4' fill='{colour}'/>")
            parts.append(f"<text x='{WIDTH - RIGHT + 6}' y='{middle + 4:.1f}' font-size='11' fill='{colour}'>"
                         f"{s['agreed']}/{s['count']}</text>")
            y += ROW
    parts.append("</svg>")
    return "".join(parts)


def months_svg(months: list, lang: str) -> str:
    """The direction's agreement up to each month: the rate as a line, its interval as a band."""
    height, width, left, bottom = 220, WIDTH, 50, 30
    inner_w, inner_h = width - left - 50, height - bottom - 20
    n = len(months)
    x = lambda i: left + (inner_w * (i / (n - 1)) if n > 1 else inner_w / 2)
    y = lambda rate: 20 + inner_h * (1 - rate)
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' class='journal-plot' width='{width}' height='{height}' "
             f"viewBox='0 0 {width} {height}' role='img' aria-label='{escape(text('journal.plot_months', lang))}'>"]
    for tick in (0, 0.5, 1):
        parts.append(f"<line x1='{left}' y1='{y(tick):.1f}' x2='{width - 50}' y2='{y(tick):.1f}' stroke='#ddd'/>")
        parts.append(f"<text x='{left - 4}' y='{y(tick) + 4:.1f}' font-size='10' text-anchor='end'>{tick:.0%}</text>")
    if months:
        band = [f"{x(i):.1f},{y(m['high']):.1f}" for i, m in enumerate(months)] + \
               [f"{x(i):.1f},{y(m['low']):.1f}" for i, m in reversed(list(enumerate(months)))]
        parts.append(f"<polygon points='{' '.join(band)}' fill='#1f4e79' fill-opacity='0.15'/>")
        line = " ".join(f"{x(i):.1f},{y(m['rate']):.1f}" for i, m in enumerate(months))
        parts.append(f"<polyline points='{line}' fill='none' stroke='#1f4e79' stroke-width='2'/>")
        for i, m in enumerate(months):
            colour = "#999" if m["few"] else "#1f4e79"
            parts.append(f"<circle cx='{x(i):.1f}' cy='{y(m['rate']):.1f}' r='3' fill='{colour}'/>")
            parts.append(f"<text x='{x(i):.1f}' y='{height - 10}' font-size='10' text-anchor='middle'>"
                         f"{escape(m['month'])} ({m['count']})</text>")
    parts.append("</svg>")
    return "".join(parts)
