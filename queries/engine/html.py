"""HTML for notebooks: a proof as a collapsible tree, a why-not, a table of answers.

Each function returns one self-contained ``<div>`` (a little CSS included once per div), and
only escapes text: nothing here runs script.

>>> from queries.engine.proof import Proof
>>> from queries.engine.terms import RuleInfo
>>> fact = Proof("fact", "edge", ("a", "b"), where="edge.tsv:2")
>>> page = proof_html(Proof("rule", "path", ("a", "b"), where="path.dl:1", rule=RuleInfo("path.1"),
...                         children=(fact,), height=1))
>>> page.count("<details"), "edge.tsv:2" in page
(1, True)
"""
from __future__ import annotations

import hashlib
from html import escape

from . import render
from .terms import show

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

def proof_html(proof, lang: str = "en", open_levels: int = 2, level: str = "full", phrases: dict | None = None) -> str:
    """A proof as nested ``<details>``: one per distinct rule node, opened down to
    ``open_levels``; each with its statement, rule id and title, sentence, sources and
    conventions and file:line; facts as list items citing file:line; a sub-proof shown
    earlier as a link to it. At ``level="student"`` what a student takes as given folds into a
    line of chart facts under each step and a step shows its sentence, no atom, as in
    ``render.text``; the cast, values and conventions are named as there (``render.Words``).

    >>> from queries.engine.proof import Proof
    >>> from queries.engine.terms import RuleInfo
    >>> fact = Proof("fact", "edge", ("a", "b"), where="edge.tsv:2")
    >>> rule = Proof("rule", "path", ("a", "b"), where="path.dl:1", rule=RuleInfo("path.1"), children=(fact,), height=1)
    >>> "edge.tsv:2" in proof_html(rule, level="student")
    False
    """
    lang = render._lang(lang)
    student = render._check_level(level) == "student"
    words = render.WORDS[lang]
    if proof is None:
        return f"<div class='liuyao liuyao-proof'>{STYLE}<p>{escape(words['no_proof'])}</p></div>"
    ids = render.number(proof)
    names = render.Words(ids, lang, phrases)
    said_of = lambda p: f"“{render.sentence(p, lang)}”" if student and p.kind == "rule" else names.statement(p)
    prefix = "lp-" + hashlib.sha1(proof.statement.encode()).hexdigest()[:8]
    shown = set()
    out = []

    def node(p, level):
        n = ids[p]
        if p.kind == "rule" and p in shown:
            out.append(f"<li class='ref'><a href='#{prefix}-{n}'>… {_e(said_of(p))}</a> "
                       f"({escape(words['see'])} #{n})</li>")
            return
        if p.kind == "fact":
            out.append(f"<li class='fact'>[{escape(render.KIND[lang]['fact'])}] "
                       f"<span class='statement'>{_e(names.statement(p))}</span> "
                       f"<span class='where'>{_e(words['asserted'] if p.origin == 'asserted' else p.where)}</span>"
                       f"{_user(p.origin, lang)}</li>")
            return
        if p.kind == "check":
            out.append(f"<li class='check'>[{escape(render.KIND[lang]['check'])}] {_e(names.statement(p))} ✓</li>")
            return
        if p.kind == "not" and student:
            out.append(f"<li class='not'>{_e(render.student_head(p, lang, n, names)[0])}</li>")
            return
        if p.kind == "not":
            out.append(f"<li class='not'>[{escape(render.KIND[lang]['not'])}] {_e(names.statement(p))} "
                       f"<span class='where'>{escape(words['not_derivable'])}</span>")
            if p.why is not None:
                out.append(why_not_html(p.why, lang, wrap=False, phrases=phrases))
            out.append("</li>")
            return
        shown.add(p)
        title = escape(f"{p.rule.id} {p.rule.title}".strip())
        is_open = " open" if level < open_levels else ""
        if level:
            out.append("<li class='rule'>")
        out.append(f"<details{is_open} id='{prefix}-{n}'><summary>[{escape(render.KIND[lang]['rule'])}] "
                   f"<b class='statement'>{_e(said_of(p))}</b> ⇐ <span class='rule'>{title}</span> "
                   f"<span class='where'>{_e(p.where)}</span>{_user(p.origin, lang)} #{n}</summary>")
        said = render.sentence(p, lang)
        if said and said != p.rule.title and not student:
            out.append(f"<p class='sentence'>“{escape(said)}”</p>")
        cited = [(words["source"], render.book(names.source(s), names)) for s in p.rule.sources[:1]] if student else \
            [(words["source"], render.cited(names.source(s), names)) for s in p.rule.sources]
        cited += [] if student else [(words["convention"], names.name(c)) for c in p.rule.conventions]
        if cited:
            out.append("<ul class='sources'>" + "".join(
                f"<li>{escape(k)}: {escape(v)}</li>" for k, v in cited) + "</ul>")
        children = [c for c in p.children if not (student and render.given(c))]
        facts = render.chart_facts(p, lang, ids, phrases) if student else []
        if facts:
            out.append(f"<p class='given'>{escape(words['chart_facts'])}: {escape(' · '.join(facts))}</p>")
        if children:
            out.append("<ul class='premises'>")
            for child in children:
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
    if used and not student:
        out.append(f"<p class='conventions'>{escape(words['convention'])}: " + escape(names.conventions(used)) + "</p>")
    return f"<div class='liuyao liuyao-proof'>{STYLE}" + "".join(out) + "</div>"


# ---- why not -------------------------------------------------------------------------------

def why_not_html(why, lang: str = "en", wrap: bool = True, phrases: dict | None = None, level: str = "full") -> str:
    """Why a goal has no answer: per rule, the first literal that fails, nested for derived ones;
    a convention's values and the conventions of a proof that holds named by ``phrases`` (as for
    ``proof_html``). At student level each is said in words (``render.said_literal``), a nested
    goal by its rules' titles, and the proofs that hold against a negation are left out.

    >>> from queries.engine.proof import Failure, WhyNot
    >>> from queries.engine.terms import RuleInfo
    >>> why = WhyNot("p('a')", failures=(Failure(RuleInfo("p.1", "<p>"), "x.dl:3", "q('a')", 0, 0),))
    >>> page = why_not_html(why)
    >>> "p.1 &lt;p&gt;</span> <span class='where'>x.dl:3</span>: <span class='lacks'>q(&#x27;a&#x27;) fails" in page
    True
    """
    lang = render._lang(lang)
    words, names = render.WORDS[lang], render.Words((), lang, phrases) if phrases else None
    if why is None:
        return f"<div class='liuyao liuyao-why-not'>{STYLE}<p>—</p></div>" if wrap else ""
    out = []

    student = level == "student"

    def goal(node, nested):
        if student and nested and node.failures:
            said = words["say.goal"].format("·".join(dict.fromkeys(f.rule.title or f.rule.id for f in node.failures)))
            return f"<span class='said'>{escape(render.korean(said, lang))}</span>"
        return _e(node.goal)

    def walk(node, nested=False):
        if node.seen:
            out.append(f"<p>✗ {goal(node, nested)} <span class='where'>({escape(words['above'])})</span></p>")
            return
        out.append(f"<details open><summary>✗ <b>{goal(node, nested)}</b></summary><ul>")
        if node.table and not node.failures:
            where = node.table if node.table != "no rows" else ""
            out.append(f"<li>{escape(words['no_rows'] if where else words['no_rule'])} "
                       f"<span class='where'>{_e(where)}</span></li>")
        for f in node.failures:
            title, where, lacks = render.failure_parts(f, lang, names)
            if student and f.literal:
                lacks = render.said_literal(f, lang, names)
            kind = "said" if student and f.literal and "(" not in lacks.split(" ")[0] else "lacks"
            out.append(f"<li class='failure'><span class='rule'>{escape(title)}</span> "
                       f"<span class='where'>{_e(where)}</span>: <span class='{kind}'>{escape(lacks)}</span>")
            if f.holds is not None and not student:
                out.append(f"<div>{escape(words['holds'])}{proof_html(f.holds, lang, open_levels=0, phrases=phrases)}</div>")
            if f.sub is not None:
                walk(f.sub, True)
            out.append("</li>")
        out.append("</ul></details>")

    walk(why)
    body = "".join(out)
    return f"<div class='liuyao liuyao-why-not'>{STYLE}{body}</div>" if wrap else body


# ---- answers -------------------------------------------------------------------------------

def answers_html(answers, said: dict | None = None) -> str:
    """A table of answers (anything with ``goal``, ``names`` and ``rows``): a column a variable,
    a row an answer; ``said`` gives the words in the reader's language (``yes``, ``no`` and
    ``count``, the number of answers said), English without it."""
    n = len(answers.rows)
    said = said or {"yes": "yes", "no": "no", "count": f"{n} answer{'s' if n != 1 else ''}"}
    if not answers.names:
        return (f"<div class='liuyao liuyao-answers'>{STYLE}<p><code>{_e(answers.goal)}</code>: "
                f"<b>{_e(said['yes'] if answers.rows else said['no'])}</b></p></div>")
    head = "".join(f"<th>{_e(name)}</th>" for name in answers.names)
    rows = "".join("<tr>" + "".join(f"<td>{_e(v)}</td>" for v in row) + "</tr>" for row in answers.rows)
    return (f"<div class='liuyao liuyao-answers'>{STYLE}<table><caption><code>{_e(answers.goal)}</code> — "
            f"{_e(said['count'])}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table></div>")
