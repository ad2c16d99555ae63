"""Every request body was read whole into the server's memory before its size was checked: five
200 MB posts took the server from 289 MB to 2.1 GB, and a 40 MB JSON body (a ten-million-element
``set``) held 670 MB after (red team H2). A body is now refused by its ``Content-Length`` before a
byte of it is read, and by a running count while it is read (a body sent in chunks, without a
length): a form's at 320 KB (an upload of 256 KB and its fields), every other body at 64 KB."""
import json

import anyio
import httpx

from queries.web.admission import BODY_KB, FORM_KB, Admission
from .web import CAST, client, pool  # noqa: F401  (the fixtures)


def test_a_declared_length_over_the_limit_is_refused_unread():
    read = []

    async def app(scope, receive, send):
        read.append(await receive())

    async def main():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(Admission(app)), base_url="http://t") as client:
            form = await client.post("/rule", content=b"a" * (FORM_KB * 1024 + 1),
                                     headers={"content-type": "application/x-www-form-urlencoded"})
            api = await client.post("/api/chart", content=b"[" * (BODY_KB * 1024 + 1),
                                    headers={"content-type": "application/json"})
            return form, api
    form, api = anyio.run(main)
    assert form.status_code == api.status_code == 413 and read == []
    assert "256킬로바이트를 넘습니다" in form.text and api.json()["error"] == f"the request's body is over {BODY_KB} KB"


def test_a_body_without_a_length_stops_being_read_past_the_limit():
    sent, read = [], []

    async def app(scope, receive, send):
        read.append(scope["path"])

    async def chunks():
        for _ in range(10_000):                         # 640 MB if it were all read
            sent.append(1)
            yield b"x" * 65536

    async def main():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(Admission(app)), base_url="http://t") as client:
            return await client.post("/api/ask", content=chunks(), headers={"content-type": "application/json"})
    answer = anyio.run(main)
    assert answer.status_code == 413 and read == [] and len(sent) <= BODY_KB * 1024 // 65536 + 2


def test_the_api_refuses_a_huge_json_body(client):
    body = json.dumps({**CAST, "set": ["a"] * 10_000_000})
    answer = client.post("/api/chart", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and "\n" not in answer.json()["error"]
    assert client.post("/api/chart", json=CAST).status_code == 200
