"""One rule put to the current cast and question: whether its body holds (and its proof through
that rule), or which of its conditions fails first; and every reading of a book line put so.

A reading may be given by several rules (「世空世動」 is one clause a condition); asking by rule
id asks that clause alone, even when another clause gives the same reading. The cast is the
variable ``C`` of the rule, as in every goal of a session.

>>> from queries import cast, judge
>>> j = judge(cast("787889", month="戌", day="乙巳"), "illness")
>>> check = rule_check(j.chart.kb, find_rule(j.chart.kb, "r000.147.parent_moving.illness"), j.chart.id, "illness")
>>> check.holds, check.failure.failures[0].literal == f"relative_moves('{j.chart.id}', '父母', P)"
(False, True)
>>> [c.rule.id for c in source_checks(j.chart.kb, "000:87", j.chart.id, "illness")][:2]
['r000.87.offspring_world', 'r000.87.offspring_world.office']
"""
from __future__ import annotations

from .engine import Atom, Compare, Const, Failure, Proof, Var, WhyNot, substitute
from .messages import error

READING = "reading"


def is_rule_id(kb, text) -> bool:
    """Whether a word names a rule (``r000.87.offspring_world``) rather than a goal."""
    text = str(text).strip()
    return "(" not in text and any(r.info.id == text for r in kb.program.rules)


def find_rule(kb, rule_id):
    """The rule of that id (ids are unique), or a UserError naming the nearest ids."""
    rules = {r.info.id: r for r in kb.program.rules if r.info.id}
    rule = rules.get(str(rule_id).strip())
    if rule is None:
        from difflib import get_close_matches
        near = get_close_matches(str(rule_id), sorted(rules), n=3)
        if near:
            raise error("rules.unknown_rule_near", rule=rule_id, names=", ".join(near))
        raise error("rules.unknown_rule", rule=rule_id)
    return rule


def bound(rule, cast_id):
    """The rule's head and body with C bound to the cast (when it names C)."""
    binding = {"C": cast_id} if cast_id is not None else {}
    return substitute(rule.head, binding), tuple(substitute(lit, binding) for lit in rule.body)


def _value(term):
    return term.value if isinstance(term, Const) else term.name


def proof_through(kb, rule, head, body, solution, explain=None):
    """The proof of the head through this rule, for one solution of its body; each body literal
    proved by ``explain`` (``kb.explain`` unless given)."""
    explain = explain or kb.explain
    children = []
    for lit in body:
        ground = substitute(lit, solution)
        if isinstance(ground, Compare):
            children.append(Proof("check", ground.op, (), text=str(ground)))
        elif ground.negated:
            children.append(Proof("not", ground.pred, tuple(_value(a) for a in ground.args)))
        else:
            children.append(explain((ground,)))
    names = dict.fromkeys(v.name for lit in (rule.head, *rule.body) for v in _vars(lit))
    bindings = {**{v.name: a.value for v, a in zip(rule.head.args, head.args)
                   if isinstance(v, Var) and isinstance(a, Const)}, **solution}
    args = tuple(_value(substitute(a, solution)) for a in head.args)
    return Proof("rule", rule.head.pred, args, where=rule.where, origin=rule.origin, rule=rule.info,
                 bindings=tuple((n, bindings[n]) for n in names if n in bindings), children=tuple(children),
                 height=1 + max((c.height for c in children), default=0))


def _vars(lit):
    terms = lit.args if isinstance(lit, Atom) else (lit.left, *(lit.right if isinstance(lit.right, tuple) else
                                                                (lit.right,)))
    for t in terms:
        if isinstance(t, Var):
            yield t
        elif hasattr(t, "left"):
            yield from _vars(Compare("==", t.left, t.right))


def _failure(kb, rule, body):
    """The first condition of the body that fails after the longest prefix that holds."""
    prefix = [{}]
    for k, lit in enumerate(body):
        solutions = kb.solve(body[:k + 1])
        if solutions:
            prefix = solutions
            continue
        agreed = {n: v for n, v in prefix[0].items() if all(p.get(n) == v for p in prefix)}
        shown = substitute(lit, agreed)
        holds = sub = None
        if isinstance(lit, Atom) and lit.negated:
            holds = kb.explain((Atom(lit.pred, substitute(lit, prefix[0]).args),))
        elif isinstance(lit, Atom) and kb.rules_of(lit.pred):
            sub = kb.why_not((shown,), depth=1)
        return Failure(rule.info, rule.where, str(shown), k, len(prefix) if k else 0, (), holds, sub, ())
    return None


def rule_check(kb, rule, cast_id, topic=None) -> "RuleCheck":
    """Whether the rule's body holds for the cast, with its proof, or its first failing condition."""
    from .results import RuleCheck
    head, body = bound(rule, cast_id)
    solutions = kb.solve(body)
    speaks = _value(rule.head.args[1]) if rule.head.pred == READING and isinstance(rule.head.args[1], Const) \
        else None
    names = tuple((t, {"ko": ko, "zh": zh, "en": en}) for t, _, zh, ko, en, _ in
                  kb.match("topic", None, None, None, None, None, None) if t in (speaks, topic))
    if solutions:
        return RuleCheck(rule.info, rule.where, str(head), True, speaks, topic, None,
                         proof_through(kb, rule, head, body, solutions[0]), names)
    failure = _failure(kb, rule, body)
    return RuleCheck(rule.info, rule.where, str(head), False, speaks, topic,
                     WhyNot(str(head), failures=(failure,) if failure else ()), None, names)


def source_checks(kb, spec, cast_id, topic=None) -> tuple:
    """Every reading citing a book line (``000:87``, its Korean twin too), each put to the cast; the
    other rules citing it when it has no reading."""
    from .catalog import cites, seed_line
    seed, line = seed_line(spec)
    citing = [r for r in kb.program.rules if not r.info.view and any(cites(s, seed, line) for s in r.info.sources)]
    if not citing:
        raise error("rules.source_uncited", spec=spec, seed=seed)
    readings = [r for r in citing if r.head.pred == READING] or citing
    return tuple(rule_check(kb, r, cast_id, topic) for r in readings)
