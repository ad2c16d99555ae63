"""The journal file: where it is, opening it (made 0600 in a 0700 folder when new, migrated after
a backup when older), one transaction a write, and SQLite's backup.

Where: ``--journal-file PATH``, else ``$LIUYAO_JOURNAL``, else
``$XDG_DATA_HOME/liuyao-kb/journal.sqlite3`` (``~/.local/share`` without XDG_DATA_HOME).

A file that is not a journal, is from a newer version, cannot be written when a write is asked
or is damaged is one line saying so (a ``UserError``, exit 2), and nothing in it is changed.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from ..messages import error
from .chain import row_hash
from .schema import APPLICATION_ID, MIGRATIONS, VERSION

NAME = "journal.sqlite3"
BUSY_SECONDS = 30                   # how long a writer waits for another to finish
_HEADER = b"SQLite format 3\x00"


def path_of(given=None) -> Path:
    """The journal's path: the one given, else $LIUYAO_JOURNAL, else the user's data folder."""
    if given:
        return Path(given)
    if os.environ.get("LIUYAO_JOURNAL"):
        return Path(os.environ["LIUYAO_JOURNAL"])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "liuyao-kb" / NAME


def now() -> str:
    """The moment of a write, in UTC to the microsecond: the time a row was made (a part of its
    content hash, so the same question kept twice is two entries)."""
    return datetime.now(timezone.utc).isoformat()


def statements(script: str) -> list:
    """The statements of a script, a trigger's body kept whole (``sqlite3.complete_statement``)."""
    found, part = [], ""
    for line in script.splitlines(keepends=True):
        part += line
        if sqlite3.complete_statement(part):
            found.append(part.strip())
            part = ""
    return found + ([part.strip()] if part.strip() else [])


class Journal:
    """An open journal. ``write`` opens it to be written (made when missing, migrated when
    older); without it the file is read only, and must exist."""

    def __init__(self, path=None, *, write=False):
        if sqlite3.sqlite_version_info < (3, 37):
            raise error("journal.old_sqlite", version=sqlite3.sqlite_version)
        self.path, self.write = path_of(path), write
        fresh = write and not self.path.exists()
        if fresh:
            _make(self.path)
        elif not self.path.exists():
            raise error("journal.missing", path=str(self.path))
        elif not self.path.is_file():
            raise error("journal.not_journal", path=str(self.path))
        _check_header(self.path)
        if write and not (os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)):
            raise error("journal.read_only", path=str(self.path))
        try:
            self.conn = self._connect()
            self._settle()
        except sqlite3.DatabaseError as e:
            raise damaged(self.path, e) from None

    def _connect(self):
        if self.write:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        else:
            conn = sqlite3.connect(f"file:{quote(str(self.path.resolve()))}?mode=ro", uri=True,
                                   timeout=BUSY_SECONDS, isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _settle(self):
        """Check what the file is, make a new one a journal, migrate an older one."""
        application, version = self._marks()
        if application != APPLICATION_ID and (application or self._tables()):
            raise error("journal.not_journal", path=str(self.path))
        if version > VERSION:
            raise error("journal.newer", path=str(self.path), version=version, known=VERSION)
        if version < VERSION:
            if not self.write:
                if version == 0:
                    raise error("journal.not_journal", path=str(self.path))
                raise error("journal.needs_migration", path=str(self.path), version=version, known=VERSION)
            if version > 0:
                self.backup(_backup_name(self.path, version))
            self.conn.execute("PRAGMA journal_mode = WAL")
            self._migrate()
        if self.write:
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = FULL")

    def _marks(self) -> tuple:
        application, = self.conn.execute("PRAGMA application_id").fetchone()
        version, = self.conn.execute("PRAGMA user_version").fetchone()
        return application, version

    def _tables(self) -> int:
        return self.conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]

    def _migrate(self):
        """Every migration from the file's version up, in one transaction (another process that
        got there first leaves nothing to do)."""
        with self.transaction():
            application, version = self._marks()
            if application != APPLICATION_ID and self._tables():
                raise error("journal.not_journal", path=str(self.path))
            for step in range(version + 1, VERSION + 1):
                for statement in statements(MIGRATIONS[step]):
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.conn.execute(f"PRAGMA user_version = {VERSION}")

    @contextlib.contextmanager
    def transaction(self):
        """One write: all of it lands, or none of it (a process killed inside leaves the journal
        as it was before). Writers wait for each other (``BUSY_SECONDS``)."""
        if not self.write:
            raise error("journal.read_only", path=str(self.path))
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise _busy_or_damaged(self.path, e) from None
        try:
            yield self
            self.conn.execute("COMMIT")
        except BaseException as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            if isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.IntegrityError):
                raise _busy_or_damaged(self.path, e) from None
            raise                       # a constraint refused a row: a bug of ours, never the file's

    def append(self, table: str, values: dict) -> int:
        """Add a row at the end of the chain (inside ``transaction``); its id."""
        seq, prev = self.conn.execute("SELECT seq, hash FROM chain_head").fetchone()
        new_id = self.conn.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}").fetchone()[0]
        row = {"id": new_id, **values, "seq": seq + 1, "prev": prev}
        row["hash"] = row_hash(prev, table, row)
        names = list(row)
        self.conn.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                          [row[n] for n in names])
        self.conn.execute("UPDATE chain_head SET seq = ?, hash = ?", (seq + 1, row["hash"]))
        return new_id

    def rows(self, sql: str, params=()) -> list:
        """The rows of a query, each a dict by column name."""
        try:
            cursor = self.conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row)) for row in cursor]
        except sqlite3.DatabaseError as e:
            raise _busy_or_damaged(self.path, e) from None

    def head(self) -> tuple:
        return self.conn.execute("SELECT seq, hash FROM chain_head").fetchone()

    def backup(self, target) -> Path:
        """A copy of the journal through SQLite's backup API (safe while another process writes);
        never over an existing file."""
        target = Path(target)
        try:
            fd = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            raise error("journal.backup_exists", path=str(target)) from None
        except OSError as e:
            raise error("journal.backup_failed", path=str(target), reason=e.strerror or str(e)) from None
        os.close(fd)
        copy = sqlite3.connect(target)
        try:
            self.conn.backup(copy)
        except sqlite3.DatabaseError as e:
            copy.close()
            target.unlink(missing_ok=True)
            raise damaged(self.path, e) from None
        copy.close()
        return target

    def close(self):
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()


def _make(path: Path) -> None:
    """A new empty file 0600, in a folder made 0700 when it is missing."""
    try:
        if not path.parent.exists():
            path.parent.parent.mkdir(parents=True, exist_ok=True)
            path.parent.mkdir(mode=0o700, exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass                                    # another process made it first
    except OSError as e:
        raise error("journal.cannot_make", path=str(path), reason=e.strerror or str(e)) from None


def _check_header(path: Path) -> None:
    """A file that is not an SQLite database (and not empty) is not a journal."""
    try:
        with open(path, "rb") as f:
            start = f.read(len(_HEADER))
    except OSError as e:
        raise error("journal.cannot_read", path=str(path), reason=e.strerror or str(e)) from None
    if start and start != _HEADER:
        raise error("journal.not_journal", path=str(path))


def _backup_name(path: Path, version: int) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    return path.with_name(f"{path.name}.v{version}-{stamp}-{os.getpid()}.bak")


def damaged(path, e):
    return error("journal.damaged", path=str(path), reason=str(e))


def _busy_or_damaged(path, e):
    if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
        return error("journal.busy", path=str(path), seconds=BUSY_SECONDS)
    if isinstance(e, sqlite3.OperationalError) and "readonly" in str(e).replace(" ", "").replace("-", ""):
        return error("journal.read_only", path=str(path))
    return damaged(path, e)
