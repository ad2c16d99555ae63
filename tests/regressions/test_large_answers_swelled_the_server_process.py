"""The server decoded, checked and re-encoded every answer whole: four clients looping a goal of
a 16 MB answer held the server at about 1 GB (red team M10). A goal's answers now come a page at
a time (1,000 rows at most, with how many there are and where the next page starts), and no
answer of the worker's is larger than ``MOST_ANSWER`` bytes: the worker refuses to send one,
the server never reads one."""
import io

import pytest

from queries import sandbox
from queries.engine import wire

from .web import client, pool  # noqa: F401  (the fixtures)

GOAL = "sexagenary(P, A, B, O) & sexagenary(Q, X, D, O2)"          # 3,600 answers


def test_the_answers_come_a_page_at_a_time(client):
    first = client.post("/api/ask", json={"goal": GOAL}).json()
    assert (len(first["answers"]), first["total"], first["start"], first["next"]) == (1000, 3600, 0, 1000)
    last = client.post("/api/ask", json={"goal": GOAL, "start": 3000, "most": 1000}).json()
    assert (len(last["answers"]), last["next"]) == (600, None)
    assert client.post("/api/ask", json={"goal": GOAL, "most": 5000}).status_code == 422
    page = client.get("/ask", params={"goal": GOAL}, headers={"HX-Request": "true"}).text
    assert page.count("<tr>") <= 201 and "start=200" in page


def test_an_answer_over_the_bound_is_neither_sent_nor_read():
    with pytest.raises(sandbox._TooLarge):
        sandbox._send(io.BytesIO(), ("ok", "x" * 1000, None), most=100)
    data = wire.encode(("ok", "x" * 1000, None), sandbox._kinds())
    stream = io.BytesIO(sandbox._HEADER.pack(len(data)) + data)
    with pytest.raises(wire.Malformed, match="an answer of 1,0"):
        sandbox._receive(stream, sandbox._check_answer, most=100)
    assert stream.tell() == sandbox._HEADER.size                    # the answer itself was not read
