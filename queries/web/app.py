"""The FastAPI application of ``liuyao serve``: the pages, the JSON API, the static files and
the API's documentation pages, served offline from the vendored Swagger UI.

Errors: a user error is a 400 with one line (the service's message) and the field it names;
a question stopped at the time or memory limit a 422; no free worker, or a worker that stopped,
a 503 with one line; a form without its token a 403; a request the API's models refuse a 422
naming the field. No message names the pool's folders or a session. Never a traceback.

In front of the application: ``TrustedHostMiddleware`` for the hosts served, then
``admission.Admission`` (the static files from memory, the bounds in flight, the body limits
and the origin of a writing request).

>>> from fastapi.testclient import TestClient
>>> with Pool(size=1, waiting=0) as pool, TestClient(create_app(pool)) as client:
...     client.post("/api/chart", json={"values": "787889", "month": "戌", "day": "乙巳"}).json()["hexagram"]["name"]
...     client.post("/api/chart", json={"values": "787889", "month": "X", "day": "乙巳"}).json()["field"]
'山火賁'
'month'
"""
from __future__ import annotations

import time
from contextlib import asynccontextmanager
from html import escape

import anyio
from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from ..errors import UserError
from ..messages import text
from ..version import VERSION
from . import api, exports, fragments, own_rules, pages
from .admission import Admission
from .pool import Pool, unplaced
from .refusals import error_body, error_status, one_line

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")

def _validation_line(exc: RequestValidationError) -> dict:
    first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
    field = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query"))
    return {"error": one_line(f"{field or 'request'}: {first.get('msg', 'invalid')}"), "field": field or None}


def create_app(pool: Pool | None = None, hosts=LOOPBACK + ("testserver",), journal=None, **admission) -> FastAPI:
    """The application; it owns a pool it makes (and closes it at shutdown). ``hosts``: the
    names a request's Host may give; ``journal``: the journal's file, to serve the journal
    (``queries.web.journal``); ``admission``: the bounds of ``admission.Admission``."""
    owned = pool is None
    most = admission.get("most", 32)

    @asynccontextmanager
    async def lifespan(app):
        anyio.to_thread.current_default_thread_limiter().total_tokens = most + 8   # no admitted request waits for a thread
        yield
        if owned:
            app.state.pool.close()

    app = FastAPI(title="liuyao-kb", version=VERSION, docs_url=None, redoc_url=None, lifespan=lifespan,
                  description="六爻納甲 knowledge base: every question of the liuyao command as JSON.")
    app.state.pool = pool or Pool()

    @app.middleware("http")
    async def server_timing(request: Request, call_next):
        start = time.perf_counter()
        response = await call_next(request)
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - start) * 1000:.1f}"
        return response

    @app.exception_handler(UserError)
    def user_error(request: Request, exc: UserError):
        if not request.url.path.startswith("/api"):
            return pages.error_page(request, exc, error_status(exc))
        headers = {"Retry-After": "1"} if error_status(exc) == 503 else None
        lang = getattr(request.state, "lang", "en")
        return JSONResponse(error_body(exc, lang, api=True), status_code=error_status(exc), headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        if not request.url.path.startswith("/api"):
            return await http_exception_handler(request, exc)
        lang = getattr(request.state, "lang", "en")
        said = text("web.api_body", lang) if exc.status_code == 400 else one_line(exc.detail)
        return JSONResponse({"error": said, "field": None}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    def invalid(request: Request, exc: RequestValidationError):
        body = _validation_line(exc)
        if not request.url.path.startswith("/api"):
            return pages.error_page(request, UserError(body["error"]), 422)
        return JSONResponse(body, status_code=422)

    @app.exception_handler(Exception)
    def internal(request: Request, exc: Exception):
        said = unplaced(one_line(f"internal error: {type(exc).__name__}: {exc}"))
        if request.url.path.startswith("/api"):
            return JSONResponse({"error": said, "field": None}, status_code=500)
        lang = pages.page_lang(request.query_params.get("lang"))
        line = text("status.internal", lang, kind=type(exc).__name__, text=unplaced(one_line(exc)))
        return HTMLResponse(f"<p class='error' role='alert'>{escape(line)}</p>", status_code=500)

    @app.get("/docs", include_in_schema=False)
    def docs():
        return get_swagger_ui_html(openapi_url="/openapi.json", title="liuyao-kb API",
                                   swagger_js_url="/static/swagger-ui/swagger-ui-bundle.js",
                                   swagger_css_url="/static/swagger-ui/swagger-ui.css",
                                   swagger_favicon_url="/static/swagger-ui/favicon-32x32.png")

    app.state.journal = journal
    if journal is not None:
        from . import journal as journal_routes
        app.include_router(journal_routes.api)
        app.include_router(journal_routes.pages)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(fragments.router)
    app.include_router(own_rules.router)
    app.include_router(exports.router)
    app.add_middleware(Admission, most=most, **{k: v for k, v in admission.items() if k != "most"})
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))
    return app

