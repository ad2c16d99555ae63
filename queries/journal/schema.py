"""The journal's tables, one schema version after another, and the migrations between them.

Every table is STRICT and append-only: a trigger refuses an update or a deletion of any row, so
a prediction, once written, stays as it was; a correction, an outcome, a deletion is a new row
that points back (``entry``). Each row carries its place in one chain (``seq``), the hash of
the row before it (``prev``) and its own (``hash``, ``queries.journal.chain``).

``PRAGMA application_id`` marks the file as a journal and ``PRAGMA user_version`` is its schema
version. ``MIGRATIONS[n]`` takes a journal of version ``n - 1`` to version ``n`` (version 1
from an empty file); a migration only adds, so the hashes of rows already written still hold.
"""
from __future__ import annotations

APPLICATION_ID = 0x4C59_4A4C            # "LYJL"
GENESIS = "0" * 64                      # the prev of the first row

_CHAINED = "seq INTEGER NOT NULL UNIQUE, prev TEXT NOT NULL, hash TEXT NOT NULL"

# The tables of rows, in the order a verify reads them.
TABLES = ("entry", "prediction", "check_date", "amendment", "outcome", "answer", "deletion")

_VERSION_1 = f"""
CREATE TABLE chain_head (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL,
                         hash TEXT NOT NULL) STRICT;
INSERT INTO chain_head VALUES (1, 0, '{GENESIS}');
CREATE TABLE entry (
    id INTEGER PRIMARY KEY, {_CHAINED},
    made TEXT NOT NULL,
    content TEXT NOT NULL UNIQUE,
    topic TEXT NOT NULL,
    hexagram TEXT NOT NULL,
    changed TEXT,
    cast_date TEXT,
    question TEXT NOT NULL,
    cast TEXT NOT NULL,
    conventions TEXT NOT NULL,
    version TEXT NOT NULL,
    knowledge TEXT NOT NULL) STRICT;
CREATE TABLE prediction (
    id INTEGER PRIMARY KEY, {_CHAINED},
    entry INTEGER NOT NULL UNIQUE REFERENCES entry(id),
    direction TEXT NOT NULL,
    degree TEXT,
    grade TEXT,
    factor TEXT,
    use_god TEXT NOT NULL,
    deciding TEXT NOT NULL,
    readings TEXT NOT NULL,
    timing TEXT NOT NULL) STRICT;
CREATE TABLE check_date (
    id INTEGER PRIMARY KEY, {_CHAINED},
    entry INTEGER NOT NULL REFERENCES entry(id),
    prediction INTEGER NOT NULL REFERENCES prediction(id),
    rank INTEGER NOT NULL,
    unit TEXT NOT NULL,
    branch TEXT NOT NULL,
    kind TEXT NOT NULL,
    rule TEXT NOT NULL,
    on_date TEXT NOT NULL) STRICT;
CREATE TABLE amendment (
    id INTEGER PRIMARY KEY, {_CHAINED},
    entry INTEGER NOT NULL REFERENCES entry(id),
    made TEXT NOT NULL,
    content TEXT NOT NULL UNIQUE,
    question TEXT NOT NULL) STRICT;
CREATE TABLE outcome (
    id INTEGER PRIMARY KEY, {_CHAINED},
    entry INTEGER NOT NULL REFERENCES entry(id),
    made TEXT NOT NULL,
    content TEXT NOT NULL UNIQUE,
    happened TEXT NOT NULL CHECK (happened IN ('favourable', 'unfavourable', 'mixed')),
    on_date TEXT,
    note TEXT) STRICT;
CREATE TABLE answer (
    id INTEGER PRIMARY KEY, {_CHAINED},
    check_date INTEGER NOT NULL REFERENCES check_date(id),
    made TEXT NOT NULL,
    content TEXT NOT NULL UNIQUE,
    happened INTEGER NOT NULL CHECK (happened IN (0, 1)),
    by TEXT NOT NULL CHECK (by IN ('check', 'outcome'))) STRICT;
CREATE TABLE deletion (
    id INTEGER PRIMARY KEY, {_CHAINED},
    entry INTEGER NOT NULL REFERENCES entry(id),
    made TEXT NOT NULL,
    content TEXT NOT NULL UNIQUE,
    reason TEXT) STRICT;
CREATE INDEX check_by_entry ON check_date(entry);
CREATE INDEX outcome_by_entry ON outcome(entry);
CREATE INDEX answer_by_check ON answer(check_date);
""" + "".join(f"""
CREATE TRIGGER {table}_kept BEFORE UPDATE ON {table} BEGIN SELECT RAISE(ABORT, 'journal rows are never changed'); END;
CREATE TRIGGER {table}_not_removed BEFORE DELETE ON {table} BEGIN SELECT RAISE(ABORT, 'journal rows are never removed'); END;
""" for table in TABLES)

# Version 2: the timing's polarity on each pending check (應期 II), and the history's order.
_VERSION_2 = """
ALTER TABLE check_date ADD COLUMN polarity TEXT;
CREATE INDEX entry_by_topic ON entry(topic, made);
"""

MIGRATIONS = {1: _VERSION_1, 2: _VERSION_2}
VERSION = max(MIGRATIONS)
