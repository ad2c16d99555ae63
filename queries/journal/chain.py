"""The hash chain through every row of a journal: each row's ``hash`` is the SHA-256 of the hash
before it, its table and its values, so a row changed, removed or put in behind the journal's
back breaks the chain at that row (``problems``). The chain has no key: it shows an edit made
with an SQLite tool, not one whose maker recomputes every hash after it (keep the head hash
``liuyao journal verify`` prints somewhere else to catch that too).

>>> first = row_hash(GENESIS, "entry", {"id": 1, "seq": 1, "topic": "wealth"})
>>> first == row_hash(GENESIS, "entry", {"seq": 1, "topic": "wealth", "id": 1, "note": None})
True
>>> first == row_hash(GENESIS, "entry", {"id": 1, "seq": 1, "topic": "illness"})
False
"""
from __future__ import annotations

import hashlib
import json

from .schema import GENESIS, TABLES

UNCHAINED = ("prev", "hash")


def canonical(values: dict) -> str:
    """A row's values as one text: sorted keys, no spaces, an empty (NULL) value left out, so a
    column a later schema adds leaves the rows written before it as they hashed."""
    return json.dumps({k: v for k, v in sorted(values.items()) if v is not None and k not in UNCHAINED},
                      ensure_ascii=False, separators=(",", ":"))


def row_hash(prev: str, table: str, values: dict) -> str:
    return hashlib.sha256(f"{prev}\n{table}\n{canonical(values)}".encode()).hexdigest()


def rows(conn) -> list:
    """(seq, table, values) of every chained row, in the chain's order."""
    found = []
    for table in TABLES:
        cursor = conn.execute(f"SELECT * FROM {table}")
        names = [d[0] for d in cursor.description]
        found += [(row[names.index("seq")], table, dict(zip(names, row))) for row in cursor]
    return sorted(found, key=lambda r: r[0])


def problems(conn) -> list:
    """What breaks the chain, as (message key, values): the first row whose place, prev or hash
    is wrong, and a head that does not name the last row. Empty when the chain holds."""
    prev, expected = GENESIS, 1
    for seq, table, values in rows(conn):
        where = {"seq": seq, "table": table, "id": values["id"]}
        if seq != expected:
            return [("journal.chain_gap", {**where, "expected": expected})]
        if values["prev"] != prev or values["hash"] != row_hash(prev, table, values):
            return [("journal.chain_changed", where)]
        prev, expected = values["hash"], seq + 1
    head_seq, head_hash = conn.execute("SELECT seq, hash FROM chain_head").fetchone()
    if (head_seq, head_hash) != (expected - 1, prev):
        return [("journal.chain_head", {"seq": head_seq, "last": expected - 1})]
    return []
