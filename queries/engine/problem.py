"""A problem of a knowledge folder: its English line ``file:line: text`` as a ``str``, and the
message that says it in any language (``key`` and ``values``, as a UserError's; ``where`` among
the values). A problem without a key is said as its text.

>>> p = Problem("a.dl:3: syntax error: x", "problem.syntax", where="a.dl:3", reason="x")
>>> p, p.said()
('a.dl:3: syntax error: x', ('problem.syntax', {'where': 'a.dl:3', 'reason': 'x'}))
>>> tagged(p, "problem.warning").said()[0], tagged(p, "problem.warning")
('problem.warning', 'a.dl:3: syntax error: x (warning)')
"""
from __future__ import annotations


class Problem(str):
    """One problem: the English line, with the message key and values that say it."""

    def __new__(cls, english, key=None, /, **values):
        self = super().__new__(cls, english)
        self.key, self.values = key, values
        return self

    def __reduce__(self):
        return _rebuild, (str(self), self.key, self.values)

    def said(self):
        """The problem as data: (key, values), or its text when it names no message."""
        return (self.key, self.values) if self.key else str(self)

    @classmethod
    def of(cls, data):
        """A problem from its data on a pipe: [text, (key, values) or None], or a bare text."""
        if isinstance(data, str):
            return cls(data)
        english, said = data
        return cls(english, said[0], **said[1]) if said else cls(english)


def _rebuild(english, key, values):
    return Problem(english, key, **values)


def as_data(problem):
    """A problem as plain data for a pipe: [text, (key, values) or None]."""
    key = getattr(problem, "key", None)
    return [str(problem), (key, problem.values) if key else None]


def tagged(problem, key, suffix=" (warning)", /, **values):
    """The problem with words added at its end (``suffix`` in English, ``key`` the message that
    says the problem followed by them, its value ``problem``)."""
    inner = problem.said() if isinstance(problem, Problem) else str(problem)
    return Problem(f"{problem}{suffix}", key, problem=inner, **values)
