"""The pages: a cast form, the chart with every mark a link to its proof, the question, the ask
box and a session's own rules. Each page is a plain GET (a chart is a link) or a form post that
works without JavaScript; with htmx a mark's proof, a why-not and an answer are fragments
swapped into the page (the request's ``HX-Request`` header)."""
from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from html import escape
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from ..engine import LANGS, render
from ..engine.html import answers_html, proof_html, why_not_html
from ..errors import UserError
from ..labels import label
from ..messages import error
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
PREDICATE = re.compile(r"[a-z][a-z0-9_]*")
STATES = ("月破", "日破", "旬空", "暗動", "沖散", "月墓", "日墓", "動墓", "真空", "假空", "回頭克", "回頭生")


def labels(request, box) -> dict:
    """The names the views give the knowledge's terms, as the request's worker knows them
    (asked once: ``Pool.labels``; the page process loads no knowledge)."""
    return request.app.state.pool.labels(_session(request), box)


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
                                                     "term", "grep"):
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
    return {"layout": layout, "rows": rows, "data": data}


def _readings(judgment, lang, term_query, names):
    out = {}
    for r in judgment["readings"]:
        book = next((f"{s['source'][:3]}:{s['source'].rpartition(':')[2]} {s['quote']}"
                     for s in r["sources"] if ":" in s["source"]), "")
        said = terms.linked(escape(r["conclusion"][lang]), term_query, WORDS[lang], names)
        out.setdefault(r["polarity"], []).append({"said": said, "book": book, "why": r["why"]})
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
               "hexagrams": hexagram_names(lang), "persons": [], "terms": terms.terms(), "states": STATES,
               "description": None, "periods": None}
    context["lang_query"] = {x: _query({**fields, "lang": x}) for x in LANGS}
    context["conventions"], context["topics"] = [], []
    try:
        with pool.worker(session) as box:
            status = _fill(box, context, fields, lang, error, status, labels(request, box))
    except Busy as e:
        context["error"], status = error_body(e, lang), 503
    return templates.TemplateResponse(request, "page.html", context, status_code=status)


def _fill(box, context, fields, lang, error, status, vocab) -> int:
    """The form's choices, the chart and the judgment of the fields, from one worker; the status."""
    context["conventions"], context["topics"] = _choices(box, lang, vocab)
    context["persons"] = persons(lang, vocab)
    cast = _cast(fields)
    if cast and error is None:
        try:
            if fields.get("random") and not fields.get("seed"):       # the link casts the same again
                fields["seed"] = cast["seed"] = str(arguments(cast)["seed"])
                context["query"], context["cast_query"] = _query(fields), _query(fields, FIELDS)
                context["lang_query"] = {x: _query({**fields, "lang": x}) for x in LANGS}
            question = service.question_of(_question_fields(fields))
            context["notes"] = service.cast_on(box, cast)
            context["chart"] = _chart_view(box.chart_data(stars=True), lang, vocab)
            if question:
                box.judge(question["topic"], about=question.get("about"), asker=question.get("asker"),
                          horizon=question.get("horizon"))
                data = service.said(box, json.loads(box.judgment_json(proof=False, lang=lang)))
                layout = judgment_layout(data, lang, vocab)
                term_query, names = _query(fields), terms.names_in(vocab, lang)
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
    service.cast_on(box, {k: v for k, v in cast.items() if k != "set"}, question)
    plain = _marks_of(box.chart_data(stars=False))
    out = []
    for pos in range(6, 0, -1):
        gained = sorted(m for p, k, m in chosen - plain if p == pos)
        lost = sorted(m for p, k, m in plain - chosen if p == pos)
        if gained or lost:
            said = [f"{w['gained']} {' '.join(gained)}"] * bool(gained) + [f"{w['lost']} {' '.join(lost)}"] * bool(lost)
            out.append(f"{label(pos, lang, vocab)}: {'; '.join(said)}")
    if question and context.get("judgment"):
        then = judgment_layout(json.loads(box.judgment_json(proof=False, lang=lang)), lang, vocab).fields[4][0]
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
    return f"<p class='close'><a href='#' onclick=\"this.closest('section').remove();return false\">{w['close']}</a></p>"


def _proof_section(box, proof, fields, lang, title, vocab, code=False) -> str:
    """A proof at student level under its account, its sentences' terms linked to the glossary
    (by their hanzi, or in Korean by their names: ``terms.names_in``)."""
    w, words, names = WORDS[lang], box.connectives(), terms.names_in(vocab, lang)
    query = _query(fields)
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


_CONVENTION = re.compile(r"convention\('[^']*', '([^']+)', '[^']*'\)")


def _labelled(why, lang, phrases):
    """A why-not with a failing convention's values named by their labels, as the CLI names
    them (``render.Words.convention_value``)."""
    if why is None:
        return None
    words = render.Words((), lang, phrases)

    def failure(f):
        found = _CONVENTION.fullmatch(f.literal or "")
        if found and f.actual:
            wanted, values = f.actual
            f = replace(f, actual=(words.convention_value(found.group(1), wanted),
                                   tuple(words.convention_value(found.group(1), v) for v in values)))
        return replace(f, sub=_labelled(f.sub, lang, phrases))
    return replace(why, failures=tuple(failure(f) for f in why.failures))


def _title(title, code=False) -> str:
    return f"<h3><code>{escape(title)}</code></h3>" if code else f"<h3>{escape(title)}</h3>"


def _why_not_section(box, why, fields, lang, title, code=False) -> str:
    w = WORDS[lang]
    body = (_as_code(why_not_html(_labelled(why, lang, box.connectives()), lang), lang) if why is not None
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
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    found = marks.check(fields)
    with request.app.state.pool.worker(_session(request)) as box:
        proof = service.mark_proof(box, _cast(fields), found)
        if proof is not None:
            html = _proof_section(box, proof, fields, lang, f"{found.value} — {WORDS[lang]['account']}",
                                  labels(request, box))
    if proof is None:
        return why_not(request)
    return _section(request, fields, html)


@router.get("/whynot", response_class=HTMLResponse)
def why_not(request: Request):
    """Why a line does not carry a mark (or that it does); with ``goal``, why a goal has no
    answer, or a rule id's first failing condition."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    with request.app.state.pool.worker(_session(request)) as box:
        if fields["goal"]:
            goal = _goal(fields)
            service.cast_on(box, _cast(fields), service.question_of(fields))
            if "(" not in goal:
                html = _rule_section(box, goal, fields, lang, labels(request, box))
            else:
                html = _why_not_section(box, box.why_not(goal, depth=4), fields, lang, goal, code=True)
        else:
            found = marks.check(fields)
            why = service.mark_why_not(box, _cast(fields), found)
            title = f"{label(found.pos, lang, labels(request, box))} · {found.value} — {w['why_not']}"
            html = _why_not_section(box, why, fields, lang, title)
    return _section(request, fields, html)


def _goal(fields) -> str:
    """The goal of a why or why-not box, which needs the cast it is asked of."""
    if not _cast(fields):
        raise error("web.api_needs_cast")
    return fields["goal"]


@router.get("/why", response_class=HTMLResponse)
def why(request: Request):
    """A goal's account and proof at student level (a rule id: the rule put to the cast)."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["goal"]:
        raise UserError("goal: give a goal, e.g. day_break(C, 3), or a rule id")
    with request.app.state.pool.worker(_session(request)) as box:
        goal = _goal(fields)
        service.cast_on(box, _cast(fields), service.question_of(fields))
        if "(" not in goal:
            html = _rule_section(box, goal, fields, lang, labels(request, box))
        else:
            proof = box.explain(goal, expand_negations=True)
            html = (_proof_section(box, proof, fields, lang, goal, labels(request, box), code=True) if proof else
                    _why_not_section(box, box.why_not(goal, depth=4), fields, lang, goal, code=True))
    return _section(request, fields, html)


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
        html = terms.box_html(entry, lang, labels(request, box), w, after=_close(w))
    return _section(request, fields, html)


@router.get("/reading", response_class=HTMLResponse)
def reading(request: Request):
    """A reading's proof through its rule (or its first failing condition)."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    if not fields["rule"] or "(" in fields["rule"]:
        raise UserError(f"rule {fields['rule']!r}: give a reading's rule id, e.g. r000.55.use_god.weak")
    with request.app.state.pool.worker(_session(request)) as box:
        service.cast_on(box, _cast(fields), service.question_of(fields))
        html = _rule_section(box, fields["rule"], fields, lang, labels(request, box))
    return _section(request, fields, html)


def _says(template) -> str:
    """A rule's sentence with its places ({P}: the value a proof puts there) set as code."""
    return re.sub(r"\{(\w+)\}", r"<code>{\1}</code>", escape(template))


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request):
    """A predicate's rules (``liuyao rules PRED``), or those whose id, title or quoted book line
    names the words (``liuyao rules --grep``)."""
    fields = _fields(request)
    lang = page_lang(fields["lang"] or None)
    w = WORDS[lang]
    if not fields["grep"]:
        raise UserError("grep: give words of a rule's id, title or book line, e.g. 暗動")
    asked = fields["grep"]
    with request.app.state.pool.worker(_session(request)) as box:
        found = box.rules(asked) if PREDICATE.fullmatch(asked) else box.rules(grep=asked)
        found = service.said(box, found.to_data(), cast=False)
    items = []
    for r in found["rules"]:
        sources = "".join(f"<li>{escape(w['source_line'])} {escape(x)}</li>" for x in r["sources"])
        items.append(f"<li><code>{escape(r['id'])}</code> {escape(r['title'])} <span class='where'>{escape(r['where'])}"
                     f"</span><ul class='sources'>{sources}</ul><p class='says'>{_says(r['says'].get(lang, ''))}</p>"
                     f"<code class='clause'>{escape(r['clause'])}</code></li>")
    title = w["rules_found"].format(len(found["rules"]))
    return _section(request, fields, f"<section class='rules-found'><h3>{escape(title)}</h3><ol>{''.join(items)}</ol>"
                                     f"{_close(w)}</section>")


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
    count = escape(w["answers_count"].format(len(data["answers"])))
    html = answers_html(answers).replace(">yes<", f">{escape(w['yes'])}<").replace(">no<", f">{escape(w['no'])}<")
    html = re.sub(r"(<caption><code>[^<]*</code>) — [^<]*</caption>", rf"\1 — {count}</caption>", html)
    html = re.sub(r"<th>([^<]*)</th>", r"<th><code>\1</code></th>", html)
    return _section(request, fields, f"<section class='answers'><h3>{escape(w['answers'])}</h3>{html}"
                                     f"<p class='count'>{count}</p></section>")
