"""The independent check: a naive stratified bottom-up evaluator and a proof checker.

Neither uses pyDatalog. Both trust only the parsed rules and the table rows, so a test can
hold pyDatalog's answers and every proof against them.

>>> import tempfile, pathlib
>>> from queries.engine.kb import KnowledgeBase
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\nb\\tc\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("path(X, Y) <= edge(X, Y)\\n"
...     "path(X, Z) <= path(X, Y) & edge(Y, Z)\\n", encoding="utf-8")
>>> kb = KnowledgeBase([folder])
>>> model = Model(kb.program)
>>> sorted(model.relation("path"))
[('a', 'b'), ('a', 'c'), ('b', 'c')]
>>> check(kb.explain("path('a', 'c')"), kb.program, model)
[]
>>> from queries.engine.render import to_data
>>> check_data(resolve(to_data(kb.explain("path('a', 'c')"))), kb.program, model)
[]
"""
from __future__ import annotations

from collections import defaultdict

from .checks import recursive_components
from .terms import NO_VALUE, Atom, Compare, Const, Var, answer_vars, evaluate, holds, row_key, substitute


def _strata(rules):
    """Predicates grouped into strata: a negated predicate sits in a lower stratum."""
    comp = recursive_components(rules)
    level = defaultdict(int)
    changed = True
    while changed:
        changed = False
        for rule in rules:
            h = comp[rule.head.pred]
            for lit in rule.body:
                if isinstance(lit, Atom):
                    need = level[comp[lit.pred]] + (1 if lit.negated else 0)
                    if comp[lit.pred] != h and level[h] < need:
                        level[h] = need
                        changed = True
    by_level = defaultdict(list)
    for rule in rules:
        by_level[level[comp[rule.head.pred]]].append(rule)
    return [by_level[k] for k in sorted(by_level)]


class Model:
    """Every fact the program derives, computed naively to a fixpoint per stratum. A literal
    whose first argument is known reads only the rows that begin with it."""

    def __init__(self, program, extra_facts=()):
        self.facts = defaultdict(set)
        self._first = defaultdict(list)         # (predicate, first value) -> its rows
        self._checking = {}                     # id(program) -> (program, its rows' places, its rules)
        for fact in program.facts:
            self._add(fact.atom.pred, tuple(a.value for a in fact.atom.args))
        for pred, args in extra_facts:
            self._add(pred, tuple(args))
        for stratum in _strata(program.rules):
            changed = True
            while changed:
                changed = False
                for rule in stratum:
                    for binding in list(self._solve(rule.body, {})):
                        head = tuple(binding[a.name] if isinstance(a, Var) else a.value
                                     for a in rule.head.args)
                        if head not in self.facts[rule.head.pred]:
                            self._add(rule.head.pred, head)
                            changed = True

    def _add(self, pred, row):
        rows = self.facts[pred]
        if row not in rows:
            rows.add(row)
            if row:
                self._first[pred, row[0]].append(row)

    def relation(self, pred):
        return self.facts.get(pred, set())

    def matches(self, atom: Atom, binding):
        """Bindings extending ``binding`` under which the atom is a fact of the model."""
        first = atom.args[0] if atom.args else None
        if isinstance(first, Const):
            rows = self._first.get((atom.pred, first.value), ())
        elif isinstance(first, Var) and first.name in binding:
            rows = self._first.get((atom.pred, binding[first.name]), ())
        else:
            rows = self.facts.get(atom.pred, ())
        for row in rows:
            if len(row) != len(atom.args):
                continue
            b = dict(binding)
            for term, value in zip(atom.args, row):
                if isinstance(term, Const):
                    if term.value != value:
                        break
                elif term.name in b:
                    if b[term.name] != value:
                        break
                else:
                    b[term.name] = value
            else:
                yield b

    def checking(self, program):
        """The program's fact rows by (predicate, args) -> file:line, and its rules by file:line,
        made once for the checks of many proofs."""
        got = self._checking.get(id(program))
        if got is None or got[0] is not program:
            got = self._checking[id(program)] = (
                program, {(f.atom.pred, tuple(a.value for a in f.atom.args)): f.where for f in program.facts},
                {r.where: r for r in program.rules})
        return got[1:]

    def _solve(self, body, binding):
        if not body:
            yield binding
            return
        lit, rest = body[0], body[1:]
        if isinstance(lit, Compare):
            if lit.op == "==" and isinstance(lit.left, Var) and lit.left.name not in binding:
                try:
                    value = evaluate(lit.right, binding)
                except NO_VALUE:
                    return
                yield from self._solve(rest, {**binding, lit.left.name: value})
            elif lit.op == "in" and isinstance(lit.left, Var) and lit.left.name not in binding:
                for c in lit.right:
                    yield from self._solve(rest, {**binding, lit.left.name: c.value})
            elif holds(lit, binding):
                yield from self._solve(rest, binding)
        elif lit.negated:
            if next(self.matches(lit, binding), None) is None:
                yield from self._solve(rest, binding)
        else:
            for b in self.matches(lit, binding):
                yield from self._solve(rest, b)

    def answers(self, body):
        """Sorted answers of a conjunction, like KnowledgeBase.ask."""
        names = answer_vars(body)
        rows = {tuple(b[n] for n in names) for b in self._solve(tuple(body), {})}
        return sorted(rows, key=row_key)


def check(proof, program, model: Model) -> list:
    """Problems with a proof (empty when every step is a table row or a ground rule instance); a
    sub-proof met again adds its problems again without being walked again."""
    facts, rules = model.checking(program)
    problems = []
    walk = _once(problems, lambda node: step(node))

    def step(node):
        if node.kind == "fact":
            if facts.get((node.pred, node.args)) != node.where and node.origin != "asserted":
                problems.append(f"{node.statement} is not a row at {node.where}")
            elif node.origin == "asserted" and node.args not in model.relation(node.pred):
                problems.append(f"{node.statement} was not asserted")
            return
        if node.kind != "rule":
            problems.append(f"{node.statement}: a {node.kind} node cannot be the conclusion")
            return
        rule = rules.get(node.where)
        if rule is None or rule.info != node.rule:
            problems.append(f"{node.statement}: no such rule at {node.where}")
            return
        binding = dict(node.bindings)
        head = substitute(rule.head, binding)
        if any(not isinstance(a, Const) for a in head.args) or \
                tuple(a.value for a in head.args) != node.args or head.pred != node.pred:
            problems.append(f"{node.statement} is not the head of {rule.info.id} under {binding}")
        if len(node.children) != len(rule.body):
            problems.append(f"{node.statement}: {len(node.children)} premises for {len(rule.body)} literals")
            return
        for lit, child in zip(rule.body, node.children):
            ground = substitute(lit, binding)
            if isinstance(lit, Compare):
                if child.kind != "check" or any(isinstance(t, Var) for t in _terms(ground)) \
                        or not holds(lit, binding):
                    problems.append(f"{node.statement}: comparison {ground} does not hold")
            elif lit.negated:
                positive = Atom(ground.pred, ground.args)
                if child.kind != "not" or child.pred != ground.pred or \
                        tuple(a.value if isinstance(a, Const) else a for a in ground.args) != child.args:
                    problems.append(f"{node.statement}: premise {child.statement} is not {ground}")
                elif next(model.matches(positive, {}), None) is not None:
                    problems.append(f"{node.statement}: {positive} holds, so {ground} is false")
            else:
                if child.kind not in ("fact", "rule") or child.pred != ground.pred or \
                        any(not isinstance(a, Const) for a in ground.args) or \
                        tuple(a.value for a in ground.args) != child.args:
                    problems.append(f"{node.statement}: premise {child.statement} is not {ground}")
                else:
                    walk(child)
        expected = 1 + max((c.height for c in node.children), default=0)
        if node.height != expected:
            problems.append(f"{node.statement}: height {node.height}, expected {expected}")

    walk(proof)
    return problems


def _once(problems, step):
    """``step`` of a node, or the problems it found the first time for a node met again."""
    found = {}

    def walk(node):
        got = found.get(id(node))
        if got is not None:
            problems.extend(got[1])
            return
        start = len(problems)
        step(node)
        found[id(node)] = (node, problems[start:])
    return walk


def _terms(cmp):
    out = [cmp.left] if isinstance(cmp.right, tuple) else [cmp.left, cmp.right]
    return [v for t in out for v in _leaves(t)]


def _leaves(t):
    if isinstance(t, (Var, Const)):
        return [t]
    return _leaves(t.left) + _leaves(t.right)


# ---- proof JSON ----------------------------------------------------------------------------

def resolve(document):
    """The document (any JSON value holding proofs, docs/proof-json.md) with every ``{"ref": n}``
    replaced by the node numbered n written before it (the same dict, so the trees share it, as
    the proofs did); a ref to no earlier node raises KeyError."""
    nodes = {}

    def walk(value):
        if isinstance(value, list):
            return [walk(v) for v in value]
        if not isinstance(value, dict):
            return value
        if "ref" in value:
            extra = {k: v for k, v in value.items() if k != "ref"}
            return {**nodes[value["ref"]], **extra} if extra else nodes[value["ref"]]
        out = {}
        if "id" in value and "kind" in value:
            nodes[value["id"]] = out
        for k, v in value.items():
            out[k] = walk(v)
        return out

    return walk(document)


def check_data(node, program, model: Model) -> list:
    """Problems with a proof as data (``resolve``d first): the checks of ``check``, read from JSON."""
    facts, rules = model.checking(program)
    problems = []
    walk = _once(problems, lambda n: step(n))

    def step(n):
        args = tuple(n.get("args", ()))
        if n["kind"] == "fact":
            if n.get("origin") == "asserted":
                if args not in model.relation(n["pred"]):
                    problems.append(f"{n['statement']} was not asserted")
            elif facts.get((n["pred"], args)) != n.get("where"):
                problems.append(f"{n['statement']} is not a row at {n.get('where')}")
            return
        if n["kind"] != "rule":
            problems.append(f"{n['statement']}: a {n['kind']} node cannot be the conclusion")
            return
        rule = rules.get(n.get("where"))
        if rule is None or rule.info.id != n["rule"]["id"]:
            problems.append(f"{n['statement']}: no rule {n['rule']['id']} at {n.get('where')}")
            return
        binding = n["bindings"]
        head = substitute(rule.head, binding)
        if head.pred != n["pred"] or any(not isinstance(a, Const) for a in head.args) or \
                tuple(a.value for a in head.args) != args:
            problems.append(f"{n['statement']} is not the head of {rule.info.id} under {binding}")
        if len(n["children"]) != len(rule.body):
            problems.append(f"{n['statement']}: {len(n['children'])} premises for {len(rule.body)} literals")
            return
        for lit, child in zip(rule.body, n["children"]):
            ground = substitute(lit, binding)
            if isinstance(lit, Compare):
                if child["kind"] != "check" or not holds(lit, binding):
                    problems.append(f"{n['statement']}: comparison {ground} does not hold")
                continue
            want = tuple(a.value if isinstance(a, Const) else {"var": a.name} for a in ground.args)
            if child.get("pred") != ground.pred or tuple(child.get("args", ())) != want:
                problems.append(f"{n['statement']}: premise {child['statement']} is not {ground}")
            elif lit.negated:
                if child["kind"] != "not" or next(model.matches(Atom(ground.pred, ground.args), {}), None) is not None:
                    problems.append(f"{n['statement']}: {ground} is false")
            else:
                walk(child)

    walk(node)
    return problems
