"""Lint before load: every hazard of pyDatalog that would answer wrongly or hang is an error.

Errors: arity mismatch, unknown predicate, unsafe head variable, a negated or compared
variable not bound earlier, repeated ``_``, negation inside recursion, and a recursive rule
whose first positive literal is not recursive (right recursion hangs pyDatalog on cycles).
Warnings: an existential variable in a negation whose name does not start with ``_``, and a
recursive rule whose head takes a value computed by arithmetic (it may grow without end).
"""
from __future__ import annotations

from collections import defaultdict

from .problem import Problem, tagged
from .terms import Arith, Atom, Compare, Var, term_vars


def _binds(literal, bound):
    """Variables a body literal binds, given the ones bound before it."""
    if isinstance(literal, Atom):
        return set() if literal.negated else set(term_vars(literal))
    if literal.op == "==" and isinstance(literal.left, Var) and literal.left.name not in bound \
            and set(term_vars(literal.right)) <= bound:
        return {literal.left.name}
    if literal.op == "in" and isinstance(literal.left, Var):
        return {literal.left.name}
    return set()


def _tag(rule, messages):
    """Name the rule at the end of each message: 'file:line: message (rule id)'."""
    if rule.info.id == rule.where:
        return messages
    return [tagged(m, "problem.in_rule", f" (rule {rule.info.id})", rule=rule.info.id) for m in messages]


def rule_problems(rule):
    """Safety problems of one rule: (errors, warnings)."""
    errors, warnings = [], []
    bound = set()
    later_positive, seen = [], set()
    for l in rule.body:
        binds = _binds(l, seen)
        later_positive.append(binds)
        seen |= binds
    underscores = sum(term_vars(l).count("_") for l in (rule.head, *rule.body))
    if underscores > 1:
        errors.append(Problem(f"{rule.where}: '_' is one shared variable in pyDatalog, not a wildcard; "
                              "name each one (_1, _2 …)", "problem.underscores", where=rule.where))
    for i, literal in enumerate(rule.body):
        names = term_vars(literal)
        if isinstance(literal, Atom) and literal.negated:
            for name in dict.fromkeys(names):
                if name in bound:
                    continue
                if any(name in s for s in later_positive[i + 1:]):
                    errors.append(Problem(f"{rule.where}: variable {name} in {literal} is bound only "
                                          "later; move the negation after the literal that binds it",
                                          "problem.bound_later", where=rule.where, name=name, literal=str(literal)))
                elif not name.startswith("_"):
                    warnings.append(Problem(f"{rule.where}: {name} occurs only in {literal}, so it means "
                                            f"'for no {name}'; name it _{name} to say so", "problem.for_no",
                                            where=rule.where, name=name, literal=str(literal)))
        elif isinstance(literal, Compare):
            free = set(names) - bound - _binds(literal, bound)
            if free:
                names = ', '.join(sorted(free))
                errors.append(Problem(f"{rule.where}: {literal} compares unbound {names}; bind it in an "
                                      "earlier literal", "problem.compares_unbound", where=rule.where,
                                      literal=str(literal), names=names))
        bound |= _binds(literal, bound)
    free_head = [v for v in dict.fromkeys(term_vars(rule.head)) if v not in bound]
    if free_head:
        names = ', '.join(free_head)
        errors.append(Problem(f"{rule.where}: head variable {names} of {rule.head} is not bound by a "
                              "positive body literal", "problem.head_unbound", where=rule.where, names=names,
                              head=str(rule.head)))
    return _tag(rule, errors), _tag(rule, warnings)


def _sccs(graph):
    """Strongly connected components (Tarjan), as a dict node -> component id."""
    index, low, stack, on, comp = {}, {}, [], set(), {}
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            while True:
                w = stack.pop()
                on.discard(w)
                comp[w] = v
                if w == v:
                    break

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comp


def dependency_graph(rules):
    graph = defaultdict(set)
    for rule in rules:
        graph[rule.head.pred]
        for lit in rule.body:
            if isinstance(lit, Atom):
                graph[rule.head.pred].add(lit.pred)
                graph[lit.pred]
    return graph


def recursive_components(rules):
    """Map each predicate to its SCC id; recursive predicates share an id with a body predicate."""
    return _sccs(dependency_graph(rules))


def program_problems(rules, facts, declared, tick=None):
    """All errors and warnings of a program.

    ``declared`` maps predicate -> (arity, where) for fact tables and input declarations;
    ``tick``, when given, is called every thousand rules of a user's (a caller under a time limit).
    """
    errors, warnings = [], []
    arity = dict(declared)
    for fact in facts:
        arity.setdefault(fact.atom.pred, (len(fact.atom.args), fact.where))
    for rule in rules:
        arity.setdefault(rule.head.pred, (len(rule.head.args), rule.where))
    defined = set(arity)
    for fact in facts:
        known, where = arity[fact.atom.pred]
        if len(fact.atom.args) != known:
            errors.append(Problem(f"{fact.where}: {fact.atom.pred} has {known} arguments ({where}), "
                                  f"this fact has {len(fact.atom.args)}", "problem.fact_arity", where=fact.where,
                                  predicate=fact.atom.pred, known=known, at=where, arity=len(fact.atom.args)))
    mine = 0
    for rule in rules:
        if tick is not None and rule.origin == "user":
            mine += 1
            if not mine % 1024:
                tick()
        found = []
        for lit in (rule.head, *rule.body):
            if not isinstance(lit, Atom):
                continue
            if lit.pred not in defined:
                from difflib import get_close_matches
                near = get_close_matches(lit.pred, sorted(defined), n=3)
                hint = f"; did you mean {', '.join(near)}?" if near else ""
                found.append(Problem(f"{rule.where}: unknown predicate {lit.pred}/{len(lit.args)}{hint}",
                                     "problem.unknown_near" if near else "problem.unknown", where=rule.where,
                                     predicate=f"{lit.pred}/{len(lit.args)}", near=', '.join(near)))
                continue
            known, where = arity[lit.pred]
            if len(lit.args) != known:
                found.append(Problem(f"{rule.where}: {lit.pred} has {known} arguments ({where}), "
                                     f"{lit} has {len(lit.args)}", "problem.arity", where=rule.where,
                                     predicate=lit.pred, known=known, at=where, literal=str(lit),
                                     arity=len(lit.args)))
        errors += _tag(rule, found)
        e, w = rule_problems(rule)
        errors += e
        warnings += w
    comp = recursive_components(rules)
    for rule in rules:
        head = comp[rule.head.pred]
        recursive = [lit for lit in rule.body if isinstance(lit, Atom) and comp.get(lit.pred) == head]
        found = [Problem(f"{rule.where}: {lit} negates a predicate that depends on {rule.head.pred} "
                         "itself (negation inside recursion)", "problem.negation_recursion", where=rule.where,
                         literal=str(lit), predicate=rule.head.pred) for lit in recursive if lit.negated]
        positives = [lit for lit in rule.body if isinstance(lit, Atom) and not lit.negated]
        if any(not lit.negated for lit in recursive) and comp.get(positives[0].pred) != head:
            first = next(l for l in recursive if not l.negated)
            found.append(Problem(f"{rule.where}: recursive rule must start with the recursive literal "
                                 f"(right recursion hangs pyDatalog on cyclic data); move {first} first",
                                 "problem.right_recursion", where=rule.where, literal=str(first)))
        errors += _tag(rule, found)
        if any(not lit.negated for lit in recursive):
            warnings += _tag(rule, _growth(rule))
    return errors, warnings


def _growth(rule):
    """A recursive rule whose head takes a value it computes (``N == M + 1``, ``S == T + 'x'``):
    each round can make a new one, so it may never end."""
    made = {}
    for lit in rule.body:
        if isinstance(lit, Compare) and lit.op == "==" and isinstance(lit.left, Var) \
                and lit.left.name not in made and (isinstance(lit.right, Arith) or (
                    isinstance(lit.right, Var) and lit.right.name in made)):
            made[lit.left.name] = made.get(getattr(lit.right, "name", None), lit)
    grown = [name for name in dict.fromkeys(term_vars(rule.head)) if name in made]
    return [Problem(f"{rule.where}: {rule.head.pred} is recursive and its {name} is computed anew in each "
                    f"round by {made[name]}; it may grow without end (a question stops at its time and memory "
                    "limits)", "problem.growth", where=rule.where, predicate=rule.head.pred, name=name,
                    literal=str(made[name])) for name in grown]


def closure(graph):
    """Each predicate with every predicate it depends on, itself included: the components of
    the graph in the order Tarjan's walk completes them, each after every one it reaches, so each
    is the union of its members and of the components below it."""
    components = _sccs(graph)
    members = defaultdict(list)
    for v, root in components.items():
        members[root].append(v)
    reach = {}
    for root in dict.fromkeys(components.values()):
        seen = set(members[root])
        for v in members[root]:
            for w in graph.get(v, ()):
                if components[w] != root:
                    seen |= reach[components[w]]
        reach[root] = frozenset(seen)
    return {v: reach[components[v]] for v in graph}
