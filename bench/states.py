"""Speed of the line states; prints a table.

    python bench/states.py

Targets (issue 4): all states of one cast, warm, ≤ 15 ms; a proof of any state ≤ 10 ms.
"""
import statistics
import time


def main():
    from queries import KnowledgeBase
    from queries.chart import cast
    kb = KnowledgeBase()
    cast("787889", month="戌", day="乙巳", kb=kb).to_data()
    states, proofs = [], []
    for seed in range(200):
        chart = cast(seed=seed, month="子丑寅卯辰巳午未申酉戌亥"[seed % 12], day="甲子", kb=kb)
        start = time.perf_counter()
        details = chart.details
        states.append(time.perf_counter() - start)
        for (kind, position), node in sorted(details["nodes"].items())[:3]:
            for state in node["states"][:1]:
                kb.clear_cache()
                start = time.perf_counter()
                kb.explain(f"state_cell('{chart.id}', 'state', '{kind}', {position}, '{state['label']}', P)")
                proofs.append(time.perf_counter() - start)
        chart.forget()
    print(f"{'measure':48} {'median':>9} {'p95':>9}  target")
    print(f"{'all states of one cast, warm (200 casts)':48} {statistics.median(states) * 1000:7.2f}ms "
          f"{sorted(states)[189] * 1000:7.2f}ms  ≤ 15 ms")
    print(f"{f'cold proof of a state ({len(proofs)} proofs)':48} {statistics.median(proofs) * 1000:7.2f}ms "
          f"{sorted(proofs)[int(len(proofs) * 0.95)] * 1000:7.2f}ms  ≤ 10 ms")


if __name__ == "__main__":
    main()
