"""The marks of a chart on the page: each cell and state of a line as a link to its proof.

A mark is the view's cell that shows it (``views/chart.dl``): ``chart_cell(C, Field, P, V, W)``
for a line's spirit, relative, stem-branch and 世/應, ``state_cell(C, Field, Kind, P, V, B)``
for a state (月破 …), a month or day relation, strength or stage, of a line, its changed line or
its hidden god. Its goal is asked of the worker; values reach a goal only after ``check``.

>>> goal(Mark("state", "line", 6, "月破"))
"state_cell(C, 'state', 'line', 6, '月破', B)"
>>> goal(Mark("relative", "line", 3, "妻財"))
"chart_cell(C, 'relative', 3, '妻財', W)"
>>> check({"field": "state", "kind": "line", "pos": "6", "value": "月破"})
Mark(field='state', kind='line', pos=6, value='月破')
"""
from __future__ import annotations

import re

from ..engine.record import record, replace
from ..messages import error

CHART_FIELDS = ("spirit", "relative", "najia", "element", "world", "response", "moving")
STATE_FIELDS = ("state", "month_strength", "month_relation", "month_stage", "day_relation", "day_stage")
KINDS = ("line", "changed", "hidden")
_VALUE = re.compile(r"^[^'\"\\\s(),]{1,16}$")


@record(frozen=True)
class Mark:
    field: str
    kind: str
    pos: int
    value: str


def goal(mark: Mark) -> str:
    """The goal that proves a mark."""
    if mark.field in CHART_FIELDS:
        return f"chart_cell(C, '{mark.field}', {mark.pos}, '{mark.value}', W)"
    return f"state_cell(C, '{mark.field}', '{mark.kind}', {mark.pos}, '{mark.value}', B)"


def check(query: dict) -> Mark:
    """A mark from a request's fields, each checked (a UserError naming the field)."""
    field, kind = query.get("field") or "", query.get("kind") or "line"
    if field not in CHART_FIELDS + STATE_FIELDS:
        raise error("web.mark_field", field=field, fields=", ".join(CHART_FIELDS + STATE_FIELDS))
    if kind not in KINDS or (field in CHART_FIELDS and kind != "line"):
        raise error("web.mark_kind", kind=kind, kinds=", ".join(KINDS), field=field)
    pos = str(query.get("pos") or "")
    if pos not in ("1", "2", "3", "4", "5", "6"):
        raise error("web.mark_pos", pos=pos)
    value = str(query.get("value") or "-")
    if not _VALUE.match(value):
        raise error("web.mark_value", value=value)
    return Mark(field, kind, int(pos), value)


def _node_marks(node, kind, pos) -> list:
    """(label, Mark) of a node's month and day relations, strength, stage and states, in order."""
    out = []
    month, day = node["month"], node["day"]
    if month.get("strength"):
        out.append((month["strength"], Mark("month_strength", kind, pos, month["strength"])))
    out += [(r, Mark("month_relation", kind, pos, r)) for r in month.get("relations", ())]
    if month.get("stage"):
        out.append((month["stage"], Mark("month_stage", kind, pos, month["stage"])))
    out += [(r, Mark("day_relation", kind, pos, r)) for r in day.get("relations", ())]
    if day.get("stage"):
        out.append((day["stage"], Mark("day_stage", kind, pos, day["stage"])))
    out += [(s["label"], Mark("state", kind, pos, s["label"])) for s in node.get("states", ())]
    return out


def line_marks(line: dict) -> dict:
    """A line's marks: its cells, its own marks, and those of its changed line and hidden god.

    >>> from queries.chart import cast
    >>> line = cast("787889", month="申", day="乙巳").to_data()["lines"][5]
    >>> [label for label, _ in line_marks(line)["states"]][-3:]
    ['假空', '回頭克', '月破']
    """
    pos = line["position"]
    cells = {f: Mark(f, "line", pos, line[f]) for f in ("spirit", "relative")}
    cells["najia"] = Mark("najia", "line", pos, line["stem"])
    cells["element"] = Mark("element", "line", pos, line["element"])
    if line["world"] or line["response"]:
        cells["mark"] = Mark("world" if line["world"] else "response", "line", pos, "-")
    if line["moving"]:
        cells["moving"] = Mark("moving", "line", pos, "-")
    return {"cells": cells, "states": _node_marks(line, "line", pos),
            "changed": _node_marks(line["changed"], "changed", pos) if line.get("changed") else [],
            "hidden": _node_marks(line["hidden"], "hidden", pos) if line.get("hidden") else []}


def step_down(proof):
    """The proof under a view's clause (what the mark rests on), or the proof itself."""
    if proof is not None and proof.kind == "rule" and proof.rule.id.split(".")[0] in ("chart_cell", "state_cell"):
        rules = [c for c in proof.children if c.kind == "rule"]
        if rules:
            return rules[0]
    return proof


def narrowed(why, mark: Mark):
    """A mark's why-not with only the view's clauses that write that mark (their title names
    it: ``state_cell.month_break 月破``), when there are any; the others (a tomb, a turning)
    do not say why the line lacks it.

    >>> from queries.engine.proof import Failure, WhyNot
    >>> from queries.engine.terms import RuleInfo
    >>> why = WhyNot("state_cell(…)", failures=(Failure(RuleInfo("state_cell.month_break", "月破"), "v.dl:1", "x", 0, 0),
    ...                                        Failure(RuleInfo("state_cell.entombed", "日墓 月墓"), "v.dl:2", "y", 0, 0)))
    >>> [f.rule.id for f in narrowed(why, Mark("state", "line", 5, "月破")).failures]
    ['state_cell.month_break']
    """
    if why is None:
        return None
    own = tuple(f for f in why.failures if mark.value in (f.rule.title or "").split())
    return replace(why, failures=own) if own else why
