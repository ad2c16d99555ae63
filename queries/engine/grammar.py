"""The part of Python's syntax a clause may use: a statement's tree read into a fact's atom or
a rule's head and body (queries/engine/reader.py reads a text through it), anything else
refused with its line and the message that says why.

>>> print(*literals(parse("p(X) & ~q(X, 'a') & (X > 2)", "eval").body), sep="  ")
p(X)  ~q(X, 'a')  (X > 2)
"""
from __future__ import annotations

import ast

from .terms import PREDICATE, RESERVED, Arith, Atom, Compare, Const, Var, is_variable_name

ARITHMETIC = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}
COMPARISON = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
              ast.GtE: ">=", ast.In: "in", ast.NotIn: "not in"}
MAX_LITERALS = 256      # literals of a goal or a rule body
MAX_ARGUMENTS = 64      # arguments of an atom
MAX_DEPTH = 32          # operators nested in one term


def parse(text: str, mode: str):
    """Python's tree of a text (``mode``: exec for statements, eval for a goal); SyntaxError."""
    return ast.parse(text, mode=mode)


def same_tree(text: str, other: str) -> bool:
    """Whether Python reads two texts as the same statements."""
    return ast.dump(ast.parse(text)) == ast.dump(ast.parse(other))


def literals(node) -> tuple:
    """The literals of a conjunction's tree, left to right."""
    return tuple(_literal(n) for n in _conjuncts(node))


class Refused(Exception):
    """A statement or goal the reader refuses; ``key`` and ``values`` name its message when it
    has one (as a UserError's)."""

    def __init__(self, node, message, key=None, **values):
        super().__init__(message)
        self.line = getattr(node, "lineno", 1)
        self.key, self.values = key, values


def _predicate(node) -> str:
    if isinstance(node, ast.Attribute):
        raise Refused(node, "attribute access is not allowed", "reader.attribute")
    if not isinstance(node, ast.Name):
        raise Refused(node, "only predicates can be called", "reader.only_predicates")
    name = node.id
    if name.startswith("__") or name.startswith("_pyD"):
        raise Refused(node, f"the name {name!r} is reserved", "reader.reserved", name=name)
    if name in RESERVED:
        raise Refused(node, f"{name!r} is a Python name, not a predicate; choose another name",
                      "reader.python_predicate", name=name)
    if not PREDICATE.match(name):
        raise Refused(node, f"predicate {name!r} must be ASCII snake_case (a-z, 0-9, _)", "reader.snake_case",
                      name=name)
    return name


def _term(node, arithmetic=False, depth=0):
    if depth > MAX_DEPTH:
        raise Refused(node, f"a term nested more than {MAX_DEPTH} operators deep; compute it in steps",
                      "reader.term_deep", most=MAX_DEPTH)
    if isinstance(node, ast.Name):
        if node.id.startswith("__"):
            raise Refused(node, f"the name {node.id!r} is reserved", "reader.reserved", name=node.id)
        if not is_variable_name(node.id):
            raise Refused(node, f"bare name {node.id!r} is not a variable (variables start with "
                                f"A-Z or _); quote constants: '{node.id}'", "reader.bare_name", name=node.id)
        if node.id in RESERVED:
            raise Refused(node, f"{node.id!r} is a Python name; choose another variable name",
                          "reader.python_variable", name=node.id)
        return Var(node.id)
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (str, int)):
            raise Refused(node, f"constant {node.value!r} must be a quoted string or a whole number",
                          "reader.constant", value=repr(node.value))
        if isinstance(node.value, str) and any(not ch.isprintable() for ch in node.value):
            raise Refused(node, f"constant {node.value!r} has a line break or control character",
                          "reader.control", value=repr(node.value))
        return Const(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) \
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int:
        return Const(-node.operand.value)
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        if not arithmetic:
            raise Refused(node, "arithmetic is allowed only inside a comparison", "reader.arithmetic")
        return Arith(ARITHMETIC[type(node.op)], _term(node.left, True, depth + 1),
                     _term(node.right, True, depth + 1))
    if isinstance(node, ast.JoinedStr):
        raise Refused(node, "f-strings are not allowed", "reader.fstring")
    if isinstance(node, ast.Attribute):
        raise Refused(node, "attribute access is not allowed", "reader.attribute")
    if isinstance(node, ast.Subscript):
        raise Refused(node, "subscripts are not allowed", "reader.subscript")
    if isinstance(node, ast.Lambda):
        raise Refused(node, "lambdas are not allowed", "reader.lambda")
    if isinstance(node, ast.Call):
        raise Refused(node, "a call cannot be an argument", "reader.call_argument")
    raise Refused(node, f"{type(node).__name__} is not allowed as a term", "reader.term", kind=type(node).__name__)


def _atom(node, negated=False) -> Atom:
    if not isinstance(node, ast.Call):
        raise Refused(node, "expected a predicate call such as p(X, 'a')", "reader.expected_call")
    name = _predicate(node.func)
    if node.keywords:
        raise Refused(node, "keyword arguments are not allowed", "reader.keywords")
    if not node.args:
        raise Refused(node, f"{name}() needs at least one argument", "reader.no_arguments", name=name)
    if len(node.args) > MAX_ARGUMENTS:
        raise Refused(node, f"{name} has {len(node.args)} arguments; at most {MAX_ARGUMENTS}",
                      "reader.many_arguments", name=name, count=len(node.args), most=MAX_ARGUMENTS)
    for arg in node.args:
        if isinstance(arg, ast.Starred):
            raise Refused(arg, "starred arguments are not allowed", "reader.starred")
    return Atom(name, tuple(_term(a) for a in node.args), negated)


def _literal(node):
    if isinstance(node, ast.Call):
        return _atom(node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        return _atom(node.operand, negated=True)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        raise Refused(node, "Python 'not' is silently wrong in pyDatalog; negate with ~", "reader.not")
    if isinstance(node, ast.BoolOp):
        word = "and" if isinstance(node.op, ast.And) else "or"
        hint = "join literals with &" if word == "and" else "write one rule per alternative"
        raise Refused(node, f"Python '{word}' is silently wrong in pyDatalog; {hint}",
                      "reader.and" if word == "and" else "reader.or")
    if isinstance(node, ast.Compare):
        if len(node.ops) > 1:
            raise Refused(node, "chained comparison: put each comparison in its own parentheses", "reader.chained")
        op = COMPARISON.get(type(node.ops[0]))
        if op is None:
            raise Refused(node, "unsupported comparison", "reader.comparison")
        left, right = node.left, node.comparators[0]
        if op in ("in", "not in"):
            if not isinstance(right, (ast.Tuple, ast.List)) or not right.elts:
                raise Refused(node, f"the right side of '{op}' must be a tuple of constants", "reader.in_right", op=op)
            values = tuple(_term(e) for e in right.elts)
            if not all(isinstance(v, Const) for v in values):
                raise Refused(node, f"the right side of '{op}' must be a tuple of constants", "reader.in_right", op=op)
            if not isinstance(left, ast.Name):
                raise Refused(node, f"the left side of '{op}' must be a variable; "
                                    f"bind the value first, e.g. (K == …) & (K {op} (…))", "reader.in_left", op=op)
            return Compare(op, _term(left, True), values)
        return Compare(op, _term(left, True), _term(right, True))
    raise Refused(node, f"{type(node).__name__} is not a literal; use p(...), ~p(...) or (X op Y)",
                  "reader.literal", kind=type(node).__name__)


def _conjuncts(node):
    """The literals joined by & (left to right), however the & nest; at most MAX_LITERALS."""
    found, todo = [], [node]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
            todo += [node.right, node.left]
        else:
            found.append(node)
        if len(found) + len(todo) > MAX_LITERALS:
            raise Refused(node, f"more than {MAX_LITERALS} literals joined by &; split it into rules",
                          "reader.many_literals", most=MAX_LITERALS)
    return found


def statement(node):
    if not isinstance(node, ast.Expr):
        kind = type(node).__name__
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            raise Refused(node, "imports are not allowed", "reader.imports")
        raise Refused(node, f"a {kind} statement is not allowed; only facts and rules", "reader.statement", kind=kind)
    value = node.value
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.UAdd):
        atom = _atom(value.operand)
        if any(not isinstance(a, Const) for a in atom.args):
            raise Refused(value, f"the fact {atom} has a variable; facts are ground", "reader.fact_variable",
                          fact=str(atom))
        return atom
    if isinstance(value, ast.Compare) and len(value.ops) == 1 and isinstance(value.ops[0], ast.LtE) \
            and isinstance(value.left, ast.Call):
        head = _atom(value.left)
        body = tuple(_literal(n) for n in _conjuncts(value.comparators[0]))
        for arg in head.args:
            if isinstance(arg, Arith):
                raise Refused(value, "arithmetic is not allowed in a rule head", "reader.head_arithmetic")
        return head, body
    if isinstance(value, ast.Compare) and isinstance(value.left, ast.Call):
        raise Refused(node, "a rule is head <= body; a comparison in the body needs parentheses",
                      "reader.rule_parentheses")
    raise Refused(node, "only facts (+ p('a')) and rules (head <= body) are allowed", "reader.only_statements")
