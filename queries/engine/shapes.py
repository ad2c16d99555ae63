"""The shapes an application reads relations in, checked so that its views are total: a relation
read as one value for each of its first ``one`` arguments (a second value is an error, never a
crash of the view), a relation read whole as the knowledge's own rules make it, and a constant a
relation's rules give that must have a row in another relation (the words of a reading).

A user's rule, fact or table row that adds to such a relation is a lint error naming it and the
relation (``problems``); a second value the knowledge gives all the same (through a relation it
depends on) is found when it loads (``second_values`` of the static relations and tables) or for
one partition (a cast) before anything reads it.

>>> shapes = (Shape("line_relative", 2), Shape("reading", 0, ((3, "conclusion"),)))
>>> from .reader import parse_text
>>> rules, facts, _ = parse_text("line_relative(C, P, 'x') <= line(C, P, _V)\\n"
...     "reading(C, T, 'r1') <= line(C, 1, T)\\n+ conclusion('r2')\\n", "mine.dl", "user")
>>> for p in problems(rules, facts, shapes): print(p)
mine.dl:1: the views read line_relative as one value for each of its first 2 arguments; a rule or row of your own would give it a second: name your relation otherwise
mine.dl:2: 'r1' has no row in conclusion, where the views find the words of a reading: add one (a table of your own with '# @extends')
>>> second_values([("line_relative", ("c1", 3, "妻財")), ("line_relative", ("c1", 3, "兄弟"))], shapes)
[('line_relative', ('c1', 3), ['兄弟', '妻財'])]
"""
from __future__ import annotations

from .problem import Problem, tagged
from .record import record
from .terms import Const


@record(frozen=True)
class Shape:
    """How an application reads a relation: ``one`` leading arguments determine one value (the
    arity: the whole row, as the knowledge's own rules make it; 0: any rows); ``refers``,
    (place, relation) pairs: the constant a head gives at the place (1, 2 …) must be the first
    argument of a row of the relation (the views look the words of a reading up by its id)."""
    pred: str
    one: int
    refers: tuple = ()          # (place, relation): the constant there is a first argument of the relation

    def single(self, arity) -> bool:
        """Whether the relation is read as one value for each key (not as a whole row)."""
        return 0 < self.one < arity

    def closed(self, arity) -> bool:
        """Whether rules and rows of one's own may not add to the relation at all."""
        return self.one >= arity


def problems(rules, facts, shapes, known=None) -> list:
    """The lint errors of rules and facts against the shapes: a user rule or fact adding to a
    relation read as one value or whole, and a rule whose head gives a constant with no row
    where its shape refers. ``known``: the first values of the facts of each predicate a shape
    refers to, when not read from ``facts``."""
    shaped = {s.pred: s for s in shapes}
    targets = {target for s in shapes for _, target in s.refers}
    if known is None:
        known = {target: {f.atom.args[0].value for f in facts if f.atom.pred == target} for target in targets}
    found = []
    for rule in rules:
        shape = shaped.get(rule.head.pred)
        if shape is None:
            continue
        mine = []
        if rule.origin == "user" and shape.one:
            mine.append(_adds(rule.where, shape, len(rule.head.args)))
        for place, target in shape.refers:
            arg = rule.head.args[place - 1] if place <= len(rule.head.args) else None
            if isinstance(arg, Const) and arg.value not in known[target]:
                mine.append(Problem(f"{rule.where}: {arg.value!r} has no row in {target}, where the views find the "
                                    f"words of a {shape.pred}: add one (a table of your own with '# @extends')",
                                    "problem.view_refers", where=rule.where, value=repr(arg.value), target=target,
                                    predicate=shape.pred))
        if mine and rule.info.id != rule.where:
            mine = [tagged(m, "problem.in_rule", f" (rule {rule.info.id})", rule=rule.info.id) for m in mine]
        found += mine
    for fact in facts:
        shape = shaped.get(fact.atom.pred)
        if shape is not None and fact.origin == "user" and shape.one:
            found.append(_adds(fact.where, shape, len(fact.atom.args)))
    return found


def _adds(where, shape, arity) -> Problem:
    if shape.single(arity):
        return Problem(f"{where}: the views read {shape.pred} as one value for each of its first {shape.one} "
                       "arguments; a rule or row of your own would give it a second: name your relation otherwise",
                       "problem.view_one_value", where=where, predicate=shape.pred, keys=shape.one)
    return Problem(f"{where}: the views read {shape.pred} as the knowledge's own rules make it; a rule or row of "
                   "your own may not add to it: name your relation otherwise", "problem.view_closed", where=where,
                   predicate=shape.pred)


def second_values(rows, shapes) -> list:
    """(relation, key, its values sorted) of each key a relation read as one value has more
    than one value for; ``rows`` are (relation, row) pairs."""
    single = {s.pred: s.one for s in shapes}
    values = {}
    for pred, row in rows:
        one = single.get(pred)
        if one and one < len(row):
            values.setdefault((pred, tuple(row[:one])), set()).add(row[one:] if len(row) - one > 1 else row[one])
    return sorted((pred, key, sorted(found, key=str)) for (pred, key), found in values.items() if len(found) > 1)
