"""Seed 000:111–113, 飛伏 (kb/judgments/000/hidden.dl): per verse a cast whose hidden use-god
stands as the verse says, and one that breaks one condition."""
import pytest

CASES = [
    ("r000.111.hidden_breaks_out", "hidden_breaks_out",
     ("679767", "戌", "戊寅", "house"), ("886977", "未", "庚寅", "childbirth"), "hidden, but its cover overcomes it"),
    ("r000.111.flying_hurts_hidden", "hidden_hurt_by_its_cover",
     ("886977", "未", "庚寅", "childbirth"), ("787869", "辰", "己卯", "document"), "hidden, but it feeds its cover"),
    ("r000.111.hidden_leaks", "hidden_leaks",
     ("678966", "巳", "乙未", "document"), ("777888", "巳", "乙酉", "document"), "hidden, but its cover feeds it"),
    ("r000.111.hidden_nourished", "hidden_nourished",
     ("777888", "巳", "乙酉", "document"), ("679767", "戌", "戊寅", "house"), "hidden, but it overcomes its cover"),
    ("r000.111.hidden_helped", "hidden_helped_out",
     ("968798", "卯", "丁亥", "medicine"), ("697776", "丑", "甲子", "medicine"), "overcome by its cover, and no line helps"),
    ("r000.111.hidden_comes_out", "hidden_comes_out",
     ("697776", "丑", "甲子", "medicine"), ("697776", "丑", "甲戌", "medicine"), "neither day nor month draws it out"),
    ("r000.111.hidden_stays", "hidden_stays_hidden",
     ("887787", "辰", "庚戌", "office"), ("887787", "辰", "甲子", "office"), "the day feeds it out"),
]


@pytest.mark.parametrize("rule, conclusion, good, bad, broken", CASES, ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(kb, asked, fires, readings, rule, conclusion,
                                                                    good, bad, broken):
    chart = asked(*good)
    assert kb.ask(f"use_god('{chart.id}', 'hidden', P)")
    assert fires(chart, rule) and ("any", conclusion) in readings(chart)
    bad = asked(*bad)
    assert kb.ask(f"use_god('{bad.id}', 'hidden', P)")
    assert not fires(bad, rule), broken


def test_helped_out_is_not_also_read_as_staying_hidden(asked, readings):
    # 000:111 飛伏不和為助伏: another line's help brings it out, so 藏 is not read
    chart = asked("968798", "卯", "丁亥", "medicine")
    got = {k for _, k in readings(chart)}
    assert "hidden_helped_out" in got and "hidden_stays_hidden" not in got


def test_a_visible_use_god_has_no_hidden_reading(asked, readings):
    chart = asked("787889", "戌", "乙巳", "wealth")
    assert not any(k.startswith("hidden_") for _, k in readings(chart))
