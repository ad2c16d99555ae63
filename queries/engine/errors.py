"""Errors a user can cause: each prints as one line (the caller decides the exit status).

An error may name its message: ``key`` and ``values`` (its placeholders' values, each text, a
number, or a message of its own as a pair ``(key, values)``), so that an app can say it in
another language; its text is the English.

>>> e = UserError("unknown predicate p/1", key="engine.unknown_predicate", values={"pred": "p", "arity": 1, "hint": ""})
>>> str(e), e.said()[0]
('unknown predicate p/1', 'engine.unknown_predicate')
>>> said(ValueError("no such"))
'no such'
"""


class UserError(Exception):
    """Bad input: the message names the file:line or the value, and what is allowed."""

    def __init__(self, message="", *, key=None, values=None):
        super().__init__(message)
        self.key = key
        self.values = dict(values or {})

    def said(self):
        """The message as data: (key, values), or the text when it names no message."""
        return (self.key, self.values) if self.key else str(self)


def said(error):
    """An error as a value of another message: its (key, values), or its text."""
    return error.said() if isinstance(error, UserError) else str(error)


class GoalError(UserError, ValueError):
    """A goal that cannot be read (queries.engine.reader.parse_goal)."""


class KnowledgeError(UserError):
    """A fact table or clause file that cannot be loaded.

    ``problems`` holds every problem found, each a one-line string starting with ``file:line``.

    >>> str(KnowledgeError(["a.dl:1: x", "a.dl:2: y"]))
    'a.dl:1: x (and 1 more)'
    """

    def __init__(self, problems):
        self.problems = list(problems)
        first = self.problems[0] if self.problems else "unknown problem"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


class LimitExceeded(UserError):
    """A question stopped at a limit; ``limit`` says which: ``"time"`` or ``"memory"``, and
    ``named`` whether the message names what was being computed."""
    limit = "time"

    def __init__(self, message, named=False, *, key=None, values=None):
        super().__init__(message, key=key, values=values)
        self.named = named


class QueryTimeout(LimitExceeded):
    """A question did not finish within the time limit."""


class QueryTooLarge(LimitExceeded):
    """A question held more rows, or made a longer text or a larger number, than its limits allow."""
    limit = "memory"
