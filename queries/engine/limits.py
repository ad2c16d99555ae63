"""The limits of a question: how long it may take and how much it may hold.

The engine answers in this process, bottom-up in Python (the tables per partition and the
static answers, see forward.py), so it can stop a question itself: each step of an evaluation
weighs the rows and bindings it holds (``ROW_BYTES`` each, ``VALUE_BYTES`` a value, and a text
arithmetic makes by its length: ``text_bytes``) against ``Limits.memory_mb`` and, every thousand or so, looks at the clock. A rule that never ends
(``n(M) <= n(N) & (M == N + 1)``) or a goal that joins too much stops with one line naming
what was being computed. Arithmetic is bounded too (see ``terms.evaluate``): no text longer
than ``MAX_TEXT`` characters, no number beyond ``MAX_BITS`` bits. pyDatalog, which ignores
signals, is asked only by a KnowledgeBase made with ``tables=False`` (the tests' second
opinion); bound that one in a worker process.

>>> budget = Limits(seconds=None, memory_mb=1).budget("p")
>>> budget.check(10, width=3)
>>> budget.check(10 ** 5, width=3)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.engine.errors.QueryTooLarge: computing p needed more than the limit of 1 MB ...
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager

from .errors import QueryTimeout, QueryTooLarge, UserError
from .record import record

DEFAULT_SECONDS = 10.0
DEFAULT_MEMORY_MB = 512
# The collector's generations: a judgment makes about 150,000 objects that live as long as it does,
# and few cycles (1,700); walking them at every 10,000 new ones took 15 ms of a 250 ms command.
GC_THRESHOLD = (200_000, 50, 100)
ROW_BYTES = 200         # a row or a binding held, with its share of the sets, lists and indexes …
VALUE_BYTES = 24        # … and each value in it (measured on CPython 3.11: a binding of 12 is 480)
TEXT_BYTES = 56         # a text made by arithmetic, beside its characters (one byte each in ASCII, four beyond)


def text_bytes(value) -> int:
    """What a text made by arithmetic holds (0 for a number: MAX_BITS keeps those small).

    >>> text_bytes("x" * 4000), text_bytes("子丑"), text_bytes(7)
    (4056, 64, 0)
    """
    if type(value) is not str:
        return 0
    return TEXT_BYTES + (len(value) if value.isascii() else 4 * len(value))


@record(frozen=True)
class Limits:
    """Seconds and megabytes a question may use (None: no limit)."""
    seconds: float | None = DEFAULT_SECONDS
    memory_mb: float | None = DEFAULT_MEMORY_MB

    def __post_init__(self):
        for name in ("seconds", "memory_mb"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                      or not 0 < value < float("inf")):
                raise UserError(f"the limit {name} {value!r}: give a positive number (or None for no limit)",
                                key="engine.limit_value", values={"name": name, "value": value})

    def budget(self, what="the question") -> "Budget":
        return Budget(self, what)


class Budget:
    """One question's allowance, from the moment it starts; ``what`` names what it computes now
    and ``kept`` weighs the rows it has derived and keeps. ``peak`` is the most it has held; with
    ``trail`` a list, each ``what`` that raised the peak is added to it with the peak it reached,
    so that ``replay`` tells a later run of the same work whether this one would have passed its
    limit (loading from the cache weighs what computing would have held).

    >>> budget = Limits(memory_mb=None).budget("p")
    >>> budget.trail = []
    >>> budget.check(100, width=2); budget.what = "q"; budget.check(10 ** 4, width=2)
    >>> budget.trail + budget.last()
    [('p', 24800), ('q', 2480000)]
    >>> Limits(memory_mb=2).budget().replay([("p", 24800), ("q", 2480000)])
    False
    """
    __slots__ = ("limits", "bytes", "kept", "deadline", "_what", "peak", "trail", "reading")

    def __init__(self, limits, what):
        self.limits, self._what, self.kept, self.peak, self.trail = limits, what, 0, 0, None
        self.reading = False            # what is read (a file), not computed: the messages say so
        self.bytes = sys.maxsize if limits.memory_mb is None else int(limits.memory_mb * 2 ** 20)
        self.deadline = None if limits.seconds is None else time.monotonic() + limits.seconds

    @property
    def what(self) -> str:
        """What is computed now; set it to a function of no arguments to name it only when a
        message needs the name."""
        what = self._what
        if callable(what):
            what = self._what = what()
        return what

    @what.setter
    def what(self, what) -> None:
        if self.trail is not None:
            self.trail.extend(self.last())
        self._what = what

    @contextmanager
    def aside(self):
        """Time spent inside does not count against the deadline (the app's own knowledge read,
        as its code is)."""
        start = time.monotonic()
        try:
            yield
        finally:
            if self.deadline is not None:
                self.deadline += time.monotonic() - start

    def last(self) -> list:
        """The step of the trail that ``what`` has made so far: [] unless it raised the peak."""
        return [(self.what, self.peak)] if self.peak > (self.trail[-1][1] if self.trail else 0) else []

    def most(self, width) -> int:
        """How many more rows of ``width`` values fit."""
        return max(0, self.bytes - self.kept) // (ROW_BYTES + VALUE_BYTES * width)

    def keep(self, rows, width, made=0) -> None:
        """Count rows of ``width`` values the question keeps (derived ones), and ``made`` bytes of
        the texts in them that arithmetic made, then check."""
        self.kept += rows * (ROW_BYTES + VALUE_BYTES * width) + made
        self.check()

    def check(self, held=0, width=1, made=0) -> None:
        """Stop when the rows kept and ``held`` more of ``width`` values (with ``made`` bytes of
        texts made for them) pass the memory limit, or when the time is up."""
        used = self.kept + held * (ROW_BYTES + VALUE_BYTES * width) + made
        if used > self.peak:
            self.peak = used
        if used > self.bytes:
            self._too_large()
        if self.deadline is not None and time.monotonic() > self.deadline:
            if self.reading:
                raise QueryTimeout(f"reading {self.what} took longer than the limit of {self.limits.seconds:g} s, "
                                   "so it was stopped (a folder too large to read in time?)", named=True,
                                   key="engine.reading_timeout", values={"what": self.what,
                                                                         "seconds": self.limits.seconds})
            raise QueryTimeout(f"computing {self.what} took longer than the limit of {self.limits.seconds:g} s, "
                               "so it was stopped (a rule that never ends?)", named=True, key="engine.timeout",
                               values={"what": self.what, "seconds": self.limits.seconds})

    def replay(self, trail) -> bool:
        """Whether work that held ``trail`` (pairs of what and the peak it reached) fits this
        budget. When it does not, the caller computes the work again rather than trusting the
        trail to stop it: a trail can never stop what computing would not."""
        return all(peak <= self.bytes for _, peak in trail)

    def _too_large(self):
        if self.reading:
            raise QueryTooLarge(f"reading {self.what} needed more than the limit of {self.limits.memory_mb:g} MB, "
                                "so it was stopped (a folder too large for the limit?)", named=True,
                                key="engine.reading_too_large",
                                values={"what": self.what, "megabytes": self.limits.memory_mb})
        raise QueryTooLarge(f"computing {self.what} needed more than the limit of "
                            f"{self.limits.memory_mb:g} MB, so it was stopped (a rule that never ends, "
                            "or a goal that joins too much?)", named=True, key="engine.too_large",
                            values={"what": self.what, "megabytes": self.limits.memory_mb})
