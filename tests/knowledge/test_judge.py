"""The use-god and its verdict against the worked examples of seed 004 (inventory-004 §4) and
seed 001, each verdict's proof checked by the independent checker."""
import json

import pytest

from queries import KnowledgeBase, UserError
from queries.chart import cast
from queries.cli import main
from queries.judgment import judge


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def checked(oracle, proof):
    assert proof is not None and oracle.check(proof) == []
    return proof


def test_e5_wealth_on_zi_with_a_prosperous_shen_day_is_strong(kb, oracle):
    # 004:155 假令子爻為財，如申金旺相直日，為子孫生財吉
    j = judge(cast(hexagram="艮為山", month="酉", day="壬申", kb=kb), "wealth")
    assert (j.use_god["position"], j.use_god["branch"]) == (5, "子")
    assert {"旺", "透出", "得生扶"} <= {r["label"] for r in j.reasons}
    assert j.verdict == {"strong": True, "grade": "旺"}
    checked(oracle, j.grade_proof())


def test_e6_official_on_hai_with_a_prosperous_wood_day_comes_out_through_documents(kb, oracle):
    # 004:155 假令亥爻為官，木旺相直日，為文書，事也成
    j = judge(cast(hexagram="離為火", month="寅", day="甲寅", kb=kb), "office")
    assert (j.use_god["position"], j.use_god["branch"]) == (3, "亥")
    assert j.verdict == {"strong": True, "grade": "透出"}
    proof = checked(oracle, j.grade_proof())
    assert any(n.rule and n.rule.id == "use_reason.17" for n in proof.nodes())
    void = judge(cast(hexagram="離為火", month="寅", day="丙寅", kb=kb), "office")   # 亥 void: 空 dominates
    assert void.verdict == {"strong": False, "grade": "空"}


def test_e7_wealth_resting_in_summer_is_saved_by_a_wei_day(kb, oracle):
    # 004:159 若日辰旺相生用卻成。假令酉爻為財出現，夏占未日是也
    j = judge(cast(hexagram="離為火", month="午", day="辛未", kb=kb), "wealth")
    assert (j.use_god["position"], j.use_god["branch"]) == (4, "酉")
    assert j.verdict["strong"] and "得生扶" in {r["label"] for r in j.reasons}
    true_void = judge(cast(hexagram="離為火", month="午", day="癸未", kb=kb), "wealth")  # 夏金 in 申酉 void
    assert true_void.verdict == {"strong": False, "grade": "真空"}
    checked(oracle, true_void.grade_proof())


def test_e3_da_you_earth_world_hooks_the_water_frame_unfit_for_office(kb):
    # 004:51 大有卦，甲辰父母持世，為雜氣，能勾申子辰化水局子孫，不宜官用
    j = judge(cast(hexagram="火天大有", month="子", day="甲子", kb=kb), "office")
    assert j.context["hook"] == [{"element": "水", "relative": "子孫"}]
    assert j.context["hook_unfit"] == ["子孫"]
    assert "勾局傷用" in {r["label"] for r in j.reasons} and not j.verdict["strong"]


def test_e16_exam_official_hidden_under_documents(kb):
    # 001:131 凡占試，以鬼為主，看伏在何爻下，要日辰生扶合出
    chart = cast(hexagram="山地剝", month="寅", day="乙未", kb=kb, conventions={"hidden_god": "all-lines"})
    j = judge(chart, "exam")
    assert j.use_god["relative"] == "官鬼" and not j.use_god["hidden"]     # 剝 has 官鬼 on line 2


def test_hidden_use_god_with_the_pair_verse_first(kb):
    # 賁 lacks 父母: asking about the father takes 午 hidden under line 2 丑 兄弟
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "illness", about="father")
    assert j.use_god | {"hidden": True, "position": 2, "branch": "午"} == j.use_god
    assert j.hidden["flying"] == ["伏生飛"] and "日月生扶" in j.hidden["comes_out"]
    assert j.verdict["grade"] == "入墓"         # 午 火 in a 戌 month lies in its tomb
    # wealth hidden under 兄弟: 004:7 用財伏兄，口舌相侵 outweighs the generic reading
    chart = cast(hexagram="乾為天", to="天風姤", month="子", day="甲子", kb=kb)
    assert judge(chart, "wealth").use_god["hidden"] is False


def test_use_god_appearing_twice_prefers_the_moving_line(kb):
    still = judge(cast("787887", month="戌", day="乙巳", kb=kb), "wealth")     # 賁: 妻財 on 3 (亥) and 5 (子)
    assert still.candidates == [3, 5] and still.use_god["position"] == 5    # 3 is day-broken
    moving = judge(cast("787867", month="戌", day="甲子", kb=kb), "wealth")    # line 5 moves
    assert moving.use_god["position"] == 5
    proof = kb.explain(f"use_god('{moving.chart.id}', 'line', 5)")
    assert proof.rule.id == "use_god.3" and "two_present" in proof.conventions()
    moving3 = judge(cast("789887", month="戌", day="甲子", kb=kb), "wealth")   # line 3 moves instead
    assert moving3.use_god["position"] == 3


def test_the_twelve_hexagrams_lacking_two_relatives_take_both_from_hidden_gods(kb):
    people = {"父母": "father", "兄弟": "brother", "子孫": "son", "妻財": "wife", "官鬼": "husband"}
    lacking = 0
    for number in range(1, 65):
        chart = cast(hexagram=str(number), month="子", day="甲子", kb=kb)
        present = {l["relative"] for l in chart.lines}
        missing = set(people) - present
        for relative in missing:
            j = judge(chart, "illness", about=people[relative])
            assert j.use_god["hidden"] and j.use_god["relative"] == relative, chart.hexagram["name"]
        lacking += len(missing) == 2
        chart.forget()
    assert lacking == 12


def test_self_and_other_party_are_the_world_and_response(kb):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    assert judge(chart, "travel").use_god["position"] == chart.world
    assert judge(chart, "lawsuit", about="other-party").use_god["position"] == chart.response


def test_marriage_by_the_askers_side(kb):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    assert judge(chart, "marriage", asker="man").use_god["relative"] == "妻財"
    assert judge(chart, "婚姻", asker="woman").use_god["relative"] == "官鬼"


@pytest.mark.parametrize("topic, about, asker, message", [
    ("weather", None, None, "unknown topic 'weather': use one of"),
    ("marriage", None, None, "needs the asker's side"),
    ("return", None, None, "needs --about"),
    ("wealth", "uncle", None, "unknown person 'uncle'"),
    ("marriage", None, "child", "use man or woman"),
])
def test_bad_questions(kb, topic, about, asker, message):
    with pytest.raises(UserError, match=message):
        judge(cast("787889", month="戌", day="乙巳", kb=kb), topic, about=about, asker=asker)


def test_judge_command(capsys):
    code = main(["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth", "--json", "--proof"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["use_god"]["relative"] == "妻財" and data["proof"]["kind"] == "rule"
    assert set(data) >= {"topic", "about", "use_god", "source_god", "taboo_god", "enemy_god", "verdict",
                         "reasons", "proof"}
    code = main(["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "illness", "--about",
                 "father", "--lang", "ko", "--proof"])
    out = capsys.readouterr().out
    assert code == 0 and "용신" in out and "[규칙]" in out
    assert main(["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "weather"]) == 2
    assert capsys.readouterr().err.startswith("liuyao: unknown topic 'weather'")


def test_why_not_strong_names_the_failing_conditions(kb):
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "wealth")
    assert not j.verdict["strong"]
    why = j.why_not_strong()
    assert why.failures and why.failures[0].rule.id == "use_god_strong.1"


def test_restless_is_all_six_lines_or_four_by_convention(kb, oracle):
    """Seed 000:123 六爻亂動: all six lines by default (the Korean translation), four and more
    by the convention restless=four-or-more (inventory-000-001 D20)."""
    five, six = "969689", "699996"
    assert not judge(cast(five, month="卯", day="丁卯", kb=kb), "wealth").context["restless"]
    assert judge(cast(six, month="卯", day="丁卯", kb=kb), "wealth").context["restless"]
    counted = cast(five, month="卯", day="丁卯", kb=kb, conventions={"restless": "four-or-more"})
    assert judge(counted, "wealth").context["restless"]
    proof = checked(oracle, kb.explain(f"restless_hexagram('{counted.id}')"))
    assert proof.rule.id == "restless_hexagram.1" and "restless" in proof.conventions()
