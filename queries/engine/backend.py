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

import threading

from .errors import KnowledgeError, LimitExceeded
from .terms import NO_VALUE, Atom, Compare, Const, Var, evaluate, holds, term_vars


Logic = pyEngine = pyParser = None      # pyDatalog's, imported when a backend is first used


def _datalog():
    """pyDatalog's Logic, imported on first need: a knowledge base the tables answer never needs it."""
    global Logic, pyEngine, pyParser
    if Logic is None:
        from pyDatalog import Logic as logic, pyEngine as engine, pyParser as parser
        Logic, pyEngine, pyParser = logic, engine, parser
    return Logic


def name() -> str:
    """'compiled' or 'pure': which pyDatalog engine this process runs."""
    _datalog()
    return "pure" if str(pyEngine.__file__).endswith(".py") else "compiled"


class Backend:
    """One pyDatalog logic of this thread: facts, clauses, questions. The logic is made, and
    pyDatalog imported, when it is first used."""

    def __init__(self):
        self._thread = threading.get_ident()
        self.reset()

    def reset(self):
        """Start again from an empty logic."""
        self._logic = None

    def check_thread(self):
        """A RuntimeError in another thread than the one that made the backend."""
        if threading.get_ident() != self._thread:
            raise RuntimeError("a KnowledgeBase belongs to the thread that made it; make one per thread")

    def activate(self):
        """Make this logic the current one of the thread (pyDatalog keeps one per thread)."""
        self.check_thread()
        logic = _datalog()
        if self._logic is None:
            logic()
            self._logic = logic(True)
        elif getattr(logic.tl, "logic", None) is not self._logic:
            logic(self._logic)
            self._logic = logic.tl.logic

    def add(self, pred, row):
        """Assert a ground row (straight into the engine: ten times faster than parser objects)."""
        self.activate()
        pyEngine.assert_(pyEngine.Clause(pyEngine.Literal(pred, [pyEngine.Term_of(a) for a in row]), []))

    def remove(self, pred, row):
        self.activate()
        pyEngine.retract(pyEngine.Clause(pyEngine.Literal(pred, [pyEngine.Term_of(a) for a in row]), []))

    def declare(self, pred, arity):
        """Make a predicate without rows or clauses known, so that asking it answers nothing."""
        self.add(pred, ("_pyD_none",) * arity)
        self.remove(pred, ("_pyD_none",) * arity)

    def add_rules(self, rules):
        """Give the engine clauses the reader has accepted."""
        self.activate()
        for rule in rules:
            try:
                _literal(rule.head, set()) <= _conjunction(rule.body)
            except LimitExceeded:
                raise
            except Exception as e:  # the reader should have refused it: report, never crash
                raise KnowledgeError([f"{rule.where}: pyDatalog refused this clause "
                                      f"({type(e).__name__}: {e})"]) from None

    def replace(self, pred, arity, rows):
        """The clauses of a predicate replaced by these rows (its answers, computed once)."""
        self.activate()
        pyParser.Literal.make(pred, [pyParser.Term(f"A{i}") for i in range(arity)]) <= None
        for row in rows:
            self.add(pred, row)

    def solve(self, body):
        """Every solution of a conjunction, each a dict of the variables pyDatalog reports
        (those of positive literals), in no order and possibly repeated. Comparisons and
        arithmetic are computed by ``terms.holds`` and ``terms.evaluate``, as the tables compute
        them: a term without a value makes its literal fail."""
        self.activate()
        query = _conjunction(body)
        if not isinstance(query, pyParser.Body):
            query = pyParser.Body(query)
        _Stop.error = None
        try:
            raw = query.ask()
        except AttributeError as e:
            if "without definition" not in str(e):
                raise
            raw = None
        if _Stop.error is not None:
            raise _Stop.error
        if raw is None or raw is False:
            return []
        rows = [()] if raw is True else raw
        columns = list(query._variables())
        return [dict(zip(columns, row)) for row in rows]


_NO_VALUE = object()        # what a term without a value computes to (no row ever holds it)


class _Stop:
    """A limit met inside a function pyDatalog called: pyDatalog swallows what its functions
    raise, so the error waits here until the query returns."""
    error = None


def _value_of(term, names):
    """A function of the named variables' values: the term's value, or _NO_VALUE."""
    def value(*values):
        try:
            return evaluate(term, dict(zip(names, values)))
        except NO_VALUE:
            return _NO_VALUE
        except LimitExceeded as e:
            _Stop.error = _Stop.error or e
            return _NO_VALUE
    return value


def _holds(compare, names):
    """A function of the named variables' values: whether the comparison holds."""
    def test(*values):
        try:
            return holds(compare, dict(zip(names, values)))
        except LimitExceeded as e:
            _Stop.error = _Stop.error or e
            return False
    return test


def _has_value(value):
    return value is not _NO_VALUE


def _call(function, names):
    """A pyDatalog term that calls ``function`` (a plain function: pyDatalog calls nothing else)
    with the values of the named variables."""
    return pyParser.Operation(None, function, [pyParser.Term(n) for n in names])


def _term(t):
    if isinstance(t, Var):
        return pyParser.Term(t.name)
    return pyParser.Term(t.value, forced_type="constant")


def _conjunction(body):
    """A body as one pyDatalog query, literal by literal in its order."""
    query, bound = None, set()
    for lit in body:
        for part in _literals(lit, bound):
            query = part if query is None else query & part
        if isinstance(lit, Atom) and not lit.negated:
            bound.update(term_vars(lit))
        elif isinstance(lit, Compare) and lit.op in ("==", "in") and isinstance(lit.left, Var):
            bound.add(lit.left.name)
    return query


def _literal(lit, bound):
    (only,) = _literals(lit, bound)
    return only


def _literals(lit, bound):
    """A literal as pyDatalog objects. A comparison that binds a variable to a computed value
    is followed by a check that the value exists; any other comparison is one call of
    ``terms.holds``."""
    if isinstance(lit, Atom):
        query = pyParser.Literal.make(lit.pred, [_term(a) for a in lit.args])
        return [~query if lit.negated else query]
    left = lit.left
    if isinstance(left, Var) and left.name not in bound:
        if lit.op == "in":
            return [pyParser.Term(left.name).in_(tuple(c.value for c in lit.right))]
        if isinstance(lit.right, (Var, Const)):
            return [pyParser.Term(left.name) == _term(lit.right)]
        names = list(dict.fromkeys(term_vars(lit.right)))
        return [pyParser.Term(left.name) == _call(_value_of(lit.right, names), names),
                pyParser.Literal.make_for_comparison(_call(_has_value, [left.name]), "==", True)]
    names = list(dict.fromkeys(term_vars(lit)))
    if not names:               # pyDatalog cannot call a function of no variable
        return [pyParser.Term(1, forced_type="constant") == (1 if holds(lit, {}) else 0)]
    return [pyParser.Literal.make_for_comparison(_call(_holds(lit, names), names), "==", True)]
