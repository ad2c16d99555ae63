"""Speed of the calendar on random dates; prints a table.

    python bench/calendar.py

Issue 17 (item 6): lunar-python recomputes a year's solar terms for every moment it is asked
about (about 3 ms, twice a cast: the local day and the UTC+8 month), 7 of a cast's 10 ms on
random dates. queries.calendar computes a year's 節 once; target ≤ 0.1 ms a moment, warm. The
last line is a whole cast at a random moment, for the calendar's share of it.
"""
import random
import statistics
import time
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo


def moments(count, seed=1):
    rng = random.Random(seed)
    start = datetime(1900, 1, 1, tzinfo=timezone.utc)
    return [(start + timedelta(seconds=rng.randrange(200 * 365 * 86400))).astimezone(ZoneInfo("Asia/Seoul"))
            for _ in range(count)]


def per_moment(call, sample):
    times = []
    for moment in sample:
        start = time.perf_counter()
        call(moment)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main():
    from lunar_python import Solar
    from queries.calendar import pillars

    def lunar_python(moment):
        for wall in (moment, moment.astimezone(timezone(timedelta(hours=8)))):
            Solar.fromYmdHms(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second).getLunar()

    sample = moments(500)
    print(f"{'measure (median of 500 random moments, 1900-2100)':52} {'value':>9}  target")
    print(f"{'lunar-python, a Lunar per moment (before)':52} {per_moment(lunar_python, sample):6.3f} ms")
    print(f"{'queries.calendar.pillars, first pass (years computed)':52} {per_moment(pillars, sample):6.3f} ms")
    print(f"{'queries.calendar.pillars, warm':52} {per_moment(pillars, sample):6.3f} ms  ≤ 0.1 ms")

    from queries import KnowledgeBase
    from queries.chart import cast
    kb = KnowledgeBase()

    def one_cast(moment):
        cast("787889", at=moment.isoformat(), kb=kb).forget()

    per_moment(one_cast, moments(30, seed=2))
    print(f"{'a whole cast at a random moment (the chart, warm)':52} {per_moment(one_cast, moments(300, seed=3)):6.3f} ms")


if __name__ == "__main__":
    main()
