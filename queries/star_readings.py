"""The stars 神煞 that speak to a judged question: for each, the line it falls on, what it says
(its reading of ``kb/judgments/003/stars.dl``, a row of ``facts/star_topic.tsv``), the book line that
row cites, and whether the verdict outweighs it; and the stars left out because the year or the
hour is not known. Stars are weighed last and never decide (神煞休將定吉凶, 000:115): the rows
come from the clauses, Python only gathers and prints them.

>>> from queries import cast, judge
>>> j = judge(cast("787889", month="戌", day="乙巳"), "office")
>>> found = stars(j)
>>> [(s["star"], s["line"], s["id"], s["polarity"]) for s in found["speaking"]][:2]
[('祿', 1, 'star_salary_clothing', 'favourable'), ('天干天德', 6, 'star_virtue_shelter', 'favourable')]
>>> found["speaking"][0]["source"]
'000_122810513125a851.txt:17  녹은 본기가 가장 왕한 곳으로 봉록과 의식을 주한다'
>>> found["left_out"]
[]
>>> print(text(found, "en").splitlines()[1])
  line 1  祿 (Salary 祿神 (seed 000)): favourable — salary, food and clothing  [r003.223.star.office.salary_clothing; outweighed by the verdict]
"""
from __future__ import annotations

from .labels import WORDS, check_lang


def stars(judgment) -> dict:
    """{"speaking": [...], "left_out": [star, ...]}: each star that speaks to the question, sorted by
    line, star and meaning, with its line, topic, meaning id, polarity, text (ko, zh, en), the rule
    that reads it, the source its star_topic row cites, its name and whether the verdict outweighs it."""
    kb, c = judgment.chart.kb, judgment.chart.id
    rules = {r["id"]: r for r in judgment.readings() if r["class"] == "star"}
    outweighed = {k for _, k in kb.match("star_against", c, None)}
    names = {s: {"ko": ko, "en": en} for s, ko, en, _, _, _ in kb.match("star", None, None, None, None, None, None)}
    speaking = []
    for _, star, topic, k, p in sorted(kb.match("star_speaks", c, None, None, None, None), key=lambda r: (r[4], r[1], r[3])):
        reading = rules.get(k)
        if reading is None:
            continue
        (source,) = {row[6] for row in kb.match("star_topic", star, topic, None, None, None, k, None)}
        speaking.append({"star": star, "name": names.get(star, {}), "line": p, "topic": topic, "id": k,
                         "polarity": reading["polarity"], "conclusion": reading["conclusion"],
                         "rule": reading["rule"], "source": source, "outweighed": k in outweighed})
    left_out = sorted({s for _, s in kb.match("star_left_out", c, None)})
    return {"speaking": speaking, "left_out": left_out}


def text(found: dict, lang: str = "en") -> str:
    """The stars that speak, one line each, and those left out."""
    words = WORDS[check_lang(lang)]
    out = [words["stars.title"]]
    for s in found["speaking"]:
        name = s["name"].get("en" if lang == "en" else "ko", "")
        label = f"{s['star']} ({name})" if name and lang != "zh" else s["star"]
        tail = f"; {words['stars.outweighed']}" if s["outweighed"] else ""
        out.append(f"  {words['stars.line'].format(p=s['line'])}  {label}: {words['stars.' + s['polarity']]} — "
                   f"{s['conclusion'][lang]}  [{s['rule']}{tail}]")
    if not found["speaking"]:
        out.append("  " + words["stars.none"])
    if found["left_out"]:
        out.append("  " + words["stars.left_out"].format(names=" ".join(found["left_out"])))
    return "\n".join(out)
