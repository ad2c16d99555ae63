"""What a knowledge base holds, as a reader looks it up: the index of rules (every rule but the
views, ``# @view``) found in one step by a classical name, a line of a book or a topic, and
``docs/rules.md`` made from it; a predicate's stated facts; what a user folder adds; the
vocabulary the REPL completes. ``queries.session.Session`` serves each of them.

>>> seed_line("000:55")
('000', 55)
>>> cites("000_122810513125a851.txt:57  ...", "000", 55), cites("000_122810513125a851.txt:59", "000", 55)
(True, False)
"""
from __future__ import annotations

import re
from difflib import get_close_matches

from .messages import error
from .results import FactRows

_SOURCE = re.compile(r"\s*([^\s:]+):(\d+)")


def seed_line(spec: str) -> tuple:
    """(seed, line or None) from ``000:55``, ``000_122810513125a851.txt:55`` or ``004``."""
    seed, _, line = str(spec).strip().partition(":")
    if not seed or (line and not line.isdigit()):
        raise error("catalog.source_form", spec=spec)
    return seed, int(line) if line else None


def cites(source: str, seed: str, line) -> bool:
    """Whether a ``# source:`` text cites the seed (a file named by it or starting with it and
    ``_`` or ``.``) at the line or at its Korean twin two lines below (any line when None)."""
    m = _SOURCE.match(source)
    if m is None:
        return False
    name, cited = m.group(1), int(m.group(2))
    if not (name == seed or name.startswith((seed + "_", seed + "."))):
        return False
    return line is None or cited in (line, line + 2)


def _constants(rule):
    """The constants a clause names: in its atoms and on both sides of its comparisons."""
    from .engine import Atom, Const
    for literal in (rule.head, *rule.body):
        if isinstance(literal, Atom):
            terms = literal.args
        else:
            terms = (literal.left, *(literal.right if isinstance(literal.right, tuple) else (literal.right,)))
        yield from (t.value for t in terms if isinstance(t, Const))


def select(rules, *, grep=None, source=None, names=()) -> list:
    """The rules of the index that match every filter given, in their order.

    grep: the title, id or a source quote contains the text (case folded); source: a
    ``seed_line`` pair; names: the topic and its aliases, one named as a constant in the clause
    (a reading for the topic names it in its head).
    """
    found = []
    text = grep.casefold() if grep else None
    names = set(names)
    for rule in rules:
        info = rule.info
        if info.view:
            continue
        if text is not None and not any(text in s.casefold() for s in (info.id, info.title, *info.sources)):
            continue
        if source is not None and not any(cites(s, *source) for s in info.sources):
            continue
        if names and not names & set(_constants(rule)):
            continue
        found.append(rule)
    return found


# ---- predicates, facts, folders, vocabulary -------------------------------------------------

def known(kb, pred) -> str:
    """The predicate named (``clash``, ``clash/2``, ``clash(X, Y)``), which must be declared."""
    pred = str(pred).strip().rstrip(".").split("(")[0].split("/")[0].strip()
    if kb.program.arity(pred) is None:
        near = get_close_matches(pred, sorted(kb.program.declared), n=3)
        raise error("catalog.unknown_predicate", pred=pred,
                    hint=("did_you_mean", {"names": ", ".join(near)}) if near else "")
    return pred


def _where_key(where):
    path, _, line = where.rpartition(":")
    return path, int(line) if line.isdigit() else 0, where


def fact_rows(kb, pred, user_folders=()) -> FactRows:
    """The facts stated for a predicate: table rows, clause-file facts and the cast's inputs."""
    pred = known(kb, pred)
    program = kb.program
    arity = program.arity(pred)
    tables = program.tables.get(pred, ())
    columns = tuple(c.name for c in tables[0].columns) if tables else tuple(f"A{i}" for i in range(1, arity + 1))
    rows = []
    stated = bool(tables) or any(f.atom.pred == pred for f in program.facts)
    for values in kb.match(pred, *[None] * arity) if stated else ():
        fact = kb.fact(pred, values)
        if fact is not None:
            rows.append((values, fact.where, fact.origin))
    rows.sort(key=lambda r: _where_key(r[1]))
    described = tuple((t.path, "user" if any(t.path.startswith(d + "/") for d in user_folders) else "shipped",
                       tuple(t.doc)) for t in tables)
    return FactRows(pred, arity, columns, described, tuple(rows), len(kb.rules_for(pred)))


def folder_summary(kb, folder) -> dict:
    """What a loaded user folder adds: counts of rules and facts, their predicates, its warnings."""
    program = kb.program
    rules = [r for r in program.rules if r.path.startswith(folder + "/")]
    facts = [f for f in program.facts if f.path.startswith(folder + "/")]
    return {"folder": folder, "rules": len(rules), "facts": len(facts),
            "predicates": sorted({r.head.pred for r in rules} | {f.atom.pred for f in facts}),
            "warnings": [w for w in program.warnings if w.startswith(folder + "/")]}


def vocabulary(kb) -> dict:
    """Predicates (name, arity, meta: a rule title or the table) and the constants of facts and
    clauses (strings without spaces), sorted."""
    from .engine import Atom, Const
    program = kb.program
    preds = []
    for pred, (arity, where) in sorted(program.declared.items()):
        rules = kb.rules_for(pred)
        if rules:
            meta = next((r.info.title for r in rules if r.info.title), "") or rules[0].info.id
        elif pred in program.tables:
            meta = "table " + program.tables[pred][0].path
        else:
            meta = "facts " + where
        preds.append((pred, arity, meta))
    values = [a.value for f in program.facts for a in f.atom.args]
    for rule in program.rules:                 # constants in clauses: relatives, labels …
        for lit in (rule.head, *rule.body):
            if isinstance(lit, Atom):
                values += [a.value for a in lit.args if isinstance(a, Const)]
    constants = {v for v in values if isinstance(v, str) and v and not any(ch.isspace() for ch in v)}
    return {"predicates": preds, "constants": sorted(constants)}
