"""The workers behind the page: a pool of sandboxes for everyone, and a sandbox of its own for
a session that adds rules.

Every request runs in a ``queries.sandbox.Sandbox`` (a worker process with the time and memory
limits of ``queries.engine.limits``): a question that runs away is stopped at the time limit
and its worker restarted, while the other workers go on serving. At most ``size`` requests are
answered at once and ``waiting`` more wait (at most ``wait`` seconds) for a worker; past that a
request is refused at once with ``Busy`` (the page's 503). The shared workers are handed out
fairly: one client (an address) holds at most ``share`` of them at once, and a worker that
comes free goes to the first request of a client under its share, so one client's load leaves
the others a worker. A shared worker forgets the request's cast when it is given back.

A session that adds a rule of its own gets a worker of its own, loading a folder under the
pool's own temporary folder. A rule or a file is added to a copy of the session's folder, which
a fresh worker loads: only when that loads is it the session's (a new session is made only
then), so a refusal, a time limit or a stopped worker leaves the session's files and rules as
they were. The session ends when it has been idle ``idle`` seconds, or is forgotten, and its
folder is removed with it; a request in flight finishes first.

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

import re
import secrets
import shutil
import tempfile
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from ..engine.limits import DEFAULT_MEMORY_MB
from ..engine.problem import Problem
from ..engine.reader import parse_text
from ..engine.record import record, field
from ..errors import KnowledgeError, UserError
from ..messages import error
from ..sandbox import Sandbox

RULE_FILE = "user.dl"
FOLDER = "my-rules"               # a session's folder, as its proofs name it (my-rules/kb/user.dl)
FILE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\.(dl|tsv)")
_INSIDE = re.compile(r"[^\s'\"()<>]*liuyao-web-[A-Za-z0-9_]+/[A-Za-z0-9_-]+/g\d+/")


def _place(name) -> str:
    """The folder of a session's file: rules in kb/, tables in facts/."""
    return "kb" if name.endswith(".dl") else "facts"


def _read(path) -> str:
    return path.read_text(encoding="utf-8")


def unplaced(text: str) -> str:
    """A message without the pool's folders: a session's file by its own name.

    >>> unplaced("/tmp/liuyao-web-x1y/Zq3-_f/g2/my-rules/kb/bom.dl:1: not UTF-8")
    'my-rules/kb/bom.dl:1: not UTF-8'
    """
    return _INSIDE.sub("", text)


_RULE_LINE = re.compile(r"[^\s'\"()<>]*kb/" + re.escape(RULE_FILE) + r":(\d+)")


def pasted(found: KnowledgeError, before: int) -> KnowledgeError:
    """The problems of a pasted rule at the student's own lines: line N of the session's
    ``kb/user.dl``, past the ``before`` lines that hold the rules already added and its @rule
    line, is line N - before of what was pasted (``web.pasted_line``).

    >>> pasted(KnowledgeError(["/x/my-rules/kb/user.dl:5: syntax error"]), 4).problems
    ['pasted rule, line 1: syntax error']
    """
    def line(match):
        n = int(match.group(1))
        return f"pasted rule, line {n - before}" if n > before else match.group()

    def where(value):
        found = _RULE_LINE.fullmatch(value) if isinstance(value, str) else None
        return ("web.pasted_line", {"line": int(found.group(1)) - before}) \
            if found and int(found.group(1)) > before else value
    out = []
    for p in found.problems:
        if getattr(p, "key", None):
            out.append(Problem(_RULE_LINE.sub(line, str(p)), p.key, **{k: where(v) for k, v in p.values.items()}))
        else:
            out.append(_RULE_LINE.sub(line, str(p)))
    return KnowledgeError(out)


def _parses(wanted) -> None:
    """A KnowledgeError when a clause file to be added does not even parse: said at once, in
    this process, without a worker started for it (a lint error needs the knowledge: the
    worker's load says it)."""
    found = []
    for name, text in sorted(wanted.items()):
        if name.endswith(".dl"):
            found += parse_text(text, f"{FOLDER}/kb/{name}", "user")[2]
    if found:
        raise KnowledgeError(found)


class Busy(UserError):
    """No worker is free and the queue is full (or the wait for one passed): try again later."""


@record
class Private:
    """A session's own worker, its folder and the rules it added, when it was last used, the
    client that made it, and whether it is being forgotten (its worker ends after the request
    in flight)."""
    box: object
    folder: Path
    client: str = ""
    rules: list = field(default_factory=list)
    used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    adding: threading.Lock = field(default_factory=threading.Lock)
    labels: dict | None = None
    generation: int = 0
    closing: bool = False


class Pool:
    """``size`` shared sandbox workers, a queue of ``waiting`` requests, ``sessions`` private
    workers at most (a client's ``sessions // 4``, at least one); ``timeout`` and ``memory_mb``
    are every worker's limits."""

    def __init__(self, size=2, *, waiting=16, wait=10.0, timeout=5.0, memory_mb=DEFAULT_MEMORY_MB,
                 sessions=8, idle=600.0):
        if size < 1 or waiting < 0:
            raise error("web.pool_size", size=size, waiting=waiting)
        self.size, self.waiting, self.wait, self.idle, self.sessions = size, waiting, wait, idle, sessions
        self.timeout, self.memory_mb = timeout, memory_mb
        self.share = max(1, size // 2)                 # shared workers one client holds at once
        self.client_sessions = max(1, sessions // 4)
        self.root = Path(tempfile.mkdtemp(prefix="liuyao-web-"))
        self._all = [Sandbox(timeout=timeout, memory_mb=memory_mb) for _ in range(size)]
        self._free = list(self._all)
        self._turn = threading.Condition()
        self._queue = []                               # (ticket, client) of the requests waiting, in order
        self._tickets = 0
        self._running = Counter()                      # client -> shared workers it holds
        self._slots = threading.BoundedSemaphore(size + waiting)
        self._private = {}
        self._making = {}                              # session being made -> its client
        self._labels = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        threading.Thread(target=self._reap, daemon=True).start()

    # ---- the shared workers and a session's own --------------------------------------------

    @contextmanager
    def worker(self, session=None, client=""):
        """A sandbox for one request: the session's own when it has one, else a shared one
        (fairly among the clients, ``client`` being the request's address)."""
        private = self._private.get(session) if session else None
        if private is not None:
            if not private.lock.acquire(timeout=self.wait):
                raise error("web.busy_session", Busy)
            if not private.closing:
                try:
                    private.used = time.monotonic()
                    yield private.box
                finally:
                    private.used = time.monotonic()
                    self._release(private)
                return
            self._release(private)                   # forgotten meanwhile: answered without its rules
        if not self._slots.acquire(blocking=False):
            raise error("web.busy_full", Busy, size=self.size, waiting=self.waiting)
        try:
            box = self._take(client)
            try:
                yield box
            finally:
                self._give_back(box, client)
        finally:
            self._slots.release()

    def _take(self, client):
        """A free shared worker, for the first waiting request whose client is under its share."""
        deadline = time.monotonic() + self.wait
        with self._turn:
            ticket = (self._tickets, client)
            self._tickets += 1
            self._queue.append(ticket)
            try:
                while not (self._free and self._next() is ticket):
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise error("web.busy_wait", Busy, seconds=self.wait)
                    self._turn.wait(left)
                self._running[client] += 1
                return self._free.pop()
            finally:
                self._queue.remove(ticket)
                self._turn.notify_all()

    def _next(self):
        return next((t for t in self._queue if self._running[t[1]] < self.share), None)

    def _give_back(self, box, client):
        """A shared worker back to the pool, the request's cast forgotten (a worker that cannot
        forget it is started again without it)."""
        try:
            box.uncast()
        except UserError:
            box.restart()
        with self._turn:
            self._running[client] -= 1
            self._free.append(box)
            self._turn.notify_all()

    def labels(self, box) -> dict:
        """The names the views give the knowledge's terms, asked of a worker once
        (``Session.labels``): the shared workers' for everyone, a session's own for it (its
        rules and tables are its own); ``box`` is the worker the request holds."""
        if any(box is shared for shared in self._all):
            if self._labels is None:
                self._labels = box.labels()
            return self._labels
        private = next((p for p in list(self._private.values()) if p.box is box), None)
        if private is None:
            return box.labels()
        if private.labels is None:
            private.labels = box.labels()
        return private.labels

    def has_session(self, session) -> bool:
        return bool(session) and session in self._private

    def rules(self, session) -> list:
        """The rules a session added, in order ([] for none or an unknown session)."""
        private = self._private.get(session) if session else None
        return list(private.rules) if private else []

    def add_rule(self, session, text, client="") -> dict:
        """Add a rule (or facts' clauses) to a session's own folder and load it, linted as a
        folder is; a new session (when ``session`` is None or unknown) is made only once its
        first rule loads. Returns {"session", "warnings"}; any failure leaves the session's
        files and rules as they were."""
        text = str(text).strip()
        if not text:
            raise error("web.need_rule")
        before = {}

        def contents(folder, count):
            old = _read(folder / "kb" / RULE_FILE)
            before["lines"] = old.count("\n") + 1             # the rules before it and its @rule line
            return {RULE_FILE: old + f"# @rule user.{count + 1} rule {count + 1}\n{text}\n\n"}
        try:
            return self._add(session, client, contents, [text])
        except KnowledgeError as e:
            raise pasted(e, before.get("lines", 1)) from None

    def add_files(self, session, files: dict, client="") -> dict:
        """Add files of one's own to a session's folder and load it, as ``add_rule``: ``files``
        maps a file name (``void.dl`` into kb/, ``lucky_branch.tsv`` into facts/) to its text.
        A name of another kind, or one that is already the session's, is refused."""
        if not files:
            raise error("web.upload_none")
        for name in files:
            if not FILE_NAME.fullmatch(name) or name == RULE_FILE:
                raise error("web.upload_name", name=name)
        private = self._private.get(session) if session else None
        if private is not None:
            for name in files:
                if (private.folder / _place(name) / name).exists():
                    raise error("web.upload_exists", name=name)
        return self._add(session, client, lambda folder, count: dict(files),
                         [f"{_place(name)}/{name}" for name in sorted(files)])

    def _add(self, session, client, contents, shown) -> dict:
        private = self._private.get(session) if session else None
        if private is None:
            return self._first(client, contents, shown)
        if not private.adding.acquire(blocking=False):
            raise error("web.busy_session", Busy)
        try:
            private.used = time.monotonic()
            try:
                folder, box, summary = self._load_next(session, private.folder, private.generation + 1,
                                                       contents(private.folder, len(private.rules)))
            except UserError:
                if private.closing:
                    raise error("web.session_gone") from None
                raise
            try:
                with self._held(private):
                    if private.closing:
                        raise error("web.session_gone")
                    old_box, old_folder = private.box, private.folder
                    private.box, private.folder, private.generation = box, folder, private.generation + 1
                    private.rules.extend(shown)
                    private.labels = None
            except BaseException:                   # not swapped in: the new worker and folder go
                box.close()
                shutil.rmtree(folder.parent, ignore_errors=True)
                raise
            old_box.close()
            shutil.rmtree(old_folder.parent, ignore_errors=True)
        finally:
            private.adding.release()
        return {"session": session, "warnings": list(summary.get("warnings", []))}

    def _first(self, client, contents, shown) -> dict:
        """A new session with its first rule or files: made only once they load."""
        with self._lock:
            if len(self._private) + len(self._making) >= self.sessions:
                raise error("web.busy_sessions", Busy, sessions=self.sessions)
            mine = sum(p.client == client for p in self._private.values()) + list(self._making.values()).count(client)
            if mine >= self.client_sessions:
                raise error("web.busy_client_sessions", Busy, sessions=self.client_sessions)
            session = secrets.token_urlsafe(16)
            self._making[session] = client
        try:
            empty = self.root / session / "g0" / FOLDER
            (empty / "kb").mkdir(parents=True)
            (empty / "facts").mkdir()
            (empty / "kb" / RULE_FILE).write_text("", encoding="utf-8")
            folder, box, summary = self._load_next(session, empty, 1, contents(empty, 0))
            with self._lock:
                self._private[session] = Private(box, folder, client, list(shown), generation=1)
            return {"session": session, "warnings": list(summary.get("warnings", []))}
        except BaseException:
            if session not in self._private:
                shutil.rmtree(self.root / session, ignore_errors=True)
            raise
        finally:
            with self._lock:
                self._making.pop(session, None)
            shutil.rmtree(self.root / session / "g0", ignore_errors=True)

    def _load_next(self, session, folder, generation, wanted):
        """The session's next folder (a copy of ``folder`` with the ``wanted`` files written)
        loaded by a fresh worker: (the folder, the worker, the load's summary). On any failure
        both are gone and the error is raised, the session untouched."""
        _parses(wanted)
        nxt = self.root / session / f"g{generation}" / FOLDER
        box = None
        try:
            shutil.rmtree(nxt.parent, ignore_errors=True)
            shutil.copytree(folder, nxt)
            for name, text in wanted.items():
                (nxt / _place(name) / name).write_text(text, encoding="utf-8")
            box = Sandbox(timeout=self.timeout, memory_mb=self.memory_mb)
            summary = box.load(str(nxt))
        except BaseException:
            if box is not None:
                box.close()
            shutil.rmtree(nxt.parent, ignore_errors=True)
            raise
        return nxt, box, summary

    def forget(self, session) -> None:
        """End a session's own worker and remove its folder (nothing when it has none); a
        request of the session in flight finishes first, without its rules if it comes later."""
        with self._lock:
            private = self._private.pop(session, None) if session else None
        if private is None:
            return
        private.closing = True
        if private.lock.acquire(blocking=False):
            self._release(private)

    def _release(self, private):
        """Release a session's worker; the last holder of a forgotten one ends it."""
        try:
            if private.closing:
                private.box.close()
                shutil.rmtree(private.folder.parent.parent, ignore_errors=True)
        finally:
            private.lock.release()

    @contextmanager
    def _held(self, private):
        if not private.lock.acquire(timeout=self.wait):
            raise error("web.busy_session", Busy)
        try:
            yield
        finally:
            private.used = time.monotonic()
            self._release(private)

    def _reap(self):
        """End idle sessions, and collect a private worker that was killed (no zombie waits)."""
        while not self._closed.wait(min(30.0, max(0.5, self.idle / 4))):
            now = time.monotonic()
            for session, private in list(self._private.items()):
                if private.lock.locked() or private.adding.locked():
                    continue
                if now - private.used > self.idle:
                    self.forget(session)
                else:
                    private.box.alive()

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
