"""The weighing 斷 (kb/judgments/weighing/, kb/judgments/verdict.dl): golden charts from the worked
cases of 卜筮正宗 whose reasons are facts of the chart (and 易冒's example of 真刑), each factor seen deciding and seen
outweighed over a fixed sample of random questions, and the properties the books' order implies."""
import pytest

from queries.chart import cast
from queries.judgment import judge
from queries.readings import factors

GOLDEN = [  # (values, month, day, topic, about): the factor the book's reasons name, the direction, a word of the account
    ("767877", "卯", "乙未", "wealth", None, "turned_back_overcome", "unfavourable", "回頭克"),     # 又化寅木回頭之克
    ("778897", "申", "戊辰", "document", None, "turned_back_overcome", "unfavourable", "回頭克"),   # 化子水回頭克
    ("988688", "巳", "甲戌", "wealth", None, "turned_back_overcome", "unfavourable", "回頭克"),     # 化未土回頭之克
    ("869887", "寅", "甲午", "illness", "son", "month_break", "unfavourable", "月破"),             # 申金子孫…臨月破
    ("787989", "丑", "戊午", "illness", "mother", "frame_strikes", "unfavourable", "金"),          # 巳酉丑合成金局克之
    ("877778", "酉", "壬辰", "illness", "son", "hidden_held", "unfavourable", "숨은"),             # 午火子孫伏…亥水克之
    ("879677", "寅", "戊戌", "wealth", None, "turned_toward", "favourable", "回頭生"),            # 化午火回頭生合
    ("669877", "子", "辛未", "illness", "son", "source_rescues", "favourable", "원신"),            # 辰土動爻生之
    ("687989", "寅", "丁巳", "office", None, "world_struck", "unfavourable", "세효"),             # 子孫持世化回頭之克
    ("987786", "未", "戊申", "lawsuit", None, "world_strong_met", "favourable", "세효"),              # 世臨日辰，月建生之
    ("787867", "戌", "庚子", "wealth", None, "world_strong_met", "favourable", "세효"),               # 卯木持世…日辰生之
    ("678778", "酉", "庚申", "wealth", None, "true_punished", "unfavourable", "진형"),             # 易冒 003:39 酉建庚申日，用財得困之兌是謂真刑
]


@pytest.mark.parametrize("values, month, day, topic, about, factor, direction, word", GOLDEN)
def test_the_books_worked_cases_decide_by_the_fact_the_author_names(kb, oracle, values, month, day, topic, about,
                                                                   factor, direction, word):
    j = judge(cast(values, month=month, day=day, kb=kb), topic, about=about)
    assert j.weighing["factor"]["id"] == factor and j.weighing["direction"] == direction
    assert any(word in sentence for sentence in j.account("ko"))
    assert oracle.check(j.proof()) == []


TOPICS = [("wealth", {}), ("illness", {"about": "father"}), ("office", {}), ("marriage", {"asker": "man"}),
          ("lawsuit", {}), ("trade", {}), ("return", {"about": "son"}), ("document", {}), ("illness", {})]
MONTHS, DAYS = "子丑寅卯辰巳午未申酉戌亥", ["甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉",
                                    "甲戌", "乙亥", "丙子", "丁丑", "戊寅", "己卯", "庚辰", "辛巳", "壬午", "癸未"]


@pytest.fixture(scope="module")
def sample(kb):
    """Over 360 fixed random questions: the factors that hold, the deciding one, the verdict, the
    readings' weights and the number of the readings' conclusions."""
    out = []
    for i in range(360):
        topic, question = TOPICS[i % len(TOPICS)]
        chart = cast(seed=5000 + i, month=MONTHS[i % 12], day=DAYS[(i * 7) % 20], kb=kb)
        j = judge(chart, topic, **question)
        c = chart.id
        held = {f for _, f in kb.match("factor", c, None)}
        found = j.readings()
        out.append({"held": held, "factor": j.weighing["factor"]["id"], "direction": j.weighing["direction"],
                    "degree": j.weighing["degree"], "weights": {r["id"]: r["weight"] for r in found},
                    "polarity": {r["id"]: r["polarity"] for r in found}, "count": len(found),
                    "said": [r["conclusion"][lang] for r in found for lang in ("ko", "zh", "en")],
                    "strong": bool(kb.match("factor", c, "use_strong")), "about": bool(question.get("about")),
                    "use_is_world": bool(kb.ask(f"use_god('{c}', 'line', W) & world('{c}', W)")),
                    "acting_taboo": bool(kb.ask(f"taboo_god('{c}', Q) & acting('{c}', Q)"))})
        chart.forget()
    return out


def test_every_factor_decides_somewhere_and_is_outweighed_somewhere(kb, sample):
    table = factors(kb)
    unseen = {"use_absent"}                         # the shipped conventions always find a hidden god
    first = {"use_absent", "hidden_held", "bottom_void"}   # nothing in the sample outranks these
    for factor, (rank, *_rest) in table.items():
        decided = [s for s in sample if s["factor"] == factor]
        outweighed = [s for s in sample if factor in s["held"] and s["factor"] != factor]
        assert bool(decided) is (factor not in unseen), factor
        assert all(table[s["factor"]][0] < rank for s in outweighed), factor
        assert bool(outweighed) is (factor not in first), factor


def test_a_use_god_that_turns_back_on_itself_is_never_favourable(sample):
    turned = [s for s in sample if "turned_back_overcome" in s["held"]]
    assert turned and all(s["direction"] == "unfavourable" for s in turned)


HARM = {"use_absent", "hidden_held", "bottom_void", "true_void", "month_break", "day_break", "turned_back_overcome",
        "turned_away", "true_punished", "taboo_strikes", "frame_strikes", "use_void", "use_entombed",
        "world_struck"}     # the asker's own world broken or turned back on itself: 旬空月破達非吉 (000:79)


def test_the_world_weighs_only_in_the_askers_own_undertaking(sample):
    """世爻 factors (000:79) hold only where no person is named and the use-god is not the world."""
    worldly = [s for s in sample if s["held"] & {"world_struck", "world_strong_met"}]
    assert worldly and all(not s["about"] and not s["use_is_world"] for s in worldly)


def test_no_judgment_says_a_conclusion_twice(sample):
    """Readings that conclude the same are one reading; two that differ say so in every language."""
    assert all(len(s["said"]) == len(set(s["said"])) for s in sample)


def test_a_strong_unharmed_use_god_with_no_moving_taboo_god_is_never_unfavourable(sample):
    clean = [s for s in sample if s["strong"] and not s["held"] & HARM and not s["acting_taboo"]]
    assert clean and all(s["direction"] != "unfavourable" for s in clean)


def test_every_verdict_has_a_degree_of_its_direction_and_mixed_only_where_a_verse_says_so(kb, sample):
    degrees = {g: d for g, d, *_ in kb.match("degree", *[None] * 7)}
    assert all(degrees[s["degree"]] == s["direction"] for s in sample)
    assert all(s["factor"] == "world_response_even" for s in sample if s["direction"] == "mixed")


def test_readings_are_weighed_against_the_verdict(sample):
    for s in sample:
        for k, weight in s["weights"].items():
            polarity = s["polarity"][k]
            if weight == "outweighed":
                assert polarity not in ("descriptive", "mixed", s["direction"])
            elif weight in ("deciding", "supporting"):
                assert polarity in (s["direction"], "mixed") or s["direction"] == "mixed"


def test_the_direction_is_the_same_in_every_language(kb):
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "illness", about="father")
    directions = {j.to_data(proof=False, lang=lang)["verdict"]["direction"] for lang in ("ko", "zh", "en")}
    assert directions == {"unfavourable"}


def test_why_not_the_other_direction_names_what_blocks_it(kb):
    chart = cast("767877", month="卯", day="乙未", kb=kb)
    judge(chart, "wealth")
    failure = kb.why_not(f"verdict_direction('{chart.id}', 'favourable')")
    assert failure is not None and "verdict_direction.1" in str(failure)


def test_a_question_fact_reads_only_the_verses_that_need_it(kb):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    asked = judge(chart, "office")
    unread = {(u["option"], u["value"]): u["rules"] for u in asked.unread()}
    assert "r004.95.office.in_office" in unread[("in-office", "yes")]
    told = judge(chart, "office", in_office="yes")
    assert told.unread() == [] and told.facts == {"in_office": "yes"}
