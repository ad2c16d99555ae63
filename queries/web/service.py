"""What a request asks of the knowledge, each through one worker of the pool: the cast (and
question) it carries is cast again on that worker, then the request's own call is made.

Results are plain data, rendered by the pages (``queries.web.pages``) or returned by the API
(``queries.web.api``) as the CLI prints them.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..engine import render
from ..messages import error
from . import marks
from .cast_form import arguments
from .pool import unplaced

QUESTION = ("topic", "about", "asker", "horizon", "since", "in_office", "side")
FIRST = "c1"          # the cast id a fresh ``liuyao … --json`` gives, and so the page and the API
PAGE = 1000           # rows of a goal's answers one request is given at most (ask for the next page)


def as_cli(value, cast_id, folder=None):
    """``value`` (plain data or text) as the CLI says it of a fresh cast: the worker's cast id
    (``c7``: it has cast before) named ``c1``, and a session's folder named by its own name
    (``my-rules/kb/void.dl``) without the pool's folders above it.

    >>> as_cli({"goal": "month_break('c7', 'line', 5)", "cast": "c7", "rows": [["c7", 1]]}, "c7")
    {'goal': "month_break('c1', 'line', 5)", 'cast': 'c1', 'rows': [['c1', 1]]}
    >>> as_cli("c17 c7", "c7"), as_cli("c7", None), as_cli("/tmp/p/s/my-rules/kb/a.dl:3", None, "/tmp/p/s/my-rules")
    ('c17 c1', 'c7', 'my-rules/kb/a.dl:3')
    """
    if isinstance(value, str):
        if cast_id and cast_id != FIRST and cast_id in value:
            value = re.sub(rf"(?<!\w){re.escape(cast_id)}(?!\w)", FIRST, value)
        if folder:
            value = value.replace(str(Path(folder).parent) + "/", "")
        return value
    if isinstance(value, dict):
        return {as_cli(k, cast_id, folder): as_cli(v, cast_id, folder) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(as_cli(v, cast_id, folder) for v in value)
    return value


def said(box, value, cast=True):
    """``value`` from a worker as the CLI says it (``as_cli``: the cast c1, the session's
    folder by its name); ``cast=False`` when the request carried no cast."""
    extra = box.extra
    return as_cli(value, box.cast_id if cast else None, extra[0] if extra else None)


def question_of(form: dict) -> dict:
    """The question's fields given (topic, about, asker, horizon); a UserError naming the field
    when one is given without a topic."""
    given = {k: form[k] for k in QUESTION if form.get(k)}
    if given and "topic" not in given:
        raise error("web.needs_topic", field=next(iter(given)))
    return given


def cast_on(box, cast: dict, question: dict | None = None, lang=None) -> list:
    """Cast on a worker (and put the question); the notes on how the input was read (in ``lang``;
    a session's files named by their own names)."""
    box.cast(**arguments(cast))
    notes = [unplaced(note) for note in box.cast_notes(lang) + box.notices()]
    if question:
        box.pose(**question)
    return notes


def chart_data(box, cast, stars=False) -> dict:
    """The chart as ``liuyao chart --json`` prints it (the cast is c1, as there)."""
    cast_on(box, cast)
    return {**box.chart_data(stars=stars), "cast": "c1"}


def judge_data(box, cast, question, proof=False, lang="en") -> dict:
    """The judgment as ``liuyao judge --json`` prints it."""
    cast_on(box, cast, question)
    return judgment_data(box, proof=proof, lang=lang)


def judgment_data(box, proof=False, lang="en") -> dict:
    """The judgment of the worker's cast and question as ``liuyao judge --json`` prints it."""
    return said(box, json.loads(box.judgment_json(proof=proof, lang=lang)))


def _rule_word(goal) -> bool:
    return "(" not in goal


def why_data(box, cast, question, goal, lang="en", level="full") -> dict:
    """As ``liuyao why GOAL --json``: the account and the proof (or ``proof: None``), or for a
    rule id the rule's check."""
    cast_on(box, cast, question)
    if _rule_word(goal):
        return said(box, box.check_rule(goal).to_data(lang))
    proof = box.explain(goal, expand_negations=level == "student")
    if proof is None:
        return {"goal": goal, "proof": None}
    return said(box, {"goal": goal, "account": render.account(proof, lang, box.connectives()),
                      "proof": render.to_data(proof, lang), "casting": box.casting()})


def why_not_data(box, cast, question, goal, depth=4, lang="en") -> dict:
    """As ``liuyao why-not GOAL --json`` (a rule id: its check)."""
    cast_on(box, cast, question)
    if _rule_word(goal):
        return said(box, box.check_rule(goal).to_data(lang))
    why = box.why_not(goal, depth=depth)
    return said(box, {"goal": goal, "why_not": None if why is None else render.why_not_data(why, lang)})


def check_uncast(goal) -> None:
    """A goal asked without a cast may not name C (a worker keeps the cast of its last request)."""
    if re.search(r"\bC\b", re.sub(r"'[^']*'|\"[^\"]*\"", "", goal)):
        raise error("web.goal_needs_cast")


def ask_data(box, cast, question, goal, start=0, most=PAGE) -> dict:
    """As ``liuyao ask GOAL --json``: the variables and the rows, ``most`` of them from row
    ``start`` (the worker sends no more), how many there are in all and where the next page
    starts (None after the last); with a cast, C is bound to it."""
    if cast:
        cast_on(box, cast, question)
    else:
        check_uncast(goal)
    page = box.ask_page(goal, start, min(most, PAGE))
    answers, total = page["answers"], page["total"]
    after = start + len(answers.rows)
    return said(box, {**answers.to_data(), "goal": goal, "total": total, "start": start,
                      "next": after if after < total else None}, cast=bool(cast))


def glossary_data(box, cast, question, term) -> dict:
    """As ``liuyao explain TERM --json``: with a cast, where the term holds on it; without one,
    no ``holds`` (a worker keeps the cast of its last request)."""
    if cast:
        cast_on(box, cast, question)
        return said(box, box.glossary(term))
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


def life_years(age=None, born=None) -> tuple:
    """The age and the year of birth of a periods question, each a whole number or None (not
    given); a UserError naming the field (the page's name of it) when one is not: an age counts
    from 1 (虛歲, one at birth).

    >>> life_years("27", None), life_years(None, 1990), life_years("", "")
    ((27, None), (None, 1990), (None, None))
    >>> life_years("0")
    Traceback (most recent call last):
    ...
    queries.engine.errors.UserError: age '0': give a whole number, 1 or more (counted 虛歲, one at birth)
    """
    return _whole(age, "web.age", 1), _whole(born, "web.born", 1)


def _whole(value, key, least):
    if value in (None, ""):
        return None
    text = str(value).strip()
    if not re.fullmatch(r"-?\d+", text) or int(text) < least:
        raise error(key, value=str(value))
    return int(text)


def mark_proof(box, cast, mark):
    """The proof of a mark of the chart (what it rests on, under the view), or None."""
    cast_on(box, cast)
    return marks.step_down(box.explain(marks.goal(mark), expand_negations=True))


def mark_why_not(box, cast, mark):
    """Why a line does not carry a mark (a WhyNot of the view's clauses that write it), or None
    when it does."""
    cast_on(box, cast)
    return marks.narrowed(box.why_not(marks.goal(mark), depth=4), mark)
