"""What the page's server lets in, decided on the event loop before a request takes a thread or
a worker: the static files, answered from memory; a request from another site that would write,
refused; at most ``most`` requests inside at once, ``per_client`` of one address and
``per_session`` of one session, the next refused at once (a 503 of one line); and a body of at
most ``BODY_KB`` (a posted rule form ``FORM_KB``), refused by its ``Content-Length`` before it is
read and by a running count while it is, and read within ``body_seconds``.

>>> from starlette.testclient import TestClient
>>> from starlette.responses import PlainTextResponse
>>> async def echo(scope, receive, send):
...     body = (await receive())["body"]
...     await PlainTextResponse(f"{len(body)} bytes")(scope, receive, send)
>>> client = TestClient(Admission(echo))
>>> client.post("/api/ask", content=b"x" * 10).text
'10 bytes'
>>> client.post("/api/ask", content=b"x" * (BODY_KB * 1024 + 1)).status_code
413
>>> client.get("/static/style.css").headers["content-type"]
'text/css; charset=utf-8'
"""
from __future__ import annotations

import hashlib
import json
import mimetypes
from collections import Counter
from html import escape
from pathlib import Path
from urllib.parse import parse_qs

import anyio
from starlette.datastructures import Headers
from starlette.requests import cookie_parser

from ..messages import text
from .words import page_lang

BODY_KB = 64                # a request's body (the JSON of a question is a few hundred bytes)
FORM_KB = 256 + 64          # a posted rule form: an upload of 256 KB at most, the cast and the parts' headers
FORMS = ("/rule", "/rule/forget")
UNBOUND = ("/rule/forget",)  # not counted against its session: it takes no worker, and ends the session
WRITES = ("POST", "PUT", "PATCH", "DELETE")
COOKIE = "liuyao_session"
STATIC = Path(__file__).resolve().parent / "static"


def _files(folder) -> dict:
    """Every file of the static folder, read once: URL path -> (body, content type, ETag)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind in ("application/javascript", "text/javascript"):
                kind += "; charset=utf-8"
            found[f"/static/{path.relative_to(folder).as_posix()}"] = (data, kind,
                                                                      f'"{hashlib.sha256(data).hexdigest()[:16]}"')
    return found


class Admission:
    """ASGI middleware: the static files, the bounds in flight, the body limits and the check of
    a writing request's origin, in front of ``app``."""

    def __init__(self, app, *, most=32, per_client=8, per_session=2, body_seconds=10.0):
        self.app, self.most, self.per_client, self.per_session = app, most, per_client, per_session
        self.body_seconds = body_seconds
        self.static = _files(STATIC)
        self.inside = 0
        self.clients, self.sessions = Counter(), Counter()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path.startswith("/static/"):
            await self._static(scope, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] in WRITES and _cross_site(headers, scope):
            await _refuse(scope, send, 403, "web.cross_site")
            return
        client = (scope.get("client") or ("",))[0]
        session = None if path in UNBOUND else cookie_parser(headers.get("cookie", "")).get(COOKIE) or None
        refused = self._enter(client, session)
        if refused is not None:
            await _refuse(scope, send, 503, *refused)
            return
        inside = True

        async def sent(message):                    # out once its answer is sent, not when the task ends
            nonlocal inside
            await send(message)
            if inside and message["type"] == "http.response.body" and not message.get("more_body", False):
                inside = False
                self._leave(client, session)
        try:
            await self._admitted(scope, receive, sent, headers, path)
        finally:
            if inside:
                self._leave(client, session)

    def _enter(self, client, session):
        """Count a request in; the message refusing it (key, values) when a bound is full."""
        if self.inside >= self.most:
            return "web.busy_requests", {"most": self.most}
        if self.clients[client] >= self.per_client:
            return "web.busy_client", {"most": self.per_client}
        if session is not None and self.sessions[session] >= self.per_session:
            return "web.busy_session", {}
        self.inside += 1
        self.clients[client] += 1
        if session is not None:
            self.sessions[session] += 1
        return None

    def _leave(self, client, session):
        self.inside -= 1
        for counter, key in ((self.clients, client), (self.sessions, session)):
            if key is not None:
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    async def _admitted(self, scope, receive, send, headers, path):
        most = (FORM_KB if path in FORMS else BODY_KB) * 1024
        large = ("web.upload_large", {"kb": 256}) if path in FORMS else ("web.body_large", {"kb": BODY_KB})
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > most):
            await _refuse(scope, send, 413, *large)
            return
        if scope["method"] not in WRITES and length is None and "transfer-encoding" not in headers:
            await self.app(scope, receive, send)
            return
        chunks, size, more = [], 0, True
        with anyio.move_on_after(self.body_seconds) as waited:
            while more:
                message = await receive()
                if message["type"] != "http.request":
                    return                                  # the client went away
                size += len(message.get("body", b""))
                if size > most:
                    await _refuse(scope, send, 413, *large)
                    return
                chunks.append(message.get("body", b""))
                more = message.get("more_body", False)
        if waited.cancelled_caught:
            await _refuse(scope, send, 408, "web.body_slow", {"seconds": self.body_seconds})
            return
        body, sent = b"".join(chunks), False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await self.app(scope, replay, send)

    async def _static(self, scope, send):
        found = self.static.get(scope["path"]) if scope["method"] in ("GET", "HEAD") else None
        if found is None:
            await _send(send, 404, b"Not Found", "text/plain; charset=utf-8")
            return
        data, kind, tag = found
        if Headers(scope=scope).get("if-none-match") == tag:
            await _send(send, 304, b"", None, [(b"etag", tag.encode())])
            return
        await _send(send, 200, b"" if scope["method"] == "HEAD" else data, kind,
                    [(b"etag", tag.encode()), (b"cache-control", b"max-age=3600")], length=len(data))


def _cross_site(headers, scope) -> bool:
    """Whether a writing request says it comes from another site: ``Sec-Fetch-Site`` other than
    same-origin (or none, a request the user typed), or an ``Origin`` other than this server's."""
    fetch = headers.get("sec-fetch-site")
    if fetch is not None and fetch not in ("same-origin", "none"):
        return True
    origin = headers.get("origin")
    if origin is None:
        return False
    return origin != f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"


async def _refuse(scope, send, status, key, values=None):
    """One line in the reader's language: JSON for the API, a fragment for htmx, else a page."""
    path, headers = scope["path"], Headers(scope=scope)
    extra = [(b"connection", b"close")] if status in (408, 413) else []
    if status == 503:
        extra.append((b"retry-after", b"1"))
    if path.startswith("/api") or path == "/openapi.json":
        body = json.dumps({"error": text(key, "en", **(values or {})), "field": None}, ensure_ascii=False)
        await _send(send, status, body.encode(), "application/json", extra)
        return
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
    lang = page_lang(asked)
    line = f"<p class='error' role='alert'>{escape(text(key, lang, **(values or {})))}</p>"
    if headers.get("hx-request") != "true":
        line = (f"<!doctype html><html lang='{lang}'><meta charset='utf-8'><title>liuyao-kb</title>"
                f"<link rel='stylesheet' href='/static/style.css'>{line}<p><a href='/?lang={lang}'>↻</a></p></html>")
    await _send(send, status, line.encode(), "text/html; charset=utf-8", extra)


async def _send(send, status, body, kind, extra=(), length=None):
    headers = [(b"content-length", str(len(body) if length is None else length).encode()), *extra]
    if kind:
        headers.append((b"content-type", kind.encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
