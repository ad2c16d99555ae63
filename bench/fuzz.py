"""Fuzz ``liuyao`` in process: command lines drawn at random (tests/fuzz/inputs.py), each run by
calling the CLI's ``main()`` directly, and every internal error, traceback, exit status other
than 0, 1 and 2, or user error longer than one line counted and shown.

    python bench/fuzz.py --inputs 100000 [--seed 1] [--start 0] [--jobs 2]

With ``--jobs N`` the inputs are shared among N processes, each calling ``main()`` for its
share (never a process per input). Input number n is drawn from the seed and n alone, so runs
of ``--start 0 --inputs 50000`` and ``--start 50000 --inputs 50000`` are together the same
100,000 inputs as one run of ``--inputs 100000``. Exits 1 when anything was found. Issue 19's figure: 0.
"""
import argparse
import collections
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fuzz import inputs  # noqa: E402  (after the path is set)


def run_share(job):
    """Run the inputs of one share: (counts by exit status, faults as (input number, argv, what,
    stderr), the slowest inputs as (seconds, input number, argv))."""
    seed, start, stop, folder = job
    words = inputs.make_words(folder)
    statuses, faults, slowest = collections.Counter(), [], []
    for n in range(start, stop):
        args = inputs.argv(random.Random(f"{seed}:{n}"), words)
        began = time.perf_counter()
        code, out, err = inputs.run_cli(args)
        slowest = sorted(slowest + [(time.perf_counter() - began, n, args)], key=lambda s: -s[0])[:5]
        statuses[code] += 1
        found = inputs.faults(code, out, err)
        if found:
            faults.append((n, args, ", ".join(found), err[-2000:]))
    return statuses, faults, slowest


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--inputs", type=int, default=1000, help="how many command lines (default 1,000)")
    p.add_argument("--seed", default="1", help="the seed of the draw (the same seed, the same inputs)")
    p.add_argument("--start", type=int, default=0, help="the number of the first input (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="processes sharing the inputs (default 1)")
    args = p.parse_args()
    folder = tempfile.mkdtemp(prefix="liuyao-fuzz-")
    bounds = [args.start + args.inputs * i // args.jobs for i in range(args.jobs + 1)]
    jobs = [(args.seed, bounds[i], bounds[i + 1], folder) for i in range(args.jobs)]
    start = time.perf_counter()
    if args.jobs == 1:
        results = [run_share(jobs[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(run_share, jobs)
    statuses, faults, slowest = collections.Counter(), [], []
    for counted, found, slow in results:
        statuses.update(counted)
        faults += found
        slowest = sorted(slowest + slow, key=lambda s: -s[0])[:5]
    elapsed = time.perf_counter() - start
    print(f"{args.inputs:,} command lines (#{args.start:,} to #{args.start + args.inputs - 1:,}) in {elapsed:.0f} s "
          f"({args.inputs / elapsed:.0f} a second), seed {args.seed}")
    print("exit statuses: " + ", ".join(f"{code}: {count:,}" for code, count in sorted(statuses.items(), key=str)))
    kinds = collections.Counter(what for _, _, what, _ in faults)
    print(f"internal errors: {sum(n for k, n in kinds.items() if 'internal error' in k)}, "
          f"tracebacks: {sum(n for k, n in kinds.items() if 'traceback' in k)}, "
          f"other faults: {sum(n for k, n in kinds.items() if 'internal' not in k and 'traceback' not in k)}")
    print("slowest: " + "; ".join(f"#{n} {seconds:.1f} s" for seconds, n, _ in slowest))
    for n, argv, what, err in faults[:20]:
        print(f"\n#{n} {what}: liuyao {' '.join(map(repr, argv))}\n{err.rstrip()}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
