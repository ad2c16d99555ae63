"""Seed 001:95–115 (kb/judgments/001/childbirth.dl): pregnancy and childbirth, on the text's
examples (inventory-000-001 E15, E17, E18)."""
import pytest

LOWER = {"乾": "777", "兌": "778", "離": "787", "震": "788", "巽": "877", "坎": "878", "艮": "887", "坤": "888"}


def test_e15_the_womb_line_of_the_qian_palace_is_the_wu_line(kb, asked, readings):
    # 假令乾宮子孫以水長生在申，到午為胎爻: 乾為天, 壬午 on line 4, a yang line → 胎爻屬陽生男
    chart = asked("777777", "子", "甲子", "childbirth")
    assert kb.ask(f"womb_line('{chart.id}', P)") == [(4,)]
    assert ("childbirth", "birth_boy") in readings(chart)
    two = asked("887777", "子", "甲子", "childbirth")       # 天山遯: 丙午 on line 2 and 壬午 on line 4
    assert sorted(kb.ask(f"womb_line('{two.id}', P)")) == [(2,), (4,)]


def test_e17_a_quiet_pure_kun_gives_a_boy(kb, asked, fires):
    # 坤卦六爻安靜生男，此乃陰極動而生陽
    quiet = asked("888888", "子", "甲子", "childbirth")
    assert fires(quiet, "r001.111.pure_kun") and kb.ask(f"reading('{quiet.id}', 'childbirth', 'birth_boy')") == [()]
    assert not fires(asked("888886", "子", "甲子", "childbirth"), "r001.111.pure_kun")


@pytest.mark.parametrize("trigram", list(LOWER))
def test_e18_the_lower_trigram_decides_how_the_child_presents(asked, readings, trigram):
    # 乾兌坎離在下卦，主順生；震巽艮坤在下卦，主逆產 (乾首、兌口、坎耳、離目 … 震足、巽股、艮手、坤腹)
    got = {k for t, k in readings(asked(LOWER[trigram] + "777", "子", "甲子", "childbirth")) if t == "childbirth"}
    head_first = trigram in "乾兌坎離"
    assert ("birth_head_first" in got, "birth_feet_first" in got) == (head_first, not head_first)


def test_a_prosperous_wealth_in_pregnancy_is_a_boy_and_a_resting_one_a_girl(asked, readings):
    # 孕看財爻 … 旺相為男，休囚是女: 乾為天's 妻財 甲寅 on line 2
    spring = asked("777777", "寅", "甲子", "pregnancy")
    autumn = asked("777777", "酉", "甲子", "pregnancy")
    assert ("pregnancy", "birth_boy") in readings(spring) and ("pregnancy", "birth_girl") not in readings(spring)
    assert ("pregnancy", "birth_girl") in readings(autumn) and ("pregnancy", "birth_boy") not in readings(autumn)


def test_the_dragon_on_the_womb_line_blesses_the_pregnancy(kb, asked, readings):
    # 胎加龍喜: a 己 day sets the 青龍 on line 4, the womb line 壬午 of 乾為天
    dragon = asked("777777", "子", "己巳", "pregnancy")
    assert kb.ask(f"line_spirit('{dragon.id}', 4, '青龍')") == [()]
    assert ("pregnancy", "womb_blessed") in readings(dragon)
    other = asked("777777", "子", "甲子", "pregnancy")
    assert kb.ask(f"line_spirit('{other.id}', 4, '青龍')") == []


def test_the_midwife_is_read_from_the_middle_lines(kb, asked, readings):
    # 凡占老孃看間爻，持財子老孃手段高，持父兄官手段低: 乾為天's middle lines 4 官鬼 and 5 兄弟
    got = {k for t, k in readings(asked("777777", "子", "甲子", "childbirth")) if t == "childbirth"}
    assert "midwife_unskilled" in got and "midwife_skilled" not in got
