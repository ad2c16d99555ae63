"""Speed of the two questions of seed 001 that are not a verdict: describe the person 形性 and
the life periods 大限/小限; prints a table.

    python bench/person.py

Each is a judgment (topic appearance or life) and its readings, so the targets are those of a
judgment: warm, per cast, no slower than judging a verdict question with its readings, measured
beside them on the same casts (≤ 40 ms); `liuyao describe` and `liuyao periods` end to end as
`liuyao judge` (≤ 0.4 s on an idle machine).
"""
import statistics
import subprocess
import sys
import time


def main():
    from queries import KnowledgeBase
    from queries.chart import cast
    from queries.periods import periods
    from queries.judgment import judge
    from queries.person import describe
    kb = KnowledgeBase()
    describe(cast("787889", month="戌", day="乙巳", kb=kb), about="wife")
    people = ("self", "wife", "husband", "son", "maid")
    described, aged, verdicts = [], [], []
    for seed in range(60):
        chart = cast(seed=seed, at=f"2024-{seed % 12 + 1:02d}-{seed % 27 + 1:02d}T10:00", tz="Asia/Seoul", kb=kb)
        start = time.perf_counter()
        describe(chart, about=people[seed % len(people)]).to_data()
        described.append(time.perf_counter() - start)
        start = time.perf_counter()
        periods(chart, age=seed + 1).to_data()
        aged.append(time.perf_counter() - start)
        start = time.perf_counter()
        judge(chart, "wealth").readings()
        verdicts.append(time.perf_counter() - start)
        chart.forget()
    runs = {}
    for name, argv in (("judge", ["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth"]),
                       ("describe", ["describe", "787889", "--month", "戌", "--day", "乙巳", "--about", "wife"]),
                       ("periods", ["periods", "777788", "--month", "申", "--day", "甲午", "--age", "27"])):
        times = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "queries.cli", *argv], check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        runs[name] = times
    ms = lambda xs: f"{statistics.median(xs) * 1000:8.1f}ms {max(xs) * 1000:8.1f}ms"
    print(f"{'measure (60 casts)':46} {'median':>10} {'max':>10}  target")
    print(f"{'describe the person 形性 (with its readings)':46} {ms(described)}  ≤ 40 ms")
    print(f"{'life periods 大限/小限 at an age':46} {ms(aged)}  ≤ 40 ms")
    print(f"{'  for comparison: judge wealth + its readings':46} {ms(verdicts)}")
    for name, times in runs.items():
        print(f"{'liuyao ' + name + ' end to end':46} {statistics.median(times):8.2f}s {max(times):8.2f}s   ≤ 0.4 s")


if __name__ == "__main__":
    main()
