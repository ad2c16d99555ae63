"""An explanation: the proofs and why-nots of one question.

A proof is of minimal height, and so is each of its sub-proofs: of the rule instances and
solutions of their bodies that reach an atom's least height, the first (the rules in file order,
the solutions sorted) is its proof, so an atom has one proof wherever it is met. Heights are
found by iterative deepening on whether an atom has a proof of at most a height, one query per
rule step. A why-not names, for each rule that could give the goal, the first body literal that
fails after the longest satisfiable prefix. The explanations of one judgment share through a
``Memo`` what depends only on the facts: each ground atom's rule instances with their bodies'
solutions, the heights known and not reached, each atom's proof and each fact's node.

The knowledge base it reads gives ``fact(pred, args)``, ``rules_of(pred)``, ``solve(body)``
(solutions as dicts), ``tables_of(pred)`` (the fact tables of a predicate) and
``convention_of(fact)``.
"""
from __future__ import annotations

from itertools import islice

from .proof import Failure, Proof, WhyNot
from .terms import Atom, Compare, Const, Var, substitute, term_vars, unify, unify_pattern, value_key

MAX_HEIGHT = 64


class Memo:
    """What the explanations of one judgment share, none of it depending on what an explanation
    found before: a number for each ground atom asked about, with its fact node (or False) and
    its rule instances (rule, head binding, body under it, each solution of the body with what a
    rule node of it needs), the least height of its proof once known (and the greatest height it
    has none of, the least it has one of), its proof (with and without why-nots), each fact's node,
    the why-not of each negated atom asked alone, and one node of each rule node made (equal
    sub-proofs are one object, compared at once). Valid while the facts stay."""

    def __init__(self):
        self.numbers = {}       # (predicate, args) -> its number
        self.atoms = []         # number -> [(predicate, args), fact node or False once looked up, instances once made]
        self.instances, self.facts, self.whys, self.nodes = {}, {}, {}, {}
        self.heights, self.below, self.within = {}, {}, {}   # number -> least height; none up to; one at
        self.proofs = {}        # (number, negations expanded) -> its proof

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
        shares the rule instances, heights, proofs and fact nodes of other explanations (a new
        ``Memo`` if None)."""
        self._kb, self._expand, self._memo = kb, expand_negations, memo or Memo()
        self._atoms = self._memo.atoms

    def proof(self, pred, args, max_height=MAX_HEIGHT):
        """The proof of a ground atom that holds (of minimal height, each sub-proof too), or None
        when it has none of at most ``max_height``."""
        number = self._memo.number((pred, args))
        return None if self._height(number, max_height) is None else self._proof(number)

    def step(self, pred, args):
        """The top step of a ground atom's proof, as (the annotations of its rule, the bindings
        of the rule's variables), or None for a fact or an atom without a proof: the atom's only
        way when it has one (what is under it not proved), else the top of ``proof``."""
        number = self._memo.number((pred, args))
        if self._fact(number) is not False:
            return None
        ways = list(islice(self._ways(number), 2))
        if len(ways) == 1:
            rule, read, (full, _, _) = ways[0]
            return rule.info, tuple((n, full[n]) for n in read.names if n in full)
        node = self.proof(pred, args)
        return None if node is None else (node.rule, node.bindings)

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

    def _fact(self, number):
        """The node of an atom that is a fact, else False."""
        atom = self._atoms[number]
        if atom[1] is None:
            fact = self._kb.fact(*atom[0])
            atom[1] = False if fact is None else self._fact_node(fact)
        return atom[1]

    def _height(self, number, most=MAX_HEIGHT):
        """The least height of a proof of the atom, or None when it has none of at most ``most``."""
        heights = self._memo.heights
        got = heights.get(number)
        if got is None:
            got = self._memo.below.get(number, -1) + 1
            while got <= most and not self._holds_within(number, got):
                got += 1
            if got > most:
                return None
            heights[number] = got           # none of a height below: it was asked of each in turn
        return got if got <= most else None

    def _holds_within(self, number, budget):
        """Whether the atom has a proof of at most ``budget`` (what is found kept in the memo)."""
        if self._fact(number) is not False:
            return True
        memo = self._memo
        height = memo.heights.get(number)
        if height is not None:
            return height <= budget
        if budget <= memo.below.get(number, -1):
            return False
        if memo.within.get(number, MAX_HEIGHT + 1) <= budget:
            return True
        if budget > 0:
            for _, _, way in self._ways(number):
                if all(self._holds_within(premise, budget - 1) for _, premise in way[1]):
                    memo.within[number] = budget
                    return True
        memo.below[number] = max(budget, memo.below.get(number, -1))
        return False

    def _ways(self, number):
        """(rule, its plan, a solution) of each rule instance of the atom, in order: the rules in
        file order, the solutions of each body sorted (each body solved once)."""
        atom = self._atoms[number]
        if atom[2] is None:
            atom[2] = self._instances(atom[0])
        for instance in atom[2]:
            rule, read, binding, body, solved = instance
            if solved is None:
                solved = instance[4] = self._solved(read, binding, body)
            for way in solved:
                yield rule, read, way

    def _proof(self, number):
        """The proof of an atom that holds: its fact's node, or the node of the first way whose
        premises all have proofs below its least height, made of their proofs."""
        key = (number, self._expand)
        got = self._memo.proofs.get(key)
        if got is None:
            got = self._fact(number)
            if got is False:
                below = self._height(number) - 1
                got = next(self._rule_node(rule, read, way) for rule, read, way in self._ways(number)
                           if all(self._holds_within(premise, below) for _, premise in way[1]))
            self._memo.proofs[key] = got
        return got

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

    def _rule_node(self, rule, read, way):
        full, premises, made = way
        children = [None] * read.size
        height = 0
        for i, number in premises:
            child = children[i] = self._proof(number)
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

