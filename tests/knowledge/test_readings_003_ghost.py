"""Seed 003:3–17, 助鬼傷身 (kb/judgments/003/ghost_harms_world.dl): the worked examples T7–T13 of
inventory-003a §4 as golden tests, and per verse a cast that satisfies it and one that breaks one
condition. 離 787787 (世 6 巳 兄, 鬼 3 亥), 咸 887778 (世 3 申, 鬼 2 午), 泰 777888 (世 3 辰, 鬼 2 寅)."""
import pytest

LI, XIAN, TAI = "787787", "887778", "777888"


def aided(kb, chart):
    return kb.ask(f"ghost_aids_harm_world('{chart.id}', G)")


def born(kb, chart):
    return kb.ask(f"ghost_born_on_day('{chart.id}', G, W)")


# 003:7 是以前賢舉申日之離，寅日之咸，亥日之泰者為法
@pytest.mark.parametrize("lines, month, day, ghost", [
    (LI, "辰", "甲申", 3),          # T7: 申 is 水's 長生 and 金生水
    (XIAN, "亥", "甲寅", 2),        # T8: 寅 is 火's 長生 and 木生火
    (TAI, "酉", "丁亥", 2),         # T9: 亥 is 木's 長生 and 水生木
], ids=["T7-li", "T8-xian", "T9-tai"])
def test_the_models_of_the_former_worthies_harm_the_world(kb, asked, lines, month, day, ghost):
    assert aided(kb, asked(lines, month, day, "self")) == [(ghost,)]


@pytest.mark.parametrize("lines, month, day, why", [
    (LI, "辰", "壬申", "T7a: 亥 is void (戌亥)"),
    (LI, "午", "甲申", "T7b: the 午 month makes the 火 world prosperous"),
    (XIAN, "亥", "庚寅", "T8: 午 is void"),
    (XIAN, "子", "甲寅", "T8: 午 is broken by the 子 month"),
    (XIAN, "戌", "甲寅", "T8: the 戌 month makes the 金 world 相"),
    (TAI, "酉", "辛亥", "T9: 寅 is void"),
    (TAI, "申", "丁亥", "T9: 寅 is broken by the 申 month"),
    (TAI, "午", "丁亥", "T9: the 午 month makes the 土 world 相"),
], ids=["T7a", "T7b", "T8-void", "T8-broken", "T8-world", "T9-void", "T9-broken", "T9-world"])
def test_a_void_or_broken_ghost_or_a_prosperous_world_cannot_harm(kb, asked, lines, month, day, why):
    chart = asked(lines, month, day, "self")
    assert born(kb, chart), "the ghost is still born on the day"
    assert not aided(kb, chart), why


@pytest.mark.parametrize("lines, month, day, why", [
    ("877877", "辰", "乙巳", "T10: 巳日之巽, 巳 is 金's 長生 but 火 overcomes 金"),
    ("787778", "辰", "甲申", "T11: 申日之革, 申 is 土's 長生 but 土 feeds 金"),
    ("878878", "辰", "甲午", "T12: 午日之坎, 午 feeds 土 but is not its 長生"),
    (LI, "辰", "乙酉", "T13: 酉日之離, 酉 feeds 水 but its 長生 is 申"),
    (LI, "申", "甲子", "T13a: the 長生 申 is the month only (臨於歲月則非)"),
    ("787789", "辰", "甲子", "T13a: the 長生 申 is a changed line only (臨於動變之位則非)"),
], ids=["T10", "T11", "T12", "T13", "T13a-month", "T13a-changed"])
def test_the_exceptions_are_not_a_ghost_born_on_the_day(kb, asked, lines, month, day, why):
    assert not born(kb, asked(lines, month, day, "self")), why


# rule, topic, conclusion, (lines, month, day) that satisfies it, one that does not, what breaks
CASES = [
    ("r003.3.ghost_void_broken", "any", "ghost_cannot_harm", (LI, "辰", "壬申"), (LI, "辰", "甲申"), "亥 is not void"),
    ("r003.3.ghost_void_broken.broken", "any", "ghost_cannot_harm", (XIAN, "子", "甲寅"), (XIAN, "亥", "甲寅"), "午 unbroken"),
    ("r003.3.world_prosperous", "any", "world_withstands_ghost", (LI, "午", "甲申"), (LI, "辰", "甲申"), "world weak"),
    ("r003.15.slow", "any", "ghost_harm_slow", (LI, "辰", "甲申"), ("789787", "辰", "甲申"), "the ghost moves"),
    ("r003.15.fast", "any", "ghost_harm_fast", ("789787", "辰", "甲申"), (LI, "辰", "甲申"), "the ghost is still"),
    ("r003.11.self", "self", "harm_taken_for_fortune", (LI, "辰", "甲申"), (LI, "午", "甲申"), "the world is prosperous"),
    ("r003.11.house.bird", "house", "quarrels_arise", (XIAN, "亥", "甲寅"), (XIAN, "亥", "丙寅"), "on a 丙 day the ghost on line 2 has 勾陳, not 朱雀"),
    ("r003.15.illness", "illness", "sickbed_not_left", (TAI, "酉", "丁亥"), (TAI, "申", "丁亥"), "the ghost is broken"),
    ("r003.11.office", "office", "sudden_promotion", (TAI, "酉", "丁亥"), (TAI, "午", "丁亥"), "the world is 相"),
]


@pytest.mark.parametrize("rule, topic, conclusion, good, bad, broken", CASES, ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(asked, fires, readings, rule, topic, conclusion,
                                                                    good, bad, broken):
    question = "self" if topic == "any" else topic
    chart = asked(*good, question)
    assert fires(chart, rule) and (topic, conclusion) in readings(chart)
    assert not fires(asked(*bad, question), rule), broken


def test_an_official_use_god_is_good_for_office_but_the_world_still_suffers(kb, asked):
    # 003:11 占官驟升 … 大抵用官吉; 003:15 即以官為用者，亦嫌其克世
    chart = asked(TAI, "酉", "丁亥", "office")
    said = set(kb.ask(f"reading_applies('{chart.id}', K)"))
    assert {("sudden_promotion",), ("aided_official_use_good",), ("official_use_still_strikes_world",)} <= said
    assert ("aided_ghost_harms",) not in said
    assert ("official_use_still_strikes_world",) in set(kb.ask(f"verdict_overrides('{chart.id}', K)"))


def test_a_man_taking_a_wife_and_a_woman_asking_of_her_husband_read_the_ghost_both_ways(kb, asked):
    man = asked(TAI, "酉", "丁亥", "marriage", asker="man")
    woman = asked(TAI, "酉", "丁亥", "marriage", asker="woman")
    assert ("marriage", "wife_not_virtuous") in set(kb.ask(f"reading('{man.id}', T, K)"))
    assert ("marriage", "husband_thrives") in set(kb.ask(f"reading('{woman.id}', T, K)"))
    assert ("marriage", "wife_not_virtuous") not in set(kb.ask(f"reading('{woman.id}', T, K)"))


def test_the_proof_cites_the_verse(kb, asked):
    chart = asked(LI, "辰", "甲申", "self")
    proof = kb.explain(f"reading('{chart.id}', 'self', 'harm_taken_for_fortune')")
    assert proof.rule.id == "r003.11.self"
    assert proof.rule.sources[0].startswith("003_e1b706e8d6bda37c.txt:11")
