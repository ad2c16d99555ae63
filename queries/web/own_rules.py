"""A session's own rules on the page: a rule pasted in the rule box, or files uploaded with it
(``.dl`` rules into the session folder's kb/, ``.tsv`` tables into its facts/, as in the
tutorial's ``examples/my-rules``), linted and contained as a loaded folder is, for the session
only (``Pool.add_rule``, ``Pool.add_files``). The form posts as a browser sends it without
script: urlencoded, or multipart when it carries files (read here with the standard library).

>>> body = (b'--x\\r\\nContent-Disposition: form-data; name="values"\\r\\n\\r\\n787889\\r\\n'
...         b'--x\\r\\nContent-Disposition: form-data; name="file"; filename="my.dl"\\r\\n\\r\\n+ my_fact(1)\\r\\n--x--\\r\\n')
>>> form, files = read_form(body, "multipart/form-data; boundary=x")
>>> form.get("values"), files
('787889', {'my.dl': '+ my_fact(1)'})
"""
from __future__ import annotations

import secrets
from email.parser import BytesParser
from email.policy import HTTP
from pathlib import PurePosixPath
from urllib.parse import parse_qsl, urlsplit

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from starlette.datastructures import ImmutableMultiDict

from ..engine.reader import parse_text
from ..errors import UserError
from ..messages import error
from .api import COOKIE, client_of, worker
from .pages import CSRF, query_string, render_page, request_fields, session_of
from .refusals import Refused, error_body, error_status
from .words import page_lang

router = APIRouter(include_in_schema=False)
LARGEST_KB = 256          # an upload's size at most: rules and small tables, not data


def read_form(body: bytes, content_type: str):
    """A posted form's fields and its files ({name: text}, empty files left out)."""
    if len(body) > LARGEST_KB * 1024:
        raise error("web.upload_large", kb=LARGEST_KB)
    if not content_type.startswith("multipart/form-data"):
        return ImmutableMultiDict(parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True)), {}
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    fields, files = [], {}
    for part in BytesParser(policy=HTTP).parsebytes(head + body).iter_parts():
        name, filename = part.get_param("name", header="content-disposition"), part.get_filename()
        payload = part.get_payload(decode=True) or b""
        if filename is None:
            fields.append((name, payload.decode("utf-8", errors="replace")))
        elif filename or payload:
            shown = PurePosixPath(filename.replace("\\", "/")).name
            try:
                files[shown] = payload.decode("utf-8")
            except UnicodeDecodeError:
                raise error("web.upload_text", name=shown) from None
    return ImmutableMultiDict(fields), files


def referred(request) -> ImmutableMultiDict:
    """The fields of the page a form was posted from (its Referer's query, when it is this
    site's page), so that a form that cannot be read (over the limit) shows that page again."""
    link = urlsplit(request.headers.get("referer") or "")
    same = link.netloc in ("", request.headers.get("host", "")) and link.path in ("/", "/chart")
    return ImmutableMultiDict(parse_qsl(link.query, keep_blank_values=True) if same else [])


def redefined(request, text) -> list:
    """The predicates a pasted rule gives answers to that the shipped knowledge already
    defines (the page says so: ``web.redefines``), sorted."""
    rules, facts, _ = parse_text(text, "pasted.dl", "user")
    heads = sorted({r.head.pred for r in rules} | {f.atom.pred for f in facts})
    shipped = []
    with worker(request) as box:
        for name in heads:
            try:
                found = box.rules(name)
            except UserError:
                continue
            if any(entry.origin == "shipped" for entry in found.entries) or \
                    any(not str(t).startswith("my-rules") for t in found.tables):
                shipped.append(name)
    return shipped


def check_token(request, form) -> None:
    """Refused unless the form carries the page's token (``pages.csrf_token``): a form posted
    from another site, which cannot read the page, has none."""
    given, kept = str(form.get("csrf") or ""), request.cookies.get(CSRF) or ""
    if not kept or not secrets.compare_digest(given.encode(), kept.encode()):
        raise error("web.csrf", Refused)


@router.post("/rule")
async def add_rule(request: Request):
    """Add a rule, or files, of one's own to this session (its own worker and folder), then
    show the chart again."""
    fields, added = request_fields(request, referred(request)), None
    try:
        form, files = read_form(await request.body(), request.headers.get("content-type", ""))
        fields = request_fields(request, form)
        check_token(request, form)
        text = str(form.get("rule") or "").strip()
        pool = request.app.state.pool
        session, client = session_of(request), client_of(request)
        if files:
            added = await anyio.to_thread.run_sync(pool.add_files, session, files, client)
            session = added["session"]
        if text or not files:
            added = await anyio.to_thread.run_sync(pool.add_rule, session, text, client)
    except UserError as e:
        response = await anyio.to_thread.run_sync(
            lambda e=e: render_page(request, fields, status=error_status(e),
                                    error=error_body(e, page_lang(fields.get("lang") or None))))
    else:
        shipped = await anyio.to_thread.run_sync(redefined, request, text) if text else []
        said = "".join(f"&redefines={name}" for name in shipped)
        response = RedirectResponse(f"/chart?{query_string(fields)}{said}", status_code=303)
    if added is not None:            # files loaded before the pasted rule was refused stay the session's
        response.set_cookie(COOKIE, added["session"], httponly=True, samesite="lax")
    return response


@router.post("/rule/forget")
async def forget_rules(request: Request):
    form, _ = read_form(await request.body(), request.headers.get("content-type", ""))
    check_token(request, form)
    request.app.state.pool.forget(session_of(request))
    response = RedirectResponse(f"/chart?{query_string(request_fields(request, form))}", status_code=303)
    response.delete_cookie(COOKIE)
    return response
