"""An explanation: the proofs and why-nots of one question, made anew for each.

A proof is of minimal height, found by iterative deepening with one query per rule step; a
why-not names, for each rule that could give the goal, the first body literal that fails after
the longest satisfiable prefix. What an explanation has proved, failed to prove and the rule
instances it built stay with it, so two questions, or a why-not inside a proof, share nothing of
what they found; what does not depend on it (a ground atom's rule instances with their bodies'
solutions, a fact's node) they may share through a ``Memo``, while the facts stay.

The knowledge base it reads gives ``fact(pred, args)``, ``rules_of(pred)``, ``solve(body)``
(solutions as dicts), ``tables_of(pred)`` (the fact tables of a predicate) and
``convention_of(fact)``.
"""
from __future__ import annotations

from .proof import Failure, Proof, WhyNot
from .terms import Atom, Compare, Const, Var, substitute, term_vars, unify, unify_pattern, value_key

MAX_HEIGHT = 64


class Memo:
    """What the explanations of one judgment share, none of it depending on what an explanation
    found before: a number for each ground atom asked about, with its fact node (or False) and
    its rule instances (rule, head binding, body under it, each solution of the body with what a
    rule node of it needs), each fact's node, the why-not of each negated atom asked alone, and
    one node of each rule node made (equal sub-proofs of two explanations are one object,
    compared at once). Valid while the facts stay."""

    def __init__(self):
        self.numbers = {}       # (predicate, args) -> its number
        self.atoms = []         # number -> [(predicate, args), fact node or False once looked up, instances once made]
        self.instances, self.facts, self.whys, self.nodes = {}, {}, {}, {}

    def number(self, key) -> int:
        got = self.numbers.get(key)
        if got is None:
            got = self.numbers[key] = len(self.atoms)
            self.atoms.append([key, None, None])
        return got


class _Plan:
    """A rule read once: (position, predicate, argument getters) of each positive premise,
    (position, literal) of each comparison and negation, the head's argument getters (a getter
    is (is a variable, its name or value)), the rule's variables in order, where it is, and each
    body literal with the places and names of its arguments the head binds (None: a comparison)."""
    __slots__ = ("positive", "others", "head", "names", "where", "size", "body", "bound")

    def __init__(self, rule):
        getters = lambda args: tuple((True, a.name) if isinstance(a, Var) else (False, a.value) for a in args)
        self.positive = tuple((i, lit.pred, getters(lit.args)) for i, lit in enumerate(rule.body)
                              if isinstance(lit, Atom) and not lit.negated)
        self.others = tuple((i, lit) for i, lit in enumerate(rule.body)
                            if not (isinstance(lit, Atom) and not lit.negated))
        self.head = getters(rule.head.args)
        self.names = tuple(dict.fromkeys(v for l in (rule.head, *rule.body) for v in term_vars(l)))
        self.where, self.size = rule.where, len(rule.body)
        heads = {a.name for a in rule.head.args if isinstance(a, Var)}
        self.bound = len(heads)
        fills = lambda lit: tuple((i, a.name) for i, a in enumerate(lit.args)
                                  if isinstance(a, Var) and a.name in heads) \
            if isinstance(lit, Atom) and all(isinstance(a, (Var, Const)) for a in lit.args) else None
        self.body = tuple((lit, fills(lit)) for lit in rule.body)

    def instance(self, binding):
        """The body under a binding of the head's variables (as ``terms.substitute``)."""
        if len(binding) != self.bound:          # some of them bound only
            return tuple(substitute(lit, binding) for lit, _ in self.body)
        out = []
        for lit, fills in self.body:
            if fills is None:
                out.append(substitute(lit, binding))
            elif fills:
                args = list(lit.args)
                for i, name in fills:
                    args[i] = Const(binding[name])
                out.append(Atom(lit.pred, tuple(args), lit.negated))
            else:
                out.append(lit)
        return tuple(out)


_PLANS = {}         # id(rule) -> (the rule, its _Plan): each rule is read once


def plan(rule) -> _Plan:
    """The rule read for explanations (once per rule)."""
    got = _PLANS.get(id(rule))
    if got is None or got[0] is not rule:
        if len(_PLANS) > 65536:
            _PLANS.clear()
        got = _PLANS[id(rule)] = (rule, _Plan(rule))
    return got[1]


class Explanation:
    """One question's proofs (``proof``) or why-not (``why_not``)."""

    def __init__(self, kb, expand_negations=False, memo=None):
        """With ``expand_negations`` every negation leaf carries a why-not of its atom; ``memo``
        shares the rule instances and fact nodes of other explanations (a new ``Memo`` if None)."""
        self._kb, self._expand, self._memo = kb, expand_negations, memo or Memo()
        self._atoms = self._memo.atoms
        self._proved, self._failed = {}, {}

    def proof(self, pred, args, max_height=MAX_HEIGHT):
        """A proof of minimal height of a ground atom that holds, or None."""
        number = self._memo.number((pred, args))
        for budget in range(max_height + 1):
            proof = self._prove(number, budget)
            if proof is not None:
                return proof
        return None

    def why_not(self, atom, depth):
        """Why an atom has no answer, ``depth`` derived literals down."""
        return self._why(atom, depth, set())

    # ---- proofs ---------------------------------------------------------------------------

    def _fact_node(self, fact):
        got = self._memo.facts.get(id(fact))
        if got is None or got[0] is not fact:
            got = self._memo.facts[id(fact)] = (fact, Proof(
                "fact", fact.atom.pred, tuple(a.value for a in fact.atom.args), where=fact.where,
                origin=fact.origin, convention=self._kb.convention_of(fact)))
        return got[1]

    def _known(self, key):
        """The node of a ground atom that is a fact, else False."""
        fact = self._kb.fact(*key)
        return False if fact is None else self._fact_node(fact)

    def _prove(self, number, budget):
        atom = self._atoms[number]
        fact = atom[1]
        if fact is None:
            fact = atom[1] = self._known(atom[0])
        if fact is not False:
            return fact
        got = self._proved.get(number)
        if got is not None and got.height <= budget:
            return got
        if budget == 0 or self._failed.get(number, -1) >= budget:
            return None
        instances = atom[2]
        if instances is None:
            instances = atom[2] = self._instances(atom[0])
        for instance in instances:
            rule, read, binding, body, solved = instance
            if solved is None:
                solved = instance[4] = self._solved(read, binding, body)
            for way in solved:
                node = self._rule_node(rule, read, way, budget)
                if node is not None:
                    self._proved[number] = node
                    return node
        self._failed[number] = budget
        return None

    def _instances(self, key):
        """[rule, its plan, head binding, body under it, its solutions once solved (``_solved``)]
        for each rule whose head fits a ground atom."""
        got = self._memo.instances.get(key)
        if got is None:
            got = self._memo.instances[key] = []
            pred, args = key
            for rule in self._kb.rules_of(pred):
                binding = unify(rule.head.args, args)
                if binding is not None:
                    read = plan(rule)
                    got.append([rule, read, binding, read.instance(binding), None])
        return got

    def _solved(self, read, binding, body):
        """Each solution of a rule instance's body as [its full binding, the (position, atom
        number) of each positive premise, the other children and the node's fields once made]."""
        number = self._memo.number
        out = []
        for solution in self._kb.solve(body):
            full = {**binding, **solution}
            out.append([full, tuple((i, number((pred, tuple(full[v] if is_var else v for is_var, v in getters))))
                                    for i, pred, getters in read.positive), None])
        return out

    def _rule_node(self, rule, read, way, budget):
        full, premises, made = way
        children = [None] * read.size
        below, height = budget - 1, 0
        for i, number in premises:
            child = self._prove(number, below)
            if child is None:
                return None
            children[i] = child
            if child.height > height:
                height = child.height
        if made is None or made[0] is not self._expand:
            made = way[2] = self._made(read, full)
        for i, node in made[1]:
            children[i] = node
        node = Proof("rule", rule.head.pred, made[2], where=read.where, origin=rule.origin, rule=rule.info,
                     bindings=made[3], children=tuple(children), height=1 + height)
        return self._memo.nodes.setdefault(node, node)

    def _made(self, read, full):
        """What a rule node of one solution is, whatever its premises' proofs: (whether negations
        are expanded, the (position, node) of each comparison and negation, the head's arguments,
        the bindings)."""
        made = []
        for i, lit in read.others:
            ground = substitute(lit, full)
            if isinstance(ground, Compare):
                made.append((i, Proof("check", ground.op, (), text=str(ground))))
            else:
                args = tuple(a.value if isinstance(a, Const) else a for a in ground.args)
                made.append((i, Proof("not", ground.pred, args, why=self._negation_why(Atom(ground.pred, ground.args)))))
        return (self._expand, made, tuple(full[v] if is_var else v for is_var, v in read.head),
                tuple((n, full[n]) for n in read.names if n in full))

    def _negation_why(self, atom):
        """The why-not of a negated atom, asked alone (a fresh Explanation), once per atom; None
        unless negations are expanded. Made only for a rule node whose premises all hold."""
        if not self._expand:
            return None
        got = self._memo.whys.get(atom)
        if got is None:
            got = self._memo.whys[atom] = Explanation(self._kb, memo=self._memo).why_not(atom, 3)
        return got

    def _prove_first(self, atom):
        """A proof of the first answer of an atom that holds."""
        answers = self._kb.solve((atom,))
        if not answers:
            return None
        return self.proof(atom.pred, tuple(a.value if isinstance(a, Const) else answers[0][a.name]
                                           for a in atom.args))

    # ---- why not --------------------------------------------------------------------------

    def _why(self, atom, depth, seen):
        text = str(atom)
        if text in seen:
            return WhyNot(text, seen=True)
        seen.add(text)
        tables = self._kb.tables_of(atom.pred)
        table = ", ".join(t.path for t in tables)
        failures = []
        rules = self._kb.rules_of(atom.pred)
        for rule in rules:
            binding = unify_pattern(rule.head.args, atom.args)
            if binding is None:
                continue
            body = tuple(substitute(lit, binding) for lit in rule.body)
            failures.append(self._why_rule(rule, atom, body, depth, seen))
        if not tables and not failures and not rules:
            table = "no rows"
        return WhyNot(text, table=table, failures=tuple(failures))

    def _actual(self, lit):
        """What the chart has where a positive literal wanted a value: (the wanted value, the
        values found), freeing its ground arguments from the last; () when none is found."""
        for i in reversed(range(len(lit.args))):
            if not isinstance(lit.args[i], Const):
                continue
            free = Var("_Actual")
            found = self._kb.solve((Atom(lit.pred, lit.args[:i] + (free,) + lit.args[i + 1:]),))
            values = tuple(sorted({s[free.name] for s in found}, key=value_key))
            if values:
                return lit.args[i].value, values
        return ()

    @staticmethod
    def _holds_for(rule, atom, solutions):
        """(variable, values) of each open argument of the goal, over the rule's solutions."""
        out = []
        for param, arg in zip(rule.head.args, atom.args):
            if isinstance(arg, Var) and not arg.name.startswith("_") and arg.name not in dict(out):
                values = (param.value,) if isinstance(param, Const) else \
                    tuple(sorted({s[param.name] for s in solutions if param.name in s}, key=value_key))
                out.append((arg.name, values))
        return tuple(out)

    def _why_rule(self, rule, atom, body, depth, seen):
        solve = self._kb.solve
        prefix = [{}]
        for k, lit in enumerate(body):
            solutions = solve(body[:k + 1])
            if solutions:
                prefix = solutions
                continue
            agreed = {n: prefix[0][n] for n in prefix[0] if all(p.get(n) == prefix[0][n] for p in prefix)}
            shown = substitute(lit, agreed)
            tried = tuple((n, tuple(sorted({p[n] for p in prefix if n in p}, key=value_key)))
                          for n in dict.fromkeys(term_vars(lit)) if n not in agreed and any(n in p for p in prefix))
            holds_proof = sub = None
            actual = self._actual(shown) if isinstance(shown, Atom) and not shown.negated and \
                not term_vars(shown) else ()
            if isinstance(lit, Atom) and lit.negated:
                holds_proof = self._prove_first(Atom(lit.pred, substitute(lit, prefix[0]).args))
            elif isinstance(lit, Atom) and depth > 1 and self._kb.rules_of(lit.pred):
                sub = self._why(shown, depth - 1, seen)
            because = tuple(p for p in (self._prove_first(Atom(l.pred, substitute(l, prefix[0]).args))
                                        for l in body[:k] if isinstance(l, Atom) and not l.negated
                                        and self._kb.rules_of(l.pred)) if p is not None)
            return Failure(rule.info, rule.where, str(shown), k, len(prefix) if k else 0,
                           tried, holds_proof, sub, because, actual)
        return Failure(rule.info, rule.where, "", len(body), len(prefix),
                       holds_for=self._holds_for(rule, atom, prefix))

