"""A private folder of plain JSON: the answers of the static predicates, so that loading does
not compute them again while the knowledge is unchanged.

An entry is named by a hash of everything its answers depend on: this format, the version the
app gives, the engine's own code (the tables compute the answers kept, never pyDatalog), and
the knowledge read (every table's rows and every clause file's text). It is read only as JSON
and checked against what the program expects (the same predicates, rows of their arity, text
and whole numbers); a missing, unreadable, malformed, mistyped or stale entry is computed
again and rewritten. Nothing read here is run or unpickled, and nothing here ever stops the
program: a folder that cannot be made or written is done without.

An entry keeps, beside the answers, the trail of the memory budget that computed them, so that
loading from it stops under a memory limit exactly where computing would have.

A well-formed entry is trusted as the engine's own answers, so the folder must be the user's
alone: it is created 0700, and a folder that belongs to another user or that others may write
to is not used (one line on stderr says so, once). The entries live in a folder of the cache's
own inside it (``liuyao-kb-cache/``, made 0700), named ``static-<key>.json``: nothing else in
the folder given is ever written, read or removed, and in its own folder the cache removes only
names of that form (and its own temporary files). The entries are kept under a size bound, the
least recently used removed first; an entry larger than the bound is not written at all.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
import sys
import time
from pathlib import Path

from . import stored

FORMAT = "7"
LIMIT = 32 * 2 ** 20            # bytes of entries kept in the folder
ENTRIES = "liuyao-kb-cache"     # the cache's own folder inside the one it is given
ENTRY = re.compile(r"(static|program)-[0-9a-f]{32}\.json")
OLD = re.compile(r"(static|program)-[0-9a-f]{32}\.pickle")        # entries of an earlier format, never read
TEMPORARY = re.compile(r"(static|program)-[0-9a-f]{32}-[a-z0-9_]+\.tmp")
STALE = 3600                    # seconds after which a temporary file left by a stopped writer is removed
TOUCHED = 60                    # seconds within which an entry read is not marked used again (a write costs)
_warned = set()                 # folders already reported as not private


class Cache:
    """Static answers kept in ``folder``; ``version`` names the app's release in every key."""

    def __init__(self, folder, version="", limit=LIMIT):
        self.folder, self.version, self.limit = Path(folder), version, limit
        self.entries = self.folder / ENTRIES
        self._usable = None

    def key(self, program) -> str:
        digest = hashlib.sha256("|".join((FORMAT, self.version, _engine_code(),
                                          program.files or _knowledge(program))).encode())
        return digest.hexdigest()[:32]

    def read(self, key, arities):
        """The entry kept under the key: (answers {predicate: [row, ...]}, the trail of the
        budget that computed them, see limits.Budget), if its answers are exactly the predicates
        of ``arities`` (predicate -> arity) with well-formed rows; else None."""
        return self._read(f"static-{key}.json", lambda text: _checked(json.loads(text), key, arities))

    def write(self, key, answers, trail) -> None:
        """Keep the answers under the key, unless the entry would be larger than the bound."""
        self._write(f"static-{key}", _dumps({"format": FORMAT, "key": key,
                                             "answers": {p: [list(r) for r in rows] for p, rows in sorted(answers.items())},
                                             "trail": [list(step) for step in trail]}))

    def program_key(self, files) -> str:
        """The key of a program read from ``files``: this format, the version, the engine's code
        and a hash of every file read (see program.read_program)."""
        digest = hashlib.sha256("|".join((FORMAT, self.version, _engine_code(), files)).encode())
        return digest.hexdigest()[:32]

    def read_program(self, key, sources, rebuild):
        """The program kept under the key (stored.program, with the clause files' ``sources`` and
        ``rebuild`` for a part not well formed), or None when there is none or its head is not
        well formed. The entry is JSON Lines: its head, then each predicate's part, read when
        a question first needs it."""
        def checked(text):
            head, *parts = text.split("\n")
            data = json.loads(head)
            if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
                return None
            return stored.program(data.get("program"), parts, sources, rebuild)
        return self._read(f"program-{key}.json", checked)

    def write_program(self, key, program) -> None:
        """Keep a program read and linted (stored.data), unless it is larger than the bound."""
        if stored.storable(program):
            head, parts = stored.data(program)
            self._write(f"program-{key}", "\n".join([_dumps({"format": FORMAT, "key": key, "program": head}),
                                                     *map(_dumps, parts)]))

    def _read(self, name, checked):
        """What ``checked`` makes of the text of the entry ``name`` (None: not well formed), or None."""
        if not self._private():
            return None
        path = self.entries / name
        try:
            found = _READ.pop(_seen(path), None)
            if found is None:
                found = checked(_read_regular(path, self.limit))
        except (OSError, ValueError, RecursionError, MemoryError):
            return None
        if found is not None:
            try:
                if time.time() - os.stat(path).st_mtime > TOUCHED:
                    os.utime(path)      # recently used: evicted last
                _READ[_seen(path)] = found
                while len(_READ) > 4:
                    _READ.pop(next(iter(_READ)))
            except OSError:
                pass
        return found

    def _write(self, stem, text) -> None:
        """Write the entry ``stem``.json, unless it would be larger than the bound."""
        if not self._private():
            return
        if len(text) > self.limit or len(text.encode("utf-8")) > self.limit:
            return
        import tempfile
        temporary = None
        try:
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=self.entries, prefix=f"{stem}-",
                                             suffix=".tmp", delete=False) as out:
                temporary = out.name
                out.write(text)
            os.replace(temporary, self.entries / f"{stem}.json")
            self._evict(keep=f"{stem}.json")
        except OSError:
            if temporary:
                Path(temporary).unlink(missing_ok=True)

    def _private(self) -> bool:
        """Whether the folder exists (made 0700 if it did not), is a folder, is this user's
        and no one else may write to it; and so is the cache's own folder in it (made 0700,
        not a link)."""
        if self._usable is None:
            try:
                self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                st = os.stat(self.folder)
                self._usable = stat.S_ISDIR(st.st_mode) and _mine(st)
                if self._usable:
                    self.entries.mkdir(mode=0o700, exist_ok=True)
                    own = os.lstat(self.entries)
                    self._usable = stat.S_ISDIR(own.st_mode) and _mine(own)
            except (OSError, ValueError):       # ValueError: a name with a NUL in it
                self._usable = False
                return False
            if not self._usable and str(self.folder) not in _warned:
                _warned.add(str(self.folder))
                print(f"warning: the cache folder {self.folder} belongs to another user or others may "
                      "write to it; running without a cache", file=sys.stderr)
        return self._usable

    def _evict(self, keep):
        """In the cache's own folder: remove entries of earlier formats (pickles are never read)
        and temporary files a stopped writer left, then the least recently used entries while
        the folder holds more than the limit. Only names of the cache's own forms are touched."""
        entries, now = [], time.time()
        for path in self.entries.iterdir():
            name = path.name
            if name == keep or not (ENTRY.fullmatch(name) or OLD.fullmatch(name) or TEMPORARY.fullmatch(name)):
                continue
            st = path.lstat()
            if not stat.S_ISREG(st.st_mode):
                continue
            if OLD.fullmatch(name) or (TEMPORARY.fullmatch(name) and now - st.st_mtime > STALE):
                path.unlink(missing_ok=True)
            elif ENTRY.fullmatch(name):
                entries.append((st.st_mtime, st.st_size, path))
        total = sum(size for _, size, _ in entries) + (self.entries / keep).stat().st_size
        for _, size, path in sorted(entries, key=lambda e: (e[0], e[2].name)):
            if total <= self.limit:
                break
            path.unlink(missing_ok=True)
            total -= size


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _mine(st) -> bool:
    """Whether a folder is this user's and no one else may write to it (always, off POSIX)."""
    return os.name != "posix" or (st.st_uid == os.getuid() and not st.st_mode & 0o022)


_READ = {}                      # (path, size, time, inode) of an entry read in this process -> its answers


def _seen(path):
    """What identifies an entry file as it is now: read again only when it changed."""
    st = os.stat(path)
    return str(path), st.st_size, st.st_mtime_ns, st.st_ino


def _read_regular(path, limit) -> str:
    """The text of a regular file of at most ``limit`` bytes (never waits on a pipe or device)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            raise ValueError(f"{path} is not a cache entry")
        return f.read().decode("utf-8")


_VALUES = frozenset((str, int))       # the types of a value kept (a bool is neither: its type is bool)


def _checked(data, key, arities):
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return None
    answers = data.get("answers")
    if not isinstance(answers, dict) or set(answers) != set(arities):
        return None
    out = {}
    for pred, rows in answers.items():
        if type(rows) is not list:
            return None
        arity, found = arities[pred], []
        for row in rows:
            if type(row) is not list or len(row) != arity or not _VALUES.issuperset(map(type, row)):
                return None
            found.append(tuple(row))
        out[pred] = found
    trail = data.get("trail")
    if not isinstance(trail, list) or not all(
            isinstance(step, list) and len(step) == 2 and type(step[0]) is str and type(step[1]) is int
            for step in trail):
        return None
    return out, [tuple(step) for step in trail]


@functools.lru_cache(maxsize=16)
def _knowledge(program) -> str:
    """A hash of the knowledge read: every table's rows and every clause file's text."""
    digest = hashlib.sha256()
    for pred in sorted(program.tables):
        for table in program.tables[pred]:
            digest.update(repr((table.path, table.columns, [r.values for r in table.rows])).encode())
    for label in sorted(program.sources):
        digest.update(label.encode() + b"\0" + program.sources[label].encode() + b"\0")
    return digest.hexdigest()


@functools.cache
def _engine_code() -> str:
    """A hash of the engine's source, so that a changed engine never reads an old entry."""
    digest = hashlib.sha256()
    try:
        for path in sorted(Path(__file__).parent.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return ""
    return digest.hexdigest()


def knowledge_digest(program) -> str:
    """The hash of the knowledge a program read (what a kept judgment names its knowledge by)."""
    return _knowledge(program)
