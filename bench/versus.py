"""A whole reading and a chart with its JSON against the ``najia`` package's chart, paired in one
process; prints a table.

    python bench/versus.py [--casts 200]

For each of CASTS random moments of 2024 (seed 1) and random line values, in turn: najia's chart
(``Najia().compile`` at the moment, its result as JSON), the same with the text its command
prints (``render()``), this program's chart cast at the same
moment with its data and stars as JSON (the calendar warm: every moment is in one year, and one
chart of it was cast before), and a whole reading at the same moment (bench/reading.py's: the
chart, the judgment with every proof, one compact JSON document). Each figure is the process's
CPU time; each ratio is taken pair by pair, per moment, and the median given, against najia's
chart as JSON and against it rendered (issue 33: a whole reading at most 8 times najia's chart,
a chart with its JSON at most 5 times). The collector is
set as the ``liuyao`` command sets it.
"""
import argparse
import gc
import json
import random
import statistics
import time
from datetime import datetime, timedelta

TOPICS = ("wealth", "office", "document", "childbirth", "illness", "house")


def cpu(work):
    start = time.process_time()
    work()
    return time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casts", type=int, default=200)
    args = parser.parse_args()
    from najia.najia import Najia
    from queries import KnowledgeBase
    from queries.chart import cast
    from queries.engine.limits import GC_THRESHOLD
    from queries.judgment import judge
    gc.set_threshold(*GC_THRESHOLD)
    kb = KnowledgeBase()
    gc.freeze()
    rng = random.Random(1)
    moments = [datetime(2024, 1, 1) + timedelta(minutes=rng.randrange(366 * 24 * 60)) for _ in range(args.casts + 1)]
    lines = ["".join(rng.choice("6789") for _ in range(6)) for _ in moments]
    at = lambda m: m.strftime("%Y-%m-%dT%H:%M")

    def compiled(i):
        params = [{"6": 4, "7": 1, "8": 2, "9": 3}[v] for v in lines[i]]       # najia: 1 少陽 2 少陰 3 老陽 4 老陰
        return Najia(verbose=0).compile(params=params, date=moments[i].strftime("%Y-%m-%d %H:%M"))

    def theirs(i):
        json.dumps(compiled(i).__dict__, ensure_ascii=False, default=str)

    def rendered(i):
        compiled(i).render()

    def chart_json(i):
        chart = cast(lines[i], at=at(moments[i]), tz="Asia/Shanghai", kb=kb)
        json.dumps(chart.to_data(stars=True), ensure_ascii=False, separators=(",", ":"))
        chart.forget()

    def whole(i):
        chart = cast(lines[i], at=at(moments[i]), tz="Asia/Shanghai", kb=kb)
        judgment = judge(chart, TOPICS[i % len(TOPICS)])
        json.dumps({"chart": chart.to_data(stars=True), "judgment": judgment.to_data(True, "en")},
                   ensure_ascii=False, separators=(",", ":"))
        chart.forget()

    for work in (theirs, rendered, chart_json, whole):
        work(args.casts)                  # the calendar of 2024 and each path warm
    runs = [(cpu(lambda: theirs(i)), cpu(lambda: rendered(i)), cpu(lambda: chart_json(i)), cpu(lambda: whole(i)))
            for i in range(args.casts)]
    najia, shown, chart, reading = zip(*runs)
    ms = lambda xs: f"{statistics.median(xs) * 1000:8.2f} ms"
    ratio = lambda xs, to: statistics.median(x / n for x, n in zip(xs, to) if n > 0)
    print(f"{'CPU, median of ' + str(args.casts) + ' moments':40} {'time':>11} {'/ its JSON':>11} {'/ rendered':>11}"
          "  target")
    print(f"{'najia: its chart as JSON':40} {ms(najia)} {1:11.2f} {ratio(najia, shown):11.2f}")
    print(f"{'najia: its chart rendered':40} {ms(shown)} {ratio(shown, najia):11.2f} {1:11.2f}")
    print(f"{'a chart with its JSON, calendar warm':40} {ms(chart)} {ratio(chart, najia):11.2f} "
          f"{ratio(chart, shown):11.2f}  ≤ 5")
    print(f"{'a whole reading as JSON':40} {ms(reading)} {ratio(reading, najia):11.2f} {ratio(reading, shown):11.2f}"
          "  ≤ 8")


if __name__ == "__main__":
    main()
