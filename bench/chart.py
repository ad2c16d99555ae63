"""Speed of casting charts; prints a table.

    python bench/chart.py

Targets (issue 3): per cast, warm, building the cast facts and deriving the whole chart
≤ 5 ms; `liuyao chart` end to end ≤ 0.4 s; 4,096 casts in one process ≤ 30 s. When the
`najia` package is installed its own chart is timed in the same run.
"""
import itertools
import statistics
import subprocess
import sys
import time


def main():
    from queries import KnowledgeBase
    from queries.chart import cast
    kb = KnowledgeBase()
    for seed in range(64):
        cast(seed=seed, month="戌", day="乙巳", kb=kb).forget()
    times = []
    for seed in range(64, 564):
        start = time.perf_counter()
        chart = cast(seed=seed, month="戌", day="乙巳", kb=kb)
        times.append(time.perf_counter() - start)
        chart.forget()
    print(f"{'measure':44} {'value':>12}  target")
    print(f"{'one cast, warm (median of 500)':44} {statistics.median(times) * 1000:9.2f} ms  ≤ 5 ms")
    print(f"{'one cast, warm (95th percentile)':44} {sorted(times)[475] * 1000:9.2f} ms")
    start = time.perf_counter()
    for values in itertools.product("6789", repeat=6):
        cast("".join(values), month="子", day="甲子", kb=kb)
    print(f"{'4,096 casts in one process (kept)':44} {time.perf_counter() - start:9.2f} s   ≤ 30 s")
    try:
        from najia.najia import Najia
        runs = []
        for seed in range(200):
            start = time.perf_counter()
            Najia(verbose=0).compile(params=[1, 2, 1, 2, 2, 3], date="2024-10-08 04:00")
            runs.append(time.perf_counter() - start)
        print(f"{'najia package, one chart (median of 200)':44} {statistics.median(runs) * 1000:9.2f} ms")
    except ImportError:
        print("najia package not installed: not compared")
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "queries.cli", "chart", "787889", "--month", "戌", "--day", "乙巳"],
                       check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    print(f"{'liuyao chart end to end (median of 5)':44} {statistics.median(runs):9.2f} s   ≤ 0.4 s")


if __name__ == "__main__":
    main()
