"""The words of the 周易 (issue 30): what the start of a process costs with and without them, and what
reading them costs when asked.

    python bench/texts.py [--runs 15] [--before DIR]

start: a fresh process that opens the knowledge base (``KnowledgeBase()``, the cache warm), its wall
and CPU time (the children's rusage), median of ``--runs``, in this tree and, with ``--before``, in
another checkout (main), in turn; words: in one process, the first ``Chart.words()`` of 787889 (reading
texts/ and proving the choice) and the next cast's, and all 64 hexagrams' words (``texts.hexagram``).
"""
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path[0] = str(Path(__file__).resolve().parent.parent)   # bench/calendar.py must not hide the standard calendar

import argparse  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402

OPEN = "from queries.knowledge import KnowledgeBase; KnowledgeBase()"


def start(tree: Path, runs: int) -> tuple:
    walls, cpus = [], []
    subprocess.run([sys.executable, "-c", OPEN], cwd=tree, check=True)       # warm the cache
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", OPEN], cwd=tree, check=True, env={**os.environ, "PYTHONPATH": str(tree)})
        walls.append(time.perf_counter() - began)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def words() -> dict:
    from queries import texts
    from queries.chart import cast
    chart = cast("787889", month="戌", day="乙巳")
    began = time.perf_counter()
    chart.words()
    first = time.perf_counter() - began
    other = cast("999977", month="戌", day="乙巳")
    began = time.perf_counter()
    other.words()
    second = time.perf_counter() - began
    began = time.perf_counter()
    for n in range(1, 65):
        texts.hexagram(n)
    return {"first chart's words": first, "next chart's words": second, "all 64 hexagrams": time.perf_counter() - began}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--before", help="another checkout to time the start of (main)")
    args = p.parse_args()
    here = Path(__file__).resolve().parent.parent
    trees = [("before", Path(args.before))] if args.before else []
    for label, tree in trees + [("this tree", here)]:
        wall, cpu = start(tree, args.runs)
        print(f"start ({label}): wall {wall * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms (median of {args.runs})")
    for what, seconds in words().items():
        print(f"{what}: {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
