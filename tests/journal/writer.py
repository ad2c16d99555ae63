"""A writer of the journal's tests, run as its own process: ``python -m tests.journal.writer PATH
COUNT [inside]`` says ``open``, keeps COUNT made-up entries of 40 pending checks each, one transaction each;
with ``inside`` it stops inside its first transaction, says ``inside`` and waits to be killed."""
import os
import sys
import time

from queries.journal import Journal, entry

from .conftest import made_up

DATES = [f"2025-{m:02}-{d:02}" for m in range(1, 5) for d in range(1, 11)]


def main(path, count, inside=False):
    with Journal(path, write=True) as journal:
        print("open", flush=True)
        for n in range(count):
            kept = made_up(n, dates=DATES)
            with journal.transaction():
                entry.write_entry(journal, entry.entry_row({**kept, "made": f"{time.time_ns()}-{os.getpid()}-{n}"}), kept["prediction"])
                if inside:
                    print("inside", flush=True)
                    sys.stdin.read()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), inside=sys.argv[3:] == ["inside"])
