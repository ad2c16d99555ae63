"""How many timing candidates 應期 a question gets, and how long they take; prints tables.

    python bench/timing.py [CASTS] [HORIZON]

Random casts (seeded lines at random moments of 1990-2030, default 120 casts) are asked every
topic, in the asker's HORIZON when one is given (hour, day, month, year; `hour` counts the hour
candidates, which no question gets by default). For each question and unit: the number of candidates (a window such as 001:107's three
days counts once) and of distinct branches, median and maximum, overall and per topic, and how
many of them a judgment lists first (``queries.timing.listed``: at most four a unit, six in all).
Target (issue 16): a median of at most four per unit.
"""
import random
import statistics
import sys
import time
from collections import defaultdict
from datetime import datetime, timedelta, timezone

WHOM = {"about": {"about": "friend"}, "asker": {"asker": "man"}}   # by the topic's use-god column


def moments(n, seed=16):
    rng = random.Random(seed)
    start = datetime(1990, 1, 1, tzinfo=timezone(timedelta(hours=8)))
    for _ in range(n):
        yield (start + timedelta(minutes=rng.randrange(40 * 365 * 24 * 60))).isoformat()


def main(n=120, horizon=None):
    from queries import KnowledgeBase
    from queries.chart import cast
    from queries.judgment import judge, topics
    from queries.timing import candidates, listed
    kb = KnowledgeBase()
    known = topics(kb)
    names = sorted(known)
    counts, branches, per_topic = defaultdict(list), defaultdict(list), defaultdict(list)
    first = defaultdict(list)
    questions, empty, spent = 0, 0, []
    for seed, at in enumerate(moments(n)):
        chart = cast(seed=seed, at=at, kb=kb)
        for topic in names:
            judgment = judge(chart, topic, horizon=horizon, **WHOM.get(known[topic][0], {}))
            start = time.perf_counter()
            found = candidates(judgment)
            spent.append(time.perf_counter() - start)
            questions += 1
            empty += not found
            by_unit = defaultdict(list)
            for item in found:
                by_unit[item["unit"]].append(item)
            shown = listed(found)
            for unit, items in by_unit.items():
                counts[unit].append(len(items))
                first[unit].append(sum(item["unit"] == unit for item in shown))
                branches[unit].append(len({b for i in items for b in i.get("within") or [i["branch"]]}))
                per_topic[topic].append(len(items))
        chart.forget()
    print(f"{questions} questions ({n} casts × {len(names)} topics, horizon {horizon or 'by the question'}); "
          f"{empty} without any candidate")
    print(f"{'unit':8} {'questions':>9} {'median':>7} {'max':>4} {'distinct branches: median':>26} {'max':>4}"
          f" {'listed: median':>15} {'max':>4}")
    for unit in ("hour", "day", "month", "year"):
        if counts[unit]:
            print(f"{unit:8} {len(counts[unit]):9} {statistics.median(counts[unit]):7} {max(counts[unit]):4} "
                  f"{statistics.median(branches[unit]):26} {max(branches[unit]):4}"
                  f" {statistics.median(first[unit]):15} {max(first[unit]):4}")
    print(f"\n{'topic':12} {'median per unit':>15} {'max':>4}")
    for topic in names:
        print(f"{topic:12} {statistics.median(per_topic[topic]):15} {max(per_topic[topic]):4}")
    print(f"\ncandidates() with dates and reasons: median {statistics.median(spent) * 1000:.1f} ms, "
          f"max {max(spent) * 1000:.1f} ms per question")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 120, sys.argv[2] if len(sys.argv) > 2 else None)
