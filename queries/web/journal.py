"""The page's journal (``liuyao serve --with-journal``, loopback only): the 기록 button beside a
judgment (``POST /journal/keep``), the history with its search (topic, date, hexagram,
outcome), an entry with its chart and prediction and the outcome form, the statistics with
plots drawn as SVG on the server, and ``/api/journal`` routes with models. Every form that
writes carries the page's token (``own_rules.check_token``); the page says whose journal it is.
"""
from __future__ import annotations

import getpass
from html import escape
from typing import Annotated, Literal

import anyio
from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import Field

from ..errors import UserError
from ..messages import error
from ..journal import Journal, entry as entries, outcome as outcomes, plot, stats as statistics, text as said
from ..journal.command import keep_record
from ..journal.entry import MAX_ID
from .api import ERRORS, Cast, Lang, Question, _Open, _Strict, worker
from .own_rules import check_token, read_form
from .pages import CSRF, cast_fields, csrf_token, request_fields, templates
from .refusals import error_body, error_status
from .service import cast_on, question_of
from .words import WORDS, page_lang

pages = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/journal", tags=["journal"], responses=ERRORS)
FILTERS = ("topic", "hexagram", "since", "until", "outcome")


def _journal(request, write=False) -> Journal:
    return Journal(request.app.state.journal, write=write)


def _owner(request, lang) -> str:
    return WORDS[lang]["journal.whose"].format(escape(getpass.getuser()),
                                               escape(str(request.app.state.journal)))


def _page(request, lang, heading, body, status=200):
    token = csrf_token(request)
    response = templates.TemplateResponse(request, "list.html", {
        "lang": lang, "w": WORDS[lang], "heading": heading, "kind": "journal", "intro": None,
        "body": f"<p class='whose'>{_owner(request, lang)}</p>{_nav(lang)}{body}"}, status_code=status)
    if request.cookies.get(CSRF) != token:
        response.set_cookie(CSRF, token, httponly=True, samesite="strict")
    return response


def _nav(lang) -> str:
    w = WORDS[lang]
    return (f"<nav class='journal'><a href='/journal?lang={lang}'>{escape(w['journal.history'])}</a> · "
            f"<a href='/journal/stats?lang={lang}'>{escape(w['journal.stats'])}</a></nav>")


def _refused(request, lang, e: UserError):
    body = error_body(e, lang)
    return _page(request, lang, WORDS[lang]["journal.history"],
                 f"<p class='error' role='alert'>{escape(body['error'])}</p>", error_status(e))


# ---- the pages -----------------------------------------------------------------------------

async def _posted(request, write):
    """A writing form: its token checked, then ``write(form, lang)`` in a thread (it may wait for
    a worker or for another writer of the file), then the page it names; a refusal, one line."""
    form, _ = read_form(await request.body(), request.headers.get("content-type", ""))
    lang = page_lang(str(form.get("lang") or "") or None)
    try:
        check_token(request, form)
        location = await anyio.to_thread.run_sync(write, form, lang)
    except UserError as e:
        return await anyio.to_thread.run_sync(_refused, request, lang, e)
    return RedirectResponse(location, status_code=303)


@pages.post("/journal/keep")
async def keep(request: Request):
    def write(form, lang):
        fields = request_fields(request, form)
        if not fields.get("topic"):
            raise error("journal.needs_topic")
        with worker(request, lang) as box:
            cast_on(box, cast_fields(fields), question_of(fields), lang)
            kept = box.journal_record()
        entry_id, _ = keep_record(kept, _said(form, "words"), _said(form, "note"), request.app.state.journal)
        return f"/journal/{entry_id}?lang={lang}"
    return await _posted(request, write)


def _said(form, name):
    return str(form.get(name) or "").strip() or None


@pages.get("/journal", response_class=HTMLResponse)
def history(request: Request, lang: str | None = None):
    lang = page_lang(lang)
    w = WORDS[lang]
    asked = {k: (request.query_params.get(k) or "").strip() or None for k in FILTERS}
    try:
        with _journal(request) as journal:
            found = entries.listing(journal, **asked)
    except UserError as e:
        return _refused(request, lang, e)
    fields = "".join(f"<label class='field'>{escape(w['journal.' + k])}<input name='{k}' value='{escape(asked[k] or '')}' "
                     f"size='10'></label>" for k in FILTERS)
    search = (f"<form method='get' action='/journal' class='journal-search'><input type='hidden' name='lang' "
              f"value='{lang}'>{fields}<button type='submit' id='journal-search'>{escape(w['journal.search'])}</button></form>")
    rows = "".join(f"<li><a href='/journal/{e['id']}?lang={lang}'>{escape(line)}</a></li>"
                   for e, line in zip(found, said.list_text(found, lang).splitlines())) if found else \
        f"<p>{escape(said.list_text(found, lang))}</p>"
    return _page(request, lang, w["journal.history"], search + (f"<ul class='journal'>{rows}</ul>" if found else rows))


@pages.get("/journal/stats", response_class=HTMLResponse)
def stats_page(request: Request, lang: str | None = None):
    lang = page_lang(lang)
    w = WORDS[lang]
    try:
        with _journal(request) as journal:
            groups = statistics.stats(journal)
    except UserError as e:
        return _refused(request, lang, e)
    body = [f"<pre class='text'>{escape(said.stats_text(groups, lang))}</pre>"]
    for g in groups:
        body.append(f"<h3>{escape(w['journal.plot_rules'])} — {escape(g['version'])} {escape(g['knowledge'][:12])}</h3>")
        body.append(plot.rules_svg(g["rules"], lang))
        body.append(f"<h3>{escape(w['journal.plot_classes'])}</h3>")
        body.append(plot.rules_svg({said.reading_class(k, lang): v for k, v in g["classes"].items()}, lang))
        body.append(f"<h3>{escape(w['journal.plot_months'])}</h3>")
        body.append(plot.months_svg(g["months"], lang))
    return _page(request, lang, w["journal.stats"], "".join(body))


@pages.get("/journal/{entry_id}", response_class=HTMLResponse)
def show(request: Request, entry_id: str, lang: str | None = None):
    lang = page_lang(lang)
    w = WORDS[lang]
    try:
        with _journal(request) as journal:
            found = entries.find(journal, entry_id)
    except UserError as e:
        return _refused(request, lang, e)
    token = csrf_token(request)
    hidden = f"<input type='hidden' name='csrf' value='{escape(token)}'><input type='hidden' name='lang' value='{lang}'>"
    happened = "".join(f"<option value='{h}'>{escape(said.direction(h, lang))}</option>" for h in outcomes.HAPPENED)
    form = "" if found["deleted"] else (
        f"<form method='post' action='/journal/{found['id']}/outcome' class='journal-outcome'>{hidden}"
        f"<fieldset><legend>{escape(w['journal.outcome_form'])}</legend>"
        f"<label class='field'>{escape(w['journal.happened'])}<select name='happened'>{happened}</select></label>"
        f"<label class='field'>{escape(w['journal.on'])}<input name='on' size='10' placeholder='2025-03-14'></label>"
        f"<label class='field wide'>{escape(w['journal.note'])}<input name='note'></label>"
        f"<button type='submit' id='outcome-button'>{escape(w['journal.record'])}</button></fieldset></form>")
    checks = "".join(
        f"<form method='post' action='/journal/check/{c['id']}' class='journal-check'>{hidden}"
        f"<input type='hidden' name='entry' value='{found['id']}'>{escape(c['on_date'])} {escape(c['branch'])} "
        f"{escape(said.unit(c['unit'], lang))}: <button name='happened' value='yes'>{escape(w['journal.yes'])}</button> "
        f"<button name='happened' value='no'>{escape(w['journal.no'])}</button></form>"
        for c in found["checks"] if c["happened"] is None and not found["deleted"])
    chart = _chart(request, found, lang)
    body = f"{chart}<pre class='text'>{escape(said.entry_text(found, lang))}</pre>{checks}{form}"
    return _page(request, lang, f"{w['journal.entry']} #{found['id']}", body)


def _chart(request, found, lang) -> str:
    """The kept cast's chart, cast again on a worker from its line values and moment (or pillars)."""
    from ..views.svg import chart_svg
    from .pages import labels
    cast = found["cast"]
    given = {"values": cast["lines"], **({"at": cast["at"], "tz": cast.get("tz"),
                                          "longitude": None if cast.get("longitude") is None else str(cast["longitude"])}
                                         if "at" in cast else {k: v for k, v in cast["pillars"].items()})}
    given["set"] = [f"{k}={v}" for k, v in sorted(found["conventions"].items())]
    try:
        with worker(request, lang) as box:
            cast_on(box, {k: v for k, v in given.items() if v}, None, lang)
            return chart_svg({**box.chart_data(stars=False), "cast": "c1"}, lang, labels(request, box))
    except UserError as e:
        return f"<p class='error'>{escape(error_body(e, lang)['error'])}</p>"


@pages.post("/journal/{entry_id}/outcome")
async def outcome_form(request: Request, entry_id: str):
    def write(form, lang):
        with _journal(request, write=True) as journal:
            outcomes.record_outcome(journal, entry_id, str(form.get("happened") or ""), _said(form, "on"),
                                    _said(form, "note"))
        return f"/journal/{entry_id}?lang={lang}"
    return await _posted(request, write)


@pages.post("/journal/check/{check_id}")
async def check_form(request: Request, check_id: str):
    def write(form, lang):
        with _journal(request, write=True) as journal:
            outcomes.answer_check(journal, check_id, str(form.get("happened") or ""))
        return f"/journal/{entries.number(form.get('entry'))}?lang={lang}"
    return await _posted(request, write)


# ---- the API -------------------------------------------------------------------------------

RowNumber = Annotated[int, Path(ge=1, le=MAX_ID, description="the row's number")]


class KeepRequest(Cast, Question, Lang):
    words: str | None = Field(None, max_length=2000, description="the asker's own words")
    note: str | None = Field(None, max_length=2000, description="a note")


class Kept(_Strict):
    id: int = Field(description="the entry's number")


class OutcomeRequest(Lang):
    happened: Literal["favourable", "unfavourable", "mixed"] = Field(description="what happened")
    on: str | None = Field(None, max_length=10, description="the date it happened, e.g. 2025-03-14")
    note: str | None = Field(None, max_length=2000, description="a note on the outcome")


class CheckRequest(Lang):
    happened: Literal["yes", "no"] = Field(description="did it happen on the check's date")


class Recorded(_Strict):
    id: int = Field(description="the row written")


class Entries(_Open):
    entries: list[dict] = Field(description="the entries, as liuyao journal list --json")


class Entry(_Open):
    """An entry as ``liuyao journal show ID --json`` prints it."""


class Stats(_Open):
    groups: list[dict] = Field(description="one group per knowledge version, as liuyao journal stats --json")


@api.get("", response_model=Entries, summary="the entries (liuyao journal list --json)")
def api_list(request: Request, topic: str | None = None, hexagram: str | None = None, since: str | None = None,
             until: str | None = None, outcome: Literal["favourable", "unfavourable", "mixed", "none"] | None = None):
    for day in (since, until):
        if day:
            outcomes.parse_date(day)
    with _journal(request) as journal:
        return {"entries": entries.listing(journal, topic=topic, hexagram=hexagram, since=since, until=until,
                                           outcome=outcome)}


@api.get("/stats", response_model=Stats, summary="the statistics (liuyao journal stats --json)")
def api_stats(request: Request):
    with _journal(request) as journal:
        return {"groups": statistics.stats(journal)}


@api.get("/{entry_id}", response_model=Entry, summary="one entry (liuyao journal show ID --json)")
def api_show(request: Request, entry_id: RowNumber):
    with _journal(request) as journal:
        return entries.find(journal, entry_id)


@api.post("", response_model=Kept, summary="judge a question and keep it (liuyao journal add)")
def api_keep(body: KeepRequest, request: Request):
    if not body.topic:
        raise error("journal.needs_topic")
    with worker(request, body.lang) as box:
        cast_on(box, body.fields(), body.question(), body.lang)
        kept = box.journal_record()
    entry_id, _ = keep_record(kept, body.words, body.note, request.app.state.journal)
    return {"id": entry_id}


@api.post("/{entry_id}/outcome", response_model=Recorded, summary="record what happened (liuyao journal outcome)")
def api_outcome(body: OutcomeRequest, request: Request, entry_id: RowNumber):
    request.state.lang = body.lang
    with _journal(request, write=True) as journal:
        return {"id": outcomes.record_outcome(journal, entry_id, body.happened, body.on, body.note)[0]}


@api.post("/checks/{check_id}", response_model=Recorded, summary="answer a check (liuyao journal check)")
def api_check(body: CheckRequest, request: Request, check_id: RowNumber):
    request.state.lang = body.lang
    with _journal(request, write=True) as journal:
        return {"id": outcomes.answer_check(journal, check_id, body.happened)}
