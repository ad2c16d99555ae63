"""Seed 001:139–155 (kb/judgments/001/audience.dl): an audience with a noble."""


def test_a_yang_outer_trigram_means_he_can_be_seen(asked, readings):
    # 凡占謁貴，以外卦取，外陽爻可見，外陰爻不見: 天地否 (outer 乾) against 地天泰 (outer 坤)
    pi, tai = asked("888777", "寅", "甲子", "audience"), asked("777888", "寅", "甲子", "audience")
    assert ("audience", "noble_can_be_seen") in readings(pi) and ("audience", "noble_not_seen") not in readings(pi)
    assert ("audience", "noble_not_seen") in readings(tai) and ("audience", "noble_can_be_seen") not in readings(tai)


def test_a_moving_response_means_no_meeting(kb, asked, readings):
    # 伏藏應動，皆不見: 乾為天's response is line 3
    moving = asked("779777", "寅", "甲子", "audience")
    assert kb.ask(f"response_moves('{moving.id}')") == [()]
    assert ("audience", "not_met") in readings(moving)
    assert ("audience", "not_met") not in readings(asked("777777", "寅", "甲子", "audience"))


def test_the_world_overcoming_the_response_breeds_resentment(kb, asked, readings):
    # 世克應 … 皆致怨之象: 天地否, the world 乙卯 (wood) on line 3 and the response 壬戌 (earth) on line 6
    pi = asked("888777", "寅", "甲子", "audience")
    assert kb.ask(f"world_acts_on_response('{pi.id}', '克')") == [()]
    assert ("audience", "resentment") in readings(pi)
    tai = asked("777888", "寅", "甲子", "audience")      # 地天泰: 甲辰 world, 癸酉 response (earth feeds metal)
    assert ("audience", "resentment") not in readings(tai)
