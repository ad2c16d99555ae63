"""The JSON API: every question the ``liuyao`` command answers, by the CLI's option names, with
the JSON the CLI prints (``--json``). The schema is at ``/openapi.json``, its pages at ``/docs``.

A request with the session cookie of the page (a session with rules of its own) is answered by
that session's worker, so its rules are in the proofs.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool

from ..messages import error
from ..results import stars_data
from . import service

COOKIE = "liuyao_session"


class ErrorBody(BaseModel):
    """Every refusal: one line in the language asked, and the field it is about (or null)."""
    error: str = Field(description="what is wrong and what is allowed, on one line")
    field: str | None = Field(description="the request's field the line is about, or null")


ERRORS = {
    400: {"model": ErrorBody, "description": "a value the schema cannot check is refused: a pillar not of the sixty, "
                                             "an unknown hexagram, topic or predicate, a goal that does not parse, "
                                             "lines given in more than one way …"},
    413: {"model": ErrorBody, "description": "the body is over the API's limit"},
    422: {"model": ErrorBody, "description": "the request does not fit the schema (a field of the wrong type, an "
                                             "unknown field), or the question stopped at the time or memory limit"},
    503: {"model": ErrorBody, "description": "no worker is free, or a worker stopped: try again (Retry-After)"},
}
router = APIRouter(prefix="/api", tags=["api"], responses=ERRORS)


def _integer(value):
    """A JSON integer: a whole number (60.0 is 60, as JSON Schema counts it), never a boolean or text."""
    if isinstance(value, (bool, str)):
        raise ValueError("an integer, not text or a boolean")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Integer = Annotated[int, BeforeValidator(_integer)]


class _Strict(BaseModel):
    """A body's fields as its schema says: no other field (and ``StrictBool``, ``Integer``)."""
    model_config = ConfigDict(extra="forbid")


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Cast(_Strict):
    """A cast by the CLI's option names (``values`` the line values or a hexagram name)."""
    values: str | None = Field(None, description="six values 6-9 bottom first (787889) or a hexagram name",
                               examples=["787889"])
    to: str | None = Field(None, description="the changed hexagram, with a hexagram name")
    coins: str | None = Field(None, description="heads per line bottom first (3,2,1,0,2,1) or faces (HHT,… or 字字背,…); "
                                                "which face counts 3 is the convention coin_face")
    random: StrictBool = Field(False, description="cast three coins at random (see seed)")
    yarrow: StrictBool = Field(False, description="cast by yarrow stalks 大衍筮法 (see seed)")
    by_time: StrictBool = Field(False, description="cast from the moment 時間起卦 of 梅花易數: the lunar date of at "
                                             "(or now); convention time_months")
    numbers: str | None = Field(None, description="cast from two numbers 報數起卦 of 梅花易數, e.g. 3,8; convention "
                                                  "numbers_moving", examples=["3,8"])
    seed: Integer | None = Field(None, description="the seed of a random or yarrow cast")
    at: str | None = Field(None, description="the moment of the cast, e.g. 2024-10-08T04:00")
    tz: str | None = Field(None, description="IANA time zone of at (or lunar), e.g. Asia/Seoul")
    longitude: str | None = Field(None, description="the longitude of a solar clock (set clock=mean-solar or "
                                                    "true-solar): degrees east, e.g. 126.98, or a city (Seoul)")
    lunar: str | None = Field(None, description="the moment as a lunar date and time, e.g. 2024-09-06T04:00")
    leap: StrictBool = Field(False, description="the lunar month is a leap month 閏月")
    month: str | None = Field(None, description="the month branch 月建 (or pillar), instead of at", examples=["戌"])
    day: str | None = Field(None, description="the day pillar 日辰, instead of at", examples=["乙巳"])
    year: str | None = Field(None, description="the year pillar (optional with day)")
    hour: str | None = Field(None, description="the hour pillar (optional with day)")
    zi_hour: str | None = Field(None, description="convention zi_hour (see /api/conventions)")
    set: list[str] = Field([], description="convention values, NAME=VALUE each")

    def fields(self) -> dict:
        return self.model_dump(include=set(Cast.model_fields))

    def given(self) -> bool:
        return any(v not in (None, False, []) for v in self.fields().values())


Language = Literal["en", "ko", "zh"]


class Lang(_Strict):
    lang: Language = Field("en", description="the language of the answer's words and of its error: en, ko, zh")


class Question(_Strict):
    topic: str | None = Field(None, description="wealth, office, illness … (/api/topics)")
    about: str | None = Field(None, description="whom the question is about: self, father, wife …")
    asker: str | None = Field(None, description="in a marriage question: man or woman")
    horizon: str | None = Field(None, description="the unit of the timing: hour, day, month or year")
    since: str | None = Field(None, description="in an illness question: recent or long")
    in_office: str | None = Field(None, description="in an office question: yes (already in office) or no")
    side: str | None = Field(None, description="in a lawsuit: plaintiff or defendant")

    def question(self) -> dict:
        return service.question_of(self.model_dump(include=set(Question.model_fields)))


class ChartRequest(Cast, Lang):
    stars: StrictBool = Field(False, description="also the stars 神煞 of each line")


class JudgeRequest(Cast, Question, Lang):
    proof: StrictBool = Field(False, description="also the proof of the verdict and of each reading")


class GoalRequest(Cast, Question, Lang):
    goal: str = Field(..., description="a goal, e.g. clash('子', X), or a rule id", examples=["clash('子', X)"])


class AskRequest(GoalRequest):
    start: Integer = Field(0, ge=0, description="the first row of the page of answers (0 for the first)")
    most: Integer = Field(service.PAGE, ge=1, le=service.PAGE, description=f"rows of the page, at most {service.PAGE}")


class WhyRequest(GoalRequest):
    level: str = Field("full", description="student or full")


class WhyNotRequest(Cast, Question, Lang):
    """One of ``goal`` and ``source``, not both."""
    model_config = ConfigDict(json_schema_extra={"oneOf": [{"required": ["goal"]}, {"required": ["source"]}]})
    goal: str = Field(None, description="a goal or a rule id (or give source)")
    source: str = Field(None, description="every reading of a book line, SEED:LINE, e.g. 000:87 (or give goal)")
    depth: Integer = Field(4, ge=0, le=12, description="follow a failing derived condition N levels down")


class ExplainRequest(Cast, Question, Lang):
    """A query's parameters, each given as text (``random=true``, ``seed=3``)."""
    random: bool = Field(False, description="cast three coins at random (see seed)")
    yarrow: bool = Field(False, description="cast by yarrow stalks 大衍筮法 (see seed)")
    by_time: bool = Field(False, description="cast from the moment 時間起卦 of 梅花易數 (see at)")
    leap: bool = Field(False, description="the lunar month is a leap month 閏月")
    seed: int | None = Field(None, description="the seed of a random or yarrow cast")
    term: str = Field(..., description="a classical term in hanzi, Hangul or English: 月破, 월파, month-broken",
                      examples=["月破"])


class StarsRequest(Cast, Lang):
    pass


class DescribeRequest(Cast, Lang):
    about: str = Field("self", description="whom to describe 形性: self, wife, husband, son, daughter, friend …",
                       examples=["wife"])


class PeriodsRequest(Cast, Lang):
    age: Integer | None = Field(None, description="the age of the person, counted 虛歲 (one at birth; "
                                              "convention age_count=full for full years)", examples=[27])
    born: Integer | None = Field(None, description="the year of birth instead of the age (needs at: the year of "
                                               "the question)", examples=[1990])


class ChartResponse(_Open):
    cast: str
    values: str
    hexagram: dict[str, Any]
    changed: dict[str, Any] | None
    nuclear: str | None
    world: int
    response: int
    calendar: dict[str, Any]
    conventions: dict[str, str]
    casting: dict[str, Any] = Field(description="how the lines were cast: method (values, coins, yarrow, time, "
                                                "numbers, random, name) and its inputs")
    lines: list[dict[str, Any]]


class JudgmentResponse(_Open):
    """The judgment as ``liuyao judge --json`` prints it (docs/proof-json.md), in the language
    asked; each reading names its rule in ``rules`` (title, where, sources); with ``proof`` also
    each reading's proof and the verdict's (``proof``), their rules in the same table."""
    topic: str
    about: str | None
    account: list[str]
    verdict: dict[str, Any]
    readings: list[dict[str, Any]]
    timing: list[dict[str, Any]]
    book_lines: dict[str, dict[str, Any]] = Field(description="in a Korean document, each book line the readings "
                                                              "cite, once: its Korean, or the line whose Korean "
                                                              "it shares (korean_as); empty in another language")
    classes: dict[str, str | None] = Field(description="each reading class, once: its label in the language asked")
    rules: dict[str, dict[str, Any]] = Field(description="each rule the readings and proofs name, once, by id: "
                                                         "title, where, origin, sources, conventions")


class WhyResponse(_Open):
    goal: str
    proof: dict[str, Any] | None = None
    account: list[str] | None = None


class WhyNotResponse(_Open):
    goal: str | None = None
    why_not: dict[str, Any] | None = None


class AnswersResponse(_Open):
    goal: str
    variables: list[str]
    answers: list[list[Any]]
    total: int = Field(description="how many answers there are in all")
    start: int = Field(description="the first row of this page")
    next: int | None = Field(description="the start of the next page (null after the last)")


class Star(_Open):
    name: str
    key: str | None
    branch: list[str]
    stem: list[str]
    rule: str | None


class Topic(_Open):
    use: str
    chinese: str
    korean: str
    english: str
    aliases: list[str]


class Convention(_Open):
    default: str | None
    values: list[str]


class GlossaryResponse(_Open):
    term: str
    names: dict[str, str]
    definition: dict[str, str]
    sources: list[dict[str, Any]]
    predicates: list[str]
    rules: list[dict[str, Any]]
    holds: dict[str, list[Any]] | None = Field(None, description="with a cast: each predicate's answers there")


class SourceResponse(_Open):
    source: str = Field(description="the line as the data cites it, file:line (a Korean line opens with its Chinese)")
    seed: str
    line: int
    book: dict[str, str] = Field(description="the book's title in ko, zh and en")
    chapter: dict[str, Any] | None = Field(description="the chapter's name in ko, zh and en, and its first line")
    lines: list[dict[str, Any]] = Field(description="the lines shown, each {line, zh, ko, cited}")
    rules: list[dict[str, str]] = Field(description="the rules that cite the line or its Korean: {id, title, where}")


class DescriptionResponse(_Open):
    about: str
    cast: str
    use_god: dict[str, Any] | None
    conventions: dict[str, str]
    traits: list[dict[str, Any]]


class PeriodsResponse(_Open):
    cast: str
    age: int
    conventions: dict[str, str]
    spans: list[dict[str, Any]]
    major: dict[str, Any] | None
    minor: int | None
    phases: list[Any]
    readings: list[Any]


class RulesResponse(_Open):
    predicate: str | None
    search: dict[str, str]
    rules: list[dict[str, Any]]


def client_of(request: Request) -> str:
    """The client a request comes from, as the pool shares its workers: its address."""
    return request.client.host if request.client else ""


def worker(request: Request, lang=None):
    """The worker that answers a request: its session's own, else a shared one (``Pool.worker``);
    ``lang`` the language its errors are said in (``request.state.lang``)."""
    if lang is not None:
        request.state.lang = lang
    return request.app.state.pool.worker(request.cookies.get(COOKIE), client_of(request))


@router.post("/chart", response_model=ChartResponse, summary="cast a chart (liuyao chart --json)")
def chart(body: ChartRequest, request: Request):
    with worker(request, body.lang) as box:
        return service.chart_data(box, body.fields(), stars=body.stars)


@router.get("/text", summary="the words of a hexagram by any of its names (liuyao text 賁 --json)")
def hexagram_text(name: Annotated[str, Query(max_length=40)], request: Request):
    with worker(request) as box:
        return box.texts_of(name)


@router.post("/text", summary="the words of the 周易 a cast reads (liuyao text 787889 --json)")
def cast_text(body: ChartRequest, request: Request):
    with worker(request) as box:
        service.cast_on(box, body.fields())
        return {"cast": "c1", "texts": box.words()}


@router.post("/judge", response_model=JudgmentResponse, summary="judge a question (liuyao judge --json)")
def judge(body: JudgeRequest, request: Request):
    request.state.lang = body.lang
    question = body.question()
    if "topic" not in question:
        raise error("web.api_topic")
    with worker(request) as box:
        return service.judge_data(box, body.fields(), question, proof=body.proof, lang=body.lang)


def _cast_or_none(body):
    return body.fields() if body.given() else None


@router.post("/why", response_model=WhyResponse | dict[str, Any], summary="prove a goal (liuyao why --json)")
def why(body: WhyRequest, request: Request):
    request.state.lang = body.lang
    if body.level not in ("student", "full"):
        raise error("web.api_level", level=body.level)
    with worker(request) as box:
        return _with_cast(box, body, lambda cast, question: service.why_data(
            box, cast, question, body.goal, lang=body.lang, level=body.level))


@router.post("/why-not", response_model=WhyNotResponse | dict[str, Any],
             summary="why a goal has no answer (liuyao why-not --json)")
def why_not(body: WhyNotRequest, request: Request):
    request.state.lang = body.lang
    if (body.goal is None) == (body.source is None):
        raise error("web.api_goal")
    with worker(request) as box:
        if body.source is not None:
            if not body.given():
                raise error("web.api_needs_cast")
            service.cast_on(box, body.fields(), body.question())
            return service.said(box, {"source": body.source,
                                      "rules": [c.to_data(body.lang) for c in box.check_source(body.source)]})
        return _with_cast(box, body, lambda cast, question: service.why_not_data(
            box, cast, question, body.goal, depth=body.depth, lang=body.lang))


def _with_cast(box, body, call):
    """Make the call with the body's cast and question, or with none (a goal about no cast)."""
    question = body.question()
    if body.given():
        return call(body.fields(), question)
    if question:
        raise error("web.api_topic_needs_cast")
    return _uncast(box, body)


def _uncast(box, body):
    """A goal asked of no cast (the worker's last cast must not answer for C)."""
    from ..engine import render
    if "(" not in body.goal:
        raise error("web.api_needs_cast")
    service.check_uncast(body.goal)
    if isinstance(body, WhyNotRequest):
        why = box.why_not(body.goal, depth=body.depth)
        return {"goal": body.goal, "why_not": None if why is None else render.why_not_data(why, body.lang)}
    proof = box.explain(body.goal, expand_negations=getattr(body, "level", "full") == "student")
    if proof is None:
        return {"goal": body.goal, "proof": None}
    return {"goal": body.goal, "account": render.account(proof, body.lang, box.connectives()),
            "proof": render.to_data(proof, body.lang)}


@router.post("/ask", response_model=AnswersResponse,
             summary="answer a goal (liuyao ask --json), a page of the answers at a time")
def ask(body: AskRequest, request: Request):
    with worker(request, body.lang) as box:
        return service.ask_data(box, _cast_or_none(body), body.question() if body.given() else None, body.goal,
                                start=body.start, most=body.most)


@router.post("/stars", response_model=list[Star], summary="where the stars fall (liuyao stars --json)")
def stars(body: StarsRequest, request: Request):
    request.state.lang = body.lang
    cast = body.fields()
    lines = any(cast.get(k) not in (None, False) for k in ("values", "coins", "random", "yarrow", "by_time", "numbers",
                                                           "seed"))
    if not lines:
        cast["values"] = "777777"
    with worker(request) as box:
        service.cast_on(box, cast)
        return stars_data(box.stars(), lines)


@router.get("/topics", response_model=dict[str, Topic], summary="the topics (liuyao topics --json)")
def topics(request: Request, lang: Language = "en"):
    with worker(request, lang) as box:
        return box.topics()


@router.get("/source", response_model=SourceResponse,
            summary="a line of a book in its chapter, Chinese and Korean, and the rules that cite it (liuyao source --json)")
def book_source(request: Request, line: Annotated[str, Query(max_length=40)],
                around: Annotated[int, Query(ge=0, le=20)] = 2, lang: Language = "en"):
    with worker(request, lang) as box:
        return box.source(line, around)


@router.get("/conventions", response_model=dict[str, Convention],
            summary="the named conventions (liuyao conventions --json)")
def conventions(request: Request, lang: Language = "en"):
    with worker(request, lang) as box:
        return {name: {"default": c["default"], "values": c["values"]} for name, c in box.conventions().items()}


@router.get("/rules", response_model=RulesResponse, summary="find rules (liuyao rules --json)")
def rules(request: Request, pred: str | None = None, grep: str | None = None, source: str | None = None,
          topic: str | None = None, lang: Language = "en"):
    with worker(request, lang) as box:
        return box.rules(pred, grep=grep, source=source, topic=topic).to_data()


@router.get("/explain", response_model=GlossaryResponse,
            summary="a classical term explained, with a cast where it holds (liuyao explain --json)")
def explain(query: Annotated[ExplainRequest, Query()], request: Request):
    with worker(request, query.lang) as box:
        return service.glossary_data(box, _cast_or_none(query), query.question() if query.given() else None,
                                     query.term)


@router.post("/describe", response_model=DescriptionResponse,
             summary="describe the person asked about 形性 (liuyao describe --json)")
def describe(body: DescribeRequest, request: Request):
    request.state.lang = body.lang
    if not body.given():
        raise error("web.api_needs_cast")
    with worker(request) as box:
        return service.description_data(box, body.fields(), body.about)


@router.post("/periods", response_model=PeriodsResponse,
             summary="the life periods 大限/小限 at an age (liuyao periods --json)")
def periods(body: PeriodsRequest, request: Request):
    request.state.lang = body.lang
    if not body.given():
        raise error("web.api_needs_cast")
    age, born = service.life_years(body.age, body.born)
    with worker(request) as box:
        return service.periods_data(box, body.fields(), age=age, born=born)
