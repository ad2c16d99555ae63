"""Fact tables: ``facts/<predicate>.tsv`` with a typed header row and a file:line per row.

A table reads like this (tabs between cells)::

    # 三合局 frames (title line)
    # source: 000_122810513125a851.txt:7  申子辰會成水局
    element	role	branch
    水	長生	申

The header names the arguments (each once); ``name:int`` makes a column an integer. Lines
starting with ``#`` are documentation; the ``#`` lines just above a row are that row's notes. A
``# @extends`` line above the header says that the rows are meant to join a predicate another
folder defines. A table with a header and no rows declares an input predicate (its rows
asserted by the program).
"""
from __future__ import annotations

from pathlib import Path

from .errors import KnowledgeError
from .files import read_text
from .problem import Problem
from .terms import PREDICATE, RESERVED
from .record import record

TYPES = {"str": str, "int": int}


@record(frozen=True)
class Column:
    name: str
    type: str = "str"


@record(frozen=True, init=False)
class Row:
    values: tuple
    path: str
    line: int
    notes: tuple = ()

    def __init__(self, values, path, line, notes=()):
        self.__dict__.update(values=values, path=path, line=line, notes=notes)   # at once, as terms.Atom

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@record(frozen=True)
class Table:
    predicate: str
    columns: tuple
    rows: tuple
    path: str
    doc: tuple = ()
    header_line: int = 1

    @property
    def arity(self) -> int:
        return len(self.columns)

    @property
    def extends(self) -> bool:
        """Whether a ``# @extends`` line above the header marks the rows as joining a predicate
        another folder defines."""
        return any(line.split(None, 1)[:1] in (["@extends"], ["@extends:"]) for line in self.doc)


def _column(cell: str, where: str) -> Column:
    name, _, kind = cell.partition(":")
    kind = kind or "str"
    if not name.isidentifier() or kind not in TYPES:
        types = ', '.join(':' + t for t in TYPES)
        raise KnowledgeError([Problem(f"{where}: header cell {cell!r} must be a name, optionally "
                                      f"with a type ({types})", "problem.header_cell", where=where,
                                      cell=cell, types=types)])
    return Column(name, kind)


def _values(cells, columns, where, problems) -> list:
    """A row's values, each of its column's type; the problems of the cells that are not."""
    values = []
    for cell, col in zip(cells, columns):
        if cell == "" or cell != cell.strip():
            problems.append(Problem(f"{where}: column {col.name!r} is empty or has spaces around it",
                                    "problem.cell_empty", where=where, column=col.name))
        elif col.type == "int":
            try:
                values.append(int(cell))
            except ValueError:
                problems.append(Problem(f"{where}: column {col.name!r} must be a whole number, not {cell!r}",
                                        "problem.cell_int", where=where, column=col.name, cell=cell))
        else:
            values.append(cell)
    return values


def read_table(path: Path | str, label: str | None = None, identity=None, tick=None, text=None) -> Table:
    """Read one TSV fact table; every problem is reported with its file:line. ``identity``: as
    for ``files.read_text``; ``tick``, when given, is called with the rows read so far every
    thousand lines (a reader under a time and memory limit checks it there); ``text``: the
    file's text when it has been read already.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); p = os.path.join(d, "branch_order.tsv")
    >>> _ = open(p, "w", encoding="utf-8").write("# order\\nbranch\\torder:int\\n子\\t0\\n丑\\t1\\n")
    >>> t = read_table(p, label="branch_order.tsv")
    >>> t.predicate, [c.name for c in t.columns], t.rows[1].values, t.rows[1].where
    ('branch_order', ['branch', 'order'], ('丑', 1), 'branch_order.tsv:4')
    """
    path = Path(path)
    label = label or str(path)
    predicate = path.stem
    if not PREDICATE.match(predicate) or predicate in RESERVED or predicate.startswith("_pyD"):
        raise KnowledgeError([Problem(f"{label}:1: the file name {path.name!r} must be a predicate name "
                                      "(a-z, 0-9 and _, starting with a letter; not a Python name)",
                                      "problem.table_name", where=f"{label}:1", name=path.name)])
    text = read_text(path, label, identity) if text is None else text
    columns, rows, notes, doc, problems, header_line = None, [], [], [], [], 1
    plain, ints = False, ()     # every column text: a row's cells are its values, once checked
    for n, line in enumerate(text.splitlines(), 1):      # no line keeps a "\r": it is a break
        if tick is not None and not n % 1024:
            tick(len(rows))
        if line[:1] == "#":
            (notes if columns else doc).append(line[1:].strip())
            continue
        if not line or line.isspace():
            continue
        cells = line.split("\t")
        if columns is None:
            where = f"{label}:{n}"
            header_line = n
            try:
                columns = tuple(_column(c.strip(), where) for c in cells)
            except KnowledgeError as e:
                problems.extend(e.problems)
                columns = ()
            twice = sorted({c.name for c in columns if [d.name for d in columns].count(c.name) > 1})
            if twice:
                problems.append(Problem(f"{where}: the header names {', '.join(twice)} more than once; "
                                        "name each column once", "problem.header_twice", where=where,
                                        names=', '.join(twice)))
            ints = tuple(c.type == "int" for c in columns)
            plain = not any(ints)
            continue
        if len(cells) != len(columns):
            where = f"{label}:{n}"
            names = ', '.join(c.name for c in columns)
            problems.append(Problem(f"{where}: {len(cells)} cells, the header has {len(columns)} ({names})",
                                    "problem.cells", where=where, cells=len(cells), columns=len(columns),
                                    names=names))
            notes = []
            continue
        values = None
        if "" not in cells and list(map(str.strip, cells)) == cells:
            try:
                values = cells if plain else [int(c) if i else c for c, i in zip(cells, ints)]
            except ValueError:
                pass
        if values is None:
            values = _values(cells, columns, f"{label}:{n}", problems)
        if len(values) == len(columns):
            rows.append(Row(tuple(values), label, n, tuple(notes) if notes else ()))
        if notes:
            notes = []
    if columns is None:
        problems.append(Problem(f"{label}:1: no header row (argument names separated by tabs)",
                                "problem.no_header", where=f"{label}:1"))
    if problems:
        raise KnowledgeError(problems)
    return Table(predicate, columns, tuple(rows), label, tuple(doc), header_line)
