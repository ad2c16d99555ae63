"""Speed of judging a question and of the stars; prints a table.

    python bench/judge.py

Targets: `judge` with proof, warm, ≤ 25 ms per cast (issue 5); `liuyao judge` end to end
≤ 0.5 s; stars of one cast, warm, ≤ 10 ms (issue 6). For comparison, a whole reading of a fresh
cast with the tables per cast and with pyDatalog deriving everything.
"""
import statistics
import subprocess
import sys
import time


def main():
    from queries import KnowledgeBase
    from queries.chart import cast
    from queries.judgment import judge
    kb = KnowledgeBase()
    judge(cast("787889", month="戌", day="乙巳", kb=kb), "wealth").proof()
    plain, proved, stars = [], [], []
    for seed in range(60):
        chart = cast(seed=seed, month="子丑寅卯辰巳午未申酉戌亥"[seed % 12], day="甲子", kb=kb)
        start = time.perf_counter()
        judgment = judge(chart, ("wealth", "office", "document", "childbirth")[seed % 4])
        plain.append(time.perf_counter() - start)
        judgment.proof()
        proved.append(time.perf_counter() - start)
        fresh = cast(seed=seed, month="子丑寅卯辰巳午未申酉戌亥"[seed % 12], day="乙丑", kb=kb)
        start = time.perf_counter()
        fresh.stars
        stars.append(time.perf_counter() - start)
        chart.forget()
        fresh.forget()
    reading = {}
    for tables in (True, False):
        kb = KnowledgeBase(tables=tables)
        times = []
        for seed in range(20):
            start = time.perf_counter()
            chart = cast(seed=seed, month="子丑寅卯辰巳午未申酉戌亥"[seed % 12], day="丙寅", kb=kb)
            chart.to_data()
            judge(chart, "wealth").proof()
            times.append(time.perf_counter() - start)
            chart.forget()
        reading[tables] = statistics.median(times[1:])
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "queries.cli", "judge", "787889", "--month", "戌", "--day", "乙巳",
                        "--topic", "wealth"], check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    print(f"{'measure':46} {'median':>10}  target")
    print(f"{'judge, no proof (60 casts)':46} {statistics.median(plain) * 1000:8.1f}ms")
    print(f"{'judge with proof (60 casts)':46} {statistics.median(proved) * 1000:8.1f}ms  ≤ 25 ms")
    print(f"{'stars of a fresh cast (Chart.stars, with rule ids)':46} {statistics.median(stars) * 1000:8.1f}ms  ≤ 10 ms")
    print(f"{'liuyao judge end to end':46} {statistics.median(runs):8.2f}s   ≤ 0.5 s")
    print(f"{'a whole reading: chart, states, stars, judgment':46} {reading[True] * 1000:8.1f}ms")
    print(f"{'  the same, pyDatalog deriving (tables=False)':46} {reading[False] * 1000:8.1f}ms")


if __name__ == "__main__":
    main()
