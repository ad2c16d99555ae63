"""A shared worker kept the last cast it was given, and a goal asked without a cast read it
through any variable but ``C``: ``cast_birth_year(K, B, A)`` answered another user's year of
birth, and their lines, pillars, topic and person asked about (red team M2). A shared worker now
forgets each request's cast (and its question) when the request is done."""
from .web import client, pool  # noqa: F401  (the fixtures)

LEAKS = ("cast_birth_year(K, B, A)", "cast_line(K, P, V)", "cast_day(K, S, B)", "cast_topic(K, T)",
         "cast_about(K, A)")


def test_another_users_cast_is_gone_when_their_request_is(client, pool):
    assert pool.size == 1                           # every request on the same worker
    mine = {"values": "696969", "at": "2024-03-14T09:26", "tz": "Asia/Seoul"}
    assert client.post("/api/periods", json={**mine, "born": 1987}).status_code == 200
    assert client.post("/api/judge", json={**mine, "topic": "marriage", "about": "wife", "asker": "man"}).status_code == 200
    for goal in LEAKS:
        answer = client.post("/api/ask", json={"goal": goal})
        assert answer.status_code == 200 and answer.json()["answers"] == [], goal
        page = client.get("/ask", params={"goal": goal}, headers={"HX-Request": "true"})
        assert page.status_code == 200 and "1987" not in page.text and "696969" not in page.text, goal
