"""What a kept chart holds, and that forgetting one gives it all back; prints a table.

    python bench/memory.py [--casts 4096]

A kept chart (``queries.chart.cast`` without ``forget``) holds its cast's input facts (six
lines, month, day, the conventions; the question facts once judged) and the tables the
knowledge derives from them: one set of rows per predicate a question has needed, with their
indexes and the first rule behind each row, so that later questions and proofs about the cast
are lookups. ``Chart.forget()`` retracts the cast's every fact (``retract_partition``), and the
tables go with them. The chart itself keeps its cells as Python data, and a judgment keeps the
proof of its verdict. The table below weighs each part by the module that made it (tracemalloc,
the cast's tables in forward.py, proofs in explain.py and terms.py, the chart's cells in
chart.py, cached solutions in kb.py). The knowledge base keeps the derived tables, and a chart its
views, for the last ``forward.KEPT`` casts read; an older one keeps its input and reads the rest
again when asked, so KEPT charts (cast, their JSON with stars, kept) weigh what each holds for
good (issue 33: a kept chart at most 100 KB). Issue 19's figures before the fix: 4,096 forgotten
readings still held 4,104 cast inputs (+108 MB); a kept chart cost 438 KB (najia's own result
3.6 KB).
"""
import argparse
import gc
import itertools
import resource
import time
import tracemalloc


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2 ** 20


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--casts", type=int, default=4096, help="readings cast, judged and forgotten")
    p.add_argument("--kept", type=int, default=4096, help="charts cast and kept")
    args = p.parse_args()
    from queries import KnowledgeBase
    from queries.chart import cast
    from queries.judgment import judge
    kb = KnowledgeBase()
    asserted = lambda: sum(map(len, kb._parts.input.values()))      # the facts asserted in the partitions
    warm = cast("787889", month="戌", day="乙巳", kb=kb)
    judge(warm, "wealth").to_data()
    warm.to_data()
    warm.forget()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    judgment = judge(chart, "wealth")
    judgment.to_data()
    chart.to_data()
    gc.collect()
    parts = {}
    for stat in tracemalloc.take_snapshot().compare_to(before, "filename"):
        name = stat.traceback[0].filename.replace("\\", "/")
        if "/queries/" in name and stat.size_diff > 0:
            module = name.rsplit("/queries/", 1)[1]
            parts[module] = parts.get(module, 0) + stat.size_diff
    tracemalloc.stop()
    tables = kb._parts.tables(chart.id, frozenset(), kb.limits.budget())
    rows = {pred: len(found) for pred, found in tables.own.items() if found}
    facts = asserted()
    chart.forget()
    print(f"{'measure':52} {'value':>12}")
    print(f"{'a chart judged, while one of the last read (tracemalloc)':52} {sum(parts.values()) / 1024:9.0f} KB")
    for module, size in sorted(parts.items(), key=lambda kv: -kv[1])[:5]:
        print(f"{'    made in ' + module:52} {size / 1024:9.0f} KB")
    print(f"{'  its input and question facts':52} {facts:12,}")
    print(f"{'  its derived rows, over predicates':52} {sum(rows.values()):8,} / {len(rows)}")
    for pred, count in sorted(rows.items(), key=lambda kv: -kv[1])[:5]:
        print(f"{'    ' + pred:52} {count:12,}")
    tracemalloc.start()
    held, charts = tracemalloc.get_traced_memory()[0], []
    for values in itertools.islice(itertools.product("6789", repeat=6), args.kept):
        charts.append(cast("".join(values), month="子", day="甲子", kb=kb))
        charts[-1].to_data(stars=True)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - held
    tracemalloc.stop()
    print(f"{f'{args.kept:,} charts kept, each (tracemalloc)':52} {held / len(charts) / 1024:9.1f} KB")
    for chart in charts:
        chart.forget()
    del charts
    gc.collect()
    start, rss = time.perf_counter(), rss_mb()
    for values in itertools.islice(itertools.product("6789", repeat=6), args.casts):
        chart = cast("".join(values), month="子", day="甲子", kb=kb)
        judge(chart, "wealth")
        chart.forget()
    gc.collect()
    print(f"{f'{args.casts:,} readings cast, judged, forgotten':52} {time.perf_counter() - start:9.2f} s")
    print(f"{'  facts still asserted':52} {asserted():12,}")
    print(f"{'  partitions still held':52} {len(kb._parts.input) + len(kb._parts._states):12,}")
    print(f"{'  resident memory grown by':52} {rss_mb() - rss:9.1f} MB")
    try:
        import pickle
        from najia.najia import Najia
        result = Najia(verbose=0).compile(params=[1, 2, 1, 2, 2, 3], date="2024-10-08 04:00")
        print(f"{'najia: its result (pickled)':52} {len(pickle.dumps(result.__dict__)) / 1024:9.1f} KB")
    except Exception:
        pass


if __name__ == "__main__":
    main()
