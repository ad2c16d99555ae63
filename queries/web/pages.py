"""The pages: a cast form, the chart with every mark a link to its proof, the question, the ask
box and a session's own rules. Each page is a plain GET (a chart is a link) or a form post that
works without JavaScript; with htmx a mark's proof, a why-not and an answer are fragments
swapped into the page (the request's ``HX-Request`` header)."""
from __future__ import annotations

import functools
import json
import threading
from html import escape
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from ..engine import LANGS, render
from ..engine.html import answers_html, proof_html, why_not_html
from ..errors import UserError
from ..labels import label
from ..messages import error as said_error
from ..views.layout import chart_layout, judgment_layout
from . import marks, service, terms
from .api import COOKIE
from .app import HERE, error_body, error_status
from .pool import Busy
from .cast_form import FIELDS, arguments
from .words import WORDS, page_lang

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=HERE / "templates")
_FLAGS = ("random", "leap", "describe")
PERSON = ("describe", "age", "born")       # the person's sections of the question form
_READ = threading.Lock()


@functools.cache
def _read_vocabulary() -> dict:
    from ..knowledge import KnowledgeBase
    from ..labels import vocabulary as read
    return read(KnowledgeBase())


def vocabulary() -> dict:
    """The names the views give the knowledge's terms (read once, in this process)."""
    with _READ:
        return _read_vocabulary()


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


def _fields(request: Request, form=None) -> dict:
    """The cast and question fields of a request (its query, or its posted form)."""
    source = form if form is not None else request.query_params
    out = {}
    for name in FIELDS + service.QUESTION + PERSON + ("goal", "lang", "field", "kind", "pos", "value", "rule",
                                                     "term"):
        if name == "set":
            out[name] = [v for v in source.getlist("set") if v]
        elif name in _FLAGS:
            out[name] = source.get(name) not in (None, "", "0", "false", "off")
        else:
            out[name] = (source.get(name) or "").strip()
    return out


def _cast(fields) -> dict:
    return {k: fields[k] for k in FIELDS if fields.get(k) not in (None, "", False, [])}


def _query(fields, keys=FIELDS + service.QUESTION + PERSON + ("lang",)) -> str:
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


def _session(request):
    session = request.cookies.get(COOKIE)
    return session if request.app.state.pool.has_session(session) else None


def _choices(box, lang):
    vocab = vocabulary()
    conventions = [{"name": name, "label": label(name, lang, vocab), "default": c["default"],
                    "values": [(v, label(v, lang, vocab, convention=name)) for v in c["values"]]}
                   for name, c in box.conventions().items()]
    topics = [(t, {"ko": v["korean"], "zh": v["chinese"], "en": v["english"]}[lang]) for t, v in box.topics().items()]
    return conventions, topics


def persons(lang) -> list:
    """(person, name in the language) for the form's ``about``."""
    return sorted((p, names[lang]) for p, names in vocabulary()["persons"].items())


def _chart_view(data, lang):
    layout = chart_layout(data, lang, vocabulary())
    rows = []
    for row, line in zip(layout.rows, reversed(data["lines"])):
        rows.append({"row": row, "line": line, "marks": marks.line_marks(line)})
    return {"layout": layout, "rows": rows, "data": data}


def _readings(judgment, lang):
    out = {}
    for r in judgment["readings"]:
        book = next((f"{s['source'][:3]}:{s['source'].rpartition(':')[2]} {s['quote']}"
                     for s in judgment["rules"][r["rule"]]["sources"] if ":" in s["source"]), "")
        out.setdefault(r["polarity"], []).append({"said": r["conclusion"], "book": book, "why": r["why"]})
    return [(WORDS[lang][p], out[p]) for p in ("favourable", "unfavourable", "mixed", "descriptive") if p in out]


def render_page(request, fields, *, status=200, error=None, section=None):
    """The whole page: the form with the fields given, the chart and question they cast (if
    any), ``section`` (a proof, a why-not, answers) under the chart, and ``error`` at its field."""
    lang = page_lang(fields.get("lang") or None)
    pool = request.app.state.pool
    session = _session(request)
    context = {"lang": lang, "langs": LANGS, "w": WORDS[lang], "f": fields, "error": error, "section": section,
               "query": _query(fields), "cast_query": _query(fields, FIELDS), "chart": None, "judgment": None,
               "notes": [], "rules": pool.rules(session), "changes": [],
               "hexagrams": hexagram_names(lang), "persons": persons(lang), "terms": terms.terms(),
               "description": None, "periods": None}
    context["lang_query"] = {x: _query({**fields, "lang": x}) for x in LANGS}
    context["conventions"], context["topics"] = [], []
    try:
        with pool.worker(session) as box:
            status = _fill(box, context, fields, lang, error, status)
    except Busy as e:
        context["error"], status = error_body(e, lang), 503
    return templates.TemplateResponse(request, "page.html", context, status_code=status)


def _fill(box, context, fields, lang, error, status) -> int:
    """The form's choices, the chart and the judgment of the fields, from one worker; the status."""
    context["conventions"], context["topics"] = _choices(box, lang)
    cast = _cast(fields)
    if cast and error is None:
        try:
            if fields.get("random") and not fields.get("seed"):       # the link casts the same again
                fields["seed"] = cast["seed"] = str(arguments(cast)["seed"])
                context["query"], context["cast_query"] = _query(fields), _query(fields, FIELDS)
                context["lang_query"] = {x: _query({**fields, "lang": x}) for x in LANGS}
            question = service.question_of(_question_fields(fields))
            context["notes"] = service.cast_on(box, cast)
            context["chart"] = _chart_view(box.chart_data(stars=True), lang)
            if question:
                box.judge(question["topic"], about=question.get("about"), asker=question.get("asker"),
                          horizon=question.get("horizon"))
                data = json.loads(box.judgment_json(proof=False, lang=lang))
                context["judgment"] = {"layout": judgment_layout(data, lang, vocabulary()),
                                       "readings": _readings(data, lang)}
            if cast.get("set"):
                context["changes"] = _changes(box, cast, question, context, lang)
            _person(box, cast, fields, context, lang)
        except UserError as e:
            context["error"], status = error_body(e, lang), error_status(e)
    return status


def _question_fields(fields) -> dict:
    """The question's fields; describing the person 形性 takes ``about`` without a topic."""
    if fields.get("describe") and not fields.get("topic"):
        return {**fields, "about": ""}
    return fields


def _whole(fields, name):
    value = fields.get(name) or ""
    if not value:
        return None
    if not value.isdigit():
        raise said_error("options.not_natural", command="liuyao periods", word=f"--{name}", value=value)
    return int(value)


def _person(box, cast, fields, context, lang) -> None:
    """The person's description 形性 and the life periods 大限/小限, as ``liuyao describe`` and
    ``liuyao periods`` print them in the page's language (each casts again: the last question
    stays on the worker's cast)."""
    age, born = _whole(fields, "age"), _whole(fields, "born")
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


def _changes(box, cast, question, context, lang) -> list:
    """What the conventions chosen change against the defaults: the marks a line gains or loses
    and the verdict, as lines of text."""
    w = WORDS[lang]
    chosen = _marks_of(context["chart"]["data"])
    service.cast_on(box, {k: v for k, v in cast.items() if k != "set"}, question)
    plain = _marks_of(box.chart_data(stars=False))
    out = []
    for pos in range(6, 0, -1):
        gained = sorted(m for p, k, m in chosen - plain if p == pos)
        lost = sorted(m for p, k, m in plain - chosen if p == pos)
        if gained or lost:
            said = [f"{w['gained']} {' '.join(gained)}"] * bool(gained) + [f"{w['lost']} {' '.join(lost)}"] * bool(lost)
            out.append(f"{label(pos, lang, vocabulary())}: {'; '.join(said)}")
    if question and context.get("judgment"):
        then = judgment_layout(json.loads(box.judgment_json(proof=False, lang=lang)), lang, vocabulary()).fields[4][0]
        now = context["judgment"]["layout"].fields[4][0]
        if then != now:
            out.append(f"{now[0]}: {then[1]} → {now[1]}")
    return out or [w["no_changes"]]


def error_page(request, exc, status):
    """The page again, with the form as given and the one-line error at its field."""
    try:
        fields = _fields(request)
    except Exception:
        fields = {}
    body = error_body(exc, page_lang(fields.get("lang") or None))
    if _htmx(request):
        return HTMLResponse(f"<p class='error' role='alert'>{escape(body['error'])}</p>", status_code=status)
    return render_page(request, fields, status=status, error=body)


def _section(request, fields, html):
    if _htmx(request):
        return HTMLResponse(html)
    return render_page(request, fields, section=html)


@router.get("/", response_class=HTMLResponse)
def index(request: Request):
    return render_page(request, _fields(request))


@router.get("/chart", response_class=HTMLResponse)
def chart(request: Request):
    return render_page(request, _fields(request))


def _close(w):
    return f"<p class='close'><a href='#' onclick=\"this.closest('#proof').innerHTML='';return false\">{w['close']}</a></p>"


@router.get("/mark", response_class=HTMLResponse)
def mark(request: Request):
    """A mark's account and proof at student level, the book line quoted; a why-not link."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    found = marks.check(fields)
    with request.app.state.pool.worker(_session(request)) as box:
        proof = service.mark_proof(box, _cast(fields), found)
        words = box.connectives()
    if proof is None:
        return why_not(request)
    account = "".join(f"<li>{escape(s)}</li>" for s in render.account(proof, lang, words))
    html = (f"<section class='proof' aria-label='{escape(w['proof'])}'><h3>{escape(found.value)} — "
            f"{escape(w['account'])}</h3><ul class='account'>{account}</ul><h4>{escape(w['proof'])}</h4>"
            f"{proof_html(proof, lang, open_levels=1, level='student', phrases=words)}{_close(w)}</section>")
    return _section(request, fields, html)


@router.get("/whynot", response_class=HTMLResponse)
def why_not(request: Request):
    """Why a line does not carry a mark (or that it does)."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    found = marks.check(fields)
    with request.app.state.pool.worker(_session(request)) as box:
        why = service.mark_why_not(box, _cast(fields), found)
    title = f"{label(found.pos, lang, vocabulary())} · {found.value} — {w['why_not']}"
    body = why_not_html(why, lang) if why is not None else f"<p>{escape(w['rule_holds'])}</p>"
    return _section(request, fields, f"<section class='whynot'><h3>{escape(title)}</h3>{body}{_close(w)}</section>")


@router.get("/term", response_class=HTMLResponse)
def term(request: Request):
    """A glossary entry: the definition, the book lines, the rules and, on the cast, where it holds."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    if not fields["term"]:
        raise UserError("term: give a classical term in hanzi, Hangul or English, e.g. 月破")
    cast = _cast(fields)
    with request.app.state.pool.worker(_session(request)) as box:
        entry = service.glossary_data(box, cast or None, service.question_of(fields) if cast else None,
                                      fields["term"])
    return _section(request, fields, terms.box_html(entry, lang, vocabulary(), w, after=_close(w)))


@router.get("/reading", response_class=HTMLResponse)
def reading(request: Request):
    """A reading's proof through its rule (or its first failing condition)."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    if not fields["rule"] or "(" in fields["rule"]:
        raise UserError(f"rule {fields['rule']!r}: give a reading's rule id, e.g. r000.55.use_god.weak")
    with request.app.state.pool.worker(_session(request)) as box:
        service.cast_on(box, _cast(fields), service.question_of(fields))
        check = box.check_rule(fields["rule"])
        words = box.connectives()
    if check.proof is not None:
        account = "".join(f"<li>{escape(s)}</li>" for s in render.account(check.proof, lang, words))
        body = (f"<ul class='account'>{account}</ul>"
                f"{proof_html(check.proof, lang, open_levels=1, level='student', phrases=words)}")
    else:
        body = why_not_html(check.failure, lang)
    title = f"{check.rule.id} {check.rule.title}"
    return _section(request, fields, f"<section class='proof'><h3>{escape(title)}</h3>{body}{_close(w)}</section>")


@router.get("/ask", response_class=HTMLResponse)
def ask(request: Request):
    """A Datalog question's answers, C bound to the chart's cast."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["goal"]:
        raise UserError("goal: give a question, e.g. clash('子', X)")
    with request.app.state.pool.worker(_session(request)) as box:
        cast = _cast(fields)
        data = service.ask_data(box, cast or None, service.question_of(fields) if cast else None, fields["goal"])
    from ..results import Answers
    answers = Answers(data["goal"], tuple(data["variables"]), tuple(tuple(r) for r in data["answers"]))
    w = WORDS[lang]
    html = answers_html(answers).replace(">yes<", f">{escape(w['yes'])}<").replace(">no<", f">{escape(w['no'])}<")
    return _section(request, fields, f"<section class='answers'><h3>{escape(w['answers'])}</h3>{html}</section>")


async def _form(request):
    """A posted form (application/x-www-form-urlencoded, as a browser sends it without script)."""
    from urllib.parse import parse_qsl
    from starlette.datastructures import ImmutableMultiDict
    body = (await request.body()).decode("utf-8", errors="replace")
    return ImmutableMultiDict(parse_qsl(body, keep_blank_values=True))


@router.post("/rule")
async def add_rule(request: Request):
    """Add a rule of one's own to this session (its own worker and folder), then show the chart."""
    form = await _form(request)
    fields = _fields(request, form)
    text = str(form.get("rule") or "")
    pool = request.app.state.pool
    try:
        import anyio
        added = await anyio.to_thread.run_sync(pool.add_rule, _session(request), text)
    except UserError as e:
        return await anyio.to_thread.run_sync(
            lambda e=e: render_page(request, fields, status=error_status(e),
                                    error=error_body(e, page_lang(fields.get("lang") or None))))
    response = RedirectResponse(f"/chart?{_query(fields)}", status_code=303)
    response.set_cookie(COOKIE, added["session"], httponly=True, samesite="lax")
    return response


@router.post("/rule/forget")
async def forget_rules(request: Request):
    form = await _form(request)
    request.app.state.pool.forget(_session(request))
    response = RedirectResponse(f"/chart?{_query(_fields(request, form))}", status_code=303)
    response.delete_cookie(COOKIE)
    return response
