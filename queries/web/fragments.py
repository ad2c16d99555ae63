"""The fragments of the page: a mark's account and proof, why and why-not of a mark, a goal or
a rule id, a glossary entry, a reading's proof, the rules of a predicate or of words, and a
Datalog question's answers. With htmx (``HX-Request``) each is a fragment swapped into the page;
without, the whole page with it under the chart. Proofs and why-nots say what the CLI says of a
fresh cast (``service.said``), a glossary term in their sentences a link to its box.
"""
from __future__ import annotations

import re
from html import escape
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ..engine import render
from ..engine.html import answers_html, proof_html, why_not_html
from ..labels import label
from ..messages import error
from ..results import listed
from . import marks, service, terms
from .api import worker
from .pages import answer_section, cast_fields, labels, query_string, request_fields
from .words import WORDS, page_lang

router = APIRouter(include_in_schema=False)
PREDICATE = re.compile(r"[a-z][a-z0-9_]*")


def _close(w):
    return f"<p class='close'><a href='#' onclick=\"this.closest('section').remove();return false\">{w['close']}</a></p>"


def _proof_section(box, proof, fields, lang, title, vocab, code=False) -> str:
    """A proof at student level under its account, its sentences' terms linked to the glossary
    (by their hanzi, or in Korean by their names: ``terms.names_in``)."""
    w, words, names = WORDS[lang], box.connectives(), terms.names_in(vocab, lang)
    query = query_string(fields)
    account = "".join(f"<li>{terms.linked(escape(s), query, w, names)}</li>"
                      for s in render.account(proof, lang, words))
    tree = terms.linked_html(proof_html(proof, lang, open_levels=1, level="student", phrases=words), query, w, names)
    return service.said(box, f"<section class='proof' aria-label='{escape(w['proof'])}'>{_title(title, code)}"
                             f"<ul class='account'>{account}</ul><h4>{escape(w['proof'])}</h4>{tree}{_close(w)}</section>")


def _as_code(html, lang) -> str:
    """A why-not's HTML with its goals and failing literals (atoms, as the CLI prints them) set
    as code, apart from the sentences around them."""
    fails = re.escape(escape(render.WORDS[lang]["fails"]))
    html = re.sub(r"<summary>✗ <b>([^<]*)</b>", r"<summary>✗ <b><code>\1</code></b>", html)
    html = re.sub(r"<p>✗ ([^<]*) <span class='where'>", r"<p>✗ <code>\1</code> <span class='where'>", html)
    return re.sub(rf"<span class='lacks'>([^<]*?) ({fails})", r"<span class='lacks'><code>\1</code> \2", html)


def _title(title, code=False) -> str:
    return f"<h3><code>{escape(title)}</code></h3>" if code else f"<h3>{escape(title)}</h3>"


def _why_not_section(box, why, fields, lang, title, code=False) -> str:
    w = WORDS[lang]
    body = (_as_code(why_not_html(why, lang, phrases=box.connectives(), level="student"), lang) if why is not None
            else f"<p>{escape(w['rule_holds'])}</p>")
    return service.said(box, f"<section class='whynot'>{_title(title, code)}{body}{_close(w)}</section>")


def _rule_section(box, rule_id, fields, lang, vocab) -> str:
    """A rule put to the cast: its proof when it holds, else its first failing condition."""
    check = box.check_rule(rule_id)
    title = f"{check.rule.id} {check.rule.title}"
    if check.proof is not None:
        return _proof_section(box, check.proof, fields, lang, title, vocab)
    return _why_not_section(box, check.failure, fields, lang, title)


@router.get("/mark", response_class=HTMLResponse)
def mark(request: Request):
    """A mark's account and proof at student level, the book line quoted; a why-not link."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    found = marks.check(fields)
    with worker(request) as box:
        proof = service.mark_proof(box, cast_fields(fields), found)
        if proof is not None:
            html = _proof_section(box, proof, fields, lang, f"{found.value} — {WORDS[lang]['account']}",
                                  labels(request, box))
    if proof is None:
        return why_not(request)
    return answer_section(request, fields, html)


@router.get("/whynot", response_class=HTMLResponse)
def why_not(request: Request):
    """Why a line does not carry a mark (or that it does); with ``goal``, why a goal has no
    answer, or a rule id's first failing condition."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    with worker(request) as box:
        if fields["goal"]:
            goal = _goal(fields)
            service.cast_on(box, cast_fields(fields), service.question_of(fields))
            if "(" not in goal:
                html = _rule_section(box, goal, fields, lang, labels(request, box))
            else:
                html = _why_not_section(box, box.why_not(goal, depth=4), fields, lang, goal, code=True)
        else:
            found = marks.check(fields)
            why = service.mark_why_not(box, cast_fields(fields), found)
            title = f"{label(found.pos, lang, labels(request, box))} · {found.value} — {w['why_not']}"
            html = _why_not_section(box, why, fields, lang, title)
    return answer_section(request, fields, html)


def _goal(fields) -> str:
    """The goal of a why or why-not box, which needs the cast it is asked of."""
    if not cast_fields(fields):
        raise error("web.api_needs_cast")
    return fields["goal"]


@router.get("/why", response_class=HTMLResponse)
def why(request: Request):
    """A goal's account and proof at student level (a rule id: the rule put to the cast)."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["goal"]:
        raise error("web.need_goal")
    with worker(request) as box:
        goal = _goal(fields)
        service.cast_on(box, cast_fields(fields), service.question_of(fields))
        if "(" not in goal:
            html = _rule_section(box, goal, fields, lang, labels(request, box))
        else:
            proof = box.explain(goal, expand_negations=True)
            html = (_proof_section(box, proof, fields, lang, goal, labels(request, box), code=True) if proof else
                    _why_not_section(box, box.why_not(goal, depth=4), fields, lang, goal, code=True))
    return answer_section(request, fields, html)


@router.get("/term", response_class=HTMLResponse)
def term(request: Request):
    """A glossary entry: the definition, the book lines, the rules and, on the cast, where it holds."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    if not fields["term"]:
        raise error("web.need_term")
    cast = cast_fields(fields)
    with worker(request) as box:
        entry = service.glossary_data(box, cast or None, service.question_of(fields) if cast else None,
                                      fields["term"])
        html = terms.box_html(entry, lang, labels(request, box), w, after=_close(w))
    return answer_section(request, fields, html)


@router.get("/reading", response_class=HTMLResponse)
def reading(request: Request):
    """A reading's proof through its rule (or its first failing condition)."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["rule"] or "(" in fields["rule"]:
        raise error("web.need_reading_rule", rule=fields["rule"])
    with worker(request) as box:
        service.cast_on(box, cast_fields(fields), service.question_of(fields))
        html = _rule_section(box, fields["rule"], fields, lang, labels(request, box))
    return answer_section(request, fields, html)


@router.get("/source", response_class=HTMLResponse)
def source(request: Request):
    """A line of a book in its chapter, Chinese and Korean, and the rules that cite it (``liuyao source``),
    each rule a link to its rules box."""
    from ..views.book import source_html
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["line"]:
        raise error("web.need_line")
    with worker(request) as box:
        found = box.source(fields["line"])
    link = lambda rule: "/rules?" + urlencode({"lang": lang, "grep": rule})
    return answer_section(request, fields, source_html(found, lang, link).replace("</section>", _close(WORDS[lang]) + "</section>"))


def _says(template, lang) -> str:
    """A rule's sentence with its places ({P}: the value a proof puts there) set as code, its
    particles chosen as a listing says them (``results.listed``)."""
    return re.sub(r"\{(\w+)\}", r"<code>{\1}</code>", escape(listed(template, lang)))


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request):
    """A predicate's rules (``liuyao rules PRED``), or those whose id, title or quoted book line
    names the words (``liuyao rules --grep``)."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    if not fields["grep"]:
        raise error("web.need_grep")
    asked = fields["grep"]
    with worker(request) as box:
        found = box.rules(asked) if PREDICATE.fullmatch(asked) else box.rules(grep=asked)
        found = service.said(box, found.to_data(), cast=False)
        said = render.Words((), lang, box.connectives())          # a source's note in the page's language
    items = []
    for r in found["rules"]:
        sources = "".join(f"<li>{escape(w['source_line'])} {escape(said.source(x))}</li>" for x in r["sources"])
        items.append(f"<li><code>{escape(r['id'])}</code> {escape(r['title'])} <span class='where'>{escape(r['where'])}"
                     f"</span><ul class='sources'>{sources}</ul><p class='says'>{_says(r['says'].get(lang, ''), lang)}</p>"
                     f"<code class='clause'>{escape(r['clause'])}</code></li>")
    title = w["rules_found"].format(len(found["rules"]))
    return answer_section(request, fields, f"<section class='rules-found'><h3>{escape(title)}</h3><ol>{''.join(items)}</ol>"
                                     f"{_close(w)}</section>")


@router.get("/ask", response_class=HTMLResponse)
def ask(request: Request):
    """A Datalog question's answers, C bound to the chart's cast."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["goal"]:
        raise error("web.need_question")
    start = _start(request.query_params.get("start"))
    with worker(request) as box:
        cast = cast_fields(fields)
        data = service.ask_data(box, cast or None, service.question_of(fields) if cast else None, fields["goal"],
                                start=start, most=ROWS)
    from ..results import Answers
    answers = Answers(data["goal"], tuple(data["variables"]), tuple(tuple(r) for r in data["answers"]))
    w = WORDS[lang]
    said = w["answers_count"].format(data["total"])
    count = escape(said)
    if data["total"] > len(data["answers"]):
        count += " · " + escape(w["answers_page"].format(start + 1, start + len(data["answers"])))
    if data["next"] is not None:
        more = f"{query_string(fields)}&{urlencode({'goal': fields['goal'], 'start': data['next']})}"
        count += (f" · <a href='/ask?{escape(more)}' hx-get='/ask?{escape(more)}' hx-target='#answers'>"
                  f"{escape(w['answers_next'])}</a>")
    html = answers_html(answers, {"yes": w["yes"], "no": w["no"], "count": said})
    html = re.sub(r"<th>([^<]*)</th>", r"<th><code>\1</code></th>", html)
    return answer_section(request, fields, f"<section class='answers'><h3>{escape(w['answers'])}</h3>{html}"
                                     f"<p class='count'>{count}</p></section>")


ROWS = 200              # rows of answers a page shows (a link asks for the next ones)


def _start(value) -> int:
    """The first row of a page of answers (``start``, 0 when not given)."""
    if value in (None, ""):
        return 0
    if not value.isdigit():
        raise error("session.page", start=value, most=ROWS)
    return int(value)
