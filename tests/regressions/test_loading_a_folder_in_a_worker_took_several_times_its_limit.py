"""In the sandbox each heartbeat of the load (one a static predicate computed) moved the deadline
on, so a folder of four predicates of 8 s each loaded in 33.7 s under a limit of 10 s, and every
later rule took as long (red team L5). A worker's call has its limit as a whole, loading
included: the beats only name what is being computed (a worker's start alone, which restores
folders that loaded within the limit before, has the limit for each predicate it computes)."""
import queue
import threading

import pytest

from queries import sandbox


class _Beating:
    """A worker that sends a beat every 0.1 s and never answers."""

    def __init__(self):
        self._inbox, self._process = queue.Queue(), None
        self.stop = threading.Event()
        threading.Thread(target=self._beat, daemon=True).start()

    def _beat(self):
        while not self.stop.wait(0.1):
            self._inbox.put(("beat", "slow_predicate"))

    timeout = 0.5

    def _kill(self):
        """Nothing to kill: the test's worker is a thread."""


def test_beats_do_not_move_the_deadline_of_a_load():
    worker = _Beating()
    try:
        with pytest.raises(sandbox._Stopped) as stopped:
            sandbox.Sandbox._wait(worker, "load", True)
        assert stopped.value.computing == "slow_predicate" and not worker.stop.is_set()
    finally:
        worker.stop.set()
