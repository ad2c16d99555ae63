"""Seed 001:159–179 (kb/judgments/001/trade.dl): trade and the price of the goods."""


def test_wealth_and_fortune_showing_make_the_trade_profit(kb, asked, readings):
    # 財福出現，買賣必利 … 如無不利: 地天泰 shows both; 天地否 lacks the 子孫
    tai, pi = asked("777888", "寅", "甲子", "trade"), asked("888777", "寅", "甲子", "trade")
    assert ("trade", "trade_profitable") in readings(tai) and ("trade", "trade_unprofitable") not in readings(tai)
    assert kb.ask(f"missing_relative('{pi.id}', '子孫')") == [()]
    assert ("trade", "trade_unprofitable") in readings(pi) and ("trade", "trade_profitable") not in readings(pi)


def test_the_outer_trigram_overcoming_the_inner_makes_money_easy(kb, asked, readings):
    # 外克內 … 易得財；內克外 … 難得利: 山水蒙 (outer 艮 earth over inner 坎 water)
    meng = asked("878887", "寅", "甲子", "trade")
    assert ("trade", "money_easy") in readings(meng) and ("trade", "profit_hard") not in readings(meng)
    jian = asked("887878", "寅", "甲子", "trade")      # 水山蹇: inner 艮 earth overcomes outer 坎 water
    assert ("trade", "profit_hard") in readings(jian)


def test_a_strong_inner_and_a_weak_outer_trigram_make_the_goods_dear_then_cheap(asked, readings):
    # 內旺相，外無氣，其物先貴後賤: 地天泰 in a 申 month (inner 乾 metal 旺, outer 坤 earth 休)
    assert ("goods", "dear_then_cheap") in readings(asked("777888", "申", "甲子", "goods"))
    assert ("goods", "dear_then_cheap") not in readings(asked("777888", "寅", "甲子", "goods"))


def test_a_wealth_on_the_world_overcoming_the_body_brings_the_money_to_hand(kb, asked, readings):
    # 財支持世克身得利 (KO 001:169 재효가 세를 잡고 와서 괘신을 극하는 것은 이익을 얻고): 震為雷, the world
    # 庚戌 妻財 on line 6 (yin) and the body 亥
    zhen = asked("788788", "寅", "甲子", "trade")
    assert kb.ask(f"body_branch('{zhen.id}', B)") == [("亥",)]
    assert ("trade", "wealth_comes_to_hand") in readings(zhen)
    assert ("trade", "wealth_comes_to_hand") not in readings(asked("777777", "寅", "甲子", "trade"))
