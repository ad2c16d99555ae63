"""One session looping requests to its own worker held a thread each while they waited for the
session's lock, so the thread pool every request shares, the static files' included, ran dry:
another client's pages and ``/static/style.css`` took 9.5 s (red team H1). Now a session's
requests past two in flight, and a client's past eight, are refused at once with a 503, on the
event loop before any thread is taken (forgetting the session's rules is always let in); the static files are answered from memory, never by the
application or its threads."""
import anyio
import httpx

from queries.web.admission import STATIC, Admission


def _held(gate, seen):
    """An application that holds every request until ``gate`` is set."""
    async def app(scope, receive, send):
        seen.append(scope["path"])
        await gate.wait()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})
    return app


async def _until(condition):
    with anyio.fail_after(10):
        while not condition():
            await anyio.sleep(0.01)


def test_a_sessions_third_request_and_a_clients_ninth_are_refused_at_once():
    gate, seen, done = anyio.Event(), [], []
    admitted = Admission(_held(gate, seen))
    session = {"cookie": "liuyao_session=s1"}

    async def main():
        attacker = httpx.AsyncClient(transport=httpx.ASGITransport(admitted, client=("127.0.0.2", 1)),
                                     base_url="http://testserver")
        other = httpx.AsyncClient(transport=httpx.ASGITransport(admitted, client=("127.0.0.1", 1)),
                                  base_url="http://testserver")
        async with attacker, other, anyio.create_task_group() as group:
            async def ask(headers):
                done.append((await attacker.post("/api/ask", json={}, headers=headers)).status_code)
            for _ in range(2):
                group.start_soon(ask, session)
            await _until(lambda: len(seen) == 2)
            third = await attacker.post("/api/ask", json={}, headers=session)
            group.start_soon(lambda: attacker.post("/rule/forget", headers=session))    # takes no worker: let in
            await _until(lambda: "/rule/forget" in seen)
            for _ in range(5):                                  # the same client, no session: 8 in flight
                group.start_soon(ask, {})
            await _until(lambda: len(seen) == 8)
            ninth = await attacker.post("/api/ask", json={})
            page = await attacker.get("/chart")
            static = await attacker.get("/static/style.css")
            group.start_soon(lambda: other.get("/chart"))       # another client is let in
            await _until(lambda: len(seen) == 9)
            gate.set()
        return third, ninth, page, static

    third, ninth, page, static = anyio.run(main)
    assert third.status_code == ninth.status_code == page.status_code == 503
    assert third.headers["retry-after"] == "1" and third.json()["error"].startswith("busy: your session's worker")
    assert ninth.json()["error"] == "busy: 8 requests from this address are already being answered; try again in a moment"
    assert "바쁨" in page.text and page.text.count("<p class='error'") == 1
    assert static.status_code == 200 and static.content == (STATIC / "style.css").read_bytes()
    assert "/static/style.css" not in seen
    assert sorted(done) == [200] * 7
