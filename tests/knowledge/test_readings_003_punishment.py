"""Seed 003:39–55, the punishments and harms as verdicts and 經星 (kb/judgments/003/punishment_harm.dl):
the worked example T6 (真刑) and T17 (the hexagrams of six harms), and per verse a cast that
satisfies it and one that breaks one condition."""
import pytest

KUN_TO_DUI = "678778"      # 困之兌: line 1 寅 財 (世) moves to 巳


def test_t6_the_day_punishes_and_clashes_the_use_god_a_true_punishment(kb, asked):
    # 003:39 酉建庚申日，用財得困之兌是謂真刑
    chart = asked(KUN_TO_DUI, "酉", "庚申", "wealth")
    assert kb.ask(f"use_god('{chart.id}', K, P)") == [("line", 1)]
    assert kb.ask(f"true_punishment('{chart.id}', 'line', 1)") == [()]
    assert ("true_punishment_heavy",) in set(kb.ask(f"reading_applies('{chart.id}', K)"))


def test_t17_a_hexagram_of_six_harms_says_nothing_alone(kb, asked):
    # 003:47 若姤恆小畜益卦，雖存六害之名，當察其用而權之
    chart = asked("877777", "子", "甲子", "self")
    assert kb.ask(f"six_harm_hexagram('{chart.id}')") == [()]
    (polarity,), = kb.ask("conclusion('six_harm_hexagram_weigh_use', P, _L, _K, _Z, _E)")
    assert polarity == "descriptive"
    assert not kb.ask(f"six_harm_hexagram('{asked('777777', '子', '甲子', 'self').id}')")


# rule, topic asked, reading topic, conclusion, (lines, month, day) that satisfies it, one that does not, why
CASES = [
    ("r003.39.image", "wealth", "any", "punishment_withers", (KUN_TO_DUI, "酉", "庚申"), (KUN_TO_DUI, "酉", "甲子"), "no 刑"),
    ("r003.39.true_punishment", "wealth", "any", "true_punishment_heavy", (KUN_TO_DUI, "酉", "庚申"), (KUN_TO_DUI, "酉", "甲子"), "the day neither punishes nor clashes"),
    ("r003.39.self.world", "self", "self", "kin_harm_each_other", (KUN_TO_DUI, "酉", "庚申"), (KUN_TO_DUI, "酉", "甲子"), "the world is not punished"),
    ("r003.39.illness", "illness", "illness", "lasting_infirmity", (KUN_TO_DUI, "酉", "庚申"), (KUN_TO_DUI, "酉", "甲子"), "the patient is not punished"),
    ("r003.39.lawsuit", "lawsuit", "lawsuit", "great_misfortune", ("787767", "丑", "丙申"), ("787767", "丑", "甲子"), "the world is not punished"),
    ("r003.39.memorial", "memorial", "memorial", "great_misfortune", ("896888", "午", "戊辰"), ("896888", "子", "戊辰"), "the world is not punished"),
    ("r003.47.harm_of_birth", "wealth", "any", "smiling_enmity", ("789878", "申", "己丑"), ("789878", "申", "甲子"), "no 生害"),
    ("r003.47.i_overcome", "wealth", "any", "ill_will_only", ("887788", "申", "庚辰"), ("887788", "申", "甲子"), "no harm"),
    ("r003.47.overcome_me", "wealth", "any", "overpowered", ("788777", "寅", "丁卯"), ("788777", "寅", "甲子"), "no harm"),
    ("r003.47.world_overcoming_harm", "wealth", "any", "world_overcoming_harm", ("889787", "巳", "辛卯"), ("889787", "巳", "甲子"), "no 克害 on the world"),
    ("r003.47.response_harms_world", "wealth", "any", "response_harms_world", ("777877", "子", "戊子"), ("777777", "子", "戊子"), "乾: 辰 and 戌 clash, they do not harm"),
    ("r003.55.classic_star.self", "self", "self", "classic_star_marks", ("777777", "子", "甲子"), ("877777", "子", "甲子"), "not 乾"),
]


@pytest.mark.parametrize("rule, question, topic, conclusion, good, bad, broken", CASES, ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(asked, fires, readings, rule, question, topic,
                                                                    conclusion, good, bad, broken):
    chart = asked(*good, question)
    assert fires(chart, rule) and (topic, conclusion) in readings(chart)
    assert not fires(asked(*bad, question), rule), broken


@pytest.mark.parametrize("asker, use", [("man", "妻財"), ("woman", "官鬼")])
def test_a_marriage_reads_the_punishment_on_the_askers_spouse(kb, asked, readings, asker, use):
    # 003:39 婚姻遇之，懼門第之相壓 (男娶謂財、女嫁謂官遇之)
    chart = asked(KUN_TO_DUI, "酉", "庚申", "marriage", asker=asker)
    (kind, line), = kb.ask(f"use_god('{chart.id}', K, P)")
    assert kb.ask(f"line_relative('{chart.id}', {line}, R)") == [(use,)] or kind != "line"
    punished = bool(kb.ask(f"node_punished('{chart.id}', '{kind}', {line}, B)"))
    assert (("marriage", "families_press_each_other") in readings(chart)) == punished
