"""HTML for notebooks: a chart, a proof as a collapsible tree, a why-not, a table of answers.

Each function returns one self-contained ``<div>`` (a little CSS included once per div), and
only escapes text: nothing here runs script.

>>> from queries import KnowledgeBase
>>> page = proof_html(KnowledgeBase().explain("clash('子', '午')"))
>>> page.count("<details"), "facts/branch_order.tsv:" in page
(1, True)
"""
from __future__ import annotations

import hashlib
from html import escape

from .engine import render
from .engine import Proof, WhyNot, show

STYLE = ("<style>.liuyao details{margin-left:1.2em}.liuyao summary{cursor:pointer}"
         ".liuyao .where{color:#666;font-size:90%}.liuyao .user{color:#a40;font-weight:bold}"
         ".liuyao .sentence{font-style:italic;margin:.1em 0 .1em 1.2em}"
         ".liuyao ul{margin:.1em 0;padding-left:1.6em}.liuyao .fails{color:#a00}"
         ".liuyao table{border-collapse:collapse}.liuyao td,.liuyao th{padding:.1em .5em;"
         "border-bottom:1px solid #ddd;text-align:left}</style>")


def _e(value) -> str:
    return escape(show(value) if not isinstance(value, str) else value)


def _user(origin, lang):
    return f" <span class='user'>({render.WORDS[lang]['user']})</span>" if origin == "user" else ""


# ---- proofs --------------------------------------------------------------------------------

def proof_html(proof: Proof, lang: str = "en", open_levels: int = 2) -> str:
    """A proof as nested ``<details>``: one per distinct rule node, opened down to
    ``open_levels``; each with its statement, rule id and title, sentence, sources and
    conventions and file:line; facts as list items citing file:line; a sub-proof shown
    earlier as a link to it.
    """
    lang = render._lang(lang)
    words = render.WORDS[lang]
    if proof is None:
        return f"<div class='liuyao liuyao-proof'>{STYLE}<p>{escape(words['no_proof'])}</p></div>"
    ids = render.number(proof)
    prefix = "lp-" + hashlib.sha1(proof.statement.encode()).hexdigest()[:8]
    shown = set()
    out = []

    def node(p, level):
        n = ids[p]
        if p.kind == "rule" and p in shown:
            out.append(f"<li class='ref'><a href='#{prefix}-{n}'>… {_e(p.statement)}</a> "
                       f"({escape(words['see'])} #{n})</li>")
            return
        if p.kind == "fact":
            out.append(f"<li class='fact'>[{escape(render.KIND[lang]['fact'])}] "
                       f"<span class='statement'>{_e(p.statement)}</span> "
                       f"<span class='where'>{_e(p.where)}</span>{_user(p.origin, lang)}</li>")
            return
        if p.kind == "check":
            out.append(f"<li class='check'>[{escape(render.KIND[lang]['check'])}] {_e(p.statement)} ✓</li>")
            return
        if p.kind == "not":
            out.append(f"<li class='not'>[{escape(render.KIND[lang]['not'])}] {_e(p.statement)} "
                       f"<span class='where'>{escape(words['not_derivable'])}</span>")
            if p.why is not None:
                out.append(why_not_html(p.why, lang, wrap=False))
            out.append("</li>")
            return
        shown.add(p)
        title = escape(f"{p.rule.id} {p.rule.title}".strip())
        is_open = " open" if level < open_levels else ""
        if level:
            out.append("<li class='rule'>")
        out.append(f"<details{is_open} id='{prefix}-{n}'><summary>[{escape(render.KIND[lang]['rule'])}] "
                   f"<b class='statement'>{_e(p.statement)}</b> ⇐ <span class='rule'>{title}</span> "
                   f"<span class='where'>{_e(p.where)}</span>{_user(p.origin, lang)} #{n}</summary>")
        said = render.sentence(p, lang)
        if said and said != p.rule.title:
            out.append(f"<p class='sentence'>“{escape(said)}”</p>")
        cited = [(words["source"], s) for s in p.rule.sources] + \
                [(words["convention"], c) for c in p.rule.conventions]
        if cited:
            out.append("<ul class='sources'>" + "".join(
                f"<li>{escape(k)}: {escape(v)}</li>" for k, v in cited) + "</ul>")
        if p.children:
            out.append("<ul class='premises'>")
            for child in p.children:
                node(child, level + 1)
            out.append("</ul>")
        out.append("</details>")
        if level:
            out.append("</li>")

    if proof.kind == "rule":
        node(proof, 0)
    else:
        out.append("<ul>")
        node(proof, 1)
        out.append("</ul>")
    used = render.conventions_used(proof)
    if used:
        out.append(f"<p class='conventions'>{escape(words['convention'])}: "
                   + escape(", ".join(f"{k}={v}" for k, v in used)) + "</p>")
    return f"<div class='liuyao liuyao-proof'>{STYLE}" + "".join(out) + "</div>"


# ---- why not -------------------------------------------------------------------------------

def why_not_html(why: WhyNot, lang: str = "en", wrap: bool = True) -> str:
    """Why a goal has no answer: per rule, the first literal that fails, nested for derived ones.

    >>> from queries import KnowledgeBase
    >>> from html import unescape
    >>> page = unescape(why_not_html(KnowledgeBase().why_not("clash('子', '丑')")))
    >>> "clash.1" in page and "branch_order('丑', 6)" in page
    True
    """
    lang = render._lang(lang)
    words = render.WORDS[lang]
    if why is None:
        return f"<div class='liuyao liuyao-why-not'>{STYLE}<p>—</p></div>" if wrap else ""
    out = []

    def walk(node):
        if node.seen:
            out.append(f"<p>✗ {_e(node.goal)} <span class='where'>({escape(words['above'])})</span></p>")
            return
        out.append(f"<details open><summary>✗ <b>{_e(node.goal)}</b></summary><ul>")
        if node.table and not node.failures:
            where = node.table if node.table != "no rows" else ""
            out.append(f"<li>{escape(words['no_rows'] if where else words['no_rule'])} "
                       f"<span class='where'>{_e(where)}</span></li>")
        for f in node.failures:
            title = escape(f"{f.rule.id} {f.rule.title}".strip())
            tried = "; ".join(f"{k} ∈ {{{', '.join(show(v) for v in vals)}}}" for k, vals in f.tried)
            ways = f" — {f.ways} {escape(words['ways'])}" if f.ways else ""
            out.append(f"<li class='failure'><span class='rule'>{title}</span> "
                       f"<span class='where'>{_e(f.where)}</span>: <code>{_e(f.literal)}</code> "
                       f"<span class='fails'>{escape(words['fails'])}</span>{ways}"
                       + (f" <span class='tried'>[{escape(words['tried'])} {escape(tried)}]</span>" if tried else ""))
            if f.holds is not None:
                out.append(f"<div>{escape(words['holds'])}{proof_html(f.holds, lang, open_levels=0)}</div>")
            if f.sub is not None:
                walk(f.sub)
            out.append("</li>")
        out.append("</ul></details>")

    walk(why)
    body = "".join(out)
    return f"<div class='liuyao liuyao-why-not'>{STYLE}{body}</div>" if wrap else body


# ---- answers -------------------------------------------------------------------------------

def answers_html(answers) -> str:
    """A table of answers (``queries.session.Answers``): a column a variable, a row an answer."""
    n = len(answers.rows)
    if not answers.names:
        return (f"<div class='liuyao liuyao-answers'>{STYLE}<p><code>{_e(answers.goal)}</code>: "
                f"<b>{'yes' if answers.rows else 'no'}</b></p></div>")
    head = "".join(f"<th>{_e(name)}</th>" for name in answers.names)
    rows = "".join("<tr>" + "".join(f"<td>{_e(v)}</td>" for v in row) + "</tr>" for row in answers.rows)
    return (f"<div class='liuyao liuyao-answers'>{STYLE}<table><caption><code>{_e(answers.goal)}</code> — "
            f"{n} answer{'s' if n != 1 else ''}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table></div>")


# ---- charts --------------------------------------------------------------------------------

_HEAD = {
    "en": ("line", "spirit", "relative", "najia", "", "", "世應", "changed", "hidden", "month", "day", "states"),
    "ko": ("효", "육신", "육친", "납갑", "", "", "세응", "변효", "복신", "월", "일", "상태"),
    "zh": ("爻", "六神", "六親", "納甲", "", "", "世應", "變爻", "伏神", "月", "日", "狀態"),
}


def chart_html(data: dict, lang: str = "en") -> str:
    """A chart from ``Chart.to_data()`` (so it works across the sandbox): the header, then a
    row a line from the top down, with month and day relations and the states, each state
    titled with the rule that decides it.

    >>> from queries.chart import cast
    >>> page = chart_html(cast("787889", month="戌", day="乙巳").to_data())
    >>> page.count("<tr>"), "山火賁" in page, "title='day_break.1'" in page
    (7, True, True)
    """
    from .chart import LABELS
    lang = render._lang(lang)
    w = LABELS[lang]

    def title(h):
        marks = [m for m, on in (("六沖", h["six_clash"]), ("六合", h["six_harmony"])) if on]
        return f"{h['name']} ({h['number']})" + (f" [{' '.join(marks)}]" if marks else "")

    h, cal = data["hexagram"], data["calendar"]
    head = escape(title(h) + (f"  →  {title(data['changed'])}" if data.get("changed") else ""))
    pillars = [(w[k], cal[k]) for k in ("year", "month", "day", "hour") if cal.get(k)]
    if "month" not in cal:
        pillars.insert(0, (w["month"], cal["month_branch"]))
    info = (f"{escape(h['palace'])} {escape(w['palace'])} {escape(h['palace_element'])} · {escape(h['kind'])} · "
            f"{escape(w['nuclear'])} {escape(data.get('nuclear') or '')}<br>"
            + " · ".join(f"{escape(k)} {escape(v)}" for k, v in pillars)
            + f" · {escape(w['void'])} {escape(''.join(cal.get('void', [])))}")
    conventions = ", ".join(f"{k}={v}" for k, v in data.get("conventions", {}).items())

    def node_cells(node):
        month = node.get("month") or {}
        day = node.get("day") or {}
        m = " ".join(x for x in [month.get("strength")] + list(month.get("relations", [])) + [month.get("stage")] if x)
        d = " ".join(x for x in list(day.get("relations", [])) + [day.get("stage")] if x)
        states = " ".join(f"<span title='{escape(s.get('rule') or '')}'>{escape(s['label'])}</span>"
                          for s in node.get("states", []))
        return f"<td>{escape(m)}</td><td>{escape(d)}</td><td>{states}</td>"

    rows = []
    for line in reversed(data["lines"]):
        yang = line["yin_yang"] == "陽"
        motion = ("○" if yang else "×") if line["moving"] else ""
        mark = "世" if line["world"] else "應" if line["response"] else ""
        ch, hid = line.get("changed"), line.get("hidden")
        changed = f"{ch['relative']} {ch['stem']}{ch['branch']}{ch['element']}" if ch else ""
        hidden = f"{hid['relative']} {hid['stem']}{hid['branch']}{hid['element']}" if hid else ""
        rows.append("<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in (
            line["position"], line["spirit"], line["relative"], f"{line['stem']}{line['branch']}{line['element']}",
            "━━━━━" if yang else "━━ ━━", motion, mark, changed, hidden)) + node_cells(line) + "</tr>")
    extra = [p["label"] + ("" if p["where"] == "卦" else f" ({p['where']})")
             for p in data.get("patterns", []) if "kind" not in p]
    extra += [f"{f['element']}局 {k['kind']} " + ("成" if k["formed"] else "不成 " + " ".join(k["fails"]))
              for f in data.get("frames", []) for k in f["kinds"]]
    heads = "".join(f"<th>{escape(x)}</th>" for x in _HEAD[lang])
    return (f"<div class='liuyao liuyao-chart'>{STYLE}<p><b>{head}</b><br>{info}<br>"
            f"<span class='where'>{escape(w['conventions'])}: {escape(conventions)}</span></p>"
            f"<table><thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            + (f"<p>{escape('  '.join(extra))}</p>" if extra else "") + "</div>")
