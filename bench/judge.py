"""Speed of judging a question and of the stars; prints a table.

    python bench/judge.py

Targets: `judge` with proof, warm, ≤ 25 ms per cast (issue 5); `liuyao judge` end to end
≤ 0.5 s; stars of one cast, warm, ≤ 10 ms (issue 6).
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
        start = time.perf_counter()
        kb.match("star_cell", chart.id, None, None, None, None)
        stars.append(time.perf_counter() - start)
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "queries.cli", "judge", "787889", "--month", "戌", "--day", "乙巳",
                        "--topic", "wealth"], check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    print(f"{'measure':46} {'median':>10}  target")
    print(f"{'judge, no proof (60 casts)':46} {statistics.median(plain) * 1000:8.1f}ms")
    print(f"{'judge with proof (60 casts)':46} {statistics.median(proved) * 1000:8.1f}ms  ≤ 25 ms")
    print(f"{'stars of one cast, the star_cell query':46} {statistics.median(stars) * 1000:8.1f}ms  ≤ 10 ms")
    print(f"{'liuyao judge end to end':46} {statistics.median(runs):8.2f}s   ≤ 0.5 s")


if __name__ == "__main__":
    main()
