"""The journal's file: where it is, how it is made, the schema (STRICT, foreign keys, WAL), the
rows no command may change, the hash chain, the migrations from every earlier version, and a
file that is not a journal, is newer, read-only or damaged (one line, nothing overwritten)."""
import os
import sqlite3
import stat

import pytest

from queries.errors import UserError
from queries.journal import Journal, path_of
from queries.journal import chain, entry, schema
from queries.journal.store import statements

from .conftest import made_up


def test_the_path_is_given_else_the_environment_else_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("LIUYAO_JOURNAL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert path_of() == tmp_path / "liuyao-kb" / "journal.sqlite3"
    monkeypatch.setenv("LIUYAO_JOURNAL", str(tmp_path / "mine.db"))
    assert path_of() == tmp_path / "mine.db"
    assert path_of(tmp_path / "given.db") == tmp_path / "given.db"


def test_a_new_journal_is_0600_in_a_0700_folder_strict_with_foreign_keys_and_wal(journal, path):
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    assert journal.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert journal.conn.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION
    strict = {name: sql for name, sql in journal.conn.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'table'")}
    assert set(schema.TABLES) < set(strict) and all(sql.rstrip().endswith("STRICT") for sql in strict.values())
    with pytest.raises(sqlite3.IntegrityError, match="cannot store TEXT"):    # STRICT: a text for a number
        with journal.transaction():
            journal.append("check_date", {"entry": 1, "prediction": 1, "rank": "first", "unit": "day",
                                          "branch": "午", "kind": "沖用", "rule": "r", "on_date": "2024-10-09"})
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):         # no entry 7
        with journal.transaction():
            journal.append("outcome", {"entry": 7, "made": "now", "content": "x", "happened": "mixed"})
    assert journal.head() == (0, schema.GENESIS)


def test_an_entry_is_one_transaction_and_its_prediction_cannot_be_changed_or_removed(journal):
    first = entry.keep(journal, made_up(), note="first")
    assert journal.rows("SELECT count(*) AS n FROM check_date")[0]["n"] == 1
    for sql in ("UPDATE prediction SET direction = 'favourable'", "DELETE FROM prediction",
                "UPDATE entry SET topic = 'office'", "DELETE FROM check_date"):
        with pytest.raises(sqlite3.IntegrityError, match="journal rows are never"):
            journal.conn.execute(sql)
    entry.amend(journal, first, {"note": "second thoughts", "topic": "office"})
    entry.delete(journal, first, "a test")
    found = entry.find(journal, first)
    assert found["question"]["note"] == "first" and found["now"]["note"] == "second thoughts"
    assert found["now"]["topic"] == "office" and found["prediction"]["direction"] == "unfavourable"
    assert [d["reason"] for d in found["deleted"]] == ["a test"]
    assert entry.listing(journal) == [] and [e["id"] for e in entry.listing(journal, deleted=True)] == [first]
    assert chain.problems(journal.conn) == []


def _tamper(path, sql):
    """An edit behind the journal's back: the triggers dropped, the row changed."""
    conn = sqlite3.connect(path)
    conn.executescript("".join(f"DROP TRIGGER {t}_kept; DROP TRIGGER {t}_not_removed;" for t in schema.TABLES) + sql)
    conn.close()


@pytest.mark.parametrize("sql, key", [
    ("UPDATE prediction SET direction = 'favourable' WHERE id = 1;", "journal.chain_changed"),
    ("DELETE FROM outcome WHERE id = 1;", "journal.chain_gap"),
    ("DELETE FROM outcome WHERE id = 2; UPDATE chain_head SET seq = seq;", "journal.chain_head"),
])
def test_verify_finds_a_change_made_behind_the_journals_back(path, sql, key):
    from queries.journal.outcome import record_outcome
    with Journal(path, write=True) as journal:
        first = entry.keep(journal, made_up())
        entry.keep(journal, made_up(1))
        record_outcome(journal, first, "mixed")
        record_outcome(journal, first, "favourable")
    _tamper(path, sql)
    with Journal(path) as journal:
        assert [k for k, _ in chain.problems(journal.conn)] == [key]


def _journal_of_version(path, version):
    """A journal as an older release made it, with an entry written in that version's columns."""
    conn = sqlite3.connect(path, isolation_level=None)
    for step in range(1, version + 1):
        for statement in statements(schema.MIGRATIONS[step]):
            conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    with Journal.__new__(Journal) as old:            # the writer of that version: the same appends
        old.path, old.write, old.conn = path, True, sqlite3.connect(path, isolation_level=None)
        kept = made_up()
        with old.transaction():
            row = entry.entry_row({**kept, "made": "2024-10-08T03:00:00+00:00"})
            entry_id = old.append("entry", row)
            prediction = old.append("prediction", {"entry": entry_id, **{
                k: entry.dumps(v) if isinstance(v, (dict, list)) else v for k, v in kept["prediction"].items()}})
            old.append("check_date", {"entry": entry_id, "prediction": prediction, "rank": 1, "unit": "day",
                                      "branch": "午", "kind": "沖用", "rule": "timing_branch.34",
                                      "on_date": "2024-10-09"})


@pytest.mark.parametrize("version", range(1, schema.VERSION))
def test_a_journal_of_every_earlier_version_is_migrated_after_a_backup(tmp_path, version):
    path = tmp_path / "old.sqlite3"
    _journal_of_version(path, version)
    with pytest.raises(UserError) as refused:           # reading alone does not migrate
        Journal(path)
    assert refused.value.key == "journal.needs_migration"
    with Journal(path, write=True) as journal:
        assert journal.conn.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION
        assert chain.problems(journal.conn) == []
        entry.keep(journal, made_up(2))
        assert chain.problems(journal.conn) == [] and len(entry.listing(journal)) == 2
    backups = list(tmp_path.glob(f"old.sqlite3.v{version}-*.bak"))
    assert len(backups) == 1
    kept = sqlite3.connect(backups[0])
    assert kept.execute("PRAGMA user_version").fetchone()[0] == version
    assert kept.execute("SELECT count(*) FROM entry").fetchone()[0] == 1


def _refusal(path, write=True) -> str:
    with pytest.raises(UserError) as refused:
        Journal(path, write=write)
    return refused.value.key


def test_a_file_that_is_not_a_journal_is_left_as_it_is(tmp_path, capsys):
    from queries.cli import main
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n" * 50)
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    before = {p: p.read_bytes() for p in (text, other)}
    assert _refusal(text) == _refusal(other) == _refusal(tmp_path) == "journal.not_journal"
    assert {p: p.read_bytes() for p in (text, other)} == before
    assert main(["journal", "outcome", "1", "--happened", "mixed", "--journal-file", str(text)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{text} is not a journal" in err and text.read_bytes() == before[text]


def test_a_journal_of_a_newer_version_is_refused_and_left_as_it_is(journal, path):
    entry.keep(journal, made_up())
    journal.conn.execute(f"PRAGMA user_version = {schema.VERSION + 1}")
    journal.close()
    before = path.read_bytes()
    assert _refusal(path) == _refusal(path, write=False) == "journal.newer"
    assert path.read_bytes() == before


def test_a_damaged_journal_says_so_and_is_left_as_it_is(journal, path):
    for n in range(30):
        entry.keep(journal, made_up(n))
    journal.close()
    data = bytearray(path.read_bytes())
    data[4096 * 2: 4096 * 4] = b"\xff" * 8192            # pages of the tables overwritten
    path.write_bytes(bytes(data))
    from queries.cli import main
    assert main(["journal", "list", "--journal-file", str(path)]) == 2
    assert path.read_bytes() == bytes(data)
    header = path.with_name("header.sqlite3")
    header.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4000)
    assert _refusal(header) == "journal.damaged"


def test_a_read_only_journal_is_not_written(journal, path, monkeypatch):
    entry.keep(journal, made_up())
    journal.close()
    path.chmod(0o400)
    path.parent.chmod(0o500)
    try:
        if os.access(path, os.W_OK):                    # root writes anything: say what it could not
            monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK)
        before = path.read_bytes()
        assert _refusal(path) == "journal.read_only"
        with Journal(path) as reading:
            assert len(entry.listing(reading)) == 1
            with pytest.raises(UserError, match="read-only"):
                with reading.transaction():
                    pass
        assert path.read_bytes() == before
    finally:
        path.parent.chmod(0o700)
        path.chmod(0o600)


def test_a_missing_journal_is_not_made_by_a_reading_command(path):
    assert _refusal(path, write=False) == "journal.missing" and not path.exists()


def test_a_backup_copies_the_whole_journal_and_never_overwrites(journal, tmp_path):
    entry.keep(journal, made_up())
    target = journal.backup(tmp_path / "copy.sqlite3")
    with Journal(target) as copy:
        assert len(entry.listing(copy)) == 1 and chain.problems(copy.conn) == []
    with pytest.raises(UserError) as refused:
        journal.backup(target)
    assert refused.value.key == "journal.backup_exists"
