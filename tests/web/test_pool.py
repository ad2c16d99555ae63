"""The pool: a full queue is a 503 of one line, a runaway question stops at the limit without
holding up the other requests, and a session's own worker ends when idle, its folder removed."""
import threading
import time

import pytest
from fastapi.testclient import TestClient

from queries.errors import QueryTimeout
from queries.web.app import create_app
from queries.web.pool import Busy, Pool
from tests.web.conftest import CAST

TALLY = ("tally(C, N) <= cast_line(C, 1, N)", "tally(C, N) <= tally(C, M) & (N == M + 1)")


@pytest.fixture(scope="module")
def small():
    with Pool(size=1, waiting=0, wait=0.5, timeout=2.0, idle=1.0) as pool:
        yield pool


def test_a_full_queue_is_a_503(small):
    with TestClient(create_app(small)) as client:
        with small.worker():
            with pytest.raises(Busy):
                with small.worker():
                    pass
            answer = client.post("/api/chart", json=CAST)
            page = client.get("/chart", params=CAST)
        assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
        assert answer.json()["error"].startswith("busy:") and "\n" not in answer.json()["error"]
        assert page.status_code == 503 and "바쁨:" in page.text            # the page in its language
        assert client.post("/api/chart", json=CAST).status_code == 200


def test_a_runaway_question_does_not_block_the_others(small):
    session = None
    for rule in TALLY:
        session = small.add_rule(session, rule)["session"]
    done = []

    def runaway():
        with small.worker(session) as box:
            box.cast(CAST["values"], month=CAST["month"], day=CAST["day"])
            try:
                box.ask("tally(C, N)")
            except QueryTimeout as e:
                done.append(("runaway", str(e)))

    thread = threading.Thread(target=runaway)
    thread.start()
    with small.worker() as box:
        box.cast("787889", month="戌", day="乙巳")
        done.append(("other", box.ask("line_relative(C, 3, R)")))
    thread.join()
    assert done[0] == ("other", [("妻財",)])
    assert done[1][0] == "runaway" and "tally(C, N)" in done[1][1]
    small.forget(session)


def test_an_idle_session_ends_and_its_folder_goes(small):
    session = small.add_rule(None, "my_mark(C, P) <= line_relative(C, P, '妻財')")["session"]
    folder = small._private[session].folder
    assert (folder / "kb" / "user.dl").read_text(encoding="utf-8").count("my_mark") == 1
    assert str(folder).startswith(str(small.root))
    for _ in range(100):
        if not small.has_session(session) and not folder.exists():
            break
        time.sleep(0.1)
    assert not small.has_session(session) and not folder.exists()


def test_a_rule_that_does_not_lint_leaves_the_session_as_it_was(small):
    session = small.add_rule(None, "my_mark(C, P) <= line_relative(C, P, '妻財')")["session"]
    with pytest.raises(Exception) as refused:
        small.add_rule(session, "other(C) <= no_such_predicate(C)")
    assert "no_such_predicate" in str(refused.value) or getattr(refused.value, "problems", None)
    assert small.rules(session) == ["my_mark(C, P) <= line_relative(C, P, '妻財')"]
    small.forget(session)
