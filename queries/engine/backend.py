"""The one door to pyDatalog: no other module imports it.

A ``Backend`` is one pyDatalog logic (its facts and clauses), bound to the thread that made it.
It is given ground rows one at a time and clauses as parsed ``Rule`` values, which it builds
as pyDatalog objects (no text is run: pyDatalog's ``load`` executes Python), and it answers a
conjunction of literals with rows of values. Replacing pyDatalog means writing this file again
with the same methods.

>>> from queries.engine.reader import parse_text
>>> rules, _, _ = parse_text("near(X, Y) <= step(X, Y) & (Y != 'z')", "x.dl")
>>> backend = Backend()
>>> backend.add("step", ("a", "b")); backend.add("step", ("a", "z"))
>>> backend.add_rules(rules)
>>> backend.solve((Atom("near", (Const("a"), Var("Y"))),))
[{'Y': 'b'}]
"""
from __future__ import annotations

import operator
import threading

from pyDatalog import Logic, pyEngine, pyParser, version as _version

from .errors import KnowledgeError, UserError
from .terms import Atom, Const, Var


def name() -> str:
    """'compiled' or 'pure': which pyDatalog engine this process runs."""
    return "pure" if str(pyEngine.__file__).endswith(".py") else "compiled"


def version() -> str:
    """The backend and its version, for cache keys."""
    return f"pyDatalog {getattr(_version, '__version__', '')} {name()}"


class Backend:
    """One pyDatalog logic of this thread: facts, clauses, questions."""

    def __init__(self):
        self._thread = threading.get_ident()
        self.reset()

    def reset(self):
        """Start again from an empty logic."""
        Logic()
        self._logic = Logic(True)

    def activate(self):
        """Make this logic the current one of the thread (pyDatalog keeps one per thread)."""
        if threading.get_ident() != self._thread:
            raise RuntimeError("a KnowledgeBase belongs to the thread that made it; make one per thread")
        if getattr(Logic.tl, "logic", None) is not self._logic:
            Logic(self._logic)
            self._logic = Logic.tl.logic

    @staticmethod
    def add(pred, row):
        """Assert a ground row (straight into the engine: ten times faster than parser objects)."""
        pyEngine.assert_(pyEngine.Clause(pyEngine.Literal(pred, [pyEngine.Term_of(a) for a in row]), []))

    @staticmethod
    def remove(pred, row):
        pyEngine.retract(pyEngine.Clause(pyEngine.Literal(pred, [pyEngine.Term_of(a) for a in row]), []))

    def declare(self, pred, arity):
        """Make a predicate without rows or clauses known, so that asking it answers nothing."""
        self.add(pred, ("_pyD_none",) * arity)
        self.remove(pred, ("_pyD_none",) * arity)

    @staticmethod
    def add_rules(rules):
        """Give the engine clauses the reader has accepted."""
        for rule in rules:
            body = None
            for lit in rule.body:
                body = _literal(lit) if body is None else body & _literal(lit)
            try:
                _literal(rule.head) <= body
            except Exception as e:  # the reader should have refused it: report, never crash
                raise KnowledgeError([f"{rule.where}: pyDatalog refused this clause "
                                      f"({type(e).__name__}: {e})"]) from None

    def replace(self, pred, arity, rows):
        """The clauses of a predicate replaced by these rows (its answers, computed once)."""
        pyParser.Literal.make(pred, [pyParser.Term(f"A{i}") for i in range(arity)]) <= None
        for row in rows:
            self.add(pred, row)

    @staticmethod
    def solve(body):
        """Every solution of a conjunction, each a dict of the variables pyDatalog reports
        (those of positive literals), in no order and possibly repeated. A solution in which a
        term has no value (a division by zero) is left out; an order between a number and a
        string is a UserError."""
        query = None
        for lit in body:
            q = _literal(lit)
            query = q if query is None else query & q
        if not isinstance(query, pyParser.Body):
            query = pyParser.Body(query)
        try:
            raw = query.ask()
        except AttributeError as e:
            if "without definition" not in str(e):
                raise
            raw = None
        except TypeError as e:
            raise UserError(f"{' & '.join(map(str, body))}: {e}") from None
        if raw is None or raw is False:
            return []
        rows = [()] if raw is True else raw
        columns = list(query._variables())
        return [dict(zip(columns, row)) for row in rows
                if not any(isinstance(value, BaseException) for value in row)]


_OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
              "%": operator.mod, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
              "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _term(t):
    if isinstance(t, Var):
        return pyParser.Term(t.name)
    if isinstance(t, Const):
        return pyParser.Term(t.value, forced_type="constant")
    return _OPERATORS[t.op](_term(t.left), _term(t.right))


def _literal(lit):
    """A literal as pyDatalog objects (only the one operator asked for is applied: each of them
    builds, and comparing some expressions runs a query)."""
    if isinstance(lit, Atom):
        query = pyParser.Literal.make(lit.pred, [_term(a) for a in lit.args])
        return ~query if lit.negated else query
    left = _term(lit.left)
    if lit.op in ("in", "not in"):
        values = tuple(c.value for c in lit.right)
        return left.in_(values) if lit.op == "in" else left.not_in_(values)
    return _OPERATORS[lit.op](left, _term(lit.right))
