"""The values of the language: terms, literals, rules and facts, and what can be done with them
(substitute, evaluate, compare, unify, sort).

>>> lit = Compare("==", Var("J"), Arith("%", Arith("+", Var("I"), Const(6)), Const(12)))
>>> str(lit), term_vars(lit), holds(substitute(lit, {"I": 0, "J": 6}), {})
('(J == ((I + 6) % 12))', ['J', 'I'], True)
"""
from __future__ import annotations

import builtins
import keyword
import operator
import re

from .errors import QueryTooLarge
from .record import record, field


@record(frozen=True, init=False)
class Var:
    name: str

    def __init__(self, name):
        self.__dict__["name"] = name            # at once: a frozen record refuses __setattr__

    def __str__(self):
        return self.name


@record(frozen=True, init=False)
class Const:
    value: object

    def __init__(self, value):
        self.__dict__["value"] = value

    def __str__(self):
        return repr(self.value)


@record(frozen=True)
class Arith:
    op: str
    left: object
    right: object

    def __str__(self):
        return f"({self.left} {self.op} {self.right})"


@record(frozen=True, init=False)
class Atom:
    pred: str
    args: tuple
    negated: bool = False

    def __init__(self, pred, args, negated=False):
        self.__dict__.update(pred=pred, args=args, negated=negated)

    def __str__(self):
        return ("~" if self.negated else "") + f"{self.pred}({', '.join(map(str, self.args))})"

    @property
    def key(self):
        return (self.pred, len(self.args))


@record(frozen=True)
class Compare:
    op: str
    left: object
    right: object          # a term, or a tuple of Const for in / not in

    def __str__(self):
        right = self.right
        if isinstance(right, tuple):
            right = "(" + ", ".join(map(str, right)) + ("," if len(right) == 1 else "") + ")"
        return f"({self.left} {self.op} {right})"


GLOSS = "the translator's gloss"     # the note a ``# gloss:`` line's source ends with


def gloss_source(text: str) -> str:
    """A ``# gloss:`` line (a citation of a commentator's or translator's words, not the book's)
    as a source: the note that ends it says so, before the line's own note if it has one.

    >>> gloss_source("000_0a.txt:13  묘에 들면")
    "000_0a.txt:13  묘에 들면 (the translator's gloss)"
    >>> gloss_source("000_0a.txt:13  묘에 들면 (of the use-god)")
    "000_0a.txt:13  묘에 들면 (the translator's gloss: of the use-god)"
    """
    text = text.rstrip()
    if text.endswith(")") and "(" in text:
        start = text.rindex("(")
        note = text[start + 1:-1]
        if any("a" <= c.lower() <= "z" for c in note) and "(" not in note:
            return f"{text[:start].rstrip()} ({GLOSS}: {note})"
    return f"{text} ({GLOSS})"


def is_gloss(source: str) -> bool:
    """Whether a rule's source is a gloss (``gloss_source``), not the book's own words."""
    return source.endswith(f"({GLOSS})") or f"({GLOSS}: " in source


@record(frozen=True, init=False)
class RuleInfo:
    """What the comment lines above a clause say about it (a ``# gloss:`` line is among its
    sources, marked by ``gloss_source``). The fields have their defaults in ``__init__`` alone:
    a field of the class would hide one that ``later`` has not read yet."""
    id: str
    title: str
    sources: tuple
    conventions: tuple
    says: tuple             # ((lang, template), ...)
    notes: tuple
    view: bool              # '# @view': a presentation of relations derived elsewhere, not knowledge

    def __init__(self, id, title="", sources=(), conventions=(), says=(), notes=(), view=False):
        self.__dict__.update(id=id, title=title, sources=sources, conventions=conventions, says=says, notes=notes,
                             view=view)

    @classmethod
    def later(cls, read, id):
        """The RuleInfo of that id whose other fields are those of the RuleInfo ``read()`` gives,
        read when one is first asked for (a program read from the cache reads its rules'
        annotations so: most are never shown).

        >>> info = RuleInfo.later(lambda: RuleInfo("r.1", "月破"), "r.1")
        >>> info.id, "title" in vars(info), info.title, info == RuleInfo("r.1", "月破")
        ('r.1', False, '月破', True)
        """
        info = cls.__new__(cls)
        info.__dict__.update(id=id, _read=read)
        return info

    def __getattr__(self, name):
        """A field of a RuleInfo made by ``later``, read on first need."""
        read = self.__dict__.get("_read")
        if read is None or name.startswith("__"):
            raise AttributeError(name)
        self.__dict__.update(read().__dict__)
        self.__dict__.pop("_read", None)
        return object.__getattribute__(self, name)

    def __reduce__(self):
        """Pickled with every field read (the reader ``later`` keeps belongs to its program)."""
        return RuleInfo, (self.id, self.title, self.sources, self.conventions, self.says, self.notes, self.view)

    def template(self, lang):
        return dict(self.says).get(lang)


@record(frozen=True, init=False)
class Rule:
    head: Atom
    body: tuple
    path: str
    line: int
    info: RuleInfo
    origin: str = ""

    def __init__(self, head, body, path, line, info, origin=""):
        self.__dict__.update(head=head, body=body, path=path, line=line, info=info, origin=origin)

    def __str__(self):
        return f"{self.head} <= {' & '.join(map(str, self.body))}"

    @property
    def where(self):
        return f"{self.path}:{self.line}"


@record(frozen=True, init=False)
class Fact:
    atom: Atom
    path: str
    line: int
    origin: str = ""
    notes: tuple = field(default=())

    def __init__(self, atom, path, line, origin="", notes=()):
        self.__dict__.update(atom=atom, path=path, line=line, origin=origin, notes=notes)

    @property
    def where(self):
        return f"{self.path}:{self.line}" if self.line else self.path


def goal(pred, *args) -> tuple:
    """A goal of one positive atom, each argument a value or a Var: what a knowledge base takes
    as it is, with no text to read.

    >>> print(*goal("verdict", "c1", Var("D")))
    verdict('c1', D)
    """
    return (Atom(pred, tuple(a if isinstance(a, Var) else Const(a) for a in args)),)


def show(value) -> str:
    """A value as a reader sees it: text as it is, a number as digits, a variable (left open
    in a negation) by its name."""
    if isinstance(value, str):
        return value
    return value.name if isinstance(value, Var) else repr(value)


PREDICATE = re.compile(r"[a-z][a-z0-9_]*\Z")   # a predicate's name
RESERVED = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | {"sum_", "len_", "min_", "max_"}  # Python's own


def is_variable_name(name: str) -> bool:
    return name[:1].isascii() and (name[:1].isupper() or name[:1] == "_")


def term_vars(term):
    """The variables of a term, an atom or a comparison, in order of appearance."""
    if isinstance(term, Var):
        return [term.name]
    if isinstance(term, Arith):
        return term_vars(term.left) + term_vars(term.right)
    if isinstance(term, Atom):
        return [v for a in term.args for v in term_vars(a)]
    if isinstance(term, Compare):
        right = [] if isinstance(term.right, tuple) else term_vars(term.right)
        return term_vars(term.left) + right
    return []


def answer_vars(body):
    """The variables a conjunction reports, in order: those of its positive literals and
    comparisons, without the don't-care ones (named with a leading ``_``)."""
    return [n for n in dict.fromkeys(v for lit in body if not (isinstance(lit, Atom) and lit.negated)
                                     for v in term_vars(lit)) if not n.startswith("_")]


def constants(literal):
    """The constants of a literal, in order."""
    if isinstance(literal, Atom):
        return [a for a in literal.args if isinstance(a, Const)]
    right = list(literal.right) if isinstance(literal.right, tuple) else [literal.right]
    return [t for t in [literal.left, *right] if isinstance(t, Const)]


def substitute(term, binding: dict):
    """Replace bound variables by constants."""
    if isinstance(term, Var):
        return Const(binding[term.name]) if term.name in binding else term
    if isinstance(term, Arith):
        return Arith(term.op, substitute(term.left, binding), substitute(term.right, binding))
    if isinstance(term, Atom):
        return Atom(term.pred, tuple(substitute(a, binding) for a in term.args), term.negated)
    if isinstance(term, Compare):
        right = term.right if isinstance(term.right, tuple) else substitute(term.right, binding)
        return Compare(term.op, substitute(term.left, binding), right)
    return term


NO_VALUE = (TypeError, ZeroDivisionError)     # what evaluating a term without a value raises
MAX_TEXT = 4096         # characters of a text arithmetic may make
MAX_BITS = 256          # bits of a whole number arithmetic may make
_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
               "%": operator.mod}
_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _is_text(value):
    return isinstance(value, str)


def _is_number(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _too_long():
    return QueryTooLarge(f"arithmetic made a text longer than {MAX_TEXT:,} characters, so it was stopped "
                         "(a rule that grows a value without end?)")


def _text_times(text, times):
    if len(text) * max(times, 0) > MAX_TEXT:
        raise _too_long()
    return text * times


def _apply(op, left, right):
    if op == "+" and _is_text(left) and _is_text(right):
        return left + right
    if op == "*" and _is_text(left) and _is_number(right):
        return _text_times(left, right)
    if op == "*" and _is_number(left) and _is_text(right):
        return _text_times(right, left)
    if not (_is_number(left) and _is_number(right)):
        raise TypeError(f"{op} of {type(left).__name__} and {type(right).__name__}")
    return _ARITHMETIC[op](left, right)


def evaluate(term, binding: dict):
    """The value of an arithmetic term under a binding: whole numbers as Python computes them,
    ``+`` joining two texts and ``*`` repeating a text.

    KeyError if a variable is unbound; one of NO_VALUE when the term has no value (a division
    by zero, a number added to a text, ``%`` or ``-`` of a text); QueryTooLarge for a text
    longer than MAX_TEXT characters or a number of more than MAX_BITS bits.

    >>> evaluate(Arith("+", Const("子"), Var("X")), {"X": "丑"}), evaluate(Arith("%", Const(14), Const(12)), {})
    ('子丑', 2)
    """
    if isinstance(term, Const):
        return term.value
    if isinstance(term, Var):
        return binding[term.name]
    value = _apply(term.op, evaluate(term.left, binding), evaluate(term.right, binding))
    if _is_text(value) and len(value) > MAX_TEXT:
        raise _too_long()
    if _is_number(value) and value.bit_length() > MAX_BITS:
        raise QueryTooLarge(f"arithmetic made a number of more than {MAX_BITS} bits, so it was stopped "
                            "(a rule that grows a value without end?)")
    return value


def holds(cmp: Compare, binding: dict) -> bool:
    """Whether a comparison is true under a binding that binds all its variables; a term
    without a value, or an order between a number and a string, makes it false."""
    try:
        left = evaluate(cmp.left, binding)
        if cmp.op in ("in", "not in"):
            return (left in [c.value for c in cmp.right]) == (cmp.op == "in")
        right = evaluate(cmp.right, binding)
        if cmp.op in ("==", "!="):
            return (left == right) == (cmp.op == "==")
        return _ORDER[cmp.op](left, right)
    except NO_VALUE:
        return False


def unify(params, args):
    """Bind a rule head's terms to ground values; None if they do not fit."""
    binding = {}
    for p, a in zip(params, args):
        if isinstance(p, Const):
            if p.value != a:
                return None
        elif p.name in binding and binding[p.name] != a:
            return None
        else:
            binding[p.name] = a
    return binding


def unify_pattern(params, args):
    """Bind a rule head to a goal's terms that may keep variables; None if constants clash."""
    binding = {}
    for p, a in zip(params, args):
        if not isinstance(a, Const):
            continue
        if isinstance(p, Const):
            if p.value != a.value:
                return None
        elif p.name in binding and binding[p.name] != a.value:
            return None
        else:
            binding[p.name] = a.value
    return binding


def value_key(value):
    """The sort key of a value: numbers first, in order, then text."""
    return (0, value, "") if isinstance(value, int) else (1, 0, str(value))


def row_key(row):
    return tuple(value_key(v) for v in row)
