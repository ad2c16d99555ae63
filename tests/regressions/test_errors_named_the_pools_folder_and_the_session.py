"""Errors of a session's own rules showed the pool's temporary folder and the session's id (the
cookie's value) in full: "<system temp dir>/liuyao-web-…/xZO-jGOb9n_cMXxK8ScnyQ/my-rules/kb/bom.dl:1"
(red team L6). A session's files are named by their own names, on the page and in the API."""
from .web import CAST, client, form, pool  # noqa: F401  (the fixtures)


def _upload(client, name, data):
    return client.post("/rule", data=form(client, {**CAST, "lang": "en"}),
                       files=[("file", (name, data, "application/octet-stream"))], follow_redirects=False)


def test_a_refused_upload_names_the_file_by_its_own_name(client, pool):
    made = client.post("/rule", data=form(client, {**CAST, "rule": "line_mine(C, P) <= line_relative(C, P, '官鬼')"}),
                       follow_redirects=False)
    session = made.cookies["liuyao_session"]
    for name, data, said in (("bom.dl", "\ufeff+ bom(1)\n".encode(), "my-rules/kb/bom.dl:1"),
                             ("bad.dl", b"x(C) <= nope(C)\n", "my-rules/kb/bad.dl:1")):
        answer = _upload(client, name, data)
        assert answer.status_code == 400 and said in answer.text, name
        assert str(pool.root) not in answer.text and "liuyao-web-" not in answer.text and session not in answer.text
    asked = client.post("/api/why", json={**CAST, "goal": "line_mine(C, 2)"})
    assert "liuyao-web-" not in asked.text and session not in asked.text
    client.post("/rule/forget", data=form(client, CAST))
    client.cookies.clear()
