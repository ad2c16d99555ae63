"""SIGTERM stopped the server without running its clean-up (uvicorn raises the signal again after
its shutdown), so every session's uploaded files stayed in the temporary folder (red team L7).
SIGTERM now stops it as SIGINT does: the workers end and the pool's folder goes."""
import signal

import httpx
import pytest

from tests.web.served import served, token

pytestmark = pytest.mark.slow


def test_sigterm_removes_the_pools_folder(tmp_path):
    with served(tmp_path, "--workers", "1") as server:
        with httpx.Client() as client:
            made = client.post(f"{server.base}/rule", data={"values": "787889", "month": "戌", "day": "乙巳",
                               "rule": "line_mine(C, P) <= line_relative(C, P, '官鬼')",
                               "csrf": token(client, server.base)})
            assert made.status_code == 303
        (pool,) = server.pools()
        assert any((tmp_path / pool).rglob("user.dl"))
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(30)
    assert server.pools() == []
    assert f"liuyao: the page is ready at {server.base}/" in server.process.stdout.read()   # said once it answered
