"""The page: the cast form, the chart with every mark a link to its proof, the question with its
verdict, readings and timing, the person's sections, and the boxes (ask, why and why-not, the
words of the books, rules, a session's own rules). It is a plain GET (a chart is a link) or a
form post that works without JavaScript; what a box or a mark answers is a fragment
(``queries.web.fragments``) swapped in with htmx, or this page with it under the chart."""
from __future__ import annotations

import functools
import json
import re
import secrets
from html import escape
from pathlib import Path
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from ..engine import LANGS
from ..errors import UserError
from ..labels import label
from ..messages import text
from ..views.html import words_html
from ..views.layout import book, chart_layout, judgment_layout
from ..views.svg import chart_svg
from . import marks, service, terms
from .api import COOKIE, worker
from .pool import Busy
from .refusals import error_body, error_status
from .cast_form import FIELDS, FLAGS as CAST_FLAGS, arguments, settled
from .words import WORDS, page_lang

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).resolve().parent / "templates")
_FLAGS = CAST_FLAGS + ("describe",)
PERSON = ("describe", "age", "born")       # the person's sections of the question form
CSRF = "liuyao_csrf"                      # the cookie of the writing forms' token
STATES = ("月破", "日破", "旬空", "暗動", "沖散", "月墓", "日墓", "動墓", "真空", "假空", "回頭克", "回頭生")


def labels(request, box) -> dict:
    """The names the views give the knowledge's terms, as the request's worker knows them
    (asked once: ``Pool.labels``; the page process loads no knowledge)."""
    return request.app.state.pool.labels(box)


def csrf_token(request) -> str:
    """The token a page's writing forms carry: the value of its cookie, made when the browser
    has none yet (a form posted without it, or from another site, is refused)."""
    return request.cookies.get(CSRF) or secrets.token_urlsafe(16)


@functools.cache
def _hexagram_rows() -> list:
    from ..engine.tables import read_table
    from ..knowledge import shipped_dir
    rows = read_table(shipped_dir() / "facts" / "hexagram_name.tsv").rows
    return sorted((row.values for row in rows), key=lambda v: v[2])


def hexagram_names(lang) -> list:
    """(name in the language, 卦名 and number) of the 64 hexagrams in King Wen order, for the form."""
    column = {"zh": 0, "ko": 3, "en": 4}[lang]
    return [(v[column], f"{v[0]} {v[2]}") for v in _hexagram_rows()]


PREDICATE_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")
_NAMES = FIELDS + service.QUESTION + PERSON + ("goal", "lang", "field", "kind", "pos", "value", "rule", "term", "grep", "line")


def request_fields(request: Request, form=None) -> dict:
    """The cast and question fields of a request (its query, or its posted form): every field,
    empty when not given."""
    source = form if form is not None else request.query_params
    out = {}
    for name in _NAMES:
        if name == "set":
            out[name] = [v for v in source.getlist("set") if v]
        elif name in _FLAGS:
            out[name] = source.get(name) not in (None, "", "0", "false", "off")
        else:
            out[name] = (source.get(name) or "").strip()
    return out


_BLANK = {name: [] if name == "set" else False if name in _FLAGS else "" for name in _NAMES}


def cast_fields(fields) -> dict:
    return {k: fields[k] for k in FIELDS if fields.get(k) not in (None, "", False, [])}


def query_string(fields, keys=FIELDS + service.QUESTION + PERSON + ("lang",)) -> str:
    pairs = []
    for k in keys:
        v = fields.get(k)
        if k == "set":
            pairs += [("set", x) for x in v or ()]
        elif v is True:
            pairs.append((k, "1"))
        elif v:
            pairs.append((k, v))
    return urlencode(pairs)


def _htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def session_of(request):
    session = request.cookies.get(COOKIE)
    return session if request.app.state.pool.has_session(session) else None


def conventions(box, lang, vocab) -> list:
    """The conventions for the form and /conventions: each with its label, default and values,
    a value with its label and what it does (``vocabulary``'s convention_help)."""
    helps = vocab.get("convention_help", {})
    return [{"name": name, "label": label(name, lang, vocab), "default": c["default"],
             "values": [(v, label(v, lang, vocab, convention=name)) for v in c["values"]],
             "help": {v: helps.get(name, {}).get(v, {}).get(lang, "") for v in c["values"]}}
            for name, c in box.conventions().items()]


def _choices(box, lang, vocab):
    """The form's conventions, and its topics in the order of their names in the language."""
    topics = [(t, {"ko": v["korean"], "zh": v["chinese"], "en": v["english"]}[lang]) for t, v in box.topics().items()]
    return conventions(box, lang, vocab), sorted(topics, key=lambda t: (t[1], t[0]))


def persons(lang, vocab) -> list:
    """(person, name in the language) for the form's ``about``, in the order of the names."""
    return sorted(((p, names[lang]) for p, names in vocab["persons"].items()), key=lambda p: (p[1], p[0]))


def _chart_view(data, lang, vocab):
    layout = chart_layout(data, lang, vocab)
    rows = []
    for row, line in zip(layout.rows, reversed(data["lines"])):
        rows.append({"row": row, "line": line, "marks": marks.line_marks(line)})
    return {"layout": layout, "rows": rows, "data": data, "svg": chart_svg(data, lang, vocab),
            "words": words_html(data["texts"], lang)}


def _readings(judgment, lang, term_query, names):
    """(weight, heading, readings) of a judgment's readings as Judgments V weighs them: those
    that decided the verdict, then the supporting, the outweighed and the descriptive (the page
    folds these); a reading's book lines once each."""
    out = {}
    for r in judgment["readings"]:
        rules = [judgment["rules"][rule] for rule in r.get("rules", [r["rule"]])]
        books = dict.fromkeys(book(rule) for rule in rules)
        cited = [s["source"] for rule in rules for s in rule["sources"][:1] if ":" in s["source"]]
        said = terms.linked(escape(r["conclusion"]), term_query, WORDS[lang], names)
        out.setdefault(r.get("weight", "descriptive"), []).append(
            {"said": said, "book": ", ".join(b for b in books if b), "why": r["why"],
             "line": cited[0] if cited else ""})
    return [(k, WORDS[lang][k], out[k]) for k in ("deciding", "supporting", "outweighed", "descriptive") if k in out]


def render_page(request, fields, *, status=200, error=None, section=None):
    """The whole page: the form with the fields given, the chart and question they cast (if
    any), ``section`` (a proof, a why-not, answers) under the chart, and ``error`` at its field."""
    fields = {**_BLANK, **fields}
    lang = page_lang(fields.get("lang") or None)
    pool = request.app.state.pool
    session = session_of(request)
    token = csrf_token(request)
    context = {"csrf": token, "lang": lang, "langs": LANGS, "w": WORDS[lang], "f": fields, "error": error, "section": section,
               "query": query_string(fields), "cast_query": query_string(fields, FIELDS), "chart": None, "judgment": None,
               "notes": [], "rules": pool.rules(session), "changes": [],
               "hexagrams": hexagram_names(lang), "persons": [], "terms": terms.terms(), "states": STATES,
               "description": None, "periods": None, "journal": request.app.state.journal is not None}
    context["lang_query"] = {x: query_string({**fields, "lang": x}) for x in LANGS}
    context["conventions"], context["topics"] = [], []
    context["redefines"] = [text("web.redefines", lang, predicate=name) for name in
                            sorted(set(request.query_params.getlist("redefines"))) if PREDICATE_NAME.fullmatch(name)]
    try:
        with worker(request) as box:
            status = _fill(box, context, fields, lang, error, status, labels(request, box))
    except Busy as e:
        context["error"], status = error_body(e, lang), 503
    except UserError as e:                      # the worker itself failed (stopped, or closed)
        context["error"], status = error_body(e, lang), error_status(e)
    response = templates.TemplateResponse(request, "page.html", context, status_code=status)
    if request.cookies.get(CSRF) != token:
        response.set_cookie(CSRF, token, httponly=True, samesite="strict")
    return response


def _fill(box, context, fields, lang, error, status, vocab) -> int:
    """The form's choices, the chart and the judgment of the fields, from one worker; the status."""
    context["conventions"], context["topics"] = _choices(box, lang, vocab)
    context["persons"] = persons(lang, vocab)
    cast = cast_fields(fields)
    if cast and error is None:
        try:
            made = settled(cast)
            if made != cast:                                        # the link casts the same again
                cast = made
                fields.update(cast)
                context["query"], context["cast_query"] = query_string(fields), query_string(fields, FIELDS)
                context["lang_query"] = {x: query_string({**fields, "lang": x}) for x in LANGS}
            question = service.question_of(_question_fields(fields))
            context["notes"] = service.cast_on(box, cast, lang=lang)
            context["chart"] = _chart_view(box.chart_data(stars=True), lang, vocab)
            if question:
                box.pose(**question)
                data = service.said(box, json.loads(box.judgment_json(proof=False, lang=lang)))
                layout = judgment_layout(data, lang, vocab, every=True)
                term_query, names = query_string(fields), terms.names_in(vocab, lang)
                context["judgment"] = {"layout": layout, "readings": _readings(data, lang, term_query, names),
                                       "account": [terms.linked(escape(s), term_query, WORDS[lang], names)
                                                   for s in layout.account or ()]}
            if cast.get("set"):
                context["changes"] = _changes(box, cast, question, context, lang, vocab)
            _person(box, cast, fields, context, lang)
        except UserError as e:
            context["error"], status = error_body(e, lang, fields), error_status(e)
    return status


def _question_fields(fields) -> dict:
    """The question's fields; describing the person 形性 takes ``about`` without a topic."""
    if fields.get("describe") and not fields.get("topic"):
        return {**fields, "about": ""}
    return fields


def _person(box, cast, fields, context, lang) -> None:
    """The person's description 形性 and the life periods 大限/小限, as ``liuyao describe`` and
    ``liuyao periods`` print them in the page's language (each casts again: the last question
    stays on the worker's cast)."""
    age, born = service.life_years(fields.get("age"), fields.get("born"))
    if fields.get("describe"):
        service.description_data(box, cast, fields.get("about") or "self")
        context["description"] = box.description_text(lang).splitlines()
    if age is not None or born is not None:
        service.periods_data(box, cast, age=age, born=born)
        context["periods"] = box.periods_text(lang).splitlines()


def _marks_of(data) -> set:
    """(line, kind, mark) of every state and relation a chart's data shows."""
    out = set()
    for line in data["lines"]:
        found = marks.line_marks(line)
        for part in ("states", "changed", "hidden"):
            out |= {(m.pos, m.kind, label) for label, m in found[part]}
    return out


def _changes(box, cast, question, context, lang, vocab) -> list:
    """What the conventions chosen change against the defaults: the marks a line gains or loses
    and the verdict, as lines of text."""
    w = WORDS[lang]
    chosen = _marks_of(context["chart"]["data"])
    service.cast_on(box, {k: v for k, v in cast.items() if k not in ("set", "longitude")}, question)
    plain = _marks_of(box.chart_data(stars=False))
    out = []
    for pos in range(6, 0, -1):
        gained = sorted(m for p, k, m in chosen - plain if p == pos)
        lost = sorted(m for p, k, m in plain - chosen if p == pos)
        if gained or lost:
            said = [f"{w['gained']} {' '.join(gained)}"] * bool(gained) + [f"{w['lost']} {' '.join(lost)}"] * bool(lost)
            out.append(f"{label(pos, lang, vocab)}: {'; '.join(said)}")
    if question and context.get("judgment"):
        then = judgment_layout(json.loads(box.judgment_json(proof=False, lang=lang)), lang, vocab).fields[1][0]
        now = context["judgment"]["layout"].fields[1][0]
        if then != now:
            out.append(f"{now[0]}: {then[1]} → {now[1]}")
    return out or [w["no_changes"]]


def error_page(request, exc, status):
    """The page again, with the form as given and the one-line error at its field."""
    try:
        fields = request_fields(request)
    except Exception:
        fields = {}
    body = error_body(exc, page_lang(fields.get("lang") or None), fields)
    if _htmx(request):
        return HTMLResponse(f"<p class='error' role='alert'>{escape(body['error'])}</p>", status_code=status)
    return render_page(request, fields, status=status, error=body)


def answer_section(request, fields, html):
    if _htmx(request):
        return HTMLResponse(html)
    return render_page(request, fields, section=html)


@router.get("/", response_class=HTMLResponse)
def index(request: Request):
    return render_page(request, request_fields(request))


@router.get("/chart", response_class=HTMLResponse)
def chart(request: Request):
    return render_page(request, request_fields(request))


def listing_page(request, lang, kind, heading, body, intro=""):
    """A page of its own under the page's header: the conventions, the glossary's terms."""
    context = {"lang": lang, "w": WORDS[lang], "kind": kind, "heading": heading, "body": body, "intro": intro}
    return templates.TemplateResponse(request, "list.html", context)


@router.get("/glossary", response_class=HTMLResponse)
def glossary_page(request: Request):
    """Every term of the glossary, by its name in the page's language, each a link to its entry."""
    from ..engine.tables import read_table
    from ..knowledge import shipped_dir
    lang = page_lang(request.query_params.get("lang"))
    w = WORDS[lang]
    with worker(request) as box:
        vocab = labels(request, box)
    column = {"ko": 1, "zh": 2, "en": 3}[lang]
    rows = [row.values for row in read_table(shipped_dir() / "facts" / "glossary.tsv").rows]
    names = {**{n.get("zh"): n for n in vocab["terms"].values()}, **vocab["terms"]}
    entries = sorted(((names.get(v[0], {}).get(lang) or v[0], v[0], v[column].split("。")[0].split(". ")[0]) for v in rows),
                     key=lambda e: (e[0], e[1]))
    items = "".join(f"<li id='term-{escape(term)}'><a href='/term?{escape(urlencode({'lang': lang, 'term': term}))}'>"
                    f"<b>{escape(term)}</b>{'' if name == term else ' ' + escape(name)}</a> — {escape(first)}</li>"
                    for name, term, first in entries)
    return listing_page(request, lang, "glossary", w["glossary_title"], f"<ol class='glossary-all'>{items}</ol>",
                        w["glossary_intro"])


@router.get("/tutorial", response_class=HTMLResponse)
def tutorial_page(request: Request):
    """The tutorial as the docs write it (docs/tutorial.ko.md in Korean, else docs/tutorial.md)."""
    from ..knowledge import shipped_dir
    lang = page_lang(request.query_params.get("lang"))
    w = WORDS[lang]
    name = {"ko": "tutorial.ko.md"}.get(lang, "tutorial.md")
    text = (shipped_dir() / "docs" / name).read_text(encoding="utf-8")
    return listing_page(request, lang, "tutorial", w["tutorial_title"], f"<pre class='tutorial'>{escape(text)}</pre>",
                        w["tutorial_intro"])


@router.get("/conventions", response_class=HTMLResponse)
def conventions_page(request: Request):
    """Every convention with its values, the default marked, each value's one sentence."""
    lang = page_lang(request.query_params.get("lang"))
    w = WORDS[lang]
    with worker(request) as box:
        found = conventions(box, lang, labels(request, box))
    items = []
    for c in found:
        values = "".join(f"<li id='value-{escape(c['name'])}-{escape(v)}'><b>{escape(shown)}</b> <code>{escape(v)}</code>"
                         + (f" ({escape(w['default'])})" if v == c["default"] else "")
                         + (f" — {escape(c['help'][v])}" if c["help"][v] else "") + "</li>"
                         for v, shown in sorted(c["values"], key=lambda pair: pair[0] != c["default"]))
        items.append(f"<li id='convention-{escape(c['name'])}'><h3>{escape(c['label'])} <code>{escape(c['name'])}</code>"
                     f"</h3><ul>{values}</ul></li>")
    return listing_page(request, lang, "conventions", w["conventions_title"], f"<ol class='conventions-all'>{''.join(items)}</ol>",
                        w["conventions_intro"])
