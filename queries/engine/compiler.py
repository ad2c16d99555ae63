"""A clause compiled to one Python function: its body as nested loops over the tables' indexes,
its head's rows made in the innermost one (forward.Plan runs a clause so once it has run a few
times; before, its steps build every binding of each literal in turn).

The function gives the rows the steps give, and reads the same indexes. The source is made
from the clause's shape alone: slots, places and operators. Every value of the clause (a
predicate's name, a constant, a comparison's function) is handed to it, never written into
the source, so no text of a rule file becomes code. How a comparison is read under a binding
(``condition``, ``value_of``, ``View``) is here too: the steps read it the same way.

>>> from queries.engine.reader import parse_text
>>> from queries.engine.forward import Plan, Tables
>>> from queries.engine.limits import Limits
>>> rules, _, _ = parse_text("far(C, P) <= line(C, P, V) & line(C, Q, V) & (Q > P + 1)", "x.dl", "user")
>>> plan = Plan(rules[0])
>>> run = function(plan.shape, plan.layout, None)
>>> tables = Tables({}, {"line": {("c", 1, 7), ("c", 2, 9), ("c", 4, 7)}})
>>> sorted(run(tables, None, Limits().budget(), plan.params, plan.consts))
[('c', 1)]
"""
from __future__ import annotations

import operator
from functools import lru_cache
from operator import itemgetter

from .limits import text_bytes
from .terms import NO_VALUE, Const, Var, evaluate, holds

DEEPEST = 18            # loops and trys nested at most (Python allows 20 blocks in a function)
_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


@lru_cache(maxsize=4096)
def function(shape, head, at):
    """The function ``run(tables, delta, budget, params, consts)`` -> the set of head rows of a
    clause's body ``shape`` (forward._shape: its atoms without their constants, which come in
    ``params``) and its ``head`` (the slot of each argument, or None for a constant: those come
    in ``consts``), the literal at ``at`` reading ``delta``; None when the clause does not fit one
    function (too deep, or a head variable the body leaves unbound: a name for its slot)."""
    code = _Code()
    slots, param, blocks = {}, 0, 0
    for i, lit in enumerate(shape):
        if lit.__class__ is tuple:
            pred, negated, args = lit
            fixed, keys, outs, repeats, fresh = [], [], [], [], {}
            for place, name in enumerate(args):
                if name is None:
                    fixed.append((place, f"P[{param}]"))
                    param += 1
                elif name in slots:
                    keys.append((place, f"v{slots[name]}"))
                elif name in fresh:
                    repeats.append((place, fresh[name]))
                else:
                    fresh[name] = place
                    outs.append(place)
            positions = tuple(place for place, _ in fixed + keys)
            key = _tuple(value for _, value in fixed + keys)
            index = f"I{i}"
            code.start(f"{index} = None")
            code.line(f"if {index} is None: {index} = {'delta' if i == at else 'tables'}.index("
                      f"{code.value(pred)}, {positions!r})")
            rows = f"{index}.get({key}, ())"
            if negated:
                same = " and ".join(f"r[{a}] == r[{b}]" for a, b in repeats)
                code.open(f"if not any({same} for r in {rows}):" if same else f"if not {rows}:")
                continue
            code.open(f"for r{i} in {rows}:")
            blocks += 1
            code.line("n += 1")
            code.line("if not n & 1023: check(len(out), W, made)")
            for a, b in repeats:
                code.line(f"if r{i}[{a}] != r{i}[{b}]: continue")
            for place in outs:
                slots[args[place]] = len(slots)
                code.line(f"v{slots[args[place]]} = r{i}[{place}]")
            continue
        left, op, right = lit.left, lit.op, lit.right
        known, env = dict(slots), _tuple(f"v{k}" for k in range(len(slots)))
        if isinstance(left, Var) and left.name not in slots and op == "==":
            slot = f"v{len(slots)}"
            simple = _simple(right, slots, code)
            if simple is not None:
                code.line(f"{slot} = {simple}")
            else:
                value = code.value(lambda env, term=right, known=known: evaluate(term, View(env, known)))
                code.line("try:")
                code.line(f"    {slot} = {value}({env})")
                code.line("except NO_VALUE:")
                code.line("    pass")
                code.open("else:")
                code.line(f"if type({slot}) is str:")
                code.line(f"    made += text_bytes({slot})")
                code.line("    if made > budget.bytes - budget.kept: check(len(out), W, made)")
                blocks += 1
            slots[left.name] = len(slots)
            continue
        if isinstance(left, Var) and left.name not in slots and op == "in":
            slot = f"v{len(slots)}"
            code.open(f"for {slot} in {code.value(tuple(c.value for c in right))}:")
            code.line("n += 1")
            code.line("if not n & 1023: check(len(out), W, made)")
            blocks += 1
            slots[left.name] = len(slots)
            continue
        a, b = _simple(left, slots, code), None if op in ("in", "not in") else _simple(right, slots, code)
        if a is not None and op in ("in", "not in"):
            code.open(f"if {a} {op} {code.value(tuple(c.value for c in right))}:")
        elif a is not None and b is not None and op in ("==", "!="):
            code.open(f"if {a} {op} {b}:")
        elif a is not None and b is not None and op in _ORDER:
            code.line("try:")
            code.line(f"    ok = {a} {op} {b}")
            code.line("except NO_VALUE:")
            code.line("    ok = False")
            code.open("if ok:")
        else:
            code.open(f"if {code.value(condition(lit, known))}({env}):")
    if blocks > DEEPEST or code.depth > 90 or any(isinstance(slot, str) for slot in head):
        return None
    row, k = [], 0
    for slot in head:
        row.append(f"H[{k}]" if slot is None else f"v{slot}")
        k += slot is None
    code.line(f"add({_tuple(row)})")
    code.line("if len(out) > most: check(len(out), W, made)")
    return code.function(len(head))


class View:
    """A binding (tuple) read by name, for ``terms.evaluate`` and ``terms.holds``."""
    __slots__ = ("env", "slots")

    def __init__(self, env, slots):
        self.env, self.slots = env, slots

    def __getitem__(self, name):
        return self.env[self.slots[name]]


def value_of(term, slots):
    """A function from a binding to a term's value, when the term is a constant or a bound
    variable (None otherwise: arithmetic, or a variable not bound yet)."""
    if isinstance(term, Const):
        return lambda env, v=term.value: v
    if isinstance(term, Var) and term.name in slots:
        return itemgetter(slots[term.name])
    return None


def condition(lit, slots):
    """Whether a comparison holds under a binding (as ``terms.holds``)."""
    left, op = value_of(lit.left, slots), lit.op
    if op in ("in", "not in"):
        choices, wanted = [c.value for c in lit.right], op == "in"
        if left is not None:
            return lambda env: (left(env) in choices) == wanted
    else:
        right = value_of(lit.right, slots)
        if left is not None and right is not None:
            if op in ("==", "!="):
                same = op == "=="
                return lambda env: (left(env) == right(env)) == same
            before = _ORDER[op]

            def ordered(env):
                try:
                    return before(left(env), right(env))
                except NO_VALUE:
                    return False
            return ordered
    return lambda env: holds(lit, View(env, slots))


def _simple(term, slots, code):
    """The code of a constant or a bound variable (None for anything else)."""
    if isinstance(term, Const):
        return code.value(term.value)
    if isinstance(term, Var) and term.name in slots:
        return f"v{slots[term.name]}"
    return None


def _tuple(parts) -> str:
    parts = list(parts)
    return f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"


class _Code:
    """The lines of the function being made, and the values it reads by name."""

    def __init__(self):
        self.head, self.body, self.values, self.depth = [], [], {}, 1

    def value(self, value) -> str:
        name = f"K{len(self.values)}"
        self.values[name] = value
        return name

    def start(self, text):
        self.head.append("    " + text)

    def line(self, text):
        self.body.append("    " * self.depth + text)

    def open(self, text):
        self.line(text)
        self.depth += 1

    def function(self, width):
        source = "\n".join(["def run(tables, delta, budget, P, H):",
                            "    out = set(); add = out.add; n = made = 0",
                            "    check = budget.check; most = budget.most(W)",
                            *self.head, *self.body, "    return out"])
        names = {"NO_VALUE": NO_VALUE, "text_bytes": text_bytes, "W": width, **self.values}
        exec(compile(source, "<clause>", "exec"), names)
        return names["run"]
