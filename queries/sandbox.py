"""A session in a worker process, with a time limit on every call.

The compiled pyDatalog engine cannot be interrupted inside its process, and a rule that
passes the lint can still run forever (left recursion that makes numbers:
``count(N) <= count(M) & (N == M + 1)``). A ``Sandbox`` keeps the knowledge base in a worker
process and offers the calls of ``queries.session.Session`` (its table ``SERVED``: each
method of the proxy is made from it). When a call takes longer than the limit, the worker is
killed, ``QueryTimeout`` names the goal and the limit, and a fresh worker is started with the
same folders, cast, question and conventions, so the session goes on.

Every call has the limit as a whole, loading a folder included (the worker names the predicate
it computes, so a message says what was being computed). Only the start of a worker, which
reads the shipped knowledge and restores the session (its folders loaded within the limit
before), has ``STARTUP`` seconds to read the knowledge and then the limit for each predicate it
computes. An answer
is at most ``MOST_ANSWER`` bytes: the worker refuses to send a larger one (a one-line
QueryTooLarge), and the parent never reads one. A closed sandbox answers nothing (WorkerError).
Memory is bounded twice: the worker's knowledge base stops a question that holds more than
``memory_mb`` (a one-line QueryTooLarge, the session goes on), and the worker's address space
is capped at twice that and ``ROOM_MB`` more above what it holds at start-up, for anything the
count misses (a MemoryError there restarts the worker); ``set_memory`` starts the worker again
with another limit.

>>> with Sandbox(timeout=5) as box:
...     box.cast("787889", month="戌", day="乙巳")
...     box.ask("line_relative(C, 3, R)")
...     box.explain("line_relative(C, 3, R)").rule.id
'c1'
[('妻財',)]
'line_relative.1'

The worker is ``python -c …`` (this interpreter), speaking length-prefixed JSON over its
standard input and output (``queries.engine.wire``: plain data of the types a session hands
out, every message checked on receipt, never code); its own prints go to standard error
(silenced unless ``LIUYAO_SANDBOX_DEBUG=1``). A message that is not of the shape expected is a
one-line WorkerError, and the worker is restarted.
"""
from __future__ import annotations

import functools
import gc
import os
import queue
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

from .engine import wire
from .engine.problem import Problem, as_data
from .engine.limits import DEFAULT_MEMORY_MB, GC_THRESHOLD, Limits
from .engine.record import replace
from .errors import KnowledgeError, QueryTimeout, QueryTooLarge, UserError
from .messages import error, text
from .session import SERVED, Session, SessionState, _folder, check_lang

DEFAULT_TIMEOUT = 5.0
STARTUP = 60.0          # seconds allowed for a worker to start and to read the knowledge text
MOST_ANSWER = 4 * 2 ** 20   # bytes of one answer on the pipe (the rules of every predicate: 1.6 MB)
ROOM_MB = 256           # address space a worker may take beyond twice its memory limit: the
                        # knowledge, the libraries mapped, thread stacks
_HEADER = struct.Struct(">I")


class WorkerError(UserError):
    """The worker process stopped or answered something unexpected; it has been restarted."""


@functools.lru_cache(maxsize=None)
def _kinds() -> dict:
    """The records a message may hold, by name: what a session takes and hands out."""
    from .calendar import Pillars
    from .cast_input import Cast
    from .engine.proof import Failure, Proof, WhyNot
    from .engine.terms import Arith, Atom, Compare, Const, Fact, Rule, RuleInfo, Var
    from .results import Answers, FactRows, RuleCheck, RuleEntry, Rules
    kinds = (Answers, Arith, Atom, Cast, Compare, Const, Fact, Failure, FactRows, Pillars, Proof, Rule,
             RuleCheck, RuleEntry, RuleInfo, Rules, SessionState, Var, WhyNot)
    return {kind.__name__: kind for kind in kinds}


class _TooLarge(Exception):
    """An answer larger than MOST_ANSWER bytes (not sent)."""


def _send(stream, message, most=None) -> None:
    data = wire.encode(message, _kinds())
    if most is not None and len(data) > most:
        raise _TooLarge(len(data))
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _receive(stream, check, most=None):
    """One message, checked by ``check`` (which raises wire.Malformed), or None at the end of
    the stream; a message of more than ``most`` bytes is Malformed, and is not read."""
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(head)
    if most is not None and size > most:
        raise _malformed("sandbox.answer_size", size=size, most=most)
    data = stream.read(size)
    if len(data) < size:
        return None
    message = wire.decode(data, _kinds())
    check(message)
    return message


def _check_answer(message):
    """An answer of the worker: ("beat", what), ("ok", result, state) or ("error", kind, text,
    problems, said, state), said the error's message (key, values) or None."""
    shapes = {"beat": ((str, type(None)),),
              "ok": (object, (SessionState, type(None))),
              "error": (str, str, (list, tuple, type(None)), (tuple, type(None)), (SessionState, type(None)))}
    _check(message, shapes, "answer")
    said = message[4] if message[0] == "error" else None
    if said is not None and not (len(said) == 2 and isinstance(said[0], str) and isinstance(said[1], dict)):
        raise _malformed("sandbox.answer_said")
    if message[0] == "error" and not all(_is_problem(p) for p in message[3] or ()):
        raise _malformed("sandbox.answer_problem")


def _is_problem(data):
    """A problem on the pipe: a text, or [text, (key, values) or None]."""
    if isinstance(data, str):
        return True
    return isinstance(data, list) and len(data) == 2 and isinstance(data[0], str) and (data[1] is None or (
        isinstance(data[1], tuple) and len(data[1]) == 2 and isinstance(data[1][0], str)
        and isinstance(data[1][1], dict) and all(isinstance(name, str) for name in data[1][1])))


def _check_request(message):
    """A request to the worker: (method, args, kwargs)."""
    _check(message, {method: (tuple, dict) for method in ("restore", *SERVED)}, "request")
    if not all(isinstance(key, str) for key in message[2]):
        raise _malformed("sandbox.request_names")


def _check(message, shapes, what):
    """Malformed unless ``message`` is one of ``shapes`` (kind -> the types after it); ``what`` is
    "answer" or "request", which names the messages (sandbox.answer_kind …)."""
    if not isinstance(message, tuple) or not message or not isinstance(message[0], str) \
            or message[0] not in shapes:
        raise _malformed(f"sandbox.{what}_kind")
    kinds = shapes[message[0]]
    if len(message) != 1 + len(kinds) or not all(isinstance(v, k) for v, k in zip(message[1:], kinds)):
        raise _malformed(f"sandbox.{what}_shape", kind=message[0])


def _malformed(key, **values) -> wire.Malformed:
    """A Malformed that says the message ``key`` (its text the English, its ``said`` the message)."""
    e = wire.Malformed(text(key, "en", **values))
    e.said = (key, values)
    return e


class Sandbox:
    """A ``Session`` in a worker process with a time limit per call (``timeout`` seconds,
    None for none) and a memory limit (``memory_mb``, None for none). The same methods as
    ``Session``; results are copies, not live objects. A folder that does not exist is a
    UserError at once, as for a Session.

    The worker starts at once and loads in the background; the first call waits for it.
    ``notices()`` gives what could not be restored or loaded at start (one line each).
    """

    def __init__(self, extra=(), *, timeout=DEFAULT_TIMEOUT, lang="en", conventions=None,
                 memory_mb=DEFAULT_MEMORY_MB):
        check_lang(lang)
        Limits(timeout, memory_mb)
        self.timeout = timeout
        self.memory_mb = memory_mb
        self._process = None
        self._closed = False
        self._state = SessionState(tuple(_folder(d) for d in extra), lang,
                                   tuple(sorted(dict(conventions or {}).items())))
        self._notices = []
        self._start(self._state)

    # ---- the worker ------------------------------------------------------------------------

    def _start(self, state):
        root = str(Path(__file__).resolve().parent.parent)
        code = (f"import sys; sys.path.insert(0, {root!r}); "
                f"from queries.sandbox import _worker; _worker({self.memory_mb!r})")
        debug = os.environ.get("LIUYAO_SANDBOX_DEBUG", "") not in ("", "0")
        self._process = subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=None if debug else subprocess.DEVNULL, start_new_session=True, bufsize=0)
        self._inbox = queue.Queue()
        threading.Thread(target=self._read, args=(self._process.stdout, self._inbox), daemon=True).start()
        self._pending = state
        _send(self._process.stdin, ("restore", (state,), {}))

    @staticmethod
    def _read(stream, inbox):
        """Put each answer of ``stream`` in ``inbox``, then None (or the malformed one), and
        close the stream. Only this thread closes it: closed by another, its descriptor could be
        the next worker's pipe before this thread's read began, and that read take its bytes."""
        try:
            reader = _Reader(stream)
            while True:
                message = _receive(reader, _check_answer, MOST_ANSWER + 2 ** 16)
                inbox.put(message)
                if message is None:
                    return
        except wire.Malformed as e:
            inbox.put(("malformed", getattr(e, "said", None) or str(e)))
        except (OSError, ValueError, EOFError):
            inbox.put(None)
        finally:
            try:
                stream.close()
            except OSError:
                pass

    def _kill(self):
        process, self._process = self._process, None
        if process is None:
            return
        try:
            process.kill()
        except OSError:
            pass
        process.wait()
        try:
            process.stdin.close()       # its answers are closed by their reader (``_read``)
        except OSError:
            pass

    def _wait(self, what, loading):
        """The worker's answer to the request just sent: ("ok", result, state) or ("error", …).

        Raises _Stopped(reason) when the limit passes (or on Ctrl-C) and _Died when the
        worker ends; the worker is then gone.
        """
        limit, starting = self.timeout, what == "restore"
        deadline = None if limit is None else time.monotonic() + (max(limit, STARTUP) if starting else limit)
        computing = None
        while True:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                message = self._inbox.get(timeout=remaining) if remaining is not None else self._inbox.get()
            except queue.Empty:
                self._kill()
                raise _Stopped(computing)
            except KeyboardInterrupt:
                self._kill()
                raise _Stopped(computing, interrupted=True) from None
            if message is None or message[0] == "malformed":
                code = self._process.poll() if self._process else None
                self._kill()
                raise _Died(code, None if message is None else message[1])
            if message[0] == "beat":
                computing = message[1]
                if starting and deadline is not None:       # a start: the limit for each predicate it computes
                    deadline = time.monotonic() + limit
                continue
            return message

    def _ready(self):
        """Wait for a worker that is (re)starting; fall back to less state if it cannot."""
        if self._pending is None:
            return
        state, dropped = self._pending, []
        while True:
            try:
                message = self._wait("restore", loading=True)
                if message[0] != "ok":
                    self._kill()
                    raise _Failed(message[2])
            except (_Stopped, _Died, _Failed) as stop:
                reason = _reason(stop, self.timeout)
                if state.cast is not None:
                    dropped.append(text("sandbox.cast_dropped", state.lang, cast=state.cast_id, reason=reason))
                    state = replace(state, cast=None, cast_id=None, question=None)
                elif state.extra:
                    dropped.append(text("sandbox.folders_dropped", state.lang, folders=", ".join(state.extra),
                                        reason=reason))
                    state = replace(state, extra=(), cast=None, cast_id=None, question=None)
                else:
                    self._pending = None
                    raise error("sandbox.could_not_start", WorkerError, reason=reason)
                self._start(state)
                continue
            break
        self._pending = None
        self._state = message[-1]
        self._notices += dropped + list(message[1])

    def notices(self) -> list:
        """Lines about what a (re)start could not restore; each is returned once.

        A worker still starting with nothing but the shipped knowledge has nothing to report,
        so this does not wait for it.
        """
        pending = self._pending
        if pending is None or pending.extra or pending.cast is not None:
            self._ready()
        notices, self._notices = self._notices, []
        if self._pending is None and self._state.cast is not None:
            notices += self._call("cast_notes")          # how the worker read the last cast's input
        return notices

    def _call(self, method, *args, **kwargs):
        if self._closed:
            raise error("sandbox.closed", WorkerError)
        self._ready()
        loading = method == "restore" or SERVED[method].loading
        try:
            _send(self._process.stdin, (method, args, kwargs))
            message = self._wait(method, loading)
        except (_Stopped, _Died, BrokenPipeError, OSError) as stop:
            what = SERVED[method].what.format(*[_short(a) for a in args] or [""])
            self._kill()
            self._start(self._state)
            self._ready()
            notices = " (" + "; ".join(self._notices) + ")" if self._notices else ""
            restored = ("sandbox.restored", {"notices": notices})
            self._notices = []
            if isinstance(stop, _Stopped) and stop.interrupted:
                raise error("sandbox.interrupted", QueryTimeout, what=what, restored=restored) from None
            if isinstance(stop, _Stopped):
                if loading and stop.computing:
                    raise error("sandbox.timeout_computing", QueryTimeout, what=what, seconds=self.timeout,
                                computing=stop.computing, restored=restored) from None
                raise error("sandbox.timeout", QueryTimeout, what=what, seconds=self.timeout,
                            restored=restored) from None
            code, malformed = getattr(stop, "code", None), getattr(stop, "malformed", None)
            if malformed:
                raise error("sandbox.malformed", WorkerError, what=what, malformed=malformed,
                            restored=restored) from None
            if code is not None:
                raise error("sandbox.stopped_code", WorkerError, what=what, code=code, restored=restored) from None
            raise error("sandbox.stopped", WorkerError, what=what, restored=restored) from None
        if message[-1] is not None:
            self._state = message[-1]
        if message[0] == "ok":
            return message[1]
        _, kind, text, problems, said, _ = message
        key, values = said or (None, None)
        if kind == "KnowledgeError":
            raise KnowledgeError(map(Problem.of, problems or ()))
        if kind == "QueryTimeout":
            raise QueryTimeout(text, key=key, values=values)
        if kind == "QueryTooLarge":
            raise QueryTooLarge(text, key=key, values=values)
        if kind == "UserError":
            raise UserError(text, key=key, values=values)
        if kind == "MemoryError":
            self._kill()
            self._start(self._state)
            raise WorkerError(f"{text}; the session was restored")
        raise WorkerError(f"internal error: {text}")

    def set_memory(self, memory_mb) -> None:
        """Change the memory limit (megabytes, None for none): the worker is started again with
        it, and the session (folders, cast, question, conventions) restored."""
        Limits(self.timeout, memory_mb)
        self._ready()
        self.memory_mb = memory_mb
        self._kill()
        self._start(self._state)
        self._ready()

    def restart(self) -> None:
        """Start the worker again without the cast and question (the folders, the language and
        the conventions kept): a worker shared by several users that could not forget a cast."""
        self._kill()
        self._state = replace(self._state, cast=None, cast_id=None, question=None)
        self._start(self._state)

    def alive(self) -> bool:
        """Whether the worker runs (a worker that was killed is collected, not left a zombie)."""
        return self._process is not None and self._process.poll() is None

    def close(self):
        """Stop the worker; a call made after is a WorkerError."""
        self._closed = True
        if self._process is not None and self._pending is None:
            try:
                self._process.stdin.close()
                self._process.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self._kill()
        except Exception:
            pass

    # ---- the session's state (its calls are made from SERVED below) ----------------------

    @property
    def extra(self) -> list:
        self._ready()
        return list(self._state.extra)

    @property
    def lang(self) -> str:
        return self._state.lang

    @property
    def cast_id(self):
        self._ready()
        return self._state.cast_id

    def snapshot(self) -> SessionState:
        self._ready()
        return self._state


def _proxy(name):
    """The Sandbox's method for a call of the service: the same name, signature and doc."""
    @functools.wraps(getattr(Session, name))
    def call(self, *args, **kwargs):
        return self._call(name, *args, **kwargs)
    return call


for _name in SERVED:
    setattr(Sandbox, _name, _proxy(_name))


class _Stopped(Exception):
    def __init__(self, computing=None, interrupted=False):
        super().__init__(computing)
        self.computing, self.interrupted = computing, interrupted


class _Failed(Exception):
    """The worker answered a restore with an error (its text is the message)."""


class _Died(Exception):
    def __init__(self, code, malformed=None):
        super().__init__(code)
        self.code, self.malformed = code, malformed


def _reason(stop, limit):
    """Why a worker did not start, as a message (key, values) or the worker's own line."""
    if isinstance(stop, _Failed):
        return str(stop)
    if isinstance(stop, _Died):
        return ("sandbox.worker_sent", {"what": stop.malformed}) if stop.malformed else ("sandbox.worker_stopped", {})
    if stop.interrupted:
        return ("sandbox.start_interrupted", {})
    if stop.computing:
        return ("sandbox.no_answer_computing", {"seconds": limit, "what": stop.computing})
    return ("sandbox.no_answer", {"seconds": limit})


def _short(value, width=120):
    text = " ".join(str(value).split())
    return text if len(text) <= width else text[:width - 1] + "…"


# ---- the worker process --------------------------------------------------------------------

def _watch_parent():
    """End this worker when the process that started it is gone (even mid-query)."""
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _worker(memory_mb=None):
    """Serve one Session over fd 0 (requests) and a private copy of fd 1 (answers)."""
    gc.set_threshold(*GC_THRESHOLD)
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)                      # a stray print must not corrupt the answers
    requests = os.fdopen(0, "rb", buffering=0)
    if memory_mb:
        _cap_memory(2 * memory_mb + ROOM_MB)
    limits = Limits(seconds=None, memory_mb=memory_mb)     # the time limit is the parent's
    _watch_parent()
    session = None
    frozen = False

    def beat(what):
        _send(answers, ("beat", what))

    last = None
    while True:
        try:
            request = _receive(_Reader(requests), _check_request)
        except wire.Malformed as e:
            _send(answers, ("error", "UserError", f"a malformed request: {e}", None, None, None))
            continue
        if request is None:
            return
        method, args, kwargs = request
        try:
            if method == "restore":
                session, result = Session.restore(args[0], progress=beat, limits=limits,
                                                  before_cast=lambda: beat("the cast"))
                session.notices()              # they are the answer: cast_notes says only what comes after
                if not frozen:                 # the first knowledge loaded is kept out of the collector's walks
                    gc.freeze()
                    frozen = True
            elif method in SERVED and session is not None:
                result = getattr(session, method)(*args, **kwargs)
            else:
                raise error("sandbox.unknown_request", method=method)
            state = session.snapshot()
            _send(answers, ("ok", result, None if state == last else state), MOST_ANSWER)
            last = state
        except _TooLarge as e:
            megabytes = MOST_ANSWER / 2 ** 20
            _send(answers, ("error", "QueryTooLarge", text("sandbox.answer_large", "en", size=e.args[0], most=megabytes),
                            None, ("sandbox.answer_large", {"size": e.args[0], "most": megabytes}), None))
        except wire.Unsendable as e:
            _send(answers, ("error", "UserError", f"the answer cannot be sent: {e}", None, None, None))
        except MemoryError:
            _send(answers, ("error", "MemoryError", "out of memory (the worker may hold twice its limit "
                            f"of {memory_mb:g} MB and {ROOM_MB} MB more)", None, None, None))
            return
        except UserError as e:
            kind = type(e).__name__ if type(e).__name__ in ("KnowledgeError", "QueryTimeout", "QueryTooLarge") \
                else "UserError"
            state = session.snapshot() if session is not None else None
            said = (e.key, e.values) if e.key else None
            problems = getattr(e, "problems", None)
            _send(answers, ("error", kind, str(e), None if problems is None else [as_data(p) for p in problems], said,
                            None if state == last else state))
            last = state if state is not None else last
        except Exception as e:  # a bug of ours: one line in the parent, never a traceback
            _send(answers, ("error", "InternalError", f"{type(e).__name__}: {e}", None, None, None))


def _cap_memory(megabytes):
    """Cap this process's address space at ``megabytes`` above what it holds now (POSIX)."""
    try:
        import resource
        with open("/proc/self/statm") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):
        return
    limit = now + int(megabytes * 2 ** 20)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    except (ValueError, OSError):
        pass


class _Reader:
    """read(n) that returns n bytes unless the stream ends."""

    def __init__(self, raw):
        self.raw = raw

    def read(self, n):
        chunks, got = [], 0
        while got < n:
            chunk = self.raw.read(n - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)
