"""Export and import (docs/journal.md says the format).

JSON Lines: one object a line, each with its ``kind``: ``entry`` (the question, the cast, the
conventions, the knowledge; what ``liuyao batch`` reads), ``prediction``, ``amendment``,
``outcome``, ``check`` (an answered check) and ``deletion``, in the order they were written;
every line but an entry's names its entry by the entry's content hash (``entry``). CSV: one row
an entry, its prediction and its last outcome. An import reads a JSON Lines export, skips what
the journal holds already (by the content hashes) and writes the rest in one transaction.
"""
from __future__ import annotations

import csv
import io
import json

from ..messages import error
from .entry import PREDICTION, dumps, entry_row, write_entry
from .schema import TABLES

MAX_BYTES = 256 * 2 ** 20           # an import reads at most this much
KINDS = ("entry", "prediction", "amendment", "outcome", "check", "deletion")
CSV_FIELDS = ("id", "made", "topic", "about", "hexagram", "changed", "lines", "at", "tz", "direction", "degree",
              "deciding", "first_timing", "happened", "on_date", "note", "deleted")


def lines(journal):
    """The export's objects, in the chain's order."""
    entries, rows = {}, []
    for table in TABLES:
        for row in journal.rows(f"SELECT * FROM {table}"):
            rows.append((row["seq"], table, row))
    rows.sort(key=lambda r: r[0])
    checks = {}
    for _, table, row in rows:
        if table == "entry":
            entries[row["id"]] = row["content"]
            yield {"kind": "entry", "id": row["id"], "content": row["content"], "made": row["made"],
                   "question": json.loads(row["question"]), "cast": json.loads(row["cast"]),
                   "conventions": json.loads(row["conventions"]), "hexagram": row["hexagram"],
                   "changed": row["changed"], "version": row["version"], "knowledge": row["knowledge"]}
        elif table == "prediction":
            yield {"kind": "prediction", "entry": entries[row["entry"]], "id": row["entry"],
                   **{k: json.loads(row[k]) if k in ("use_god", "deciding", "readings", "timing") else row[k]
                      for k in PREDICTION}}
        elif table == "check_date":
            checks[row["id"]] = row
        elif table == "answer":
            check = checks[row["check_date"]]
            yield {"kind": "check", "entry": entries[check["entry"]], "id": check["entry"], "rank": check["rank"],
                   "unit": check["unit"], "branch": check["branch"], "on_date": check["on_date"],
                   "happened": bool(row["happened"]), "by": row["by"], "made": row["made"], "content": row["content"]}
        else:
            values = {k: v for k, v in row.items() if k not in ("id", "seq", "prev", "hash", "entry")}
            if table == "amendment":
                values["question"] = json.loads(values["question"])
            yield {"kind": table, "entry": entries[row["entry"]], "id": row["entry"], **values}


def export_jsonl(journal, out) -> int:
    count = 0
    for obj in lines(journal):
        out.write(dumps(obj) + "\n")
        count += 1
    return count


def export_csv(journal, out) -> int:
    from .entry import find
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    ids = [r["id"] for r in journal.rows("SELECT id FROM entry ORDER BY id")]
    for entry_id in ids:
        e = find(journal, entry_id)
        said, last = e["prediction"], (e["outcomes"] or [{}])[-1]
        first = next((t for t in said["timing"] if t["rank"] == 1), None)
        writer.writerow([e["id"], e["made"], e["now"]["topic"], e["now"].get("about", ""), e["hexagram"],
                         e["changed"] or "", e["cast"]["lines"], e["cast"].get("at", ""), e["cast"].get("tz", ""),
                         said["direction"], said["degree"] or "", " ".join(r["rule"] for r in said["deciding"]),
                         f"{first['unit']} {first['kind']} {first['branch']}" if first else "",
                         last.get("happened", ""), last.get("on_date") or "", e["now"].get("note", ""),
                         "yes" if e["deleted"] else ""])
    return len(ids)


def read(path) -> list:
    """The objects of an export file, each checked: (line number, object)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise error("journal.cannot_read", path=str(path), reason=e.strerror or str(e)) from None
    if len(data) > MAX_BYTES:
        raise error("journal.import_too_large", path=str(path), most=MAX_BYTES // 2 ** 20)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error("journal.import_line", path=str(path), line=1, reason=("journal.import_not_utf8", {})) from None
    found = []
    for number, raw in enumerate(io.StringIO(text), 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError:
            obj = None
        if not isinstance(obj, dict) or obj.get("kind") not in KINDS or \
                not isinstance(obj.get("content" if obj.get("kind") == "entry" else "entry"), str):
            raise error("journal.import_line", path=str(path), line=number,
                        reason=("journal.import_not_export", {"kinds": ", ".join(KINDS)}))
        found.append((number, obj))
    return found


def import_lines(journal, path) -> dict:
    """Add what an export holds and the journal does not; the counts added and skipped by kind."""
    objects = read(path)
    known = {r["content"]: r["id"] for r in journal.rows("SELECT id, content FROM entry")}
    seen = {table: {r["content"] for r in journal.rows(f"SELECT content FROM {table}")}
            for table in ("amendment", "outcome", "answer", "deletion")}
    entries = {obj["content"]: (number, obj) for number, obj in objects if obj["kind"] == "entry"}
    predictions = {obj["entry"]: obj for _, obj in objects if obj["kind"] == "prediction"}
    added = {kind: 0 for kind in KINDS}
    skipped = {kind: 0 for kind in KINDS}
    with journal.transaction():
        for number, obj in objects:
            kind = obj["kind"]
            try:
                if kind == "entry":
                    if obj["content"] in known:
                        skipped[kind] += 1
                        continue
                    prediction = {k: predictions[obj["content"]][k] for k in PREDICTION}
                    row = entry_row({**obj, "prediction": prediction})
                    if row["content"] != obj["content"]:
                        raise error("journal.import_changed")
                    known[obj["content"]] = write_entry(journal, row, prediction)
                    added[kind] += 1
                    continue
                if kind == "prediction":
                    continue                         # written with its entry
                if obj["entry"] not in known:
                    raise error("journal.import_no_entry")
                entry = known[obj["entry"]]
                table = "answer" if kind == "check" else kind
                if obj["content"] in seen[table]:
                    skipped[kind] += 1
                    continue
                journal.append(table, _row(journal, kind, entry, obj))
                seen[table].add(obj["content"])
                added[kind] += 1
            except (KeyError, TypeError, ValueError):
                raise error("journal.import_line", path=str(path), line=number,
                            reason=("journal.import_fields", {"kind": kind})) from None
            except Exception as e:
                if getattr(e, "key", None) in ("journal.import_changed", "journal.import_no_entry"):
                    raise error("journal.import_line", path=str(path), line=number, reason=(e.key, {})) from None
                raise
    added["prediction"] = added["entry"]
    skipped["prediction"] = skipped["entry"]
    return {"added": added, "skipped": skipped, "entries": len(entries)}


def _row(journal, kind, entry, obj) -> dict:
    common = {"made": str(obj["made"]), "content": str(obj["content"])}
    if kind == "amendment":
        return {"entry": entry, **common, "question": dumps(dict(obj["question"]))}
    if kind == "outcome":
        if obj["happened"] not in ("favourable", "unfavourable", "mixed"):
            raise ValueError(obj["happened"])
        return {"entry": entry, **common, "happened": obj["happened"], "on_date": obj.get("on_date"),
                "note": obj.get("note")}
    if kind == "deletion":
        return {"entry": entry, **common, "reason": obj.get("reason")}
    found = journal.rows("SELECT id FROM check_date WHERE entry = ? AND rank = ? AND on_date = ?",
                         (entry, int(obj["rank"]), str(obj["on_date"])))
    if not found or obj["by"] not in ("check", "outcome"):
        raise ValueError(obj["rank"])
    return {"check_date": found[0]["id"], **common, "happened": int(bool(obj["happened"])), "by": obj["by"]}
