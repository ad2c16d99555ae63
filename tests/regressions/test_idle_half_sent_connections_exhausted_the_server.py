"""About 20,000 half-sent connections (a request line, then a header line every 10 s) held the
server's file descriptors for good, and every refused accept logged a traceback: 517 MB of
stderr in 40 s (red team H3). Now a request's headers must come within ``HEADER_SECONDS`` of its
first byte, one address may hold ``PER_ADDRESS`` connections (the next is closed at once), and
the log says each kind of line at most five times a minute, without its traceback."""
import logging
import socket
import threading
import time

import pytest

from queries.web import server


def _app():
    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                pass
            return
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})
    return app


@pytest.fixture
def running(monkeypatch):
    """uvicorn with the server's guarded protocol, in a thread: its port."""
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol
    monkeypatch.setattr(server, "HEADER_SECONDS", 0.5)
    monkeypatch.setattr(server, "PER_ADDRESS", 3)
    listening = server._bind("127.0.0.1", 0, [(socket.AF_INET, "127.0.0.1")])
    config = uvicorn.Config(_app(), http=server._guarded(H11Protocol), log_level="critical", lifespan="off")
    serving = uvicorn.Server(config)
    thread = threading.Thread(target=serving.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    while not serving.started:
        time.sleep(0.05)
    yield listening.getsockname()[1]
    serving.should_exit = True
    thread.join(10)


def _closed(sock, seconds=5.0) -> bool:
    """Whether the server closes the connection within ``seconds`` (it sends nothing before)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except (socket.timeout, ConnectionResetError):
        return False


def test_a_request_whose_headers_never_end_is_closed(running):
    slow = socket.create_connection(("127.0.0.1", running))
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    for _ in range(3):                          # a header line now and then does not keep it open
        time.sleep(0.2)
        slow.sendall(b"X-a: b\r\n")
    assert _closed(slow)
    whole = socket.create_connection(("127.0.0.1", running))
    whole.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert whole.recv(1024).startswith(b"HTTP/1.1 200")


def test_one_address_holds_a_bounded_number_of_connections(running):
    held = [socket.create_connection(("127.0.0.1", running)) for _ in range(3)]
    one_more = socket.create_connection(("127.0.0.1", running))
    assert _closed(one_more, 2.0)
    other = socket.create_connection(("127.0.0.1", running), source_address=("127.0.0.2", 0))
    other.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert other.recv(1024).startswith(b"HTTP/1.1 200")
    for sock in held:
        sock.close()


def test_a_flood_of_one_log_line_is_five_lines_without_tracebacks():
    logger, lines = logging.getLogger("asyncio.test_flood"), []

    class Keep(logging.Handler):
        def emit(self, record):
            lines.append(self.format(record))
    handler = Keep()
    logger.addHandler(handler)
    logger.addFilter(server.Sparing())
    logger.propagate = False
    try:
        for _ in range(1000):
            try:
                raise OSError(24, "Too many open files")
            except OSError:
                logger.exception("socket.accept() out of system resource")
    finally:
        logger.removeHandler(handler)
    assert len(lines) == 5 and all("\n" not in line and "Traceback" not in line for line in lines)
    assert lines[0] == "socket.accept() out of system resource: OSError: [Errno 24] Too many open files"
