"""How a program's predicates are answered, worked out once from the program alone: the static
ones (depending on no input table) in their groups, the partitioned ones in theirs, and where
the clauses are that join two partitions. The program cache keeps it beside the program, so a
process that reads the program from there works it out no more.

>>> import tempfile, pathlib
>>> from .program import Folder, read_program
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\n", encoding="utf-8")
>>> _ = (folder / "cast.tsv").write_text("chart\\tfrom\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y)\\nfrom_cast(C, Y) <= cast(C, X) & edge(X, Y)\\n",
...                                     encoding="utf-8")
>>> layout = layout_of(read_program([Folder(folder, "", "mine")]))
>>> layout.static, sorted(layout.partitioned), layout.groups, layout.apart
(['path'], ['from_cast'], [['from_cast']], [])
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from .forward import is_local, order


@dataclass(frozen=True)
class Layout:
    static: list                # the predicates that depend on no input, sorted
    static_groups: list         # they in groups, each after what it depends on
    feeds_static: frozenset     # every predicate a static one depends on
    partitioned: frozenset
    scope: frozenset            # the input and partitioned predicates
    apart: list                 # where the clauses that join two partitions are
    groups: list                # the partitioned predicates in groups, each after what it depends on

    def data(self) -> dict:
        """As plain data (sorted lists of names), as the program cache keeps it."""
        return {"static": self.static, "static_groups": self.static_groups, "feeds_static": sorted(self.feeds_static),
                "partitioned": sorted(self.partitioned), "scope": sorted(self.scope), "apart": self.apart,
                "groups": self.groups}

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
        return cls(names(data["static"]), groups(data["static_groups"]), frozenset(names(data["feeds_static"])),
                   frozenset(names(data["partitioned"])), frozenset(names(data["scope"])), names(data["apart"]),
                   groups(data["groups"]))


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
                  order(program.graph, partitioned, program.components))
