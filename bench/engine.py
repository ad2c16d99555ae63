"""Speed and memory of the engine on the shipped knowledge; prints a table.

    python bench/engine.py

Targets (issue 2): parse+lint+load ≤ 100 ms, a bound query ≤ 0.5 ms, a cold proof ≤ 10 ms,
resident memory after load ≤ 60 MB, `liuyao ask` end to end ≤ 0.4 s.
"""
import resource
import statistics
import subprocess
import sys
import time


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000


def main():
    start = time.perf_counter()
    from queries.engine import engine_name
    from queries.knowledge import KnowledgeBase
    imported = (time.perf_counter() - start) * 1000
    load_med, load_max = timed(KnowledgeBase, 7)
    kb = KnowledgeBase()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def bound(goal):
        def run():
            kb.clear_cache()
            kb.ask(goal)
        return run

    def cold_proof():
        kb.clear_cache()
        kb.explain("harm_kind('子', '未', K)")

    def cold_why_not():
        kb.clear_cache()
        kb.why_not("punishment('子', '午', G)")

    rows = [("import the engine and the knowledge", imported, imported, "")]
    rows.append(("parse + lint + load", load_med, load_max, "≤ 100"))
    rows.append(("bound query clash('子', X), one rule", *timed(bound("clash('子', X)"), 200), "≤ 0.5"))
    rows.append(("bound query harm_kind('子', Y, K), 4 levels", *timed(bound("harm_kind('子', Y, K)"), 200), ""))
    rows.append(("cold proof harm_kind('子', '未', K)", *timed(cold_proof, 50), "≤ 10"))
    rows.append(("cold why-not punishment('子', '午', G)", *timed(cold_why_not, 50), ""))
    cli = lambda: subprocess.run([sys.executable, "-m", "queries.cli", "ask", "clash('子', X)"],
                                 check=True, capture_output=True)
    rows.append(("liuyao ask end to end", *timed(cli, 5), "≤ 400"))
    print(f"pyDatalog engine: {engine_name()}; facts {len(kb._fact_index)}, rules {len(kb.program.rules)}")
    print(f"{'measure':44} {'median ms':>10} {'max ms':>10}  target ms")
    for name, med, worst, target in rows:
        print(f"{name:44} {med:10.3f} {worst:10.3f}  {target}")
    print(f"{'resident memory after load (peak RSS)':44} {rss:10.1f} MB{'':>8}  ≤ 60 MB")


if __name__ == "__main__":
    main()
