"""``liuyao serve``: the application on uvicorn, with the edges a server open to its clients needs.

- **The address.** A loopback host (127.0.0.1, localhost, ::1) unless ``allow_remote``: the page
  has no login, so serving it to the network is said on stderr, and refused without the option.
  The socket is bound here first, so a port in use or a host that does not resolve is one line
  (exit 2), and the Host of a request must name this server (``TrustedHostMiddleware``).
- **Connections.** At most ``connections`` at once and ``per_address`` from one address (the
  next is closed at once, before it costs anything), a request's headers within
  ``HEADER_SECONDS`` of its first byte and at most ``HEADER_BYTES``, an idle connection closed
  after ``IDLE_SECONDS``; uvicorn answers 503 past ``limit_concurrency``.
- **The log** says each kind of line at most ``LOG_LINES`` times a minute, one line each (no
  traceback), then how many it left out.
- **Stopping.** SIGTERM stops the server as SIGINT (Ctrl-C) does: the pool's workers end and its
  folder, with every session's files, is removed.
"""
from __future__ import annotations

import ipaddress
import logging
import resource
import signal
import socket
import sys
import time

from ..messages import error, text
from .app import LOOPBACK, create_app
from .pool import Pool

HEADER_SECONDS = 10.0       # from a request's first byte to its last header line
HEADER_BYTES = 16 * 1024    # a request's line and headers
IDLE_SECONDS = 5            # a kept-alive connection with no request
CONNECTIONS = 1000          # connections at once (fewer when the process may open fewer files)
PER_ADDRESS = 64            # connections at once from one address
LOG_LINES = 5               # lines of one kind a minute
MOST_WORKERS = 16           # shared workers (about 50 MB each)


def serve(host="127.0.0.1", port=8000, workers=2, timeout=5.0, memory_mb=None, allow_remote=False,
          lang="en", journal=None) -> None:
    """Serve the page until stopped (``liuyao serve``); each request's worker has ``timeout``
    seconds and ``memory_mb`` megabytes (None: no limit). With ``journal`` (its file) the page
    serves the journal too, and then only on the loopback, whatever ``allow_remote`` says."""
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol
    if not 0 < port < 65536:
        raise error("web.port", port=port)
    if not 0 < workers <= MOST_WORKERS:
        raise error("web.workers", workers=workers, most=MOST_WORKERS)
    addresses = _resolve(host, port)
    remote = not all(_loopback(a) for _, a in addresses)
    if remote and journal is not None:
        raise error("web.journal_loopback", host=host)
    if remote and not allow_remote:
        raise error("web.host_remote", host=host)
    if journal is not None:
        from ..journal import Journal
        Journal(journal, write=True).close()            # made, or refused, before the page is up
    listening = _bind(host, port, addresses)
    if remote:
        print(f"liuyao: {text('web.remote_warning', lang, host=host, port=port)}", file=sys.stderr)
    pool = Pool(size=workers, timeout=timeout, memory_mb=memory_mb)
    config = uvicorn.Config(create_app(pool, hosts=_hosts(host, addresses), journal=journal), log_level="warning",
                            http=_guarded(H11Protocol), timeout_keep_alive=IDLE_SECONDS,
                            h11_max_incomplete_event_size=HEADER_BYTES, limit_concurrency=_connections(),
                            lifespan="on")
    _quiet_logs()
    previous = signal.signal(signal.SIGTERM, _as_interrupt)
    shown = f"[{host}]" if ":" in host else host
    ready = text("web.ready", lang, url=f"http://{shown}:{listening.getsockname()[1]}/")

    class Announcing(uvicorn.Server):
        """The server, saying its address once it answers."""
        async def startup(self, sockets=None):
            await super().startup(sockets=sockets)
            if self.started:
                print(f"liuyao: {ready}", flush=True)
    try:
        Announcing(config).run(sockets=[listening])
    finally:
        signal.signal(signal.SIGTERM, previous)
        listening.close()
        pool.close()


def _as_interrupt(signum, frame):
    raise KeyboardInterrupt


def _resolve(host, port) -> list:
    """(family, address) of each address ``host`` names; one line when it names none."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError) as e:
        raise error("web.host_unknown", host=host, reason=str(getattr(e, "strerror", None) or e)) from None
    return sorted({(family, sockaddr[0]) for family, _, _, _, sockaddr in found})


def _loopback(address) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def _bind(host, port, addresses):
    """A listening socket on the first address; one line when it cannot be had."""
    family, address = addresses[0]
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            listening.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        listening.bind((address, port))
        listening.listen(2048)
    except OSError as e:
        listening.close()
        raise error("web.bind", host=host, port=port, reason=e.strerror or str(e)) from None
    listening.set_inheritable(True)
    return listening


def _hosts(host, addresses) -> tuple:
    """The names a request's Host may give: the loopback names, the host served and its
    addresses, and for every interface (0.0.0.0, ::) the machine's own names and addresses."""
    names = set(LOOPBACK) | {host.lower()} | {a for _, a in addresses}
    if any(ipaddress.ip_address(a.split("%")[0]).is_unspecified for _, a in addresses if _is_ip(a)):
        machine = {socket.gethostname(), socket.getfqdn()}
        names |= {n.lower() for n in machine if n}
        for name in machine:
            try:
                names |= {info[4][0] for info in socket.getaddrinfo(name, None)}
            except OSError:
                pass
    return tuple(sorted({f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}))


def _is_ip(text) -> bool:
    try:
        ipaddress.ip_address(text.split("%")[0])
        return True
    except ValueError:
        return False


def _connections() -> int:
    """Connections at once: CONNECTIONS, or fewer when the process may open fewer files."""
    try:
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (OSError, ValueError):
        return 256
    return max(64, min(CONNECTIONS, (soft if soft != resource.RLIM_INFINITY else 2 * CONNECTIONS) // 2))


def _guarded(base):
    """uvicorn's HTTP protocol with a header timeout and bounds on the connections."""
    most, per_address = _connections(), PER_ADDRESS

    class Guarded(base):
        def connection_made(self, transport):
            super().connection_made(transport)
            self._slow = None
            address = self.client[0] if self.client else ""
            same = sum(1 for c in list(self.connections) if c.client and c.client[0] == address)
            if len(self.connections) > most or same > per_address:
                transport.abort()
                return
            self._await_headers()

        def _await_headers(self):
            if self._slow is None:
                self._slow = self.loop.call_later(HEADER_SECONDS, self._too_slow)

        def _too_slow(self):
            self._slow = None
            if not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data):
            if self.cycle is None or self.cycle.response_complete:
                self._await_headers()               # the bytes of a new request
            super().data_received(data)
            if self._slow is not None and self.cycle is not None and not self.cycle.response_complete:
                self._slow.cancel()                 # its headers are read
                self._slow = None

        def connection_lost(self, exc):
            if getattr(self, "_slow", None) is not None:
                self._slow.cancel()
                self._slow = None
            super().connection_lost(exc)

    return Guarded


class Sparing(logging.Filter):
    """At most ``LOG_LINES`` records of one kind (logger and message) a minute, each one line
    without its traceback; the first after a pause says how many were left out."""

    def __init__(self):
        super().__init__()
        self.kinds = {}

    def filter(self, record) -> bool:
        now = time.monotonic()
        kind = (record.name, str(record.msg)[:80])
        start, count, dropped = self.kinds.get(kind, (now, 0, 0))
        if now - start > 60:
            start, count = now, 0
        if count >= LOG_LINES:
            self.kinds[kind] = (start, count, dropped + 1)
            return False
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.getMessage()}: {type(record.exc_info[1]).__name__}: {record.exc_info[1]}"
            record.args = ()
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        if dropped:
            record.msg = f"{record.getMessage()} ({dropped} more like it left out)"
            record.args = ()
        self.kinds[kind] = (start, count + 1, 0)
        return True


def _quiet_logs():
    sparing = Sparing()
    for name in ("asyncio", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(sparing)
