"""Every kept cast judged again under the knowledge loaded now (and ``--set`` conventions over
the ones it was kept with), beside the prediction recorded then: what changed (the direction,
the deciding rules, the first timing candidate) and whether the judgment now does better on the
outcomes. Nothing is written: the recorded rows stay as they were.

Both predictions are scored alike: the direction against the last outcome, the first candidate's
dates against the outcome's date (``outcome.covers``).
"""
from __future__ import annotations

from datetime import date

from ..errors import UserError
from ..messages import line
from .entry import cast_arguments, find, judged_question, record
from .outcome import covers
from .stats import share



def rejudge(journal, session, conventions=None, progress=None) -> dict:
    """The comparison over every entry not deleted; ``progress`` is told each entry's id."""
    ids = [r["id"] for r in journal.rows(
        "SELECT id FROM entry e WHERE NOT EXISTS (SELECT 1 FROM deletion d WHERE d.entry = e.id) ORDER BY id")]
    changed, failed, scores = [], [], {"then": [0, 0], "now": [0, 0], "then_first": [0, 0], "now_first": [0, 0]}
    for entry_id in ids:
        if progress is not None:
            progress(entry_id)
        entry = find(journal, entry_id)
        then = entry["prediction"]
        try:
            now = again(session, entry, conventions or {})
        except UserError as e:
            failed.append({"id": entry_id, "reason": line(e, session.lang)})
            continue
        difference = _difference(then, now)
        if difference:
            changed.append({"id": entry_id, **difference})
        outcome = entry["outcomes"][-1] if entry["outcomes"] else None
        if outcome is not None:
            for side, said in (("then", then), ("now", now)):
                scores[side][0] += said["direction"] == outcome["happened"]
                scores[side][1] += 1
                if outcome["on_date"]:
                    hit = _first_hits(said["timing"], date.fromisoformat(outcome["on_date"]), entry["cast"].get("tz"))
                    scores[side + "_first"][0] += hit
                    scores[side + "_first"][1] += 1
    return {"entries": len(ids), "changed": changed, "failed": failed,
            "direction": {side: share(*scores[side]) for side in ("then", "now")},
            "timing_first": {side: share(*scores[side + "_first"]) for side in ("then", "now")}}


def again(session, entry, conventions) -> dict:
    """The prediction the session's knowledge makes now for a kept entry."""
    session.cast(**cast_arguments(entry["cast"], {**entry["conventions"], **conventions}))
    session.pose(**judged_question(entry))
    return record(session.chart, session.judgment)["prediction"]


def _difference(then, now) -> dict:
    found = {}
    if then["direction"] != now["direction"]:
        found["direction"] = [then["direction"], now["direction"]]
    if then.get("degree") != now.get("degree"):
        found["degree"] = [then.get("degree"), now.get("degree")]
    rules = lambda said: {r["rule"] for r in said["deciding"]}
    if rules(then) != rules(now):
        found["deciding"] = {"added": sorted(rules(now) - rules(then)), "removed": sorted(rules(then) - rules(now))}
    first = lambda said: next(({"unit": t["unit"], "kind": t["kind"], "branch": t["branch"]}
                                for t in said["timing"] if t["rank"] == 1), None)
    if first(then) != first(now):
        found["first_timing"] = [first(then), first(now)]
    return found


def _first_hits(timing, day, zone) -> bool:
    return any(covers({"on_date": d, "unit": t["unit"], "branch": t["branch"]}, day, zone)
               for t in timing if t["rank"] == 1 and t["unit"] != "hour" for d in t["dates"])
