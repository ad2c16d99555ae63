"""The workers behind the page: a pool of sandboxes for everyone, and a sandbox of its own for
a session that adds rules.

Every request runs in a ``queries.sandbox.Sandbox`` (a worker process with the time and memory
limits of ``queries.engine.limits``): a question that runs away is stopped at the time limit
and its worker restarted, while the other workers go on serving. At most ``size`` requests are
answered at once and ``waiting`` more wait (at most ``wait`` seconds) for a worker; past that a
request is refused at once with ``Busy`` (the page's 503). A session that adds a rule of its
own gets a worker of its own, loading a folder under the pool's own temporary folder; it ends
when the session has been idle ``idle`` seconds, and its folder is removed with it.

>>> with Pool(size=1, waiting=0, timeout=10) as pool:
...     with pool.worker() as box:
...         box.cast("787889", month="戌", day="乙巳") and box.ask("line_relative(C, 3, R)")
...     session = pool.add_rule(None, "my_mark(C, P) <= line_relative(C, P, '妻財')")["session"]
...     with pool.worker(session) as box:
...         box.cast("787889", month="戌", day="乙巳") and box.ask("my_mark(C, P)")
...     pool.rules(session), pool.rules("no such session")
[('妻財',)]
[(3,), (5,)]
(["my_mark(C, P) <= line_relative(C, P, '妻財')"], [])
"""
from __future__ import annotations

import queue
import re
import secrets
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.limits import DEFAULT_MEMORY_MB
from ..errors import KnowledgeError, UserError
from ..messages import error
from ..sandbox import Sandbox

RULE_FILE = "user.dl"
FOLDER = "my-rules"               # a session's folder, as its proofs name it (my-rules/kb/user.dl)
FILE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\.(dl|tsv)")


def _place(name) -> str:
    """The folder of a session's file: rules in kb/, tables in facts/."""
    return "kb" if name.endswith(".dl") else "facts"


def _read(path) -> str:
    return path.read_text(encoding="utf-8")


class Busy(UserError):
    """No worker is free and the queue is full (or the wait for one passed): try again later."""


@dataclass
class Private:
    """A session's own worker, its folder and the rules it added, and when it was last used."""
    box: object
    folder: Path
    rules: list = field(default_factory=list)
    used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    labels: dict | None = None


class Pool:
    """``size`` shared sandbox workers, a queue of ``waiting`` requests, ``sessions`` private
    workers at most; ``timeout`` and ``memory_mb`` are every worker's limits."""

    def __init__(self, size=2, *, waiting=16, wait=10.0, timeout=5.0, memory_mb=DEFAULT_MEMORY_MB,
                 sessions=8, idle=600.0):
        if size < 1 or waiting < 0:
            raise error("web.pool_size", size=size, waiting=waiting)
        self.size, self.waiting, self.wait, self.idle, self.sessions = size, waiting, wait, idle, sessions
        self.timeout, self.memory_mb = timeout, memory_mb
        self.root = Path(tempfile.mkdtemp(prefix="liuyao-web-"))
        self._free = queue.Queue()
        self._all = [Sandbox(timeout=timeout, memory_mb=memory_mb) for _ in range(size)]
        for box in self._all:
            self._free.put(box)
        self._slots = threading.BoundedSemaphore(size + waiting)
        self._private = {}
        self._labels = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        threading.Thread(target=self._reap, daemon=True).start()

    # ---- the shared workers and a session's own --------------------------------------------

    @contextmanager
    def worker(self, session=None):
        """A sandbox for one request: the session's own when it has one, else a shared one."""
        private = self._private.get(session) if session else None
        if private is not None:
            if not private.lock.acquire(timeout=self.wait):
                raise error("web.busy_session", Busy)
            try:
                private.used = time.monotonic()
                yield private.box
            finally:
                private.used = time.monotonic()
                private.lock.release()
            return
        if not self._slots.acquire(blocking=False):
            raise error("web.busy_full", Busy, size=self.size, waiting=self.waiting)
        try:
            try:
                box = self._free.get(timeout=self.wait)
            except queue.Empty:
                raise error("web.busy_wait", Busy, seconds=self.wait) from None
            try:
                yield box
            finally:
                self._free.put(box)
        finally:
            self._slots.release()

    def labels(self, session, box) -> dict:
        """The names the views give the knowledge's terms, asked of a worker once
        (``Session.labels``): the shared workers' for everyone, a session's own for it (its
        rules and tables are its own); ``box`` is the worker the request holds."""
        private = self._private.get(session) if session else None
        if private is not None:
            if private.labels is None:
                private.labels = box.labels()
            return private.labels
        if self._labels is None:
            self._labels = box.labels()
        return self._labels

    def has_session(self, session) -> bool:
        return bool(session) and session in self._private

    def rules(self, session) -> list:
        """The rules a session added, in order ([] for none or an unknown session)."""
        private = self._private.get(session) if session else None
        return list(private.rules) if private else []

    def add_rule(self, session, text) -> dict:
        """Add a rule (or facts' clauses) to a session's own folder and load it, linted as a
        folder is; the session gets a worker of its own first (a new session when ``session``
        is None or unknown). Returns {"session", "warnings"}; a KnowledgeError leaves the
        session's rules as they were."""
        text = str(text).strip()
        if not text:
            raise error("web.need_rule")
        return self._add(session, lambda private: {
            RULE_FILE: _read(private.folder / "kb" / RULE_FILE)
            + f"# @rule user.{len(private.rules) + 1} rule {len(private.rules) + 1}\n{text}\n\n"}, [text])

    def add_files(self, session, files: dict) -> dict:
        """Add files of one's own to a session's folder and load it, as ``add_rule``: ``files``
        maps a file name (``void.dl`` into kb/, ``lucky_branch.tsv`` into facts/) to its text.
        A name of another kind, or one that is already the session's, is refused."""
        if not files:
            raise error("web.upload_none")
        for name in files:
            if not FILE_NAME.fullmatch(name) or name == RULE_FILE:
                raise error("web.upload_name", name=name)
        return self._add(session, lambda private: dict(files), [f"{_place(name)}/{name}" for name in sorted(files)])

    def _add(self, session, contents, shown) -> dict:
        private = self._private.get(session) if session else None
        if private is None:
            session, private = self._new_session()
        with self._held(private):
            wanted = contents(private)
            paths = {private.folder / _place(name) / name: text for name, text in wanted.items()}
            before = {path: _read(path) if path.exists() else None for path in paths}
            for path, text in paths.items():
                path.write_text(text, encoding="utf-8")
            try:
                summary = private.box.load(str(private.folder))
            except KnowledgeError:
                for path, text in before.items():
                    if text is None:
                        path.unlink()
                    else:
                        path.write_text(text, encoding="utf-8")
                private.box.reload()
                raise
            private.rules.extend(shown)
            private.labels = None
        return {"session": session, "warnings": list(summary.get("warnings", []))}

    def forget(self, session) -> None:
        """End a session's own worker and remove its folder (nothing when it has none)."""
        with self._lock:
            private = self._private.pop(session, None) if session else None
        if private is not None:
            private.box.close()
            shutil.rmtree(private.folder.parent, ignore_errors=True)

    @contextmanager
    def _held(self, private):
        if not private.lock.acquire(timeout=self.wait):
            raise error("web.busy_session", Busy)
        try:
            yield
        finally:
            private.used = time.monotonic()
            private.lock.release()

    def _new_session(self):
        with self._lock:
            if len(self._private) >= self.sessions:
                raise error("web.busy_sessions", Busy, sessions=self.sessions)
            session = secrets.token_urlsafe(16)
            folder = self.root / session / FOLDER
            (folder / "kb").mkdir(parents=True)
            (folder / "facts").mkdir()
            (folder / "kb" / RULE_FILE).write_text("", encoding="utf-8")
            private = Private(Sandbox([str(folder)], timeout=self.timeout, memory_mb=self.memory_mb), folder)
            self._private[session] = private
        return session, private

    def _reap(self):
        while not self._closed.wait(min(30.0, max(0.5, self.idle / 4))):
            now = time.monotonic()
            for session, private in list(self._private.items()):
                if now - private.used > self.idle and not private.lock.locked():
                    self.forget(session)

    # ---- the pool's life --------------------------------------------------------------------

    def close(self) -> None:
        """Stop every worker and remove the sessions' folders."""
        self._closed.set()
        for session in list(self._private):
            self.forget(session)
        for box in self._all:
            box.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
