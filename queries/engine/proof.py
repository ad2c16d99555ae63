"""Proofs and why-nots as plain data.

A ``Proof`` node is one of four kinds:

- ``fact``: a row of a fact table (or a fact in a clause file); ``where`` is its file:line;
- ``rule``: a ground instance of a rule; ``rule`` carries id, title, sources, conventions;
  ``children`` are the proofs of its body literals, in body order;
- ``not``: a negated literal that holds because its atom is not derivable (closed world);
- ``check``: a comparison, shown with its values substituted.

A ``WhyNot`` explains a goal that has no answer: per rule, the first body literal that fails
after the longest satisfiable prefix, with the bindings that were tried.
"""
from __future__ import annotations

from .record import record, field
from .terms import show


def statement(pred, args) -> str:
    return f"{pred}({', '.join(show(a) for a in args)})"


@record(frozen=True, eq=False, init=False)
class Proof:
    kind: str                      # fact | rule | not | check
    pred: str                      # predicate, or the comparison operator for a check
    args: tuple                    # ground arguments ('_X' names stay for existential ones)
    where: str = ""                # file:line of the fact row or of the rule
    origin: str = ""               # the folder's origin (shipped, user …) or asserted
    rule: object = None            # RuleInfo for rule nodes
    bindings: tuple = ()           # ((variable, value), ...) for rule nodes
    children: tuple = ()
    text: str = ""                 # check: the comparison with values substituted
    height: int = 0
    why: object = None             # not: a WhyNot of the negated atom, when asked for
    convention: tuple = ()         # fact: (name, value) when the row states a convention's choice

    def __init__(self, kind, pred, args, where="", origin="", rule=None, bindings=(), children=(), text="",
                 height=0, why=None, convention=()):
        """The fields at once, by place or by name (a record's own __init__ matches its arguments to names first)."""
        self.__dict__.update(kind=kind, pred=pred, args=args, where=where, origin=origin, rule=rule,
                             bindings=bindings, children=children, text=text, height=height, why=why,
                             convention=convention)

    def __hash__(self):
        """Computed once: a frozen record would hash its whole subtree on every lookup. The
        rule is hashed by its id and a why-not by its goal (what equal nodes have equal)."""
        try:
            return self.__dict__["_hash"]
        except KeyError:
            rule, why = self.rule, self.why
            value = hash((self.kind, self.pred, self.args, self.where, None if rule is None else rule.id,
                          self.bindings, self.children, self.text, None if why is None else why.goal,
                          self.convention))
            object.__setattr__(self, "_hash", value)
            return value

    def __getstate__(self):
        """Without the cached hash: a string's hash differs from one process to the next."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def __setstate__(self, state):
        for k, v in state.items():
            object.__setattr__(self, k, v)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Proof) or hash(self) != hash(other):
            return False
        return (self.kind, self.pred, self.args, self.where, self.origin, self.rule, self.bindings, self.children,
                self.text, self.height, self.why, self.convention) == \
            (other.kind, other.pred, other.args, other.where, other.origin, other.rule, other.bindings,
             other.children, other.text, other.height, other.why, other.convention)

    @property
    def statement(self) -> str:
        if self.kind == "check":
            return self.text
        body = statement(self.pred, self.args)
        return "¬" + body if self.kind == "not" else body

    def nodes(self):
        """Every node, depth first, each distinct sub-proof once."""
        seen = set()
        stack = [self]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            yield node
            stack.extend(reversed(node.children))

    def facts(self):
        """The table rows this proof rests on, sorted (why-provenance)."""
        return sorted({(n.statement, n.where) for n in self.nodes() if n.kind == "fact"})

    def conventions(self):
        return sorted({c for n in self.nodes() if n.rule for c in n.rule.conventions})

    def _repr_html_(self) -> str:
        from .html import proof_html        # a notebook's: not imported by a process that shows none
        return proof_html(self)


@record(frozen=True)
class Failure:
    """Why one rule did not give the goal."""
    rule: object                   # RuleInfo
    where: str
    literal: str                   # the first failing literal, with the agreed bindings filled in
    satisfied: int                 # how many body literals the prefix satisfied
    ways: int                      # how many bindings satisfied the prefix
    tried: tuple = ()              # ((variable, (values...)), ...) for the failing literal
    holds: object = None           # for a failing negation: the Proof that the atom holds
    sub: object = None             # WhyNot of the failing positive literal
    because: tuple = ()            # proofs of the derived literals before it (first way)
    actual: tuple = ()             # (value wanted, (values the chart has)) for a failing positive literal
    holds_for: tuple = ()          # when the rule's body holds: ((goal variable, (values...)), ...)


@record(frozen=True)
class WhyNot:
    goal: str
    table: str = ""                # for a table predicate: the files searched
    failures: tuple = field(default=())
    seen: bool = False             # already explained above

    def _repr_html_(self) -> str:
        from .html import why_not_html
        return why_not_html(self)
