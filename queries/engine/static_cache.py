"""A cache of the parsed program and of the answers of static predicates, so that loading
does not read, check and compute them again while the knowledge is unchanged.

The answers depend only on the text of the knowledge, the pyDatalog version and engine, and
this package's version; the file name is a hash of all of them. The cache lives in
``$LIUYAO_CACHE_DIR``, else ``$XDG_CACHE_HOME/liuyao-kb``, else ``~/.cache/liuyao-kb``;
``LIUYAO_CACHE=off`` disables it. A missing, unreadable or malformed file is recomputed; a
file that cannot be written is skipped. Nothing here ever stops the program.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
from pathlib import Path

from pyDatalog import pyEngine, version as pydatalog_version

VERSION = "1"


def _folder() -> Path | None:
    if os.environ.get("LIUYAO_CACHE", "").lower() in ("off", "0", "no"):
        return None
    if os.environ.get("LIUYAO_CACHE_DIR"):
        return Path(os.environ["LIUYAO_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "liuyao-kb"


def _key(program) -> str:
    digest = hashlib.sha256()
    engine = "pure" if str(pyEngine.__file__).endswith(".py") else "compiled"
    digest.update(f"{VERSION}|{getattr(pydatalog_version, '__version__', '')}|{engine}".encode())
    for pred in sorted(program.tables):
        for table in program.tables[pred]:
            digest.update(repr((table.path, table.columns, [r.values for r in table.rows])).encode())
    for label in sorted(program.sources):
        digest.update(label.encode() + b"\0" + program.sources[label].encode())
    return digest.hexdigest()[:32]


def read(program):
    """The cached answers {predicate: [row, ...]}, or None."""
    folder = _folder()
    if folder is None:
        return None
    try:
        data = json.loads((folder / f"static-{_key(program)}.json").read_text(encoding="utf-8"))
        return {pred: [tuple(row) for row in rows] for pred, rows in data.items()
                if all(isinstance(v, (str, int)) and not isinstance(v, bool) for row in rows for v in row)}
    except (OSError, ValueError, AttributeError, TypeError):
        return None


def write(program, answers) -> None:
    folder = _folder()
    if folder is None:
        return
    temporary = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, delete=False,
                                         suffix=".tmp") as out:
            temporary = out.name
            json.dump({p: [list(r) for r in rows] for p, rows in sorted(answers.items())}, out,
                      ensure_ascii=False)
        os.replace(temporary, folder / f"static-{_key(program)}.json")
    except OSError:
        if temporary:
            Path(temporary).unlink(missing_ok=True)


def _files_key(files) -> str:
    digest = hashlib.sha256(f"{VERSION}|{getattr(pydatalog_version, '__version__', '')}".encode())
    for label, path in files:
        digest.update(label.encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def read_program(files, build):
    """The parsed program of these (label, path) files from the cache, else build() and keep it."""
    folder = _folder()
    try:
        key = _files_key(files)
    except OSError:
        return build()
    if folder is not None:
        try:
            with open(folder / f"program-{key}.pickle", "rb") as cached:
                return pickle.load(cached)
        except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            pass
    program = build()
    if folder is not None:
        temporary = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("wb", dir=folder, delete=False, suffix=".tmp") as out:
                temporary = out.name
                pickle.dump(program, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, folder / f"program-{key}.pickle")
        except OSError:
            if temporary:
                Path(temporary).unlink(missing_ok=True)
    return program
