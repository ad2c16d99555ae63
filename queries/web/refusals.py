"""The answers of a refusal, shared by the page and the API: the HTTP status of a user error,
and its body, one line in the reader's language naming the field at fault.

>>> error_status(UserError("x")), error_body(UserError("month 'X': give a branch"), "en")["field"]
(400, 'month')
"""
from __future__ import annotations

from ..errors import QueryTimeout, QueryTooLarge, UserError
from ..messages import problem
from ..sandbox import WorkerError
from ..status import message
from .cast_form import field_of
from .pool import Busy, unplaced
from .words import form_words

# The API's names of the options a message may name: its JSON fields (``--at`` is ``at``).
API_WORDS = {name: name.replace("-", "_") for name in (
    "to", "coins", "random", "yarrow", "by-time", "numbers", "seed", "at", "tz", "longitude", "lunar", "month", "day",
    "year", "hour", "zi-hour", "set", "topic", "about", "asker", "horizon", "since", "in-office", "side", "age", "born")}


def one_line(text) -> str:
    """A text on one line, its spaces one each."""
    return " ".join(str(text).split())


class Refused(UserError):
    """A writing form posted without the page's token (from another site, or an old page)."""


def error_status(error: UserError) -> int:
    """The HTTP status of a user error: 503 busy or a worker stopped (try again), 403 a form
    without its token, 422 stopped at a limit, 400 otherwise."""
    if isinstance(error, (Busy, WorkerError)):
        return 503
    if isinstance(error, Refused):
        return 403
    if isinstance(error, (QueryTimeout, QueryTooLarge)):
        return 422
    return 400


def error_body(error: UserError, lang="en", given=None, api=False) -> dict:
    """{"error": one line in ``lang``, "field": the field at fault or None}; a KnowledgeError's
    first problems, a session's files named by their own names (``pool.unplaced``). The line
    names a field as the page does («양력 시각»), or as the API's JSON does (``api``: ``at``);
    the field is read off the English line, and, for a moment or pillars missing, off the
    fields ``given`` (a day without its month marks the month)."""
    words = API_WORDS if api else form_words(lang)
    problems = getattr(error, "problems", None)
    english = "; ".join(problems[:5]) if problems else str(error)
    said = one_line("; ".join(problem(p, lang) for p in problems[:5])) if problems else message(error, lang, words)
    return {"error": unplaced(said), "field": fault(error, unplaced(english), given)}


def fault(error, english, given=None):
    """The field a message is about: the one it names, or the missing half of the pillars."""
    if getattr(error, "key", None) == "cast.needs_moment" and given:
        if given.get("day") and not given.get("month"):
            return "month"
        if given.get("month") and not given.get("day"):
            return "day"
    return field_of(english)
