"""What a request asks of the knowledge, each through one worker of the pool: the cast (and
question) it carries is cast again on that worker, then the request's own call is made.

Results are plain data, rendered by the pages (``queries.web.pages``) or returned by the API
(``queries.web.api``) as the CLI prints them.
"""
from __future__ import annotations

import json
import re

from ..engine import render
from ..errors import UserError
from . import marks
from .cast_form import arguments

QUESTION = ("topic", "about", "asker", "horizon")


def question_of(form: dict) -> dict:
    """The question's fields given (topic, about, asker, horizon); a UserError naming the field
    when one is given without a topic."""
    given = {k: form[k] for k in QUESTION if form.get(k)}
    if given and "topic" not in given:
        raise UserError(f"{next(iter(given))}: goes with a topic (topic wealth, illness …)")
    return given


def cast_on(box, cast: dict, question: dict | None = None) -> list:
    """Cast on a worker (and put the question); the notes on how the input was read."""
    box.cast(**arguments(cast))
    notes = box.notices()
    if question:
        box.judge(question["topic"], about=question.get("about"), asker=question.get("asker"),
                  horizon=question.get("horizon"))
    return notes


def chart_data(box, cast, stars=False) -> dict:
    """The chart as ``liuyao chart --json`` prints it (the cast is c1, as there)."""
    cast_on(box, cast)
    return {**box.chart_data(stars=stars), "cast": "c1"}


def judge_data(box, cast, question, proof=False, lang="en") -> dict:
    """The judgment as ``liuyao judge --json`` prints it."""
    cast_on(box, cast, question)
    return json.loads(box.judgment_json(proof=proof, lang=lang))


def _rule_word(goal) -> bool:
    return "(" not in goal


def why_data(box, cast, question, goal, lang="en", level="full") -> dict:
    """As ``liuyao why GOAL --json``: the account and the proof (or ``proof: None``), or for a
    rule id the rule's check."""
    cast_on(box, cast, question)
    if _rule_word(goal):
        return box.check_rule(goal).to_data(lang)
    proof = box.explain(goal, expand_negations=level == "student")
    if proof is None:
        return {"goal": goal, "proof": None}
    return {"goal": goal, "account": render.account(proof, lang, box.connectives()),
            "proof": render.to_data(proof, lang)}


def why_not_data(box, cast, question, goal, depth=4, lang="en") -> dict:
    """As ``liuyao why-not GOAL --json`` (a rule id: its check)."""
    cast_on(box, cast, question)
    if _rule_word(goal):
        return box.check_rule(goal).to_data(lang)
    why = box.why_not(goal, depth=depth)
    return {"goal": goal, "why_not": None if why is None else render.why_not_data(why, lang)}


def check_uncast(goal) -> None:
    """A goal asked without a cast may not name C (a worker keeps the cast of its last request)."""
    if re.search(r"\bC\b", re.sub(r"'[^']*'|\"[^\"]*\"", "", goal)):
        raise UserError("values: the goal names the cast C; give the cast (values, month, day …)")


def ask_data(box, cast, question, goal) -> dict:
    """As ``liuyao ask GOAL --json``: the variables and the rows; with a cast, C is bound to it."""
    if cast:
        cast_on(box, cast, question)
    else:
        check_uncast(goal)
    return {**box.ask_table(goal).to_data(), "goal": goal}


def glossary_data(box, cast, question, term) -> dict:
    """As ``liuyao explain TERM --json``: with a cast, where the term holds on it; without one,
    no ``holds`` (a worker keeps the cast of its last request)."""
    if cast:
        cast_on(box, cast, question)
        return box.glossary(term)
    entry = box.glossary(term)
    entry.pop("holds", None)
    return entry


def description_data(box, cast, about="self") -> dict:
    """As ``liuyao describe --json``: the person asked about 形性 (the cast is c1, as there)."""
    cast_on(box, cast)
    return {**box.describe(about or "self"), "cast": "c1"}


def periods_data(box, cast, age=None, born=None) -> dict:
    """As ``liuyao periods --json``: the life periods 大限/小限 (the cast is c1, as there)."""
    cast_on(box, cast)
    return {**box.periods(age=age, born=born), "cast": "c1"}


def mark_proof(box, cast, mark):
    """The proof of a mark of the chart (what it rests on, under the view), or None."""
    cast_on(box, cast)
    return marks.step_down(box.explain(marks.goal(mark), expand_negations=True))


def mark_why_not(box, cast, mark):
    """Why a line does not carry a mark (a WhyNot), or None when it does."""
    cast_on(box, cast)
    return box.why_not(marks.goal(mark), depth=4)
