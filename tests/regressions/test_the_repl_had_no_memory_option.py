"""The REPL had no ``--memory`` (issue 19 asks ``--timeout`` and ``--memory`` on every path that
asks): ``liuyao repl --memory MB`` and ``:memory MB`` now set the sandbox's memory limit as
``--timeout`` and ``:timeout`` set its time limit."""
import io

import pytest

from queries.errors import QueryTooLarge
from queries.sandbox import Sandbox

CAST = ":cast 787889 month 戌 day 乙巳"
WIDE = " & ".join(f"branch_order(A{i}, B{i})" for i in range(4))      # 12 ** 4 bindings, some 8 MB


def repl(liuyao, monkeypatch, script, *argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return liuyao("repl", *argv)


def test_repl_memory_sets_the_workers_limit(liuyao, monkeypatch):
    code, out, err = repl(liuyao, monkeypatch, ":help\n", "--memory", "64")
    assert code == 0 and err == "" and "(now 64 MB)" in out


def test_memory_in_a_session_restarts_the_worker_with_the_limit_and_keeps_the_cast(liuyao, monkeypatch):
    code, out, err = repl(liuyao, monkeypatch, f"{CAST}\n:memory 2\n?- {WIDE}.\n?- cast_line(C, 1, V).\n:help\n",
                          "--timeout", "60")
    assert "memory limit: 2 MB (the worker was started again, the session restored)" in out
    assert "needed more than the limit of 2 MB" in out
    assert "V\n─\n7\n(1 answer)" in out and "(now 2 MB)" in out


def test_a_sandbox_changes_its_memory_limit():
    with Sandbox(timeout=60) as box:
        box.cast("787889", month="戌", day="乙巳")
        box.set_memory(2)
        assert box.memory_mb == 2 and box.cast_id == "c1"
        with pytest.raises(QueryTooLarge, match="the limit of 2 MB"):
            box.ask(WIDE)
        box.set_memory(None)
        assert len(box.ask("branch_order(W, X) & branch_order(Y, Z)")) == 144
