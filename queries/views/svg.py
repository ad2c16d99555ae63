"""The chart drawn: the one picture of a chart's hexagrams, as SVG. The original hexagram and,
when lines move, the changed one beside it; each line drawn (a yang line one bar, a yin line
two), a moving line's mark (○ or ×, ``line_symbol``) beside it, 世 and 應 at their lines, the
line numbers at the left, the names above. Printed by the page (and by anyone who wants the
picture: the renderers print a layout, this draws the data).

>>> from queries.chart import cast
>>> from queries.labels import vocabulary
>>> chart = cast("787889", month="戌", day="乙巳")
>>> svg = chart_svg(chart.to_data(), "ko", vocabulary(chart.kb))
>>> svg.startswith("<svg"), svg.count("<rect"), "地火明夷" in svg     # 5 yang bars, 7 yin lines of two
(True, 19, True)
"""
from __future__ import annotations

from html import escape

ROW = 24            # the height of a line's row
BAR = 96            # the width of a line
TOP = 34            # the room above the first line, for the names
LEFT = 22           # the room left of the lines, for their numbers


def _lines(x, y, yin_yang, css) -> str:
    """One line of a hexagram at (x, y): a bar, or two with a gap."""
    if yin_yang == "陽":
        return f"<rect class='yang{css}' x='{x}' y='{y}' width='{BAR}' height='10' rx='1'/>"
    half = BAR * 2 // 5
    return (f"<rect class='yin{css}' x='{x}' y='{y}' width='{half}' height='10' rx='1'/>"
            f"<rect class='yin{css}' x='{x + BAR - half}' y='{y}' width='{half}' height='10' rx='1'/>")


STYLE = ("rect{fill:#333}rect.moving{fill:#c00}rect.turned{fill:#777}text{font-size:13px;fill:#333;"
         "font-family:'Noto Serif CJK TC','Noto Serif CJK KR','Source Han Serif',serif}"
         ".pos{fill:#999;font-size:11px}.motion{fill:#c00;font-weight:bold}"
         ".mark{fill:#06c;font-weight:bold}")      # the page's colours, for a drawing that stands alone


def chart_svg(data: dict, lang: str, vocabulary: dict, standalone: bool = False) -> str:
    """The SVG of a chart's data (``Chart.to_data()``), its names in ``lang``'s words; ``standalone``:
    a file of its own (the XML declaration, its own colours and a white ground), as ``liuyao chart
    --svg`` writes it, where the page gives it its style."""
    marks, symbols = vocabulary["marks"], vocabulary["lines"]
    changed = data.get("changed")
    width = LEFT + BAR + 56 + (BAR + 16 if changed else 0)
    height = TOP + 6 * ROW + 4
    names = data["hexagram"]["name"] + (f" → {changed['name']}" if changed else "")
    out = [f"<svg class='hexagrams' viewBox='0 0 {width} {height}' width='{width}' height='{height}' role='img' "
           f"aria-label='{escape(names)}' xmlns='http://www.w3.org/2000/svg'><title>{escape(names)}</title>",
           f"<text class='name' x='{LEFT}' y='20'>{escape(data['hexagram']['name'])}</text>"]
    if standalone:
        out[0] = "<?xml version='1.0' encoding='UTF-8'?>\n" + out[0].replace("<title>", f"<style>{STYLE}</style><title>")
        out.insert(1, f"<rect x='0' y='0' width='{width}' height='{height}' style='fill:#fff'/>")
    if changed:
        out.append(f"<text class='name' x='{LEFT + BAR + 56}' y='20'>{escape(changed['name'])}</text>")
    for line in data["lines"]:
        y = TOP + (6 - line["position"]) * ROW
        moving = " moving" if line["moving"] else ""
        out.append(f"<text class='pos' x='4' y='{y + 10}'>{line['position']}</text>")
        out.append(_lines(LEFT, y, line["yin_yang"], moving))
        if line["moving"]:
            out.append(f"<text class='motion' x='{LEFT + BAR + 6}' y='{y + 11}'>{symbols[line['yin_yang']]['moving']}</text>")
        mark = marks["world"] if line["world"] else marks["response"] if line["response"] else ""
        if mark:
            out.append(f"<text class='mark' x='{LEFT + BAR + 24}' y='{y + 11}'>{escape(mark)}</text>")
        if changed:
            turned = (line.get("changed") or {}).get("yin_yang") or line["yin_yang"]
            out.append(_lines(LEFT + BAR + 56, y, turned, " turned" if line["moving"] else ""))
    out.append("</svg>")
    return "".join(out)


def png(svg: str, scale: int = 2) -> bytes:
    """A standalone drawing (``chart_svg(..., standalone=True)``) as PNG, ``scale`` times its size,
    where the optional cairosvg renders it (``pip install 'liuyao-kb[png]'``, with the system's
    cairo); a user error saying so where it does not."""
    try:
        import cairosvg
    except (ImportError, OSError):
        from ..messages import error
        raise error("views.no_png") from None
    width = int(svg.split("width='", 1)[1].split("'", 1)[0])
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width * scale)
