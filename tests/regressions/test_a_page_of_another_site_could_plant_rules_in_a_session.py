"""Any web page the student visited could post to ``/rule`` (a form submitted by script, or a
``no-cors`` fetch): it planted rules in the student's session, swapped their cookie for a new
session's, dropped their session with ``/rule/forget``, and filled every session slot (red team
M1). A writing request whose ``Origin`` or ``Sec-Fetch-Site`` names another site is now refused
before anything is made, and every writing form carries the page's token (its cookie, which
another site can neither read nor send): a form without it is refused, no session made."""
import pytest

from .web import CAST, client, form, pool  # noqa: F401  (the fixtures)

RULE = "line_mine(C, P) <= line_relative(C, P, '妻財')"
ELSEWHERE = ({"origin": "http://localhost:8767"}, {"sec-fetch-site": "cross-site"},
             {"origin": "null"}, {"sec-fetch-site": "same-site"})


@pytest.mark.parametrize("headers", ELSEWHERE)
def test_a_post_from_another_site_is_refused_and_makes_nothing(client, pool, headers):
    answer = client.post("/rule", data=form(client, {**CAST, "rule": RULE}), headers=headers, follow_redirects=False)
    assert answer.status_code == 403 and "다른 사이트" in answer.text
    assert "liuyao_session" not in answer.headers.get("set-cookie", "") and not pool._private


def test_a_form_without_the_pages_token_makes_no_session(client, pool):
    client.get("/")
    for token in (None, "forged"):
        data = {**CAST, "rule": RULE, **({"csrf": token} if token else {})}
        answer = client.post("/rule", data=data, follow_redirects=False)
        assert answer.status_code == 403 and "표지" in answer.text and not pool._private
    client.cookies.clear()
    assert client.post("/rule", data={**CAST, "rule": RULE, "csrf": "x"}).status_code == 403


def test_the_victims_session_stays_against_another_sites_forget(client, pool):
    made = client.post("/rule", data=form(client, {**CAST, "rule": RULE}), follow_redirects=False)
    session = made.cookies["liuyao_session"]
    assert made.status_code == 303 and pool.has_session(session)
    forged = client.post("/rule/forget", data=CAST, headers={"origin": "http://localhost:8767"})
    tokenless = client.post("/rule/forget", data=CAST)
    assert forged.status_code == tokenless.status_code == 403 and pool.has_session(session)
    assert client.post("/rule/forget", data=form(client, CAST), follow_redirects=False).status_code == 303
    assert not pool.has_session(session)
    client.cookies.clear()


def test_twelve_no_cors_posts_open_no_session(client, pool):
    for _ in range(12):
        answer = client.post("/rule", files={"rule": (None, RULE)}, headers={"sec-fetch-site": "cross-site"})
        assert answer.status_code == 403
    assert not pool._private
    assert client.post("/rule", data=form(client, {**CAST, "rule": RULE}), follow_redirects=False).status_code == 303
    client.post("/rule/forget", data=form(client, CAST))
    client.cookies.clear()
