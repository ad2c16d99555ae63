"""The readings of a judged question as data: the verses of the books that apply to the chart and
the question (``reading_applies/2`` of kb/judgments/verdict.dl), each with the rule that gives it,
what it says for the asker (facts/conclusion.tsv), its weighing place and its book lines with the
seed's own Korean of each (facts/seed_korean.tsv); and the verdict the weighing reaches.

Python chooses nothing here: which readings apply, their polarity and class, the verdict's
direction and which readings carried or lost it are rows derived by the clauses; the rule of a
reading is the first step of its proof (``KnowledgeBase.behind``, or the proof itself when asked).

>>> from queries import cast, judge
>>> j = judge(cast("787889", month="戌", day="乙巳"), "wealth")
>>> found = readings(j)
>>> [(r["id"], r["polarity"], r["rule"]) for r in found][:2]
[('use_god_weak', 'unfavourable', 'r000.55.use_god.weak'), ('use_stage', 'descriptive', 'r000.63.use_stage')]
>>> verdict(j)
{'direction': 'unfavourable', 'because': ['use_god_weak'], 'overrides': ['taboo_checked', 'use_meets_world']}
>>> found[0]["sources"][0]["source"], found[0]["sources"][0]["quote"]
('000_122810513125a851.txt:55', '始須論用神')
>>> found[0]["sources"][0]["korean"][:9]
'괘를 보는 차례는'
"""
from __future__ import annotations

import re

from .engine import Proof, Var, render

LANGS = ("ko", "zh", "en")
POLARITIES = ("favourable", "unfavourable", "mixed", "descriptive")
_SOURCE = re.compile(r"\s*(\S+?\.txt):(\d+)\s*(.*)$")
_NOTE = re.compile(r"\s*\(([^()]*[A-Za-z][^()]*)\)\s*$")


def _quote(value) -> str:
    return "'" + str(value).replace("\\", "\\\\").replace("'", "\\'") + "'"


def goal(cast_id, topic, conclusion) -> str:
    """The goal whose proof is a reading: ``reading('c1', 'illness', 'no_medicine')``."""
    return f"reading({_quote(cast_id)}, {_quote(topic)}, {_quote(conclusion)})"


def conclusions(kb) -> dict:
    """conclusion id -> (polarity, class, {lang: text}) from facts/conclusion.tsv."""
    return {k: (polarity, cls, {"ko": ko, "zh": zh, "en": en})
            for k, polarity, cls, ko, zh, en in kb.match("conclusion", None, None, None, None, None, None)}


def korean(kb) -> dict:
    """(seed file, line) -> the seed's own Korean of that line (facts/seed_korean.tsv)."""
    return {(file, line): text for file, line, text in kb.match("seed_korean", None, None, None)}


def sources(info, seed_korean) -> list:
    """A rule's ``# source:`` lines as {source, quote, korean} (and a ``note`` when the line ends
    with one in parentheses); ``korean`` is None for a line the table lacks.

    >>> from queries.engine import RuleInfo
    >>> sources(RuleInfo("r.1", sources=("000_0a.txt:3  父動當頭克子孫 (the first strike)",)), {("000_0a.txt", 3): "부모"})
    [{'source': '000_0a.txt:3', 'quote': '父動當頭克子孫', 'korean': '부모', 'note': 'the first strike'}]
    """
    out = []
    for text in info.sources:
        m = _SOURCE.match(text)
        if m is None:
            out.append({"source": text.strip(), "quote": "", "korean": None})
            continue
        file, line, quote = m.group(1), int(m.group(2)), m.group(3).strip()
        item = {"source": f"{file}:{line}", "quote": quote, "korean": seed_korean.get((file, line))}
        note = _NOTE.search(quote)
        if note:
            item["quote"], item["note"] = quote[:note.start()].strip(), note.group(1)
        out.append(item)
    return out


def _first_step(kb, head_args):
    """(RuleInfo, where, bindings) of the rule that gives a reading, one step down its proof."""
    rule, body = kb.behind("reading", head_args)
    solutions = kb.solve(body)
    bindings = {arg.name: value for arg, value in zip(rule.head.args, head_args) if isinstance(arg, Var)}
    bindings.update(solutions[0] if solutions else {})
    return rule.info, rule.where, tuple(sorted(bindings.items()))


def readings(judgment, proofs=False, lang="en") -> list:
    """The readings that apply to the judged question, in the order they are weighed (place, then
    polarity, then id). With ``proofs`` each carries the proof of its ``reading/3`` goal as data
    (in ``lang``), and its rule is the proof's."""
    kb, c, topic = judgment.chart.kb, judgment.chart.id, judgment.topic
    table, seed_korean = conclusions(kb), korean(kb)
    places = {k: rank for _, k, _, rank, _ in kb.match("reading_weight", c, None, None, None, None)}
    classes = {cls: {"ko": ko, "zh": zh, "en": en}
               for cls, _, _, ko, zh, en, _ in kb.match("reading_class", None, None, None, None, None, None, None)}
    found = []
    for speaks in sorted({topic, "any"}):
        for _, _, k in kb.match("reading", c, speaks, None):
            polarity, cls, text = table[k]
            wanted = goal(c, speaks, k)
            if proofs:
                proof = kb.explain(wanted)
                info, where, said = proof.rule, proof.where, {lang_: render.sentence(proof, lang_) for lang_ in LANGS}
            else:
                info, where, bindings = _first_step(kb, (c, speaks, k))
                node = Proof("rule", "reading", (c, speaks, k), where=where, rule=info, bindings=bindings)
                said = {lang_: render.sentence(node, lang_) for lang_ in LANGS}
            item = {"id": k, "rule": info.id, "title": info.title, "topic": speaks, "conclusion": text,
                    "polarity": polarity, "class": cls, "class_label": classes.get(cls), "place": places.get(k),
                    "says": said, "where": where, "sources": sources(info, seed_korean), "why": wanted}
            if proofs:
                item["proof"] = render.to_data(proof, lang)
            found.append(item)
    order = {p: i for i, p in enumerate(POLARITIES)}
    return sorted(found, key=lambda r: (r["place"] if r["place"] is not None else 99, order[r["polarity"]],
                                        r["id"], r["topic"]))


def verdict(judgment) -> dict:
    """The direction the weighing reaches (None when no reading decides), the readings that carry
    it and those it outweighs, by conclusion id, sorted."""
    kb, c = judgment.chart.kb, judgment.chart.id
    directions = [d for _, d in kb.match("verdict_direction", c, None)]
    return {"direction": directions[0] if directions else None,
            "because": sorted(k for _, k in kb.match("verdict_because", c, None)),
            "overrides": sorted(k for _, k in kb.match("verdict_overrides", c, None))}
