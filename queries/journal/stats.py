"""How the kept predictions fared, per knowledge version: the direction against the outcomes
(吉凶), the timing against the answered checks (應期) by unit and by rank, and each rule and each
class of readings that decided, how often it decided (``decided``, every entry) and how often
the outcome agreed (``agreed`` of ``count``, the entries with an outcome), with a Wilson 95%
interval (so that a rule seen twice is not a finding).

A prediction agrees with an outcome when its direction is what happened (favourable,
unfavourable or mixed); a deciding reading agrees when its polarity is. The last outcome of an
entry counts; a deleted entry does not.

>>> low, high = wilson(7, 10)
>>> round(low, 4), round(high, 4)
(0.3968, 0.8922)
>>> wilson(0, 0)
(0.0, 1.0)
"""
from __future__ import annotations

import json
import math

Z95 = 1.959963984540054          # the two-sided 95% point of the normal distribution
FEW = 3                          # samples under this are drawn and said apart: not a finding


def wilson(successes: int, n: int, z: float = Z95) -> tuple:
    """The Wilson score interval of a proportion: (low, high); (0, 1) with no sample."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def share(successes: int, n: int) -> dict:
    low, high = wilson(successes, n)
    return {"agreed": successes, "count": n, "rate": successes / n if n else None, "low": low, "high": high,
            "few": n < FEW}


def judged(journal) -> list:
    """Every entry not deleted, with its prediction, its last outcome and its answered checks."""
    entries = journal.rows(
        "SELECT e.id, e.made, e.topic, e.version, e.knowledge, p.direction, p.deciding, p.factor, "
        "(SELECT happened FROM outcome o WHERE o.entry = e.id ORDER BY o.id DESC LIMIT 1) AS happened "
        "FROM entry e JOIN prediction p ON p.entry = e.id "
        "WHERE NOT EXISTS (SELECT 1 FROM deletion d WHERE d.entry = e.id) ORDER BY e.id")
    answers = {}
    for row in journal.rows(
            "SELECT c.entry, c.rank, c.unit, a.happened FROM answer a JOIN check_date c ON c.id = a.check_date "
            "WHERE a.id IN (SELECT max(id) FROM answer GROUP BY check_date)"):
        answers.setdefault(row["entry"], []).append(row)
    for e in entries:
        e["deciding"] = json.loads(e["deciding"])
        e["answers"] = answers.get(e["id"], [])
    return entries


def stats(journal) -> list:
    """One group per knowledge version (release and the hash of the knowledge read), oldest first."""
    groups = {}
    for e in judged(journal):
        groups.setdefault((e["version"], e["knowledge"]), []).append(e)
    return [{"version": version, "knowledge": knowledge, **summary(entries)}
            for (version, knowledge), entries in groups.items()]


def summary(entries) -> dict:
    """The counts of one group of entries."""
    told = [e for e in entries if e["happened"] is not None]
    decided = {"rules": {}, "classes": {}}
    for e in entries:
        for r in e["deciding"]:
            for kind, name in (("rules", r["rule"]), ("classes", r["class"])):
                decided[kind][name] = decided[kind].get(name, 0) + 1
    rules, classes = {}, {}
    for e in told:
        for r in e["deciding"]:
            agreed = r["polarity"] == e["happened"]
            rules.setdefault(r["rule"], []).append(agreed)
            classes.setdefault(r["class"], []).append(agreed)
    timed = [e for e in entries if e["answers"]]
    first = [e for e in timed if any(a["rank"] == 1 for a in e["answers"])]
    units = {}
    for e in timed:
        hits = {}
        for a in e["answers"]:
            hits[(a["unit"], a["rank"])] = hits.get((a["unit"], a["rank"]), False) or bool(a["happened"])
        for (unit, _), hit in hits.items():
            units.setdefault(unit, []).append(hit)
    return {
        "entries": len(entries), "with_outcome": len(told),
        "direction": share(sum(e["direction"] == e["happened"] for e in told), len(told)),
        "timing": {
            "first": share(sum(any(a["happened"] for a in e["answers"] if a["rank"] == 1) for e in first),
                           len(first)),
            "any": share(sum(any(a["happened"] for a in e["answers"]) for e in timed), len(timed)),
            "units": {unit: share(sum(hits), len(hits)) for unit, hits in sorted(units.items())}},
        "months": months(told),
        "rules": {rule: {**share(sum(rules.get(rule, ())), len(rules.get(rule, ()))), "decided": n}
                  for rule, n in sorted(decided["rules"].items())},
        "classes": {name: {**share(sum(classes.get(name, ())), len(classes.get(name, ()))), "decided": n}
                    for name, n in sorted(decided["classes"].items())}}


def months(told) -> list:
    """Direction agreement over time: for each month entries were kept in, the agreement of
    every entry kept up to its end (with an outcome), so a month shows where the count stood."""
    agreed = count = 0
    found = {}
    for e in sorted(told, key=lambda e: e["made"]):
        agreed += e["direction"] == e["happened"]
        count += 1
        found[e["made"][:7]] = {"month": e["made"][:7], **share(agreed, count)}
    return list(found.values())
