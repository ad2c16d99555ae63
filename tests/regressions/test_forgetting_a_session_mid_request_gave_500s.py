"""Forgetting a session closed its worker while its requests were in flight: 89 of 377 answers
were 500 ("I/O operation on closed file") and 61 connections dropped (red team M6). Now a
session forgotten mid-request keeps its worker until that request is done; a request that comes
after is answered by a shared worker, without the session's rules; a closed worker answers a
one-line WorkerError, never a traceback."""
import threading

import pytest

from queries.sandbox import Sandbox, WorkerError
from queries.web.pool import Pool

RULE = "line_mine(C, P) <= line_relative(C, P, '妻財')"


def test_a_request_in_flight_finishes_and_the_next_goes_to_a_shared_worker():
    with Pool(size=1, waiting=2, timeout=10) as pool:
        session = pool.add_rule(None, RULE)["session"]
        folder = pool._private[session].folder
        inside, forgotten, answers = threading.Event(), threading.Event(), []

        def request():
            with pool.worker(session) as box:
                inside.set()
                forgotten.wait(10)
                box.cast("787889", month="戌", day="乙巳")
                answers.append(box.ask("line_mine(C, P)"))
        thread = threading.Thread(target=request)
        thread.start()
        inside.wait(10)
        pool.forget(session)
        assert folder.exists()                          # the request in flight still reads it
        forgotten.set()
        thread.join(30)
        assert answers == [[(3,), (5,)]] and not folder.exists() and not pool.has_session(session)
        with pool.worker(session) as box:               # its cookie again: a shared worker
            assert any(box is shared for shared in pool._all)


def test_a_closed_worker_answers_one_line():
    box = Sandbox(timeout=10)
    box.close()
    with pytest.raises(WorkerError, match="^the knowledge base worker was stopped"):
        box.cast("787889", month="戌", day="乙巳")
