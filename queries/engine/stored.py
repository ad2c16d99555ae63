"""A read and linted Program as plain data (lists, text, whole numbers) and back, checked as it
is read back: the program cache's entries (cache.py) are made of it, so that a process whose
knowledge files are unchanged neither parses nor lints them.

A term is its value (text or a whole number: a constant), ``["v", name]`` (a variable) or
``["a", op, left, right]`` (arithmetic); an atom ``[pred, [term, ...], negated]``; a body's
comparison ``["c", op, left, right]``, its right side ``["in", [const, ...]]`` after ``in``
and ``not in``. Whatever is not of these forms makes ``program`` raise ValueError: nothing read
is run, and a malformed entry is read as none.

>>> import json, tempfile, pathlib
>>> from .program import Folder, read_program
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y) & (X != 'c')\\n", encoding="utf-8")
>>> before = read_program([Folder(folder, "", "mine")])
>>> after = program(json.loads(json.dumps(data(before))), before.sources)
>>> (after.rules, after.facts, after.tables, after.declared) == \\
...     (before.rules, before.facts, before.tables, before.declared)
True
"""
from __future__ import annotations

import gc

from .problem import Problem
from .tables import Column, Row, Table
from .terms import Arith, Atom, Compare, Const, Fact, Rule, RuleInfo, Var

COMPARISONS = frozenset(("==", "!=", "<", "<=", ">", ">=", "in", "not in"))
OPERATORS = frozenset(("+", "-", "*", "//", "%"))


def data(program) -> dict:
    """The program as plain data (its clause files' texts left out: the reader has them)."""
    tables = [table for pred in program.tables for table in program.tables[pred]]
    first = {(t.path, t.rows[0].line): n for n, t in enumerate(tables) if t.rows}
    facts, k = [], 0
    while k < len(program.facts):
        fact = program.facts[k]
        n = first.get((fact.path, fact.line))
        if n is not None and program.facts[k:k + len(tables[n].rows)] == _rows(tables[n], fact.origin, Const):
            facts.append([n, fact.origin])                  # every row of a table, as _add_table adds them
            k += len(tables[n].rows)
            continue
        facts.append([_atom(fact.atom), fact.path, fact.line, fact.origin, list(fact.notes)])
        k += 1
    return {"tables": [[t.predicate, [[c.name, c.type] for c in t.columns], t.path, list(t.doc), t.header_line,
                        [[list(r.values), r.line, list(r.notes)] for r in t.rows]] for t in tables],
            "facts": facts,
            "rules": [[_atom(r.head), [_literal(l) for l in r.body], r.path, r.line, _info(r.info), r.origin]
                      for r in program.rules],
            "declared": [[pred, arity, where] for pred, (arity, where) in program.declared.items()],
            "warnings": [[str(w), getattr(w, "key", None), _said_data(getattr(w, "values", {}))]
                         for w in program.warnings]}


def _rows(table, origin, const):
    """The facts of a table's rows."""
    pred = table.predicate
    return [Fact(Atom(pred, tuple(map(const, row.values))), row.path, row.line, origin, row.notes)
            for row in table.rows]


def storable(program) -> bool:
    """Whether the program's data reads back as the same program (its warnings' values are text,
    whole numbers, and tuples, lists and dicts of them)."""
    try:
        for w in program.warnings:
            _said_data(getattr(w, "values", {}))
    except TypeError:
        return False
    return True


def program(entry, sources):
    """The Program of an entry's data, with the clause files' ``sources``; ValueError if any part
    of it is not of the form ``data`` writes. The collector waits meanwhile: what is made here
    holds no cycle, and it would otherwise walk the young objects again and again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _program(entry, sources)
    finally:
        if collecting:
            gc.enable()


def _program(entry, sources):
    from .program import Program
    _check(type(entry) is dict and type(sources) is dict, "an entry")
    terms = _Terms()
    tables, by_pred = [], {}
    for pred, columns, path, doc, header, rows in _items(entry.get("tables"), 6):
        columns = tuple(Column(_text(n), _choice(t, ("str", "int"))) for n, t in _items(columns, 2))
        _text(path)
        table = Table(_text(pred), columns, tuple([Row(tuple(values), path, line, tuple(notes))
                                                  for values, line, notes in _rows_of(rows, len(columns))]),
                      path, _texts(doc), _number(header))
        tables.append(table)
        by_pred.setdefault(table.predicate, []).append(table)
    facts = []
    for item in _items(entry.get("facts"), None):
        if len(item) == 2:
            n, origin = item
            _check(type(n) is int and 0 <= n < len(tables), "a table's number")
            facts += _rows(tables[n], _text(origin), terms.const)
        else:
            _check(len(item) == 5, "a fact")
            atom, path, line, origin, notes = item
            facts.append(Fact(terms.atom(atom, ground=True), _text(path), _number(line), _text(origin), _texts(notes)))
    rules = [Rule(terms.atom(head), tuple([terms.literal(l) for l in _body(body)]), _text(path), _number(line),
                  _rule_info(info), _text(origin))
             for head, body, path, line, info, origin in _items(entry.get("rules"), 6)]
    declared = {_text(pred): (_number(arity), _text(where)) for pred, arity, where in _items(entry.get("declared"), 3)}
    warnings = [_warning(w) for w in _items(entry.get("warnings"), 3)]
    return Program(by_pred, rules, facts, dict(sources), declared, warnings)


def _body(body):
    _check(type(body) is list and body, "a rule's body")
    return body


def _rows_of(rows, width):
    """A table's rows as data, checked: [values, line, notes], each of ``width`` values."""
    _check(type(rows) is list, "a table's rows")
    for row in rows:
        _check(type(row) is list and len(row) == 3, "a table's row")
        values, line, notes = row
        _check(type(values) is list and len(values) == width and _VALUES.issuperset(map(type, values)) and
               type(line) is int and line > 0 and type(notes) is list and _TEXT.issuperset(map(type, notes)),
               "a table's row")
    return rows


_VALUES, _TEXT = frozenset((str, int)), frozenset((str,))


def _atom(atom):
    return [atom.pred, [_term(a) for a in atom.args], atom.negated]


def _literal(literal):
    if isinstance(literal, Atom):
        return _atom(literal)
    right = ["in", [c.value for c in literal.right]] if isinstance(literal.right, tuple) else _term(literal.right)
    return ["c", literal.op, _term(literal.left), right]


def _term(term):
    if isinstance(term, Const):
        return term.value
    if isinstance(term, Var):
        return ["v", term.name]
    return ["a", term.op, _term(term.left), _term(term.right)]


def _info(info):
    return [info.id, info.title, list(info.sources), list(info.conventions), [list(s) for s in info.says],
            list(info.notes), info.view]


class _Consts(dict):
    """Value -> its Const, made on first need (text and whole numbers never compare equal)."""

    def __missing__(self, value):
        _check(type(value) is str or type(value) is int, "a value")
        found = self[value] = Const(value)
        return found


class _Terms:
    """Terms read back; equal constants and variables are one object each (they are values)."""

    def __init__(self):
        self.consts, self.vars = _Consts(), {}
        self.const = self.consts.__getitem__

    def term(self, item, arithmetic=True):
        kind = type(item)
        if kind is str or kind is int:
            return self.consts[item]
        _check(kind is list and item, "a term")
        if item[0] == "v" and len(item) == 2:
            found = self.vars.get(item[1])
            if found is None:
                found = self.vars[_text(item[1])] = Var(item[1])
            return found
        _check(arithmetic and item[0] == "a" and len(item) == 4 and item[1] in OPERATORS, "a term")
        return Arith(item[1], self.term(item[2]), self.term(item[3]))

    def atom(self, item, ground=False):
        _check(type(item) is list and len(item) == 3 and type(item[0]) is str and type(item[1]) is list and item[1]
               and type(item[2]) is bool, "an atom")
        term = self.term
        args = tuple([term(a, False) for a in item[1]])
        _check(not ground or all(type(a) is Const for a in args), "a fact's arguments")
        return Atom(item[0], args, item[2])

    def literal(self, item):
        if type(item) is list and len(item) == 4 and item[0] == "c":
            _, op, left, right = item
            _check(op in COMPARISONS, "a comparison")
            if op in ("in", "not in"):
                _check(type(right) is list and len(right) == 2 and right[0] == "in" and type(right[1]) is list and
                       right[1], "the values after in")
                right = tuple([self.const(v) for v in right[1]])
            else:
                right = self.term(right)
            return Compare(op, self.term(left), right)
        return self.atom(item)


def _rule_info(item):
    _check(type(item) is list and len(item) == 7 and type(item[6]) is bool, "a rule's annotations")
    rule_id, title, sources, conventions, says, notes, view = item
    _check(type(rule_id) is str and type(title) is str and all(type(part) is list and _TEXT.issuperset(map(type, part))
                                                               for part in (sources, conventions, notes)) and
           type(says) is list and all(type(s) is list and len(s) == 2 and _TEXT.issuperset(map(type, s)) for s in says),
           "a rule's annotations")
    return RuleInfo(rule_id, title, tuple(sources), tuple(conventions), tuple(map(tuple, says)), tuple(notes), view)


def _said_data(value):
    """A warning's values as plain data: a tuple ["t", item, ...], a list ["l", item, ...]; TypeError
    for a value of another kind."""
    if type(value) in (str, int):
        return value
    if type(value) is dict and all(type(k) is str for k in value):
        return {k: _said_data(v) for k, v in value.items()}
    if type(value) in (tuple, list):
        return ["t" if type(value) is tuple else "l", *map(_said_data, value)]
    raise TypeError(f"a warning's value of type {type(value).__name__}")


def _said(item):
    """A warning's values read back (``_said_data``)."""
    if type(item) in (str, int):
        return item
    if type(item) is dict:
        return {k: _said(v) for k, v in item.items()}
    _check(type(item) is list and item and item[0] in ("t", "l"), "a warning's value")
    values = [_said(v) for v in item[1:]]
    return tuple(values) if item[0] == "t" else values


def _warning(item):
    text, key, values = item
    _check(key is None or type(key) is str, "a warning's message")
    values = _said(values)
    _check(type(values) is dict, "a warning's values")
    return Problem(_text(text), key, **values) if key else Problem(_text(text))


def _items(value, width, rows=True):
    """A list of lists of ``width`` items each (of any length when None), or of anything (``rows`` false)."""
    _check(type(value) is list, "a list")
    if rows:
        _check(all(type(item) is list and (width is None or len(item) == width) for item in value), "a list's items")
    return value


def _text(value):
    _check(type(value) is str, "a text")
    return value


def _texts(values):
    _check(type(values) is list and all(type(v) is str for v in values), "texts")
    return tuple(values)


def _number(value):
    _check(type(value) is int and value >= 0, "a whole number")
    return value


def _choice(value, allowed):
    _check(value in allowed, f"one of {', '.join(allowed)}")
    return value


def _check(holds, what):
    if not holds:
        raise ValueError(f"not {what} of a program entry")
