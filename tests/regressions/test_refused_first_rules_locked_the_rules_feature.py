"""A session was made before its first rule was linted, so eight refused first rules left eight
sessions with no cookie and a worker each for ten minutes, and everyone was then told "busy: 8
sessions with rules of their own are open"; and 40 clients looping the shared pool made another
client's pages 503 (red team M8). A session is now made only once its first rule loads; one
address may hold a quarter of the sessions; and a shared worker that comes free goes to the
first client under its share (one client holds at most half the shared workers)."""
import threading

import pytest

from queries.errors import KnowledgeError
from queries.web.pool import Busy, Pool

RULE = "line_mine(C, P) <= line_relative(C, P, '官鬼')"


def test_refused_first_rules_leave_no_session():
    with Pool(size=1, waiting=0, sessions=8) as pool:
        for i in range(8):
            with pytest.raises(KnowledgeError):
                pool.add_rule(None, f"broken{i}(X) <= nope(X)", client="127.0.0.9")
        assert not pool._private and not list(pool.root.iterdir())
        assert pool.has_session(pool.add_rule(None, RULE, client="127.0.0.1")["session"])


def test_one_address_holds_a_quarter_of_the_sessions():
    with Pool(size=1, waiting=0, sessions=4) as pool:
        pool.add_rule(None, RULE, client="127.0.0.9")
        with pytest.raises(Busy, match="from this address"):
            pool.add_rule(None, RULE, client="127.0.0.9")
        assert pool.has_session(pool.add_rule(None, RULE, client="127.0.0.1")["session"])


def test_a_free_worker_goes_to_a_client_under_its_share():
    with Pool(size=2, waiting=8, wait=20) as pool:
        holding, release, order = threading.Event(), threading.Event(), []

        def attacker(name):
            with pool.worker(client="127.0.0.9"):
                order.append(name)
                holding.set()
                release.wait(20)
        first = threading.Thread(target=attacker, args=("attacker 1",))
        first.start()
        holding.wait(20)
        second = threading.Thread(target=attacker, args=("attacker 2",))   # over its share: it waits
        second.start()
        with pool.worker(client="127.0.0.1"):
            order.append("other")
        release.set()
        first.join(30)
        second.join(30)
        assert order == ["attacker 1", "other", "attacker 2"]
