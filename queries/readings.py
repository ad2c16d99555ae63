"""The readings of a judged question as data: the verses of the books that apply to the chart and
the question (``reading_applies/2`` of kb/judgments/verdict.dl), each with the rule that gives it,
what it says for the asker (facts/conclusion.tsv), its weight against the verdict and its book lines with the
seed's own Korean of each (books/lines.tsv, ``queries.books``); and the verdict the weighing reaches.

Python chooses nothing here: which readings apply, their polarity and class, the verdict's
direction and which readings carried or lost it are rows derived by the clauses. A reading is a
clause of ``reading/3`` whose body holds for the cast; its proof, when asked, goes through that
clause (``queries.rule_checks.proof_through``), as ``liuyao why RULE`` shows it.

>>> from queries import cast, judge
>>> j = judge(cast("787889", month="戌", day="乙巳"), "wealth")
>>> found = readings(j)
>>> [(r["id"], r["polarity"], r["weight"], r["rule"]) for r in found][:2]
[('hard_to_achieve', 'unfavourable', 'deciding', 'r000.3.body_hurt'), ('keep_to_your_lot', 'unfavourable', 'deciding', 'r000.107.body_harmed.overcome')]
>>> verdict(j)["factor"]["id"], verdict(j)["because"]
('body_hurt', ['hard_to_achieve', 'keep_to_your_lot'])
>>> found[0]["sources"][0]["source"], found[0]["sources"][0]["quote"]
('000_122810513125a851.txt:3', '倘卦身有傷，其事難成矣')
>>> found[0]["sources"][0]["korean"][:9]
'「월괘신(月卦身)'
"""
from __future__ import annotations

import functools
import re

from .engine import Proof, render
from .engine.terms import Const, goal, substitute, unify
from .rule_checks import READING, bound, proof_through

LANGS = ("ko", "zh", "en")
POLARITIES = ("favourable", "unfavourable", "mixed", "descriptive")
_BOOK_LINE = re.compile(r"\S+\.txt:\d+$")


def conclusions(kb) -> dict:
    """conclusion id -> (polarity, class, {lang: text}) from facts/conclusion.tsv."""
    return {k: (polarity, cls, {"ko": ko, "zh": zh, "en": en})
            for k, polarity, cls, ko, zh, en in kb.match("conclusion", None, None, None, None, None, None)}


def korean(kb=None) -> dict:
    """(seed file, line) -> the seed's own Korean of that line (the shipped books, ``queries.books``)."""
    from . import books
    return books.korean_lines()


def sources(info, seed_korean) -> list:
    """A rule's ``# source:`` lines as {source, quote, korean} (and a ``note`` when the line ends
    with one in parentheses: ``render.source_parts``); ``korean`` is None for a line the table lacks.

    >>> from queries.engine import RuleInfo
    >>> sources(RuleInfo("r.1", sources=("000_0a.txt:3  父動當頭克子孫 (the first strike)",)), {("000_0a.txt", 3): "부모"})
    [{'source': '000_0a.txt:3', 'quote': '父動當頭克子孫', 'korean': '부모', 'note': 'the first strike'}]
    """
    out = []
    for text in info.sources:
        part = render.source_parts(text)
        file, _, line = part["source"].rpartition(":")
        out.append({"source": part["source"], "quote": part["quote"],
                    "korean": seed_korean.get((file, int(line))) if line.isdigit() else None,
                    **({"note": part["note"]} if "note" in part else {})})
    return out


@functools.lru_cache(maxsize=64)
def _clauses(program, topic) -> dict:
    """conclusion -> the reading clauses of a topic that conclude it, in file order (those that
    leave the topic a variable among them); a clause whose head leaves the conclusion a
    variable is under None (it may conclude any). Worked out once per program and topic (a
    program never changes once read), from the clauses of that topic alone."""
    out = {}
    for rule in program.rules_naming(READING, 1, topic):
        conclusion = rule.head.args[2]
        out.setdefault(conclusion.value if isinstance(conclusion, Const) else None, []).append(rule)
    return out


def _concluding(clauses, conclusion) -> list:
    """The clauses that may conclude a reading, in file order."""
    found = [rule for key in {conclusion, None} for rule in clauses.get(key, ())]
    return sorted(found, key=lambda rule: _where(rule.where))


def _bound(rule, cast, topic, conclusion):
    """A clause's head and body bound to the cast and the reading (None when they do not fit)."""
    head, body = bound(rule, cast)
    binding = unify(head.args, (cast, topic, conclusion))
    if binding is None:
        return None
    return substitute(head, binding), tuple(substitute(lit, binding) for lit in body)


def _memo(kb, memo):
    """kb.explain of one ground literal, each proved once for all the readings of a question, the
    rule instances shared through the judgment's ``memo``."""
    proved = {}

    def explain(goal):
        key = tuple(map(str, goal))
        if key not in proved:
            proved[key] = kb.explain(goal, memo=memo)
        return proved[key]
    return explain


WEIGHTS = ("deciding", "supporting", "outweighed", "descriptive")


def factors(kb) -> dict:
    """factor id -> (rank, direction, degree, {lang: name}) from facts/weighing_factor.tsv."""
    return {f: (rank, d, g, {"ko": ko, "zh": zh, "en": en})
            for f, rank, d, g, ko, zh, en in kb.match("weighing_factor", *[None] * 7)}


def readings(judgment, proofs=False) -> list:
    """The readings that apply to the judged question: one for each conclusion, with every clause
    whose verse holds for it (``rules``, the first of them its ``rule``: two books, or one book in
    two places, that conclude the same are one reading with all their lines), its ``weight``
    against the verdict (deciding, supporting, outweighed, descriptive: ``reading_weight/3``) and,
    when outweighed, ``outweighed_by`` (the deciding factor and its name); in the order deciding,
    supporting, outweighed, descriptive, then polarity, then id. With ``proofs`` each carries the
    proof through its first clause (a ``Proof``); ``why`` is the rule id ``liuyao why`` proves."""
    kb, c, topic = judgment.chart.kb, judgment.chart.id, judgment.topic
    table, seed_korean = conclusions(kb), korean(kb)
    weights = {k: w for _, k, w in kb.match("reading_weight", c, None, None)}
    named = factors(kb)
    why = judgment.weighing["factor"]["says"] if judgment.weighing.get("factor") else None
    by = {k: {"factor": f, "name": named[f][3], "why": why} for _, k, f in kb.match("outweighed_by", c, None, None)}
    classes = {cls: {"ko": ko, "zh": zh, "en": en}
               for cls, _, _, ko, zh, en, _ in kb.match("reading_class", None, None, None, None, None, None, None)}
    explain = _memo(kb, judgment.memo) if proofs else None
    found = {}
    for speaks in dict.fromkeys((topic, "any")):             # the question's own verses first
        for _, _, k in sorted(kb.match(READING, c, speaks, None)):
            polarity, cls, text = table[k]
            for rule in _concluding(_clauses(kb.program, speaks), k):
                fits = _bound(rule, c, speaks, k)
                if fits is None:
                    continue
                head, body = fits
                solutions = kb.solve(body)
                if not solutions:
                    continue
                item = found.get(k)
                if item is not None:
                    item["rules"].append(rule.info.id)
                    item["sources"] += [s for s in sources(rule.info, seed_korean) if s not in item["sources"]]
                    continue
                proof = proof_through(kb, rule, head, body, solutions[0], explain or kb.explain) if proofs else \
                    Proof("rule", READING, (c, speaks, k), where=rule.where, rule=rule.info,
                          bindings=tuple(sorted({"C": c, **solutions[0]}.items())))
                item = {"id": k, "rule": rule.info.id, "rules": [rule.info.id], "title": rule.info.title,
                        "topic": speaks, "conclusion": text, "polarity": polarity, "class": cls,
                        "class_label": classes.get(cls), "weight": weights.get(k, "descriptive"),
                        "says": {lang: render.sentence(proof, lang) for lang in LANGS},
                        "where": rule.where, "sources": sources(rule.info, seed_korean), "why": rule.info.id}
                if k in by:
                    item["outweighed_by"] = by[k]
                if proofs:
                    item["proof"] = proof
                found[k] = item
    order = {p: i for i, p in enumerate(POLARITIES)}
    weight = {w: i for i, w in enumerate(WEIGHTS)}
    return sorted(found.values(), key=lambda r: (weight[r["weight"]], order[r["polarity"]], r["id"]))


OWN = ("id", "rule", "rules", "topic", "conclusion", "polarity", "class", "weight", "outweighed_by", "says",
       "why", "proof")


def tables(found, lang, shared, kb) -> tuple:
    """The readings as one document in ``lang`` writes them, each shared text once: (the
    readings, each with its own fields only (``OWN``), its conclusion and what it says in
    ``lang``; the book lines, in a Korean document ``file:line`` -> {"korean": text} of every
    line a source names, by file and line, or {"korean_as": line} for a line whose Korean is an
    earlier line's, and none in another; the classes, class -> its label in ``lang``, by
    class). Each reading's rule goes into ``shared``'s table of rules, with its title, where
    and sources.

    >>> from queries.engine import render
    >>> from queries import cast, judge
    >>> j = judge(cast("787889", month="戌", day="乙巳"), "wealth")
    >>> shared = render.Shared()
    >>> found, lines, classes = tables(j.readings(), "ko", shared, j.chart.kb)
    >>> found[0]["conclusion"], set(found[0]) <= set(OWN), classes["body"]
    ('괘신이 상하니 이 일은 이루기 어렵다', True, '괘신')
    >>> lines["000_122810513125a851.txt:3"]["korean"][:9], shared.rule_table()[found[0]["rule"]]["sources"][0]
    ('「월괘신(月卦身)', {'source': '000_122810513125a851.txt:3', 'quote': '倘卦身有傷，其事難成矣'})
    >>> tables(j.readings(), "en", render.Shared(), j.chart.kb)[1]
    {}
    """
    clauses = {rule.info.id: rule for topic in sorted({r["topic"] for r in found})
               for rule in kb.program.rules_naming(READING, 1, topic)}
    korean, classes, out = {}, {}, []
    for r in found:
        for rule in (clauses[rid] for rid in r.get("rules", [r["rule"]])):
            shared.rule(rule.info, rule.where, rule.origin)
        item = {k: r[k] for k in OWN if k in r}
        item["conclusion"], item["says"] = r["conclusion"][lang], r["says"][lang]
        if r.get("class") is not None:
            classes[r["class"]] = r["class_label"][lang] if r.get("class_label") else None
        for s in r["sources"]:
            if _BOOK_LINE.match(s["source"]):
                korean[s["source"]] = s["korean"]
        out.append(item)
    lines, first = {}, {}
    for line in sorted(korean, key=_where) if lang == "ko" else ():
        text = korean[line]
        lines[line] = {"korean_as": first[text]} if text is not None and text in first else {"korean": text}
        first.setdefault(text, line)
    return out, lines, dict(sorted(classes.items()))


def cited_lines(readings, lang, because) -> list:
    """Two lines a reading for a plain text: its conclusion in Chinese and in the reader's
    language, then why, with its rule and the book lines it cites (``000:55``)."""
    lines = []
    for r in readings:
        cited = ", ".join(dict.fromkeys(f"{s['source'][:3]}:{s['source'].rpartition(':')[2]}" for s in r["sources"]))
        lines.append(f"- {r['conclusion']['zh']} — {r['conclusion'][lang]}")
        lines.append(f"    {because}: {r['says'][lang]}  [{r['rule']}; {cited}]")
    return lines


def _where(where) -> tuple:
    path, _, line = where.rpartition(":")
    return path, int(line) if line.isdigit() else 0


def verdict(judgment) -> dict:
    """The verdict the weighing reaches: its direction and degree (with their names), the factor
    that decides it (id, name, rule), the factors that support it and those it outweighs, and the
    readings that decide it (``because``) and those it outweighs (``overrides``), by conclusion
    id, sorted."""
    kb, c = judgment.chart.kb, judgment.chart.id
    named = factors(kb)
    degrees = {g: {"ko": ko, "zh": zh, "en": en} for g, _, _, ko, zh, en, _ in kb.match("degree", *[None] * 7)}
    directions = [d for _, d in kb.match("verdict_direction", c, None)]
    degree = [g for _, g in kb.match("verdict_degree", c, None)]
    deciding = sorted(f for _, f in kb.match("deciding_factor", c, None))
    factor = None
    if deciding:
        rules = kb.behind("factor", (c, deciding[0]))
        rule, bindings = kb.step(goal("factor", c, deciding[0]), memo=judgment.memo)
        factor = {"id": deciding[0], "name": named[deciding[0]][3], "rule": rules[0].info.id if rules else None,
                  "says": {lang: render.rule_sentence(rule, bindings, lang) for lang in LANGS}}
    return {"direction": directions[0] if directions else None,
            "degree": degree[0] if degree else None,
            "degree_name": degrees.get(degree[0]) if degree else None,
            "factor": factor,
            "supports": sorted((f for _, f in kb.match("factor_supports", c, None)), key=lambda f: named[f][0]),
            "outweighs": sorted((f for _, f in kb.match("factor_outweighed", c, None)), key=lambda f: named[f][0]),
            "because": sorted(k for _, k in kb.match("verdict_because", c, None)),
            "overrides": sorted(k for _, k in kb.match("verdict_overrides", c, None))}
