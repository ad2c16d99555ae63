"""A shared worker killed from outside cost the next request on it a 400, the status of a user's
mistake, and a killed private worker stayed a zombie until its session ended (red team L10). The
request is now a 503 (try again, as for a busy server), the next one is served, and the pool
collects a killed private worker."""
import os
import signal
import time

from .web import CAST, client, pool  # noqa: F401  (the fixtures)


def test_a_killed_shared_worker_is_a_503_then_served(client, pool):
    (box,) = pool._all
    client.post("/api/chart", json=CAST)
    os.kill(box._process.pid, signal.SIGKILL)
    box._process.wait()
    answer = client.post("/api/chart", json=CAST)
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
    assert "worker stopped" in answer.json()["error"] and "\n" not in answer.json()["error"]
    assert client.post("/api/chart", json=CAST).status_code == 200


def test_a_killed_private_worker_is_collected(pool):
    session = pool.add_rule(None, "line_mine(C, P) <= line_relative(C, P, '官鬼')")["session"]
    box = pool._private[session].box
    process = box._process
    os.kill(process.pid, signal.SIGKILL)
    for _ in range(100):
        if not box.alive():
            break
        time.sleep(0.05)
    assert not box.alive() and process.returncode is not None       # waited for: no zombie
    pool.forget(session)
