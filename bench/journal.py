"""The journal at scale: keep N casts (judged, each in its own transaction), give half of them an
outcome, read the statistics, verify the chain, rejudge every kept cast; prints the time of each
step, the time per entry, and the file's size.

    python bench/journal.py [--entries N] [--distinct K] [--no-rejudge] [--file FILE]
    python bench/journal.py --rejudge-file FILE

N defaults to 10,000 (issue 32's figure); K casts are judged (default N) and kept in turn until N
are kept, so the file and its writes are at full size while the judging of the keeping is cut
(rejudge judges every kept one, so its time grows with N: ``--no-rejudge`` leaves it out). FILE
defaults to a new file in a temporary folder (an existing file is refused, as the journal never
overwrites); ``--rejudge-file`` times a rejudge of a journal kept before (the same knowledge's
judgment of every entry again). Casts: seeded random lines at random
moments of 1990-2030 (UTC+8), the topics in turn. The judging is most of the time; the journal's
own part (writing, statistics, verify) is printed apart.
"""
import os
import random
import sys
import tempfile
import time
from datetime import date, datetime, timedelta, timezone


def casts(n, seed=32):
    rng = random.Random(seed)
    start = datetime(1990, 1, 1, tzinfo=timezone(timedelta(hours=8)))
    for _ in range(n):
        moment = start + timedelta(minutes=rng.randrange(40 * 365 * 24 * 60))
        yield "".join(rng.choice("6789") for _ in range(6)), moment.replace(tzinfo=None).isoformat()


def main(n=10_000, distinct=None, path=None, again=True):
    from queries.journal import Journal, chain
    from queries.journal.entry import keep
    from queries.journal.outcome import HAPPENED, record_outcome
    from queries.journal.rejudge import rejudge
    from queries.journal.stats import stats
    from queries.session import Session
    path = path or os.path.join(tempfile.mkdtemp(), "journal.sqlite3")
    if os.path.exists(path):
        sys.exit(f"bench/journal.py: {path} exists; give a new file")
    session = Session()
    topics = ["wealth", "office", "illness", "marriage", "travel", "lawsuit", "house", "exam"]
    judging = writing = 0.0
    rng = random.Random(7)
    with Journal(path, write=True) as journal:
        judged = []
        for i, (lines, at) in enumerate(casts(distinct or n)):
            if i and i % 1000 == 0:
                print(f"judged {i}: {judging:.0f} s", flush=True)
            t0 = time.perf_counter()
            session.cast(lines, at=at, tz="Asia/Shanghai")
            session.judge(topics[i % len(topics)], **({"asker": "man"} if topics[i % len(topics)] == "marriage" else {}))
            judged.append(session.journal_record())
            judging += time.perf_counter() - t0
        for i in range(n):
            kept = judged[i % len(judged)]
            t1 = time.perf_counter()
            keep(journal, kept)
            writing += time.perf_counter() - t1
            if (i + 1) % 1000 == 0:
                print(f"kept {i + 1}: judging {judging:.0f} s, writing {writing:.1f} s", flush=True)
        t0 = time.perf_counter()
        for entry_id in range(1, n + 1, 2):
            record_outcome(journal, entry_id, rng.choice(HAPPENED),
                           (date(1990, 1, 1) + timedelta(days=rng.randrange(40 * 365))).isoformat())
        telling = time.perf_counter() - t0
        t0 = time.perf_counter()
        groups = stats(journal)
        counting = time.perf_counter() - t0
        t0 = time.perf_counter()
        broken = chain.problems(journal.conn)
        verifying = time.perf_counter() - t0
        rows = journal.head()[0]
        report, t0 = None, time.perf_counter()
        if again:
            report = rejudge(journal, session, progress=lambda i: i % 1000 or print(
                f"rejudged {i}: {time.perf_counter() - t0:.0f} s", flush=True))
        rejudging = time.perf_counter() - t0
    size = os.path.getsize(path)
    print(f"entries {n}, rows {rows}, file {size / 2 ** 20:.1f} MB ({size / n / 1024:.1f} KB an entry)")
    print(f"keep: judging {len(judged)} casts {judging:.1f} s ({judging / len(judged) * 1000:.1f} ms each), "
          f"writing {n} entries {writing:.1f} s "
          f"({writing / n * 1000:.2f} ms each, one transaction each)")
    print(f"outcomes for {len(range(1, n + 1, 2))}: {telling:.1f} s; stats {counting:.2f} s "
          f"({len(groups[0]['rules'])} rules); verify {verifying:.2f} s ({'ok' if not broken else broken})")
    if report is not None:
        print(f"rejudge: {rejudging:.1f} s ({rejudging / n * 1000:.1f} ms each), {len(report['changed'])} changed, "
              f"{len(report['failed'])} failed")
    print(f"file: {path}")


def rejudge_file(path):
    from queries.journal import Journal
    from queries.journal.rejudge import rejudge
    from queries.session import Session
    session = Session()
    with Journal(path) as journal:
        n = journal.rows("SELECT count(*) AS n FROM entry")[0]["n"]
        t0 = time.perf_counter()
        report = rejudge(journal, session, progress=lambda i: i % 1000 or print(
            f"rejudged {i}: {time.perf_counter() - t0:.0f} s", flush=True))
        spent = time.perf_counter() - t0
    print(f"rejudge of {n} entries: {spent:.1f} s ({spent / n * 1000:.1f} ms each), {len(report['changed'])} changed, "
          f"{len(report['failed'])} failed")


if __name__ == "__main__":
    import argparse
    p = argparse.ArgumentParser(description="the journal at scale")
    p.add_argument("--entries", type=int, default=10_000)
    p.add_argument("--distinct", type=int)
    p.add_argument("--no-rejudge", action="store_true")
    p.add_argument("--file")
    p.add_argument("--rejudge-file")
    a = p.parse_args()
    if a.rejudge_file:
        sys.exit(rejudge_file(a.rejudge_file))
    main(a.entries, a.distinct, a.file, not a.no_rejudge)
