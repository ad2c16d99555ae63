"""The REPL's worker stopped runaways at 5 s but had no memory limit (954 MB, 1.7 GB). A
Sandbox now bounds its worker's memory by default: its knowledge base stops a question that
holds too much, with one line, and the session goes on."""
import pytest

from queries.engine.limits import DEFAULT_MEMORY_MB
from queries.errors import QueryTooLarge
from queries.sandbox import Sandbox

WIDE = " & ".join(f"branch_order(A{i}, B{i})" for i in range(6))      # 12 ** 6 bindings


@pytest.mark.slow
def test_a_goal_that_holds_too_much_stops_in_the_worker():
    with Sandbox(timeout=30, memory_mb=64) as box:
        with pytest.raises(QueryTooLarge, match="needed more than the limit of 64 MB"):
            box.ask(WIDE)
        assert box.ask("clash('子', X)") == [("午",)]


def test_the_default_limit_is_the_engines():
    assert Sandbox.__init__.__kwdefaults__["memory_mb"] == DEFAULT_MEMORY_MB
