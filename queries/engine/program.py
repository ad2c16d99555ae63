"""Knowledge folders read into a ``Program``: fact tables, rules and clause-file facts, each
with its file:line, checked together before anything is loaded.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y)\\n", encoding="utf-8")
>>> program = read_program([Folder(folder, "", "mine")])
>>> [str(r) for r in program.rules], program.facts[0].where, program.arity("path")
(['path(X, Y) <= edge(X, Y)'], 'edge.tsv:2', 2)
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import os
from collections import OrderedDict, defaultdict
from collections.abc import Mapping
from pathlib import Path

from .checks import closure, dependency_graph, program_problems, recursive_components
from .errors import KnowledgeError, UserError, said
from .files import decoded, knowledge_files, read_bytes, read_text
from .layout import layout_of
from .problem import Problem, tagged
from .reader import parse_goal, parse_text
from .record import record, field
from .shapes import problems as shape_problems
from .tables import read_table
from .terms import Atom, Compare, Const, Fact, Var, term_vars

PARTS = ("facts", "kb", "views")


@record(frozen=True)
class Folder:
    """A knowledge folder: where it is, the label its files carry in file:line (``label/`` and
    the path inside; none for an empty label), and the origin of its facts and rules."""
    path: Path
    label: str = ""
    origin: str = "user"

    @classmethod
    def of(cls, folder) -> "Folder":
        """A Folder as given, or a path read as the user's own, labelled by its path."""
        return folder if isinstance(folder, cls) else cls(Path(folder), str(folder), "user")

    def name(self, path: Path) -> str:
        inside = str(path.relative_to(self.path))
        if inside == ".":
            return self.label or "."
        return f"{self.label.rstrip('/')}/{inside}" if self.label else inside


def folder_files(folder: Path, name=str):
    """The fact tables and clause files of a knowledge folder and its subfolders, sorted:
    under facts/, kb/ and views/ when it has them, else anywhere in it; the problems met
    (links out of the folder, pipes, devices; see files.py), each named by ``name(path)``; and
    each file's identity as found (``files.read_text``)."""
    (tsvs, dls), problems, identity = knowledge_files(folder, ("*.tsv", "*.dl"), name, PARTS)
    return tsvs, dls, problems, identity


ITEM_BYTES = 1000       # a fact, a table's row or a rule read, with its atoms and values (measured: 600–800)
PARSE_BYTES = 400       # a character of clause text parsed at once, for the while it is parsed (measured: 210 a parse)


class _Reading:
    """A user folder read under a budget (``limits.Budget``, or None for none): the clock looked
    at for every file and every few hundred clauses or rows in it, and what its files hold
    weighed as they are read (the text, and ``ITEM_BYTES`` a clause or row)."""

    def __init__(self, budget, folder):
        self.budget = budget
        self.weigh = budget is not None and folder.origin == "user"
        self.held = 0           # what the folder's files read so far hold

    def file(self, name, held):
        """Before a file is read; ``held``: what the files before it hold."""
        self.held = held
        if self.budget is not None:
            self.budget.what = name
            self.budget.check(made=held if self.weigh else 0)

    def tick(self, items, parsing=0):
        """Inside a file: ``items`` clauses or rows read so far, ``parsing`` characters to parse."""
        if self.budget is not None:
            self.budget.check(made=self.held + items * ITEM_BYTES + parsing * PARSE_BYTES if self.weigh else 0)

    def keep(self, weight):
        """Count what a folder's files hold once they are read (or found read before)."""
        if self.weigh:
            self.budget.keep(0, 0, weight)


@record(eq=False)
class Program:
    """Everything read from text: tables, rules and clause-file facts, each with file:line.
    Never changed once read (the same files give the same object, see read_program)."""
    tables: dict = field(default_factory=dict)        # predicate -> [Table]
    rules: list = field(default_factory=list)
    facts: list = field(default_factory=list)         # Fact from clause files and table rows
    sources: dict = field(default_factory=dict)       # label -> text of each clause file
    declared: dict = field(default_factory=dict)      # predicate -> (arity, where)
    warnings: list = field(default_factory=list)
    files: str = ""             # the program cache's key of the files read (none for a user's folder)
    lazy = False                # whether each predicate's part is read when first asked for (stored.py)

    def arity(self, pred):
        return self.declared.get(pred, (None,))[0]

    # What every knowledge base of the program derives from it, computed once (a program is
    # never changed once read).

    @functools.cached_property
    def graph(self):
        """Predicate -> the predicates its rules' bodies name."""
        return dependency_graph(self.rules)

    @functools.cached_property
    def components(self):
        """Predicate -> its recursive component."""
        return recursive_components(self.rules)

    @functools.cached_property
    def dependencies(self):
        """Predicate -> every predicate it depends on, itself included."""
        return closure(self.graph)

    # What a knowledge base asks of it predicate by predicate (a program read from the cache
    # reads each predicate's part when it is first asked for, see stored.py).

    def rules_of(self, pred) -> list:
        """The rules of a predicate, in file order."""
        return self._by_head.get(pred, [])

    def rules_at(self, pred, numbers) -> list:
        """The rules of a predicate at those places among them, in file order."""
        rules = self.rules_of(pred)
        return [rules[k] for k in numbers]

    def rules_naming(self, pred, position, value) -> list:
        """The rules of a predicate whose head names ``value`` at ``position`` or leaves a
        variable there, in file order (a selected predicate's read without the others: see
        layout.Selector)."""
        selector = self.layout.selected.get(pred)
        if selector is not None and selector.position == position:
            return self.rules_at(pred, selector.rules.get(value, ()))
        return [rule for rule in self.rules_of(pred) if rule.head.args[position] == Const(value) or
                isinstance(rule.head.args[position], Var)]

    def facts_of(self, pred) -> list:
        """The facts of a predicate (its tables' rows and clause-file facts), in file order."""
        return self._by_pred.get(pred, [])

    def tables_of(self, pred) -> list:
        return self.tables.get(pred, [])

    def first_stated(self, pred) -> dict:
        """The values of each fact of a predicate -> the place in ``facts_of(pred)`` of the first
        fact stating them (a new dict)."""
        found = {}
        for k, fact in enumerate(self.facts_of(pred)):
            found.setdefault(tuple([a.value for a in fact.atom.args]), k)
        return found

    def fact_at(self, pred, k):
        """The ``k``-th fact of a predicate (``facts_of(pred)[k]``)."""
        return self.facts_of(pred)[k]

    @functools.cached_property
    def table_paths(self) -> dict:
        """Predicate -> the path of its first table, in the order the tables were read."""
        return {pred: tables[0].path for pred, tables in self.tables.items() if tables}

    @functools.cached_property
    def heads(self) -> frozenset:
        """The predicates that have rules."""
        return frozenset(self._by_head)

    @functools.cached_property
    def stated(self) -> frozenset:
        """The predicates that have facts."""
        return frozenset(self._by_pred)

    @functools.cached_property
    def inputs(self) -> frozenset:
        """The predicates of tables without rows: a cast's input."""
        return frozenset(p for p, tables in self.tables.items() if not any(t.rows for t in tables))

    @functools.cached_property
    def user(self) -> bool:
        """Whether a rule or fact is the user's own."""
        return any(r.origin == "user" for r in self.rules) or any(f.origin == "user" for f in self.facts)

    @functools.cached_property
    def layout(self):
        """How the predicates are answered (layout.py)."""
        return layout_of(self)

    @functools.cached_property
    def _by_head(self) -> dict:
        return _grouped(self.rules, lambda rule: rule.head.pred)

    @functools.cached_property
    def _by_pred(self) -> dict:
        return _grouped(self.facts, lambda fact: fact.atom.pred)

    def suggest(self, pred) -> str:
        """'; did you mean …?' with the nearest predicate names, or ''."""
        return str(self.suggestion(pred) or "")

    def suggestion(self, pred):
        """The message '; did you mean …?' with the nearest predicate names, or None."""
        from difflib import get_close_matches
        near = get_close_matches(pred, sorted(self.declared), n=3)
        return UserError(f"; did you mean {', '.join(near)}?", key="did_you_mean",
                         values={"names": ", ".join(near)}) if near else None

    def goal(self, goal) -> tuple:
        """A goal (text, a literal or a tuple of literals) as literals checked against the
        predicates: known, of their arity, every compared variable bound before."""
        if isinstance(goal, (Atom, Compare)):
            goal = (goal,)
        if isinstance(goal, str):
            try:
                goal = parse_goal(goal)
            except ValueError as e:
                raise UserError(f"goal {_short(goal)!r}: {e}", key="engine.goal",
                                values={"goal": _short(goal), "reason": said(e)}) from None
        if not isinstance(goal, (tuple, list)) or not goal or not all(isinstance(l, (Atom, Compare)) for l in goal):
            raise UserError(f"a goal is text such as clash('子', X), or literals; not {_short(repr(goal))}",
                            key="engine.goal_form", values={"goal": _short(repr(goal))})
        bound = set()
        for lit in goal:
            if isinstance(lit, Atom):
                arity = self.arity(lit.pred)
                if arity is None:
                    hint = self.suggestion(lit.pred)
                    raise UserError(f"unknown predicate {lit.pred}/{len(lit.args)}{hint or ''}",
                                    key="engine.unknown_predicate",
                                    values={"pred": lit.pred, "arity": len(lit.args), "hint": said(hint or "")})
                if arity != len(lit.args):
                    raise UserError(f"{lit.pred} has {arity} arguments, {lit} has {len(lit.args)}", key="engine.arity",
                                    values={"pred": lit.pred, "arity": arity, "literal": str(lit),
                                            "given": len(lit.args)})
                if not lit.negated:
                    bound |= set(term_vars(lit))
                continue
            binds = lit.op in ("==", "in") and isinstance(lit.left, Var) and lit.left.name not in bound
            free = set(term_vars(lit.right) if binds and lit.op == "==" else [] if binds else term_vars(lit)) - bound
            if free:
                raise UserError(f"{lit} needs {', '.join(sorted(free))} bound by an earlier literal", key="engine.unbound",
                                values={"literal": str(lit), "names": ", ".join(sorted(free))})
            if binds:
                bound.add(lit.left.name)
        return tuple(goal)


def _grouped(items, key) -> dict:
    """key -> the items of that key, in their order."""
    found = defaultdict(list)
    for item in items:
        found[key(item)].append(item)
    return dict(found)


def _short(text, width=80) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def read_program(folders, budget=None, cache=None) -> Program:
    """Read the folders (Folder values or paths, or one of them); raise KnowledgeError listing
    every problem. A folder read before in this process whose files are unchanged (their sizes,
    times and inodes) is not read again, and the same folders give the same Program: a Program
    is never changed once read.

    Under ``budget`` (a ``limits.Budget``) reading a user folder looks at the clock for every
    file and every few hundred clauses or rows, and its files weigh what they hold (the same
    whether read now or before), so reading it stops at the limits as computing does; the
    app's own folders (another origin) are read and linted aside, as its code is, while the
    lint looks at the clock every thousand rules of a user's.

    With a ``cache`` (cache.Cache), a program of no user folder is kept there once read and
    linted, under a hash of every file's text: while the files are unchanged a process reads
    and hashes them but neither parses nor lints them."""
    if isinstance(folders, (str, os.PathLike, Folder)):
        folders = [folders]
    parts, problems = [], []
    if budget is not None:
        budget.reading = True
    for folder in map(Folder.of, folders):
        if not os.path.isdir(folder.path):
            where = folder.label or str(folder.path)
            problems.append(Problem(f"{where}: not a folder", "problem.not_a_folder", where=where))
            continue
        if folder.origin != "user":         # the app's own knowledge: read as its code is
            with budget.aside() if budget is not None else contextlib.nullcontext():
                part = _read_texts(folder)
        else:
            reading = _Reading(budget, folder)
            part = _read_folder(folder, reading)
            reading.keep(part.weight)
        parts.append(part)
    if budget is not None:
        budget.reading = False
    key = tuple(part.signature for part in parts)
    if not problems and None not in key and key in _PROGRAMS and not any(part.problems for part in parts):
        _PROGRAMS.move_to_end(key)
        return _PROGRAMS[key]
    with budget.aside() if budget is not None else contextlib.nullcontext():
        stored_key = _stored_key(parts, problems, cache)
        program = cache.read_program(stored_key, _sources(parts), lambda: _rewritten(parts, cache, stored_key)) \
            if stored_key else None
        if program is None:
            program = _parsed(parts, problems, budget)
            if stored_key:
                cache.write_program(stored_key, program)
        program.files = stored_key or ""
    if None not in key:
        _keep(_PROGRAMS, key, program)
    return program


def _parsed(parts, problems=(), budget=None) -> Program:
    """The program of the parts, parsed and linted."""
    for part in parts:
        _parse(part)
    return _assemble(parts, list(problems) + [p for part in parts for p in part.problems], budget)


def _rewritten(parts, cache, key) -> Program:
    """The program of the parts, parsed and linted, and kept again under the key (its entry held
    a part not of the form the cache writes)."""
    program = _parsed(parts)
    cache.write_program(key, program)
    return program


def _stored_key(parts, problems, cache):
    """The program cache's key of the parts, when the program may be kept: no user folder and
    no problem met reading them; else None."""
    if cache is None or problems or not parts or any(not part.digest or part.problems for part in parts):
        return None
    return cache.program_key("|".join(part.digest for part in parts))


def _sources(parts) -> "Sources":
    """Label -> text of every clause file of the parts, as the program keeps them."""
    return Sources({name: data for part in parts for kind, path, name, data in part.texts if kind == "dl"})


class Sources(Mapping):
    """Label -> the text of a clause file, decoded from its bytes when first asked for (a program
    read from the cache seldom asks)."""

    def __init__(self, files):
        self._files, self._texts = files, {}

    def __getitem__(self, label):
        text = self._texts.get(label)
        if text is None:
            text = self._texts[label] = decoded(self._files[label], label)
        return text

    def __iter__(self):
        return iter(self._files)

    def __len__(self):
        return len(self._files)


def _assemble(parts, problems, budget) -> Program:
    """The folders' parts made one program and linted; KnowledgeError listing every problem.
    In time linear in the program (the app's own most of it), but for the lint, which looks at
    the budget's clock every thousand rules of a user's."""
    program = Program()
    for part in parts:
        earlier = set(program.declared) | {r.head.pred for r in program.rules} | {f.atom.pred for f in program.facts}
        for table in part.tables:
            problems += _add_table(program, table, part.folder, earlier)
        program.rules.extend(part.rules)
        program.facts.extend(part.facts)
        program.sources.update(part.sources)
    errors, warnings = program_problems(program.rules, program.facts, program.declared,
                                        None if budget is None else _lint_tick(budget))
    program.warnings = warnings
    if problems or errors:
        raise KnowledgeError(problems + errors)
    for fact in program.facts:
        program.declared.setdefault(fact.atom.pred, (len(fact.atom.args), fact.where))
    for rule in program.rules:
        program.declared.setdefault(rule.head.pred, (len(rule.head.args), rule.where))
    return program


KEPT = 8                        # folders and programs kept in this process, the least recently used dropped
_FOLDERS = OrderedDict()        # signature of a folder's files -> what was read from them
_PROGRAMS = OrderedDict()       # signatures of the folders -> the program they make


def _lint_tick(budget):
    """The clock looked at while the rules are checked (``checks.program_problems``)."""
    def tick():
        budget.what = "the checks of the rules"
        budget.check()
    return tick


def _keep(memo, key, value):
    memo[key] = value
    memo.move_to_end(key)
    while len(memo) > KEPT:
        memo.popitem(last=False)


@record
class _Part:
    """What one folder's files say, before they meet the other folders'."""
    folder: Folder
    signature: tuple = None
    tables: list = field(default_factory=list)
    rules: list = field(default_factory=list)
    facts: list = field(default_factory=list)
    sources: dict = field(default_factory=dict)
    problems: list = field(default_factory=list)
    weight: int = 0             # bytes its files hold once read: their text and ITEM_BYTES an item
    texts: list = field(default_factory=list)     # (kind, path, label, bytes) of files read, not yet parsed
    digest: str = ""            # a hash of its files' labels and texts (a folder not the user's)
    parsed: bool = False        # whether its texts have been parsed (a user's folder: as it is read)


def _read_folder(folder, reading) -> _Part:
    tsvs, dls, met, identity = folder_files(folder.path, folder.name)
    signature = _signature(folder, tsvs + dls)
    if signature is not None and signature in _FOLDERS:
        _FOLDERS.move_to_end(signature)
        return _FOLDERS[signature]
    part = _Part(folder, signature, problems=list(met), parsed=True)
    if not tsvs and not dls and not met:
        where = folder.label or str(folder.path)
        part.problems.append(Problem(f"{where}: no *.tsv or *.dl files (nor facts/ and kb/ folders)",
                                     "problem.no_files", where=where))
    for path in tsvs:
        name = folder.name(path)
        reading.file(name, part.weight)
        try:
            table = read_table(path, name, identity.get(path), reading.tick)
        except KnowledgeError as e:
            part.problems += e.problems
            continue
        part.tables.append(table)
        part.weight += ITEM_BYTES * len(table.rows)
    for path in dls:
        name = folder.name(path)
        reading.file(name, part.weight)
        try:
            text = read_text(path, name, identity.get(path))
        except KnowledgeError as e:
            part.problems += e.problems
            continue
        reading.held += len(text.encode("utf-8"))
        rules, facts, found = parse_text(text, name, folder.origin, reading.tick)
        part.problems += found
        part.rules += rules
        part.facts += facts
        part.sources[name] = text
        part.weight += ITEM_BYTES * (len(rules) + len(facts)) + len(text.encode("utf-8"))
    if signature is not None and not met:
        _keep(_FOLDERS, signature, part)
    return part


def _read_texts(folder) -> _Part:
    """A folder of the app's own: its files read and hashed, their decoding and parsing left to
    ``_parse`` (not needed when the program cache has the program: its entry was made from the
    same bytes, read as UTF-8 then)."""
    tsvs, dls, met, identity = folder_files(folder.path, folder.name)
    signature = _signature(folder, tsvs + dls)
    if signature is not None and signature in _FOLDERS:
        _FOLDERS.move_to_end(signature)
        return _FOLDERS[signature]
    part = _Part(folder, signature, problems=list(met))
    if not tsvs and not dls and not met:
        where = folder.label or str(folder.path)
        part.problems.append(Problem(f"{where}: no *.tsv or *.dl files (nor facts/ and kb/ folders)",
                                     "problem.no_files", where=where))
    digest = hashlib.sha256(f"{folder.label}\0{folder.origin}\0".encode())
    for kind, paths in (("tsv", tsvs), ("dl", dls)):
        for path in paths:
            name = folder.name(path)
            try:
                data = read_bytes(path, name, identity.get(path))
            except KnowledgeError as e:
                part.problems += e.problems
                continue
            part.texts.append((kind, path, name, data))
            digest.update(f"{kind}\0{name}\0{len(data)}\0".encode())
            digest.update(data)
    part.digest = digest.hexdigest()
    if signature is not None and not met:
        _keep(_FOLDERS, signature, part)
    return part


def _parse(part) -> None:
    """Parse the texts ``_read_texts`` read, once (a part kept in this process is shared): what
    is parsed is put on the part whole, and only then is it marked parsed, so a thread that finds
    it parsed finds all of it."""
    if part.parsed:
        return
    tables, rules, facts, sources, problems = [], [], [], {}, list(part.problems)
    for kind, path, name, data in part.texts:
        try:
            text = decoded(data, name)
        except KnowledgeError as e:
            problems += e.problems
            continue
        if kind == "tsv":
            try:
                tables.append(read_table(path, name, text=text))
            except KnowledgeError as e:
                problems += e.problems
            continue
        found_rules, found_facts, found = parse_text(text, name, part.folder.origin)
        problems += found
        rules += found_rules
        facts += found_facts
        sources[name] = text
    part.tables, part.rules, part.facts, part.sources, part.problems = tables, rules, facts, sources, problems
    part.parsed = True


def _signature(folder, paths):
    """What identifies a folder's files as they are now (None if one cannot be looked at)."""
    parts = [(str(folder.path), folder.label, folder.origin)]
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            return None
        parts.append((str(path), st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev))
    return tuple(parts)


EARLIER = "an earlier folder"     # where a predicate is defined when no table, rule or fact says


def _add_table(program, table, folder, earlier):
    """Add one table to the program; its problems. A table for a predicate of an earlier folder
    (``earlier``) must say ``# @extends`` above its header."""
    name = table.path
    known = program.declared.get(table.predicate)
    if known and known[0] != table.arity:
        return [Problem(f"{name}:{table.header_line}: {table.predicate} has {known[0]} columns in "
                        f"{known[1]}, {table.arity} here", "problem.table_arity", where=f"{name}:{table.header_line}",
                        predicate=table.predicate, known=known[0], at=known[1], arity=table.arity)]
    if table.predicate in earlier and not table.extends:
        at = _defined(program, table.predicate)
        return [Problem(f"{name}:{table.header_line}: {table.predicate} is already defined in {at}; "
                        "write a line '# @extends' above the header to add these rows to it, or rename the file",
                        "problem.already_defined", where=f"{name}:{table.header_line}", predicate=table.predicate,
                        at=("problem.an_earlier_folder", {}) if at == EARLIER else at)]
    program.declared.setdefault(table.predicate, (table.arity, f"{name}:{table.header_line}"))
    program.tables.setdefault(table.predicate, []).append(table)
    for row in table.rows:
        program.facts.append(Fact(Atom(table.predicate, tuple(Const(v) for v in row.values)),
                                  row.path, row.line, folder.origin, row.notes))
    return []


def _defined(program, pred) -> str:
    """Where a predicate is first defined: its table, rule or fact."""
    if pred in program.declared:
        return program.declared[pred][1]
    return next((r.where for r in program.rules if r.head.pred == pred),
                next((f.where for f in program.facts if f.atom.pred == pred), EARLIER))


def check_folders(folders, mine, shaped=(), budget=None) -> list:
    """Every problem of the folders read together (``shaped``: the shapes the app's views read
    relations in, see shapes.py), under ``budget`` when given: the errors, else the warnings
    about the files of the folder ``mine`` (each marked ``(warning)``)."""
    try:
        program = read_program(folders, budget)
    except KnowledgeError as e:
        return e.problems
    misshaped = shape_problems(program.rules, program.facts, shaped)
    if misshaped:
        return misshaped
    label = Folder.of(mine).label
    return [tagged(w, "problem.warning") for w in program.warnings if not label or w.startswith(label + "/")]
