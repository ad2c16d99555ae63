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
>>> check_document({"proof": to_data(kb.explain("path('a', 'c')"))}, kb.program, model)
[]
"""
from __future__ import annotations

from collections import defaultdict

from .checks import recursive_components
from .render import source_parts
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


def check_data(node, program, model: Model, rules: dict | None = None) -> list:
    """Problems with a proof as data (``resolve``d first): the checks of ``check``, read from JSON;
    a node names its rule by id, and with the document's table of rules (``rules``) each rule's
    entry is checked against the program too (``check_rules``)."""
    facts, _ = model.checking(program)
    by_id = {r.info.id: r for r in program.rules}
    problems = []
    walk = _once(problems, lambda n: step(n))

    def step(n):
        args = tuple(n.get("args", ()))
        if n["kind"] == "fact":
            if n.get("origin") == "asserted":
                if args not in model.relation(n["pred"]):
                    problems.append(f"{said(n)} was not asserted")
            elif facts.get((n["pred"], args)) != n.get("where"):
                problems.append(f"{said(n)} is not a row at {n.get('where')}")
            return
        if n["kind"] != "rule":
            problems.append(f"{said(n)}: a {n['kind']} node cannot be the conclusion")
            return
        rule = by_id.get(n["rule"])
        if rule is None:
            problems.append(f"{said(n)}: no rule {n['rule']}")
            return
        binding = n["bindings"]
        head = substitute(rule.head, binding)
        if head.pred != n["pred"] or any(not isinstance(a, Const) for a in head.args) or \
                tuple(a.value for a in head.args) != args:
            problems.append(f"{said(n)} is not the head of {rule.info.id} under {binding}")
        if len(n["children"]) != len(rule.body):
            problems.append(f"{said(n)}: {len(n['children'])} premises for {len(rule.body)} literals")
            return
        for lit, child in zip(rule.body, n["children"]):
            ground = substitute(lit, binding)
            if isinstance(lit, Compare):
                if child["kind"] != "check" or not holds(lit, binding):
                    problems.append(f"{said(n)}: comparison {ground} does not hold")
                continue
            want = tuple(a.value if isinstance(a, Const) else {"var": a.name} for a in ground.args)
            if child.get("pred") != ground.pred or tuple(child.get("args", ())) != want:
                problems.append(f"{said(n)}: premise {said(child)} is not {ground}")
            elif lit.negated:
                if child["kind"] != "not" or next(model.matches(Atom(ground.pred, ground.args), {}), None) is not None:
                    problems.append(f"{said(n)}: {ground} is false")
            else:
                walk(child)

    walk(node)
    if rules is not None:
        problems += check_rules(rules, program, named(node))
    return problems


def said(n) -> str:
    """A node's statement as data writes it: a check's own, else ``pred(args)`` (``¬`` for a negation)."""
    if "statement" in n:
        return n["statement"]
    args = ", ".join(a["var"] if isinstance(a, dict) else str(a) for a in n.get("args", ()))
    return ("¬" if n["kind"] == "not" else "") + f"{n.get('pred')}({args})"


def named(value) -> set:
    """The ids of the rules a document (or any part of it) names: its rule nodes' and its
    why-nots' failures' (a node the trees share is read once)."""
    out, seen = set(), set()

    def walk(v):
        if isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, dict) and id(v) not in seen:
            seen.add(id(v))
            if isinstance(v.get("rule"), str) and ({"id", "kind"} <= v.keys() or "satisfied" in v):
                out.add(v["rule"])
            for k, x in v.items():
                if k != "rules":
                    walk(x)
    walk(value)
    return out


def check_rules(rules: dict, program, names=()) -> list:
    """Problems with a document's table of rules: a rule it names (``names``) missing from it, an
    entry that is not the program's rule of that id (title, where, origin, sources, conventions;
    a source's ``note`` is said in the document's language, so only its presence is compared, and its
    ``place`` is not)."""
    by_id = {r.info.id: r for r in program.rules}
    problems = [f"rule {k} is named but not in the table of rules" for k in sorted(set(names) - set(rules))]
    for k, entry in rules.items():
        rule = by_id.get(k)
        if rule is None:
            problems.append(f"rules: no rule {k}")
            continue
        want = {"title": rule.info.title, "where": rule.where, "origin": rule.origin,
                "sources": [_unsaid(source_parts(s)) for s in rule.info.sources], "conventions": list(rule.info.conventions)}
        got = {**entry, "sources": [_unsaid(s) if isinstance(s, dict) else s for s in entry.get("sources") or ()]}
        wrong = sorted(f for f, v in want.items() if got.get(f) != v and not (f == "origin" and got.get(f) is None))
        if wrong:
            problems.append(f"rules: {k} differs from the program in {', '.join(wrong)}")
    return problems


def _unsaid(source: dict) -> dict:
    """A source as data with its note, a translation, marked only as there, and without the place a
    reader reads it by (said in the document's language, not the program's)."""
    source = {k: v for k, v in source.items() if k != "place"}
    return {**source, "note": True} if "note" in source else source


def check_document(document, program, model: Model) -> list:
    """Problems with a whole document of proofs (docs/proof-json.md: ``liuyao why --json``,
    ``why-not --json``, ``judge --json --proof``): a ``ref`` to no node written before it, a
    proof (each value of a ``proof`` key) that does not check, a rule named (by a node, a
    why-not's failure or a judgment's reading) but not in the document's table or not as the
    program has it. The table is the document's ``rules``, or its proof's or its why-not's when
    it holds one alone."""
    try:
        resolved = resolve(document)
    except KeyError as missing:
        return [f"ref {missing} names no node written before it"]
    holder = next((v for v in (resolved, resolved.get("proof"), resolved.get("why_not"))
                   if isinstance(v, dict) and isinstance(v.get("rules"), dict)), None)
    rules = holder["rules"] if holder is not None else {}
    readings = resolved.get("readings") or []
    problems = check_rules(rules, program, named(resolved) | {rule for r in readings for rule in r.get("rules", [r["rule"]])})
    for proof in _proofs(resolved):
        problems += check_data(proof, program, model)
    return problems


def _proofs(value) -> list:
    """Every value of a ``proof`` key that is a node, in document order, outside the nodes."""
    out = []
    if isinstance(value, list):
        for v in value:
            out += _proofs(v)
    elif isinstance(value, dict) and not {"id", "kind"} <= value.keys():
        for k, v in value.items():
            if k == "proof" and isinstance(v, dict) and "kind" in v:
                out.append(v)
            else:
                out += _proofs(v)
    return out
