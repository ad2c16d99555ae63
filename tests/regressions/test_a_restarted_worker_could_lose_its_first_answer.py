"""A restarted worker could lose its first answer (CI, under load: ``:memory 2`` dropped the
cast as "the worker sent an answer of 2,065,855,522 bytes", the bytes ``{"t"`` read as a length).
``_kill`` closed the old worker's answers while the thread reading them could be between its
check of the descriptor and its read; the next worker's pipe took the same descriptor, and the
old thread read the new worker's first four bytes. Now only the reading thread closes the stream,
once the killed worker's pipe has ended."""
import time

from queries.sandbox import Sandbox


class _Watched:
    """A stream that counts who closes it."""

    def __init__(self, stream):
        self.stream, self.closes = stream, 0

    def close(self):
        self.closes += 1
        self.stream.close()


def test_killing_a_worker_leaves_its_answers_to_their_reader():
    with Sandbox(timeout=60) as box:
        box.cast("787889", month="戌", day="乙巳")
        process = box._process
        answers, watched = process.stdout, _Watched(process.stdout)
        process.stdout = watched
        box.set_memory(2)
        assert watched.closes == 0
        deadline = time.monotonic() + 30
        while not answers.closed and time.monotonic() < deadline:
            time.sleep(0.01)
        assert answers.closed                       # by the thread that read them, at their end
        assert box.cast_id == "c1" and box.ask("cast_line(C, 1, V)") == [(7,)]
