"""One hash of everything a whole reading prints, to show a speed change leaves every byte as it was.

    python bench/outputs.py [--casts 150] [--each]

For each cast (random lines at fixed pillars, one of sixteen questions over fifteen topics, some
with a person, an asker or a horizon): the chart's data with its stars and the judgment with
every proof as JSON in English and Korean, the judgment's text in three languages, the verdict's
proof as text at both levels in three languages, and the verdict's why-not. Prints the SHA-256
of all of it (with ``--each``, one line per cast too), so the same hash before and after a
change means the same output.
"""
import argparse
import hashlib
import json

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
DAYS = ("甲子", "乙巳", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉", "甲戌", "丙子", "戊寅")
QUESTIONS = (("wealth", {}), ("office", {}), ("document", {}), ("childbirth", {}), ("illness", {}),
             ("illness", {"about": "father"}), ("house", {}), ("lost", {}), ("travel", {}),
             ("return", {"about": "son"}), ("lawsuit", {}), ("marriage", {"asker": "man"}),
             ("children", {}), ("exam", {}), ("trade", {"horizon": "month"}), ("self", {}))
LANGS = ("en", "ko", "zh")


def outputs(kb, seed):
    """Every text one cast's reading prints, in a fixed order."""
    from queries.chart import cast
    from queries.engine import render
    from queries.judgment import judge
    chart = cast(seed=seed, month=BRANCHES[seed % 12], day=DAYS[seed % len(DAYS)], kb=kb)
    topic, options = QUESTIONS[seed % len(QUESTIONS)]
    judgment = judge(chart, topic, **options)
    texts = [json.dumps({"chart": chart.to_data(stars=True), "judgment": judgment.to_data(proof=True, lang=lang)},
                        ensure_ascii=False) for lang in ("en", "ko")]
    texts += [judgment.text(lang) for lang in LANGS]
    proof = judgment.proof()
    texts += [render.text(proof, lang, level=level, phrases=judgment.connectives())
              for lang in LANGS for level in ("student", "full")]
    why = judgment.why_not_strong()
    texts += [render.why_not_text(why, lang) if why is not None else "holds" for lang in LANGS]
    chart.forget()
    return texts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casts", type=int, default=150)
    parser.add_argument("--each", action="store_true", help="a hash per cast too")
    args = parser.parse_args()
    from queries import KnowledgeBase
    kb = KnowledgeBase()
    whole = hashlib.sha256()
    for seed in range(args.casts):
        one = hashlib.sha256("\0".join(outputs(kb, seed)).encode("utf-8")).hexdigest()
        whole.update(one.encode())
        if args.each:
            print(seed, one)
    print(f"{args.casts} casts {whole.hexdigest()}")


if __name__ == "__main__":
    main()
