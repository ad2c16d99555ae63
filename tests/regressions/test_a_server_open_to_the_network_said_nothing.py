"""``liuyao serve --host 0.0.0.0`` served the page, which has no login, to the network without a
word, and a request naming any Host was answered, so a page of another site could read it
through DNS rebinding (red team M11). A host other than loopback is now refused unless
``--allow-remote`` is given, which says on stderr that the page has no login; the Host of a
request must name the server."""
import subprocess
import sys

import httpx
import pytest

from tests.web.served import served

from .web import client, pool  # noqa: F401  (the fixtures)


def test_a_remote_host_is_refused_without_allow_remote():
    done = subprocess.run([sys.executable, "-m", "queries.cli", "serve", "--host", "0.0.0.0", "--port", "8768"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("liuyao: --host 0.0.0.0: not a loopback address; the page has no login")
    korean = subprocess.run([sys.executable, "-m", "queries.cli", "serve", "--host", "0.0.0.0", "--lang", "ko"],
                            capture_output=True, text=True, timeout=60)
    assert korean.returncode == 2 and "로그인이 없어" in korean.stderr and "--allow-remote" in korean.stderr


@pytest.mark.slow
def test_allow_remote_says_the_page_has_no_login(tmp_path):
    with served(tmp_path, "--host", "0.0.0.0", "--allow-remote", "--workers", "1") as server:
        assert httpx.get(f"{server.base}/static/style.css").status_code == 200
        forged = httpx.post(f"{server.base}/api/ask", json={"goal": "clash('子', X)"}, headers={"Host": "attacker.example"})
        assert forged.status_code == 400
    said = server.process.stderr.read()
    assert said.startswith("liuyao: warning: serving on 0.0.0.0:") and "the page has no login" in said


def test_a_forged_host_is_refused(client):
    assert client.post("/api/ask", json={"goal": "clash('子', X)"}, headers={"Host": "attacker.example"}).status_code == 400
    assert client.post("/api/ask", json={"goal": "clash('子', X)"}, headers={"Host": "127.0.0.1:8766"}).status_code == 200
