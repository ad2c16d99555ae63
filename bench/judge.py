"""Speed of judging a question and of the stars; prints a table.

    python bench/judge.py

Targets, warm, per cast: `judge` with the proof of the grade ≤ 25 ms (issue 5); judge with the
readings that apply ≤ 15 ms and with every reading's proof ≤ 60 ms (issue 12); the timing
candidates with dates (issue 16, reported); stars of one cast ≤ 10 ms (issue 6); `liuyao judge`
end to end ≤ 0.4 s. For comparison, a whole reading of a fresh cast with the tables per cast and
with pyDatalog deriving everything.
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
    plain, proved, read, read_proved, as_data, timed, stars = [], [], [], [], [], [], []
    topics = ("wealth", "office", "document", "childbirth", "illness", "house")
    for seed in range(60):
        chart = cast(seed=seed, at=f"2024-{seed % 12 + 1:02d}-{seed % 27 + 1:02d}T10:00", tz="Asia/Seoul", kb=kb)
        start = time.perf_counter()
        judgment = judge(chart, topics[seed % len(topics)])
        plain.append(time.perf_counter() - start)
        judgment.proof()
        proved.append(time.perf_counter() - start)
        judgment = judge(chart, topics[(seed + 1) % len(topics)])
        start = time.perf_counter()
        judgment.readings()
        read.append(time.perf_counter() - start)
        start = time.perf_counter()
        judgment.timing()
        timed.append(time.perf_counter() - start)
        judgment = judge(chart, topics[(seed + 2) % len(topics)])
        judgment.readings()
        start = time.perf_counter()
        judgment.readings(proofs=True)
        read_proved.append(time.perf_counter() - start)
        start = time.perf_counter()
        judgment.to_data(proof=True)
        as_data.append(time.perf_counter() - start)
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
    ms = lambda xs: f"{statistics.median(xs) * 1000:8.1f}ms {max(xs) * 1000:8.1f}ms"
    print(f"{'measure (60 casts)':46} {'median':>10} {'max':>10}  target")
    print(f"{'judge, no proof':46} {ms(plain)}")
    print(f"{'judge with the proof of the grade':46} {ms(proved)}  ≤ 25 ms")
    print(f"{'  + the readings that apply (no proofs)':46} {ms(read)}  ≤ 15 ms")
    print(f"{'  + the readings with every proof':46} {ms(read_proved)}  ≤ 60 ms")
    print(f"{'  judge --json --proof: every proof as data':46} {ms(as_data)}")
    print(f"{'  + the timing candidates with dates':46} {ms(timed)}")
    print(f"{'stars of a fresh cast (Chart.stars, with rule ids)':46} {ms(stars)}  ≤ 10 ms")
    print(f"{'liuyao judge end to end':46} {statistics.median(runs):8.2f}s {max(runs):8.2f}s   ≤ 0.4 s")
    print(f"{'a whole reading: chart, states, stars, judgment':46} {reading[True] * 1000:8.1f}ms")
    print(f"{'  the same, pyDatalog deriving (tables=False)':46} {reading[False] * 1000:8.1f}ms")


if __name__ == "__main__":
    main()
