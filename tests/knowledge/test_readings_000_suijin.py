"""Seed 000:67–77, 碎金賦 (kb/judgments/000/suijin.dl): the test matrix of the twenty verses and
Wang Hongxu's element cases (inventory-000-001 E11, E12)."""
import pytest

QUESTION = {"妻財": ("wealth", None), "官鬼": ("office", None), "父母": ("document", None),
            "子孫": ("medicine", None), "兄弟": ("illness", "brother")}

# the two moving relatives, a cast where exactly they move and both targets stand still,
# then (target, verse, conclusion) of 000:67 and of 000:71
E11 = [
    ("子孫 父母", "979777", ("妻財", "r000.67.wealth_source_cut", "use_source_cut"),
     ("官鬼", "r000.71.official_spared", "use_attacker_restrained")),
    ("兄弟 子孫", "977797", ("妻財", "r000.67.wealth_rescued", "use_saved_by_mediation"),
     ("官鬼", "r000.71.official_wounded", "use_attacker_reinforced")),
    ("妻財 兄弟", "797797", ("官鬼", "r000.67.official_source_cut", "use_source_cut"),
     ("父母", "r000.71.parent_spared", "use_attacker_restrained")),
    ("子孫 妻財", "997777", ("官鬼", "r000.67.official_rescued", "use_saved_by_mediation"),
     ("父母", "r000.71.parent_wounded", "use_attacker_reinforced")),
    ("父母 妻財", "799777", ("兄弟", "r000.67.sibling_source_cut", "use_source_cut"),
     ("子孫", "r000.71.child_spared", "use_attacker_restrained")),
    ("官鬼 父母", "779977", ("兄弟", "r000.67.sibling_rescued", "use_saved_by_mediation"),
     ("子孫", "r000.71.child_wounded", "use_attacker_reinforced")),
    ("官鬼 子孫", "977977", ("父母", "r000.67.parent_source_cut", "use_source_cut"),
     ("兄弟", "r000.71.sibling_spared", "use_attacker_restrained")),
    ("妻財 官鬼", "797977", ("父母", "r000.67.parent_rescued", "use_saved_by_mediation"),
     ("兄弟", "r000.71.sibling_wounded", "use_attacker_reinforced")),
    ("兄弟 官鬼", "777997", ("子孫", "r000.67.child_source_cut", "use_source_cut"),
     ("妻財", "r000.71.wealth_spared", "use_attacker_restrained")),
    ("父母 兄弟", "779797", ("子孫", "r000.67.child_rescued", "use_saved_by_mediation"),
     ("妻財", "r000.71.wealth_wounded", "use_attacker_reinforced")),
]


@pytest.mark.parametrize("movers, lines, first, second", E11, ids=[row[0] for row in E11])
def test_e11_two_moving_relatives_and_the_target_as_each_verse_says(kb, asked, fires, readings,
                                                                   movers, lines, first, second):
    probe = asked(lines, "辰", "甲子", "wealth")
    moving = {r for r, _p in kb.ask(f"relative_moves('{probe.id}', R, P)")}
    assert moving == set(movers.split())
    for target, rule, conclusion in (first, second):
        topic, about = QUESTION[target]
        chart = asked(lines, "辰", "甲子", topic, about=about)
        assert kb.ask(f"use_relative('{chart.id}', R)") == [(target,)]
        assert fires(chart, rule) and ("any", conclusion) in readings(chart), (target, rule)


def test_a_verse_needs_both_relatives_to_move(asked, fires):
    # 000:67 子動生財，不宜父擺: 乾為天 with the 子孫 子 (line 1) and the 父母 辰 (line 3) moving;
    # with the 父母 still, the 子孫 feeds the wealth unhindered
    assert fires(asked("979777", "辰", "甲子", "wealth"), "r000.67.wealth_source_cut")
    assert not fires(asked("977777", "辰", "甲子", "wealth"), "r000.67.wealth_source_cut")


# Wang Hongxu's cases: the moving elements, the use-god (a 子孫, asked as medicine) and the day,
# chosen so that no static line moves in secret
E12 = [
    ("a 金 and 火 move: 水 is not fed", "777997", "r000.75.source_cut", "use_source_cut"),
    ("b 火 and 水 move: 金 is not hurt", "977988", "r000.75.attacker_restrained", "use_attacker_restrained"),
    ("c 火 and 土 move: 金 is spared, 貪生忘克", "779988", "r000.75.saved_by_mediation", "use_saved_by_mediation"),
    ("d 火 and 木 move, 土 still: 金 is gravely hurt", "797988", "r000.75.attacker_reinforced", "use_attacker_reinforced"),
]


@pytest.mark.parametrize("case, lines, rule, conclusion", E12, ids=[row[0][0] for row in E12])
def test_e12_the_element_cases_of_the_note(asked, fires, readings, case, lines, rule, conclusion):
    # 000:75 如金動本生水，也得火動則制金 … 如火動克金而土爻安靜，更逢木動，木助火克金，必凶也
    chart = asked(lines, "辰", "甲子", "medicine")
    assert fires(chart, rule) and ("any", conclusion) in readings(chart), case


def test_e12_with_the_earth_moving_too_the_metal_is_spared_not_wounded(asked, fires):
    # [DER] 火, 土 and 木 all move: 土 stands between, so 木's help to 火 does not make it 必凶
    chart = asked("799988", "辰", "甲子", "medicine")
    assert fires(chart, "r000.75.saved_by_mediation")
    assert not fires(chart, "r000.75.attacker_reinforced")
