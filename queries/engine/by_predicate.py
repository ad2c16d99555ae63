"""A knowledge base's view of its program predicate by predicate, each read on first need: the
rules of a predicate, the first fact stating each row, and the rows outside the partitions. A
program read from the cache decodes a predicate's part only then (stored.py), so a question
that needs a tenth of the knowledge reads a tenth of it.

>>> import tempfile, pathlib
>>> from .program import Folder, read_program
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y)\\n", encoding="utf-8")
>>> program = read_program([Folder(folder, "", "mine")])
>>> [str(r) for r in Rules(program)["path"]], "edge" in Rules(program)
(['path(X, Y) <= edge(X, Y)'], False)
>>> facts = Facts(program)
>>> facts.get(("edge", ("a", "b"))).where, ("edge", ("b", "a")) in facts, list(facts)
('edge.tsv:2', False, [('edge', ('a', 'b'))])
"""
from __future__ import annotations

from collections.abc import Mapping


class Rules(Mapping):
    """Predicate -> its rules in file order, for the predicates that have rules; ``check(pred,
    rules)`` is called once for each rule, with those of its predicate read with it, when they
    are first read (whole, or some of them: ``at``)."""

    def __init__(self, program, check=None):
        self._program, self._check, self._read, self._checked = program, check, {}, {}

    def __getitem__(self, pred):
        found = self._read.get(pred)
        if found is None:
            if pred not in self._program.heads:
                raise KeyError(pred)
            found = self._program.rules_of(pred)
            self._checking(pred, range(len(found)), found)
            self._read[pred] = found
        return found

    def at(self, pred, numbers) -> list:
        """The rules of a predicate at those places among them, in file order."""
        found = self._read.get(pred)
        if found is not None:
            return [found[k] for k in numbers]
        rules = self._program.rules_at(pred, numbers)
        self._checking(pred, numbers, rules)
        return rules

    def _checking(self, pred, numbers, rules):
        if self._check is not None:
            checked = self._checked.setdefault(pred, set())
            new = [rule for k, rule in zip(numbers, rules) if k not in checked]
            if new:
                self._check(pred, new)
                checked.update(numbers)

    def __contains__(self, pred):
        return pred in self._program.heads

    def __iter__(self):
        return iter(sorted(self._program.heads))

    def __len__(self):
        return len(self._program.heads)


class Facts:
    """(predicate, values) -> the first Fact stating it: the program's facts, and those a
    knowledge base asserts and retracts. A program's fact is made when first asked for (a
    question reads the rows of a table, and shows few of them as facts). Iterating goes through
    every predicate, sorted."""

    def __init__(self, program):
        self._program, self._of = program, {}

    def _values(self, pred) -> dict:
        """Values -> the first Fact stating them, or its place among the program's facts of the
        predicate until it is first asked for."""
        found = self._of.get(pred)
        if found is None:
            found = self._of[pred] = self._program.first_stated(pred)
        return found

    def _fact(self, pred, values, found):
        if type(found) is int:
            found = self._of[pred][values] = self._program.fact_at(pred, found)
        return found

    def rows(self, pred):
        """The values of every fact of one predicate."""
        return self._values(pred).keys()

    def get(self, key, default=None):
        pred, values = key
        found = self._values(pred).get(values)
        return default if found is None else self._fact(pred, values, found)

    def __contains__(self, key):
        return key[1] in self._values(key[0])

    def __getitem__(self, key):
        pred, values = key
        return self._fact(pred, values, self._values(pred)[values])

    def __setitem__(self, key, fact):
        self._values(key[0])[key[1]] = fact

    def pop(self, key, default=None):
        pred, values = key
        found = self._values(pred).pop(values, None)
        if type(found) is int:
            found = self._program.fact_at(pred, found)
        return default if found is None else found

    def preds(self) -> list:
        """Every predicate that has or had a fact, sorted."""
        return sorted(self._program.stated | set(self._of))

    def __iter__(self):
        for pred in self.preds():
            yield from [(pred, args) for args in self._values(pred)]

    def items(self):
        for pred in self.preds():
            held = list(self._values(pred).items())
            yield from [((pred, args), self._fact(pred, args, found)) for args, found in held]


class StaticRows(dict):
    """Predicate -> its rows outside the partitions (the facts of a predicate not in ``scope``,
    and the static answers), gathered on first need; a predicate of neither has none."""

    def __init__(self, facts, answers, scope):
        super().__init__()
        self._facts, self._answers, self._scope = facts, answers, scope

    def __missing__(self, pred):
        found = self[pred] = set() if pred in self._scope else set(self._facts.rows(pred))
        found.update(map(tuple, self._answers.get(pred, ())))
        return found

    def get(self, pred, default=None):
        """The rows of ``pred``, an empty set for a predicate of none (``default`` is never needed)."""
        return self[pred]
