"""Seed 004's readings of each relative's matters (issue 14, done when): a question about parents
and documents, siblings and rivals, children and medicine, wife and wealth, office and illness lists
the book's readings, each cited and provable, and each weighed against the verdict.
And the servant, read by seed 001 from the 妻財 and by seed 004 from the
子孫, side by side (convention servant-two-books)."""
import pytest

SEED_004 = "004_a344116fb00259f2.txt"


@pytest.mark.parametrize("day, not_void", [("丙子", True), ("甲寅", False)])     # 甲寅's void 子丑 takes line 1
def test_a_servant_question_lists_both_books_side_by_side(kb, asked, fires, day, not_void):
    chart = asked("797777", "寅", day, "servant")                 # 乾: 子孫 甲子 on line 1, 妻財 甲寅 on 2
    assert kb.ask(f"use_relative('{chart.id}', R)") == [("妻財",)]
    assert fires(chart, "r001.91.too_much_wealth")                     # 財不可太過 (001:91), of the 妻財
    assert fires(chart, "r004.103.servant_by_offspring.1")        # 占小口及奴僕：為用爻 (004:103), of the 子孫
    assert fires(chart, "r004.103.servant_not_void.1") is not_void


def test_a_servant_asked_about_reads_the_offspring_too(kb, asked, fires):
    chart = asked("797777", "寅", "丙子", "wealth", about="servant")
    assert fires(chart, "r004.103.servant_by_offspring.2") and fires(chart, "r004.103.servant_not_void.2")


CHAPTERS = [
    # parents and documents: 父母 發動克世，必有信至 (004:75)
    ("788676", "寅", "己巳", "news", None, "r004.75.return_letter.news", ":75"),
    # siblings and rivals: 兄弟 發動克世，我必費財 (004:87)
    ("988688", "巳", "壬申", "lawsuit", None, "r004.87.lawsuit_world", ":87"),
    # children and medicine: 子孫 當權發動，其病即安 (004:103)
    ("688988", "寅", "庚辰", "medicine", None, "r004.103.illness.medicine", ":103"),
    # wife and wealth: 妻財 宜生世克世，大吉 (004:111)
    ("777687", "申", "己卯", "wealth", None, "r004.111.wealth.wealth.1", ":111"),
    # office and illness: 官鬼 占兄弟：為克殺。旺相發動，其病必危 (004:127)
    ("798787", "亥", "辛巳", "illness", "brother", "r004.127.illness_sibling", ":127"),
    # office: 子孫 如待官始謀，逢發動，其事決難成 (004:95)
    ("777998", "午", "戊寅", "office", None, "r004.95.office.office", ":95"),
]


@pytest.fixture(scope="module")
def judged(kb):
    from queries.chart import cast
    from queries.judgment import judge
    made = {}

    def run(lines, month, day, topic, about):
        key = (lines, month, day, topic, about)
        if key not in made:
            facts = {"in_office": "no"} if topic == "office" else {}     # 如待官始謀: the asker seeks the post
            made[key] = judge(cast(lines, month=month, day=day, kb=kb), topic, about=about, **facts)
        return made[key]
    return run


@pytest.mark.parametrize("lines, month, day, topic, about, rule, line", CHAPTERS)
def test_a_question_about_a_relative_lists_the_chapter_cited_and_provable(judged, oracle, lines, month, day, topic,
                                                                         about, rule, line):
    judgment = judged(lines, month, day, topic, about)
    readings = judgment.readings(proofs=True)
    ours = [r for r in readings if any(x.startswith("r004.") for x in r["rules"])]
    assert rule in {x for r in ours for x in r["rules"]}
    for reading in ours:
        assert any(s["source"].startswith(SEED_004) for s in reading["sources"]), reading["rule"]
        assert oracle.check(reading["proof"]) == [], reading["rule"]
    chapter = next(r for r in ours if rule in r["rules"])
    assert SEED_004 + line in {s["source"] for s in chapter["sources"]}


@pytest.mark.parametrize("lines, month, day, topic, about, rule, line", CHAPTERS)
def test_the_chapter_reading_is_weighed_against_the_verdict(kb, judged, lines, month, day, topic, about, rule, line):
    judgment = judged(lines, month, day, topic, about)
    chapter = next(r for r in judgment.readings() if rule in r["rules"])
    weighing = judgment.weighing
    if chapter["polarity"] == "descriptive" or chapter["class"] in ("star", "salary_horse"):
        assert chapter["weight"] == "descriptive"
    elif chapter["weight"] == "outweighed":
        assert chapter["id"] in weighing["overrides"] and chapter["outweighed_by"]["factor"] == weighing["factor"]["id"]
    else:
        assert chapter["weight"] in ("deciding", "supporting") and chapter["id"] not in weighing["overrides"]


