"""An entry: the question as asked, the cast as given, the conventions, the knowledge it was judged
by, and the prediction the project made then, with a pending check for each date of its timing.

``record`` reads them from a judged cast (what ``liuyao judge --json`` already says: the
verdict, the readings by rule id, the timing candidates with their dates); ``keep`` writes one in
one transaction. A correction of the question or the note (``amend``) and a deletion
(``delete``) are rows of their own that point back: the entry and its prediction stay.
"""
from __future__ import annotations

import hashlib
import json

from ..messages import error
from .store import now

QUESTION = ("topic", "about", "asker", "horizon", "since", "in_office", "side")
PREDICTION = ("direction", "degree", "grade", "factor", "use_god", "deciding", "readings", "timing")


def dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def content_hash(*values) -> str:
    return hashlib.sha256(dumps(values).encode()).hexdigest()


def record(chart, judgment) -> dict:
    """What an entry keeps of a judged cast, as plain data (no language: ids, rules, values)."""
    from ..engine.cache import knowledge_digest
    from ..version import VERSION
    made, data = chart.cast, judgment.to_data(proof=False)
    question = {"topic": judgment.topic, "about": judgment.about, "asker": judgment.asker,
                "horizon": judgment.horizon, **judgment.facts}
    verdict = data["verdict"]
    readings = [{"id": r["id"], "rule": r["rule"], "class": r["class"], "polarity": r["polarity"],
                 "weight": r["weight"]} for r in data["readings"]]
    return {
        "question": {k: v for k, v in question.items() if v is not None},
        "cast": cast_given(made),
        "conventions": dict(sorted(made.conventions.items())),
        "hexagram": chart.hexagram["name"], "changed": chart.changed["name"] if chart.changed else None,
        "version": VERSION, "knowledge": knowledge_digest(chart.kb.program),
        "prediction": {
            "direction": verdict["direction"], "degree": verdict.get("degree"), "grade": verdict.get("grade"),
            "factor": (verdict.get("factor") or {}).get("rule"), "use_god": data["use_god"],
            "deciding": [r for r in readings if r["weight"] == "deciding"], "readings": readings,
            "timing": timing(judgment, {t["rank"] for t in data["timing"]})}}


def timing(judgment, listed) -> list:
    """Every timing candidate (``liuyao when``) with its dates; ``listed`` marks those the
    judgment names first, whose dates become the pending checks."""
    return [{"rank": t["rank"], "unit": t["unit"], "branch": t["branch"] or "".join(t.get("within", ())),
             "kind": t["kind"], "polarity": t["polarity"], "rule": t["rule"], "dates": t["dates"],
             "listed": t["rank"] in listed} for t in judgment.timing()["timing"]]


def cast_given(made) -> dict:
    """The cast as given: the line values, how they were cast, the moment and its zone (or the
    pillars alone), the pillars read, the clock."""
    cast = {"lines": "".join(map(str, made.lines)), "casting": dict(made.casting),
            "pillars": {k: v for k, v in (("year", made.year), ("month", made.month or made.month_branch),
                                          ("day", made.day), ("hour", made.hour)) if v is not None}}
    if made.moment is not None:
        zone = getattr(made.moment.tzinfo, "key", None)
        cast["at"] = (made.moment.replace(tzinfo=None) if zone else made.moment).isoformat()
        if zone:
            cast["tz"] = zone
        cast["date"] = made.moment.date().isoformat()
    if made.clock.get("longitude") is not None:
        cast["longitude"] = made.clock["longitude"]
    return cast


def cast_arguments(cast: dict, conventions: dict) -> dict:
    """The arguments of ``Session.cast`` that cast a kept cast again: its line values, its moment
    (or its pillars) and the conventions given."""
    given = {"lines": cast["lines"], "conventions": conventions}
    if "at" in cast:
        given.update({k: cast[k] for k in ("at", "tz", "longitude") if k in cast})
    else:
        given.update(cast["pillars"])
    return given


def keep(journal, kept: dict, words=None, note=None) -> int:
    """Write an entry, its prediction and its pending checks in one transaction; the entry's id."""
    question = {**kept["question"], **{k: v for k, v in (("words", words), ("note", note)) if v}}
    row = entry_row({**kept, "question": question, "made": now()})
    with journal.transaction():
        return write_entry(journal, row, kept["prediction"])


def entry_row(kept: dict) -> dict:
    """An entry's row from what it keeps (``made``, ``question``, ``cast``, ``conventions``,
    ``hexagram``, ``changed``, ``version``, ``knowledge``, ``prediction``), with its content hash."""
    row = {"made": kept["made"], "topic": kept["question"]["topic"], "hexagram": kept["hexagram"],
           "changed": kept["changed"], "cast_date": kept["cast"].get("date"), "question": dumps(kept["question"]),
           "cast": dumps(kept["cast"]), "conventions": dumps(kept["conventions"]), "version": kept["version"],
           "knowledge": kept["knowledge"]}
    return {**row, "content": content_hash("entry", row, kept["prediction"])}


def write_entry(journal, row: dict, prediction: dict) -> int:
    """The rows of an entry (inside a transaction): the entry, its prediction, its checks."""
    entry = journal.append("entry", row)
    said = journal.append("prediction", {
        "entry": entry, "direction": prediction["direction"], "degree": prediction["degree"],
        "grade": prediction["grade"], "factor": prediction["factor"], "use_god": dumps(prediction["use_god"]),
        "deciding": dumps(prediction["deciding"]), "readings": dumps(prediction["readings"]),
        "timing": dumps(prediction["timing"])})
    for t in prediction["timing"]:
        for day in t["dates"] if t["listed"] else ():
            journal.append("check_date", {"entry": entry, "prediction": said, "rank": t["rank"], "unit": t["unit"],
                                          "branch": t["branch"], "kind": t["kind"], "rule": t["rule"],
                                          "polarity": t["polarity"], "on_date": day})
    return entry


def find(journal, entry_id) -> dict:
    """An entry by id with its question, cast and prediction read, and what points back to it."""
    found = journal.rows("SELECT * FROM entry WHERE id = ?", (number(entry_id),))
    if not found:
        raise error("journal.no_entry", id=entry_id)
    entry = found[0]
    for name in ("question", "cast", "conventions"):
        entry[name] = json.loads(entry[name])
    said, = journal.rows("SELECT * FROM prediction WHERE entry = ?", (entry["id"],))
    for name in ("use_god", "deciding", "readings", "timing"):
        said[name] = json.loads(said[name])
    entry["prediction"] = said
    entry["amendments"] = [{**a, "question": json.loads(a["question"])} for a in
                           journal.rows("SELECT * FROM amendment WHERE entry = ? ORDER BY id", (entry["id"],))]
    entry["outcomes"] = journal.rows("SELECT * FROM outcome WHERE entry = ? ORDER BY id", (entry["id"],))
    entry["deleted"] = journal.rows("SELECT * FROM deletion WHERE entry = ? ORDER BY id", (entry["id"],))
    entry["checks"] = journal.rows(
        "SELECT c.*, a.happened, a.by, a.made AS answered FROM check_date c LEFT JOIN answer a ON a.id = "
        "(SELECT max(id) FROM answer WHERE check_date = c.id) WHERE c.entry = ? ORDER BY c.rank, c.on_date",
        (entry["id"],))
    entry["now"] = current_question(entry)
    return entry


def current_question(entry) -> dict:
    """The question as last corrected: the kept one, then each amendment over it."""
    question = dict(entry["question"])
    for amendment in entry["amendments"]:
        question.update(amendment["question"])
    return {k: v for k, v in question.items() if v not in (None, "")}


def judged_question(entry) -> dict:
    """The question as last corrected, as ``Session.judge`` takes it (no words, no note)."""
    question = current_question(entry)
    return {k: question[k] for k in QUESTION if k in question}


def amend(journal, entry_id, changes: dict) -> int:
    """A correction of an entry's question or note: a new row pointing back; its id."""
    changes = {k: v for k, v in changes.items() if v is not None}
    if not changes:
        raise error("journal.nothing_to_amend")
    entry = find(journal, entry_id)
    made = now()
    with journal.transaction():
        return journal.append("amendment", {"entry": entry["id"], "made": made, "question": dumps(changes),
                                            "content": content_hash("amendment", entry["content"], made, changes)})


def delete(journal, entry_id, reason=None) -> int:
    """Record that an entry is deleted: it leaves the lists and the statistics, its rows stay."""
    entry = find(journal, entry_id)
    if entry["deleted"]:
        raise error("journal.already_deleted", id=entry["id"])
    made = now()
    with journal.transaction():
        return journal.append("deletion", {"entry": entry["id"], "made": made, "reason": reason,
                                           "content": content_hash("deletion", entry["content"], made, reason)})


MAX_ID = 2 ** 63 - 1            # SQLite's largest integer


def number(value) -> int:
    """A row's number as given (an entry's, a check's): a whole number from 1."""
    try:
        found = int(value)
    except (TypeError, ValueError):
        found = 0
    if not 1 <= found <= MAX_ID:
        raise error("journal.bad_id", id=value)
    return found


def listing(journal, *, topic=None, hexagram=None, since=None, until=None, outcome=None, words=None,
            deleted=False) -> list:
    """The entries, newest last, each with its prediction's direction and degree and its last
    outcome; filtered by topic, hexagram (kept or changed), the day kept (from, to), the outcome
    (favourable, unfavourable, mixed or none) and words in the question or note."""
    where, params = [], []
    if topic:
        where.append("e.topic = ?")
        params.append(topic)
    if hexagram:
        where.append("(e.hexagram = ? OR e.changed = ?)")
        params += [hexagram, hexagram]
    if since:
        where.append("substr(e.made, 1, 10) >= ?")
        params.append(since)
    if until:
        where.append("substr(e.made, 1, 10) <= ?")
        params.append(until)
    if words:
        said = "instr(coalesce(json_extract({0}, '$.words'), '') || ' ' || coalesce(json_extract({0}, '$.note'), ''), ?)"
        where.append(f"({said.format('e.question')} > 0 OR EXISTS (SELECT 1 FROM amendment m WHERE m.entry = e.id "
                     f"AND {said.format('m.question')} > 0))")
        params += [words, words]
    if not deleted:
        where.append("NOT EXISTS (SELECT 1 FROM deletion d WHERE d.entry = e.id)")
    found = journal.rows(
        "SELECT e.id, e.made, e.topic, e.hexagram, e.changed, e.cast_date, p.direction, p.degree, "
        "o.happened, o.on_date, EXISTS (SELECT 1 FROM deletion d WHERE d.entry = e.id) AS deleted "
        "FROM entry e JOIN prediction p ON p.entry = e.id "
        "LEFT JOIN outcome o ON o.id = (SELECT max(id) FROM outcome WHERE entry = e.id)"
        + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY e.id", params)
    if outcome:
        found = [e for e in found if (e["happened"] or "none") == outcome]
    return found
