"""Seed 001:31–51 (kb/judgments/001/periods.dl): the life periods 大限/小限, on the worked 大壯
example of 001:43 (inventory-000-001 E13, E14, E19) and the alternative schemes (D45)."""
import pytest

from queries.chart import cast
from queries.errors import UserError
from queries.periods import periods

DAZHUANG = "777788"          # 雷天大壯: 坤宮 四世, the world 庚午 on line 4, yang


@pytest.fixture(scope="module")
def example(kb):
    # 001:43 假如丁酉年七月甲午已巳時，占得大壯 (已 for 己; the seventh month is 申)
    return cast(DAZHUANG, month="申", day="甲午", year="丁酉", hour="己巳", kb=kb)


def at(chart, age):
    return periods(chart, age=age)


def test_e13_the_major_period_goes_up_from_the_yang_world_five_years_a_line(example):
    # 自一歲在世上，至六歲與十歲在六五，至十一歲在上六，至十六在初九，二十一在九二，二十六在九三
    spans = [(s["position"], s["from"], s["to"]) for s in at(example, 27).spans]
    assert spans == [(4, 1, 5), (5, 6, 10), (6, 11, 15), (1, 16, 20), (2, 21, 25), (3, 26, 30)]


def test_e13_at_twenty_seven_both_periods_fall_on_siblings(kb, example):
    # 二十六在九三，甲辰比肩但二十七歲小限在上六，故曰大小二限並兄弟，必先傷妻而後破財
    p = at(example, 27)
    assert p.major == {"hexagram": "雷天大壯", "position": 3} and p.minor == 6
    assert [r["id"] for r in p.readings] == ["wife_then_wealth_lost"]
    proof = kb.explain(f"reading('{example.id}', 'life', 'wife_then_wealth_lost')")
    assert proof.rule.id == "r001.43.both_siblings"


def test_e13_the_minor_period_moves_a_line_a_year_from_the_world(example):
    # 其小限一年一位周流而已 (E13's extra checks: 1→4, 2→5, 3→6, 4→1, 26→5, 28→1)
    assert {age: at(example, age).minor for age in (1, 2, 3, 4, 26, 28)} == {1: 4, 2: 5, 3: 6, 4: 1, 26: 5, 28: 1}


def test_e19_the_six_lines_make_thirty_years_and_then_begin_again(example):
    # 每一爻管五年，周而復始 (KO 001:37 여섯 효는 합하여 삼십 년)
    assert at(example, 31).major["position"] == 4 and at(example, 57).major["position"] == 3


def test_a_yin_world_goes_down(kb):
    # 陰逆則自世而下: 天風姤, the world 辛丑 on line 1 is yin
    chart = cast("877777", month="申", day="甲午", kb=kb)
    assert [s["position"] for s in at(chart, 1).spans] == [1, 6, 5, 4, 3, 2]


def test_e14_the_date_of_the_example_is_a_possible_chart(example):
    # 五鼠遁: a 甲 day's 巳 hour is 己巳, as the text writes it
    assert example.calendar()["hour"] == "己巳" and example.calendar()["void"] == ["辰", "巳"]


def test_an_age_in_full_years_is_one_more_in_the_texts_count(kb):
    # convention age_count: full (周歲) — 26 full years is the 27th year of the text
    chart = cast(DAZHUANG, month="申", day="甲午", conventions={"age_count": "full"}, kb=kb)
    p = at(chart, 26)
    assert p.age == 27 and p.minor == 6


def test_a_year_of_birth_counts_the_year_of_the_cast_as_well(kb):
    # 虛歲: born in 1991, asked in 2017 (丁酉) is the 27th year
    chart = cast(DAZHUANG, at="2017-08-20T10:00", tz="Asia/Seoul", kb=kb)
    p = periods(chart, born=1991)
    assert p.age == 27 and p.major["position"] == 3


def test_sixty_years_under_the_original_then_the_changed_hexagram(kb):
    # 001:51 以本卦管三十年，每爻五年，以之卦管三十年: 澤天夬 (line 5 moving) then 雷天大壯
    chart = cast("777798", month="申", day="甲午", conventions={"life_periods": "original-then-changed"}, kb=kb)
    p = at(chart, 45)
    assert [(s["hexagram"], s["from"]) for s in p.spans][5:7] == [("澤天夬", 26), ("雷天大壯", 31)]
    assert p.major == {"hexagram": "雷天大壯", "position": 6}
    assert at(chart, 61).major == {"hexagram": "澤天夬", "position": 5}


def test_a_quiet_chart_keeps_its_hexagram_under_the_sixty_year_scheme(kb):
    chart = cast(DAZHUANG, month="申", day="甲午", conventions={"life_periods": "original-then-changed"}, kb=kb)
    assert at(chart, 31).major == {"hexagram": "雷天大壯", "position": 4}


def test_early_middle_and_late_life_under_the_body_nuclear_changed_scheme(kb):
    # 001:47 以本體為初，互體為中，化體為末
    chart = cast("777798", month="申", day="甲午", conventions={"life_periods": "body-nuclear-changed"}, kb=kb)
    p = at(chart, 45)
    assert [(x["phase"], x["hexagram"]) for x in p.phases] == [
        ("early", "澤天夬"), ("middle", "乾為天"), ("late", "雷天大壯")]
    assert p.spans == [] and p.major is None


def test_the_major_period_meeting_injury_is_inauspicious_and_support_auspicious(kb, example):
    # 逢生令則吉，遇刑傷則凶: at 27 the major period is on line 3, 甲辰; the example's 申 month and 午 day
    # neither wound it nor make it prosperous
    p = at(example, 27)
    hurt = cast(DAZHUANG, month="申", day="甲戌", kb=kb)      # the day 戌 clashes the 辰 of line 3
    assert "period_inauspicious" in [r["id"] for r in at(hurt, 27).readings]
    assert "period_inauspicious" not in [r["id"] for r in p.readings]
    helped = cast(DAZHUANG, month="辰", day="甲午", kb=kb)    # 辰 month: the 辰 line is 旺, the 午 day generates it
    assert "period_auspicious" in [r["id"] for r in at(helped, 27).readings]
    assert "period_auspicious" not in [r["id"] for r in p.readings]


def test_bad_ages_are_refused_in_one_line():
    chart = cast(DAZHUANG, month="申", day="甲午")
    with pytest.raises(UserError, match="one of them"):
        periods(chart)
    with pytest.raises(UserError, match="whole number"):
        periods(chart, age=-3)
    with pytest.raises(UserError, match="moment of the cast"):
        periods(chart, born=1990)
