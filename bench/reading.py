"""Speed and size of a whole reading as JSON; prints a table.

    python bench/reading.py                 # 40 casts, the judgment in English
    python bench/reading.py ko              # the same in Korean
    python bench/reading.py --sizes 300     # the JSON's size on 300 random questions
    python bench/reading.py --sizes 300 ko  # the same, the judgment in Korean


A whole reading: cast a chart at fixed pillars, its data with the states and stars, and the
judgment with every proof (the verdict's and each reading's) as one compact JSON document, the
way ``liuyao judge --json --proof`` writes it; plus the text of the verdict's proof. Casts at fixed
pillars, so the calendar (the glossary branch's) is not in it. Target (issue 17): the median
reading ≤ 40 ms, its JSON ≤ 300 KB.

The figures, before and after, and the budget: bench/README.md.
"""
import json
import random
import statistics
import sys
import time

TOPICS = ("wealth", "office", "document", "childbirth", "illness", "house")
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
DAYS = ("甲子", "乙巳", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉")


def reading(kb, seed, lang="en"):
    """(seconds for the whole reading, the process's CPU seconds for it, bytes of its JSON,
    seconds for the proof's text)."""
    from queries.chart import cast
    from queries.engine import render
    from queries.judgment import judge
    start, cpu = time.perf_counter(), time.process_time()
    chart = cast(seed=seed, month=BRANCHES[seed % 12], day=DAYS[seed % len(DAYS)], kb=kb)
    judgment = judge(chart, TOPICS[seed % len(TOPICS)])
    document = json.dumps({"chart": chart.to_data(stars=True), "judgment": judgment.to_data(True, lang)},
                          ensure_ascii=False, separators=(",", ":"))
    whole, cpu = time.perf_counter() - start, time.process_time() - cpu
    start = time.perf_counter()
    render.text(judgment.proof())
    shown = time.perf_counter() - start
    chart.forget()
    return whole, cpu, len(document.encode("utf-8")), shown


def question(kb, rng):
    """A random question: any topic of ``liuyao topics``, a person for one that takes --about
    (always for one that needs it), a side for a marriage."""
    from queries.judgment import about_readings, topics
    known, takes = topics(kb), about_readings(kb)
    persons = sorted(p for p, *_ in kb.match("person", None, None, None, None, None))
    topic = rng.choice(sorted(known))
    use = known[topic][0]
    about = rng.choice(persons) if topic in takes and (use == "about" or rng.random() < 0.5) else None
    asker = rng.choice(["man", "woman"]) if use == "asker" and about is None else None
    return topic, about, asker


def sizes(kb, count, seed=0, lang="en"):
    """Bytes of the whole reading's JSON of ``count`` random casts and questions, the judgment in
    ``lang``: [(bytes, cast seed, topic, about, asker)]."""
    from queries.chart import cast
    from queries.judgment import judge
    rng, out = random.Random(seed), []
    for _ in range(count):
        n = rng.randrange(10 ** 6)
        chart = cast(seed=n, month=rng.choice(BRANCHES), day=rng.choice(DAYS), kb=kb)
        topic, about, asker = question(kb, rng)
        judgment = judge(chart, topic, about=about, asker=asker)
        document = json.dumps({"chart": chart.to_data(stars=True), "judgment": judgment.to_data(True, lang)},
                              ensure_ascii=False, separators=(",", ":"))
        out.append((len(document.encode("utf-8")), n, topic, about, asker))
        chart.forget()
    return out


def main_sizes(count, lang="en"):
    from queries import KnowledgeBase
    found = sizes(KnowledgeBase(), count, lang=lang)
    size = [s for s, *_ in found]
    print(f"{count} random questions ({lang}): JSON median {statistics.median(size) / 1024:.0f} KB, "
          f"p90 {statistics.quantiles(size, n=10)[-1] / 1024:.0f} KB, largest {max(size) / 1024:.0f} KB")
    for s, n, topic, about, asker in sorted(found, reverse=True)[:3]:
        print(f"  {s / 1024:6.0f} KB  seed {n} {topic} about={about} asker={asker}")


def main(lang="en"):
    from queries import KnowledgeBase
    kb = KnowledgeBase()
    reading(kb, 0, lang)
    runs = [reading(kb, seed, lang) for seed in range(40)]
    whole, cpu, size, shown = zip(*runs)
    p90 = lambda xs: statistics.quantiles(xs, n=10)[-1]
    ms = lambda xs: f"{statistics.median(xs) * 1000:8.1f} ms {p90(xs) * 1000:8.1f} ms {max(xs) * 1000:8.1f} ms"
    kb_ = lambda xs: f"{statistics.median(xs) / 1024:8.0f} KB {p90(xs) / 1024:8.0f} KB {max(xs) / 1024:8.0f} KB"
    print(f"{'measure (40 casts, ' + lang + ')':40} {'median':>11} {'p90':>11} {'max':>11}  target")
    print(f"{'a whole reading as JSON':40} {ms(whole)}  ≤ 40 ms")
    print(f"{'  its CPU time':40} {ms(cpu)}")
    print(f"{'  its JSON':40} {kb_(size)}  ≤ 300 KB")
    print(f"{'the text of the verdict proof':40} {ms(shown)}")


if __name__ == "__main__":
    main_sizes(int(sys.argv[2]), *sys.argv[3:4]) if sys.argv[1:2] == ["--sizes"] else main(*sys.argv[1:2])
