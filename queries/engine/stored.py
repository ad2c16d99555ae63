"""A read and linted Program as plain data (lists, text, whole numbers) and back, checked as it
is read back: the program cache's entries (cache.py) are made of it, so that a process whose
knowledge files are unchanged neither parses nor lints them, and reads of the knowledge only
the predicates its questions need.

The data is a head (what a knowledge base needs before any question, its layout among it), one
part per predicate and, after them, the annotations of each predicate's rules (read when one of
them is first shown: few are); the rules of a selected predicate (layout.Selector), and their
annotations, are in two lines for each of its values after those, read when a question first
needs that value. A term is its value (text or a whole number: a constant),
``["v", name]`` (a variable) or ``["a", op, left, right]`` (arithmetic); an atom
``[pred, [term, ...], negated]``; a body's comparison ``["c", op, left, right]``, its right side
``["in", [const, ...]]`` after ``in`` and ``not in``. Whatever is not of these forms makes the
head raise ValueError when it is read, and a part when it is first needed, which then reads the
program from its files: nothing read is run, and a malformed entry is read as none.

>>> import json, tempfile, pathlib
>>> from .program import Folder, read_program
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y) & (X != 'c')\\n", encoding="utf-8")
>>> before = read_program([Folder(folder, "", "mine")])
>>> head, parts = data(before)
>>> after = program(json.loads(json.dumps(head)), [json.dumps(part) for part in parts], before.sources, None)
>>> after.rules_of("path")[0].info.id
'path.dl:1'
>>> after.rules_of("path") == before.rules_of("path"), after.layout == before.layout
(True, True)
>>> (after.rules, after.facts, after.tables, after.declared) == \\
...     (before.rules, before.facts, before.tables, before.declared)
True
"""
from __future__ import annotations

import gc
import json
from collections import defaultdict
from collections.abc import Mapping
from functools import partial

from .layout import Layout
from .problem import Problem
from .tables import Column, Row, Table
from .program import Program
from .terms import Arith, Atom, Compare, Const, Fact, Rule, RuleInfo, Var

COMPARISONS = frozenset(("==", "!=", "<", "<=", ">", ">=", "in", "not in"))
OPERATORS = frozenset(("+", "-", "*", "//", "%"))


def data(program):
    """The program as plain data: a head (what a knowledge base needs before any question, the
    layout among it), one part per predicate (its tables, facts and rules) in the head's order
    of ``predicates``, then the annotations of each one's rules in the same order. Its clause
    files' texts are left out: the reader has them. A selected predicate's rules are not in its
    part but after the annotations: for each of its values in turn, its rules and their
    annotations."""
    preds = sorted(program.stated | program.heads | set(program.tables))
    selected = program.layout.selected
    unselected = lambda pred: [] if pred in selected else program.rules_of(pred)
    parts = [{"tables": [_table(t) for t in program.tables_of(pred)],
              "facts": _facts(program.facts_of(pred), program.tables_of(pred)),
              "rules": [_rule(r) for r in unselected(pred)]} for pred in preds]
    parts += [[_info(r.info) for r in unselected(pred)] for pred in preds]
    for pred in sorted(selected):
        rules = program.rules_of(pred)
        for numbers in selected[pred].rules.values():
            parts += [[_rule(rules[k]) for k in numbers], [_info(rules[k].info) for k in numbers]]
    head = {"predicates": preds,
            "order": {"tables": [[pred, path] for pred, path in program.table_paths.items()],
                      "facts": _runs(f.atom.pred for f in program.facts),
                      "rules": _runs(r.head.pred for r in program.rules)},
            "declared": [[pred, arity, where] for pred, (arity, where) in program.declared.items()],
            "warnings": [[str(w), getattr(w, "key", None), _said_data(getattr(w, "values", {}))]
                         for w in program.warnings],
            "user": program.user, "inputs": sorted(program.inputs),
            "graph": [[pred, sorted(program.graph[pred])] for pred in sorted(program.graph)],
            "layout": program.layout.data()}
    return head, parts


def _table(t):
    return [t.predicate, [[c.name, c.type] for c in t.columns], t.path, list(t.doc), t.header_line,
            [[list(r.values), r.line, list(r.notes)] for r in t.rows]]


def _facts(facts, tables):
    """Facts as data: every row of a table as the table's number and the facts' origin, as
    _add_table adds them; any other fact whole."""
    first = {(t.path, t.rows[0].line): n for n, t in enumerate(tables) if t.rows}
    found, k = [], 0
    while k < len(facts):
        fact = facts[k]
        n = first.get((fact.path, fact.line))
        if n is not None and facts[k:k + len(tables[n].rows)] == _rows(tables[n], fact.origin, Const):
            found.append([n, fact.origin])
            k += len(tables[n].rows)
            continue
        found.append([_atom(fact.atom), fact.path, fact.line, fact.origin, list(fact.notes)])
        k += 1
    return found


def _rule(r):
    return [_atom(r.head), [_literal(l) for l in r.body], r.path, r.line, r.origin, r.info.id]


def _runs(preds):
    """[predicate, count] for each run of one predicate in a sequence."""
    runs = []
    for pred in preds:
        if runs and runs[-1][0] == pred:
            runs[-1][1] += 1
        else:
            runs.append([pred, 1])
    return runs


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


def program(head, parts, sources, rebuild):
    """The program of an entry's head, its parts as JSON texts (one per predicate, read when a
    question first needs that predicate, then one of each predicate's rules' annotations, read
    when one of them is first asked for) and the clause files' ``sources``; ValueError if the
    head is not of the form ``data`` writes. ``rebuild()`` makes the program from its files, for
    a part found not of that form when it is read."""
    return StoredProgram(head, parts, sources, rebuild)


class StoredProgram(Program):
    """A program read back from the program cache: what a knowledge base needs before any
    question read at once, and each predicate's tables, facts and rules when first asked for.
    ``rules``, ``facts`` and ``tables`` (the whole program, in file order) are read whole on
    first use, by the few who need them all (a catalog, a checker)."""
    lazy = True

    def __init__(self, head, parts, sources, rebuild):
        _check(type(head) is dict and type(parts) is list and isinstance(sources, Mapping), "an entry")
        self.preds = {_text(p): n for n, p in enumerate(_items(head.get("predicates"), 0, rows=False))}
        order = head.get("order")
        _check(type(order) is dict, "the order of a program")
        self.table_paths = {_text(pred): _text(path) for pred, path in _items(order.get("tables"), 2)}
        self._order = (list(self.table_paths), _runs_of(order.get("facts")), _runs_of(order.get("rules")))
        self.declared = {_text(pred): (_number(arity), _text(where)) for pred, arity, where in _items(head.get("declared"), 3)}
        self.warnings = [_warning(w) for w in _items(head.get("warnings"), 3)]
        self.sources, self.files = sources, ""
        _check(type(head.get("user")) is bool, "a program's origin")
        self.user = head["user"]
        self.inputs = frozenset(_texts(head.get("inputs")))
        self.graph = {_text(pred): set(_texts(body)) for pred, body in _items(head.get("graph"), 2)}
        self.layout = Layout.of_data(head.get("layout"), _check)
        self._values, line = {}, 2 * len(self.preds)       # selected predicate -> value -> its rules' line
        for pred in sorted(self.layout.selected):
            _check(pred in self.preds, "a part for each predicate")
            self._values[pred] = {}
            for value in self.layout.selected[pred].rules:
                self._values[pred][value] = line
                line += 2
        _check(line == len(parts), "a part and annotations for each predicate, and for each value selected")
        self._parts, self._read, self._rebuild, self._whole = parts, {}, rebuild, None
        self._infos = {}        # predicate -> its rules' annotations as data, once one is asked for
        self._terms = _Terms()
        heads = {pred for pred, _ in self._order[2]}
        stated = {pred for pred, _ in self._order[1]}
        _check(heads | stated | set(self._order[0]) <= set(self.preds), "a part for each predicate")
        self.heads, self.stated = frozenset(heads), frozenset(stated)

    def rules_of(self, pred):
        return self.rules_at(pred, range(len(self._part(pred)[2])))

    def rules_at(self, pred, numbers):
        """A predicate's rules at those places in file order, each decoded when first asked for
        (a question may need a few of a predicate's many: see layout.Selector)."""
        _, _, items, rules = self._part(pred)
        wanted = [k for k in numbers if rules[k] is None]
        if wanted:
            try:
                self._decode_rules(pred, items, rules, wanted)
            except (ValueError, RecursionError):
                self._whole = self._rebuild()
                self._read.clear()
                return self.rules_at(pred, numbers)
        return [rules[k] for k in numbers]

    def facts_of(self, pred):
        return self._part(pred)[1].facts()

    def first_stated(self, pred):
        return self._part(pred)[1].first()

    def fact_at(self, pred, k):
        return self._part(pred)[1].at(k)

    def tables_of(self, pred):
        return self._part(pred)[0]

    def _part(self, pred):
        """A predicate's (tables, facts, rules), read on first need; from the files when its part
        is not of the form ``data`` writes."""
        found = self._read.get(pred)
        if found is None:
            n = self.preds.get(pred)
            if n is None:
                found = ([], _Stated([], self._terms.const), [], [])
            elif self._whole is not None:
                rules = self._whole.rules_of(pred)
                found = (self._whole.tables_of(pred), _Stated([self._whole.facts_of(pred)], self._terms.const),
                         [None] * len(rules), rules)
            else:
                try:
                    found = self._decode(pred, json.loads(self._parts[n]))
                except (ValueError, RecursionError):
                    self._whole = self._rebuild()
                    self._read.clear()
                    return self._part(pred)
            self._read[pred] = found
        return found

    def _decode(self, pred, part):
        collecting = gc.isenabled()
        gc.disable()                # what is made here holds no cycle: the collector would walk it in vain
        terms = self._terms
        try:
            _check(type(part) is dict and set(part) == {"tables", "facts", "rules"}, "a predicate's part")
            tables = [_table_of(item) for item in _items(part["tables"], 6)]
            _check(all(t.predicate == pred for t in tables), "a predicate's tables")
            runs = []
            for item in _items(part["facts"], None):
                if len(item) == 2:
                    n, origin = item
                    _check(type(n) is int and 0 <= n < len(tables), "a table's number")
                    runs.append((tables[n], _text(origin)))
                else:
                    _check(len(item) == 5, "a fact")
                    atom, path, line, origin, notes = item
                    fact = Fact(terms.atom(atom, ground=True), _text(path), _number(line), _text(origin), _texts(notes))
                    _check(fact.atom.pred == pred, "a predicate's facts")
                    if runs and type(runs[-1]) is list:
                        runs[-1].append(fact)
                    else:
                        runs.append([fact])
            items = _items(part["rules"], 6)
            if pred in self._values:
                _check(not items, "a selected predicate's part")
                items = _Chunks(self._parts, self._values[pred], self.layout.selected[pred])
            return tables, _Stated(runs, terms.const), items, [None] * len(items)
        finally:
            if collecting:
                gc.enable()

    def _decode_rules(self, pred, items, rules, numbers):
        collecting = gc.isenabled()
        gc.disable()
        terms = self._terms
        try:
            for k in numbers:
                head, body, path, line, origin, rule_id = items[k]
                rule = Rule(terms.atom(head), tuple([terms.literal(l) for l in _body(body)]), _text(path),
                            _number(line), RuleInfo.later(partial(self._info, pred, k), _text(rule_id)), _text(origin))
                _check(rule.head.pred == pred, "a predicate's rules")
                rules[k] = rule
        finally:
            if collecting:
                gc.enable()

    def _info(self, pred, k):
        """The annotations of a predicate's ``k``-th rule, its part's annotations read on first
        need; from the files when they are not of the form ``data`` writes."""
        if self._whole is None:
            try:
                items = self._part(pred)[2]
                if type(items) is _Chunks:
                    info = _rule_info(items.info(k))
                else:
                    infos = self._infos.get(pred)
                    if infos is None:
                        infos = json.loads(self._parts[len(self.preds) + self.preds[pred]])
                        _check(type(infos) is list and len(infos) == len(items), "a predicate's annotations")
                        self._infos[pred] = infos
                    info = _rule_info(infos[k])
                _check(info.id == self.rules_at(pred, (k,))[0].info.id, "a rule's annotations")
                return info
            except (ValueError, RecursionError):
                self._whole = self._rebuild()
        return self._whole.rules_of(pred)[k].info

    def __getattr__(self, name):
        """The whole program's ``tables``, ``rules`` and ``facts``, read on first use."""
        if name not in ("tables", "rules", "facts"):
            raise AttributeError(name)
        tables_order, fact_runs, rule_runs = self._order
        try:
            self.tables = {pred: self.tables_of(pred) for pred in tables_order}
            self.facts = _in_runs(fact_runs, self.facts_of)
            self.rules = _in_runs(rule_runs, self.rules_of)
        except ValueError:          # the head's order does not fit its parts
            self._whole = self._whole or self._rebuild()
            self.tables, self.facts, self.rules = self._whole.tables, self._whole.facts, self._whole.rules
        return self.__dict__[name]


class _Chunks:
    """A selected predicate's rule items and their annotations, each value's read when one of
    its rules is first needed (layout.Selector)."""

    def __init__(self, parts, lines, selector):
        self._parts, self._lines, self._rules, self._read = parts, lines, selector.rules, {}
        self._place = {k: (value, offset) for value, numbers in selector.rules.items()
                       for offset, k in enumerate(numbers)}
        _check(sorted(self._place) == list(range(len(self._place))), "a selector's rules")

    def __len__(self):
        return len(self._place)

    def __getitem__(self, k):
        value, offset = self._place[k]
        return self._line(value, 0, 6)[offset]

    def info(self, k):
        value, offset = self._place[k]
        return self._line(value, 1, None)[offset]

    def _line(self, value, which, width):
        got = self._read.get((value, which))
        if got is None:
            got = self._read[(value, which)] = json.loads(self._parts[self._lines[value] + which])
            _check(type(got) is list and len(got) == len(self._rules[value]), "a value's rules")
            if width:
                _items(got, width)
        return got


class _Stated:
    """A predicate's facts as its part states them, in order: runs of facts, and runs of the rows
    of one of its tables, each row's Fact made when first needed (a question reads the rows, and
    shows few of them as facts)."""

    def __init__(self, runs, const):
        self._runs, self._const, self._made, self._all = runs, const, {}, None

    def facts(self) -> list:
        if self._all is None:
            self._all = [self.at(k) for k in range(sum(map(self._size, self._runs)))]
        return self._all

    def first(self) -> dict:
        """The values of each fact -> the place of the first stating them."""
        found, k = {}, 0
        for run in self._runs:
            if type(run) is list:
                for fact in run:
                    found.setdefault(tuple([a.value for a in fact.atom.args]), k)
                    k += 1
            else:
                for row in run[0].rows:
                    found.setdefault(row.values, k)
                    k += 1
        return found

    def at(self, k):
        """The ``k``-th fact."""
        fact = self._made.get(k)
        if fact is None:
            place = k
            for run in self._runs:
                size = self._size(run)
                if place < size:
                    break
                place -= size
            else:
                raise IndexError(k)
            if type(run) is list:
                fact = run[place]
            else:
                table, origin = run
                row = table.rows[place]
                fact = Fact(Atom(table.predicate, tuple(map(self._const, row.values))), row.path, row.line, origin,
                            row.notes)
            self._made[k] = fact
        return fact

    @staticmethod
    def _size(run):
        return len(run) if type(run) is list else len(run[0].rows)


def _in_runs(runs, of):
    """The items of runs [predicate, count] in turn, each run the next ``count`` items of ``of(predicate)``."""
    taken, found = defaultdict(int), []
    for pred, count in runs:
        items = of(pred)[taken[pred]:taken[pred] + count]
        _check(len(items) == count, "the order of a program")
        found += items
        taken[pred] += count
    return found


def _runs_of(value):
    runs = _items(value, 2)
    _check(all(type(p) is str and type(n) is int and n > 0 for p, n in runs), "the order of a program")
    return runs


def _table_of(item):
    pred, columns, path, doc, header, rows = item
    columns = tuple(Column(_text(n), _choice(t, ("str", "int"))) for n, t in _items(columns, 2))
    _text(path)
    return Table(_text(pred), columns, tuple([Row(tuple(values), path, line, tuple(notes))
                                              for values, line, notes in _rows_of(rows, len(columns))]),
                 path, _texts(doc), _number(header))


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
