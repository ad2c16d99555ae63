"""The page: the cast form, the chart with every mark a link to its proof, the question with its
verdict, readings and timing, the person's sections, and the boxes (ask, why and why-not, the
words of the books, rules, a session's own rules). It is a plain GET (a chart is a link) or a
form post that works without JavaScript; what a box or a mark answers is a fragment
(``queries.web.fragments``) swapped in with htmx, or this page with it under the chart."""
from __future__ import annotations

import functools
import json
import secrets
from html import escape
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from ..engine import LANGS
from ..errors import UserError
from ..labels import label
from ..views.html import words_html
from ..views.layout import chart_layout, judgment_layout
from . import marks, service, terms
from .api import COOKIE, worker
from .app import HERE, error_body, error_status
from .pool import Busy
from .cast_form import FIELDS, FLAGS as CAST_FLAGS, arguments, settled
from .words import WORDS, page_lang

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=HERE / "templates")
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


def request_fields(request: Request, form=None) -> dict:
    """The cast and question fields of a request (its query, or its posted form)."""
    source = form if form is not None else request.query_params
    out = {}
    for name in FIELDS + service.QUESTION + PERSON + ("goal", "lang", "field", "kind", "pos", "value", "rule",
                                                     "term", "grep"):
        if name == "set":
            out[name] = [v for v in source.getlist("set") if v]
        elif name in _FLAGS:
            out[name] = source.get(name) not in (None, "", "0", "false", "off")
        else:
            out[name] = (source.get(name) or "").strip()
    return out


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


def _choices(box, lang, vocab):
    conventions = [{"name": name, "label": label(name, lang, vocab), "default": c["default"],
                    "values": [(v, label(v, lang, vocab, convention=name)) for v in c["values"]]}
                   for name, c in box.conventions().items()]
    topics = [(t, {"ko": v["korean"], "zh": v["chinese"], "en": v["english"]}[lang]) for t, v in box.topics().items()]
    return conventions, topics


def persons(lang, vocab) -> list:
    """(person, name in the language) for the form's ``about``."""
    return sorted((p, names[lang]) for p, names in vocab["persons"].items())


def _chart_view(data, lang, vocab):
    layout = chart_layout(data, lang, vocab)
    rows = []
    for row, line in zip(layout.rows, reversed(data["lines"])):
        rows.append({"row": row, "line": line, "marks": marks.line_marks(line)})
    return {"layout": layout, "rows": rows, "data": data, "words": words_html(data["texts"], lang)}


def _readings(judgment, lang, term_query, names):
    out = {}
    for r in judgment["readings"]:
        book = next((f"{s['source'][:3]}:{s['source'].rpartition(':')[2]} {s['quote']}"
                     for s in judgment["rules"][r["rule"]]["sources"] if ":" in s["source"]), "")
        said = terms.linked(escape(r["conclusion"]), term_query, WORDS[lang], names)
        out.setdefault(r["polarity"], []).append({"said": said, "book": book, "why": r["why"]})
    return [(WORDS[lang][p], out[p]) for p in ("favourable", "unfavourable", "mixed", "descriptive") if p in out]


def render_page(request, fields, *, status=200, error=None, section=None):
    """The whole page: the form with the fields given, the chart and question they cast (if
    any), ``section`` (a proof, a why-not, answers) under the chart, and ``error`` at its field."""
    lang = page_lang(fields.get("lang") or None)
    pool = request.app.state.pool
    session = session_of(request)
    token = csrf_token(request)
    context = {"csrf": token, "lang": lang, "langs": LANGS, "w": WORDS[lang], "f": fields, "error": error, "section": section,
               "query": query_string(fields), "cast_query": query_string(fields, FIELDS), "chart": None, "judgment": None,
               "notes": [], "rules": pool.rules(session), "changes": [],
               "hexagrams": hexagram_names(lang), "persons": [], "terms": terms.terms(), "states": STATES,
               "description": None, "periods": None}
    context["lang_query"] = {x: query_string({**fields, "lang": x}) for x in LANGS}
    context["conventions"], context["topics"] = [], []
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
                box.judge(**question)
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
            context["error"], status = error_body(e, lang), error_status(e)
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
    body = error_body(exc, page_lang(fields.get("lang") or None))
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
