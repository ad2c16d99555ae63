"""Nothing lost: a writer killed inside a transaction, at that point and at random ones, leaves
the journal as it was before that write; two processes writing at once both land."""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from queries.journal import Journal, chain

from .writer import DATES

ROOT = Path(__file__).resolve().parents[2]


def _writer(path, count, *more):
    return subprocess.Popen([sys.executable, "-m", "tests.journal.writer", str(path), str(count), *more], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _whole(path) -> int:
    """The entries of a journal, after checking that each is whole and the chain holds."""
    with Journal(path) as journal:
        assert chain.problems(journal.conn) == []
        entries = journal.rows("SELECT e.id, (SELECT count(*) FROM prediction p WHERE p.entry = e.id) AS said, "
                               "(SELECT count(*) FROM check_date c WHERE c.entry = e.id) AS checks FROM entry e")
        assert all(e["said"] == 1 and e["checks"] == len(DATES) for e in entries)
        return len(entries)


def test_a_writer_killed_inside_its_transaction_leaves_the_journal_as_it_was(path):
    _writer(path, 3).wait()
    for _ in range(4):
        writer = _writer(path, 1, "inside")
        assert writer.stdout.readline() == "open\n" and writer.stdout.readline() == "inside\n"
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        assert _whole(path) == 3


def test_writers_killed_at_random_moments_lose_no_write_they_finished(path):
    _writer(path, 1).wait()
    shuffle, count = random.Random(32), 1
    for _ in range(10):
        writer = _writer(path, 200)
        assert writer.stdout.readline() == "open\n"
        time.sleep(shuffle.random() * 0.1)
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        now = _whole(path)
        assert now >= count
        count = now
    assert count > 1


def test_two_writers_at_once_both_land(path):
    _writer(path, 1).wait()
    writers = [_writer(path, 25), _writer(path, 25)]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    assert _whole(path) == 51
