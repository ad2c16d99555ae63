"""Seed 001:55–91 (kb/judgments/001/marriage.dl, household.dl): marriage, a woman's looks, a maid
or a concubine, servants (inventory-000-001 E20)."""
import pytest


def test_the_world_moving_is_the_man_wavering_and_the_response_the_woman_refusing(kb, asked, readings):
    # 世應有動便不成 … 世動男家進退，應動女家不肯: 乾為天, world line 6, response line 3
    world = asked("777779", "寅", "甲寅", "marriage", asker="man")
    response = asked("779777", "寅", "甲寅", "marriage", asker="man")
    still = asked("777777", "寅", "甲寅", "marriage", asker="man")   # 甲寅: the void 子丑 spares 戌 and 辰
    assert ("marriage", "man_side_wavers") in readings(world)
    assert ("marriage", "woman_side_refuses") in readings(response)
    assert not {("marriage", "man_side_wavers"), ("marriage", "woman_side_refuses")} & readings(still)


def test_the_asker_decides_whose_enemy_is_feared(asked, readings):
    # 占夫忌子孫發動 … 占妻忌兄弟發動: 乾為天 with the 子孫 壬子 on line 1 moving
    for_husband = asked("977777", "寅", "甲午", "marriage", asker="woman")
    for_wife = asked("977777", "寅", "甲午", "marriage", asker="man")
    assert ("marriage", "husband_hurt") in readings(for_husband)
    assert ("marriage", "husband_hurt") not in readings(for_wife)


def test_no_offspring_on_the_hexagram_is_a_joyless_marriage(kb, asked, readings):
    # 卦無子孫不歡喜: 天地否 has no 子孫
    assert ("marriage", "marriage_joyless") in readings(asked("888777", "寅", "甲午", "marriage", asker="man"))
    assert ("marriage", "marriage_joyless") not in readings(asked("777777", "寅", "甲午", "marriage", asker="man"))


def test_under_three_halls_of_001_63_a_moving_sibling_is_the_families_too(kb):
    # 何為三堂？父母、兄弟、子孫也 (convention three_halls): 乾為天's 兄弟 申 on line 5 moving
    from queries.chart import cast
    from queries.judgment import judge
    three = cast("777797", month="寅", day="甲午", conventions={"three_halls": "three-relatives"}, kb=kb)
    judge(three, "marriage", asker="man")
    assert kb.ask(f"reading('{three.id}', 'marriage', 'families_object')") == [()]
    parents = cast("777797", month="寅", day="甲午", kb=kb)
    judge(parents, "marriage", asker="man")
    assert kb.ask(f"reading('{parents.id}', 'marriage', 'families_object')") == []


@pytest.mark.parametrize("value,feet", [(7, "big_feet"), (8, "small_feet"), (9, "half_bound_feet"),
                                        (6, "feet_bound_then_freed")])
def test_e20_the_first_line_is_a_womans_feet(asked, readings, value, feet):
    # 看大腳小腳，專看初爻，初爻是陽，主大腳，初爻是陰，主小腳，重化拆半紮腳。交化單先纏後放
    got = {k for t, k in readings(asked(f"{value}77777", "寅", "甲午", "appearance", about="wife")) if t == "appearance"}
    assert got & {"big_feet", "small_feet", "half_bound_feet", "feet_bound_then_freed"} == {feet}


def test_a_mans_looks_are_not_read_from_the_feet(asked, readings):
    got = {k for t, k in readings(asked("777777", "寅", "甲午", "appearance", about="son"))}
    assert not got & {"big_feet", "small_feet", "great_beauty"}


def test_a_maid_whose_wealth_turns_into_a_parent_is_mature(kb, asked, readings):
    # 財化父老成: 乾為天's 妻財 甲寅 on line 2 moves and turns into 己丑, a 父母 (天火同人)
    chart = asked("797777", "寅", "甲午", "maid")
    assert kb.ask(f"changed_relative('{chart.id}', 2, R)") == [("父母",)]
    got = {k for t, k in readings(chart) if t == "maid"}
    assert "maid_mature" in got and not got & {"maid_quarrels_wanton", "maid_sick_and_suits", "maid_kind_but_slow"}
    assert "maid_mature" not in {k for t, k in readings(asked("777777", "寅", "甲午", "maid"))}
