"""How a program's predicates are answered, worked out once from the program alone: the static
ones (depending on no input table) in their groups, the partitioned ones in theirs, and where
the clauses are that join two partitions, and the partitioned predicates derived only for the
values asked of them (``Selector``). The program cache keeps it beside the program, so a process
that reads the program from there works it out no more.

>>> import tempfile, pathlib
>>> from .program import Folder, read_program
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\n", encoding="utf-8")
>>> _ = (folder / "cast.tsv").write_text("chart\\tfrom\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y)\\nfrom_cast(C, Y) <= cast(C, X) & edge(X, Y)\\n",
...                                     encoding="utf-8")
>>> layout = layout_of(read_program([Folder(folder, "", "mine")]))
>>> layout.static, sorted(layout.partitioned), layout.groups, layout.apart, layout.selected
(['path'], ['from_cast'], [['from_cast']], [], {})
"""
from __future__ import annotations

from .forward import is_local, order
from .record import record, fields
from .terms import Atom, Const


@record(frozen=True)
class Selector:
    """A partitioned predicate whose clauses each name a value at ``position`` (a reading's
    topic, say), and whose every reader names one there or takes it from an input table: a
    partition derives it only for the values asked of it, with what their clauses need, and
    for more when a question asks for more.

    >>> import tempfile, pathlib
    >>> from .program import Folder, read_program
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "topic.tsv").write_text("chart\\ttopic\\n", encoding="utf-8")
    >>> _ = (folder / "seen.tsv").write_text("chart\\tthing\\n", encoding="utf-8")
    >>> _ = (folder / "say.dl").write_text(
    ...     "say(C, 'rain', X) <= seen(C, X) & cloud(C, X)\\ncloud(C, X) <= seen(C, X)\\n"
    ...     "say(C, 'sun', X) <= seen(C, X)\\nsaid(C, X) <= topic(C, T) & say(C, T, X)\\n"
    ...     "said(C, X) <= seen(C, _) & say(C, 'any', X)\\n", encoding="utf-8")
    >>> selector = layout_of(read_program([Folder(folder, "", "mine")])).selected["say"]
    >>> selector.position, selector.rules, selector.needs, selector.named, selector.taken
    (1, {'rain': (0,), 'sun': (1,)}, {'rain': ('cloud', 'seen'), 'sun': ('seen',)}, ('any',), (('topic', 1),))
    """
    position: int
    rules: dict             # value -> the numbers of the clauses naming it, in file order
    needs: dict             # value -> the predicates their bodies name, sorted
    named: tuple            # the values bodies name there, sorted
    taken: tuple            # (input predicate, column): where bodies take a value for it, sorted

    def data(self) -> list:
        return [self.position, [[v, list(self.rules[v]), list(self.needs[v])] for v in self.rules],
                list(self.named), [list(t) for t in self.taken]]

    @classmethod
    def of_data(cls, data, check) -> "Selector":
        value = lambda v: type(v) in (str, int)
        check(type(data) is list and len(data) == 4 and type(data[0]) is int and type(data[1]) is list and
              all(type(item) is list and len(item) == 3 and value(item[0]) and type(item[1]) is list and item[1] and
                  all(type(k) is int and k >= 0 for k in item[1]) and type(item[2]) is list and
                  all(type(q) is str for q in item[2]) for item in data[1]) and
              type(data[2]) is list and all(map(value, data[2])) and type(data[3]) is list and
              all(type(t) is list and len(t) == 2 and type(t[0]) is str and type(t[1]) is int for t in data[3]),
              "a selector")
        return cls(data[0], {v: tuple(ks) for v, ks, _ in data[1]}, {v: tuple(qs) for v, _, qs in data[1]},
                   tuple(data[2]), tuple(map(tuple, data[3])))


@record(frozen=True)
class Layout:
    static: list                # the predicates that depend on no input, sorted
    static_groups: list         # they in groups, each after what it depends on
    feeds_static: frozenset     # every predicate a static one depends on
    partitioned: frozenset
    scope: frozenset            # the input and partitioned predicates
    apart: list                 # where the clauses that join two partitions are
    groups: list                # the partitioned predicates in groups, each after what it depends on
    selected: dict              # predicate -> its Selector, for those derived for the values asked

    def data(self) -> dict:
        """As plain data (sorted lists of names), as the program cache keeps it."""
        return {"static": self.static, "static_groups": self.static_groups, "feeds_static": sorted(self.feeds_static),
                "partitioned": sorted(self.partitioned), "scope": sorted(self.scope), "apart": self.apart,
                "groups": self.groups, "selected": [[p, *self.selected[p].data()] for p in sorted(self.selected)]}

    @classmethod
    def of_data(cls, data, check) -> "Layout":
        """The layout of ``data``; ``check(holds, what)`` raises on what is not of its form."""
        check(type(data) is dict and set(data) == set(FIELDS), "a layout")

        def names(value):
            check(type(value) is list and all(type(v) is str for v in value), "a layout's names")
            return value

        def groups(value):
            check(type(value) is list, "a layout's groups")
            return [names(group) for group in value]

        def selected(value):
            check(type(value) is list and all(type(item) is list and item and type(item[0]) is str for item in value),
                  "a layout's selectors")
            return {item[0]: Selector.of_data(item[1:], check) for item in value}
        return cls(names(data["static"]), groups(data["static_groups"]), frozenset(names(data["feeds_static"])),
                   frozenset(names(data["partitioned"])), frozenset(names(data["scope"])), names(data["apart"]),
                   groups(data["groups"]), selected(data["selected"]))


FIELDS = tuple(f.name for f in fields(Layout))


def layout_of(program) -> Layout:
    """The layout of a program (see the module's doc)."""
    heads = program.heads
    depends = program.dependencies
    inputs = program.inputs
    static = sorted(p for p in heads if not depends[p] & inputs)
    partitioned = frozenset(heads) - set(static)
    scope = partitioned | inputs
    return Layout(static, order(program.graph, set(static), program.components),
                  frozenset().union(*(depends[p] for p in static)), partitioned, scope,
                  [rule.where for pred in sorted(partitioned) for rule in program.rules_of(pred)
                   if not is_local(rule, scope)],
                  order(program.graph, partitioned, program.components), selectors(program, partitioned))


def selectors(program, partitioned) -> dict:
    """The partitioned predicates that can be derived for the values asked of them (``Selector``),
    each at the first place where it can."""
    readers = {}                # predicate -> every body literal on it, with the body
    for pred in sorted(program.heads):
        for rule in program.rules_of(pred):
            for lit in rule.body:
                if isinstance(lit, Atom) and lit.pred in partitioned:
                    readers.setdefault(lit.pred, []).append((lit, rule.body))
    found = {}
    for pred in sorted(partitioned):
        rules = program.rules_of(pred)
        if any(pred in program.dependencies.get(q, ()) for q in program.graph.get(pred, ())):
            continue                # recursive: its rounds read its own rows
        for position in range(1, len(rules[0].head.args)):
            selector = _selector(rules, position, readers.get(pred, ()), program.inputs)
            if selector is not None:
                found[pred] = selector
                break
    return found


def _selector(rules, position, readers, inputs):
    heads = [rule.head.args[position] for rule in rules]
    if not all(isinstance(a, Const) for a in heads) or len({a.value for a in heads}) < 2:
        return None
    named, taken = set(), set()
    for lit, body in readers:
        arg = lit.args[position]
        if isinstance(arg, Const):
            named.add(arg.value)
            continue
        found = {(other.pred, k) for other in body if isinstance(other, Atom) and not other.negated and
                 other.pred in inputs for k, a in enumerate(other.args) if a == arg}
        if not found:
            return None             # a reader that may read any value
        taken.add(min(found))
    by_value = {}
    for k, head in enumerate(heads):
        by_value.setdefault(head.value, []).append(k)
    values = sorted(by_value, key=lambda v: (type(v) is str, v))
    needs = {v: tuple(sorted({lit.pred for k in by_value[v] for lit in rules[k].body if isinstance(lit, Atom)}))
             for v in values}
    return Selector(position, {v: tuple(by_value[v]) for v in values}, needs,
                    tuple(sorted(named, key=lambda v: (type(v) is str, v))), tuple(sorted(taken)))
