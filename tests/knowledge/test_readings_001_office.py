"""Seed 001:119–135 (kb/judgments/001/office.dl): examinations and office, on the text's 春占剝
example (inventory-000-001 E16)."""

BO = "888887"          # 山地剝: 乾宮 五世; the pure 乾's 壬午 官鬼 lies under line 4 (丙戌 父母)


def test_e16_in_spring_the_day_draws_the_hidden_official_out_of_bo(kb, asked, readings):
    # 且如春占剝卦，官在文書爻下，有氣，日辰合出，主試中試: the 官鬼 under the documents is read
    # although 巳 官鬼 shows on line 2 (the hidden gods of every line: hidden_god all-lines)
    from queries.chart import cast
    from queries.judgment import judge
    spring = cast(BO, month="寅", day="乙未", conventions={"hidden_god": "all-lines"}, kb=kb)
    judge(spring, "exam")
    assert kb.ask(f"hidden('{spring.id}', 4, S, B)") == [("壬", "午")]
    proof = kb.explain(f"reading('{spring.id}', 'exam', 'exam_passed')")
    assert proof.rule.id == "r001.131.hidden_drawn_out"
    no_pull = cast(BO, month="寅", day="甲申", conventions={"hidden_god": "all-lines"}, kb=kb)
    judge(no_pull, "exam")
    assert not kb.ask(f"reading('{no_pull.id}', 'exam', 'exam_passed')")
    default = asked(BO, "寅", "乙未", "exam")           # the default hidden gods: none where 官鬼 shows
    assert ("exam", "exam_passed") not in readings(default)


def test_the_offspring_on_the_world_fails_the_examination(kb, asked, readings):
    # 忌子孫持世，不中: 剝's world line 5 is 丙子 子孫
    chart = asked(BO, "寅", "甲子", "exam")
    assert kb.ask(f"holds_world('{chart.id}', '子孫')") == [()]
    assert ("exam", "exam_failed") in readings(chart)
    other = asked("777777", "寅", "甲子", "exam")      # 乾為天: the world 壬戌 父母
    assert ("exam", "exam_failed") not in readings(other)


def test_one_moving_line_alone_is_best_and_two_are_not(asked, readings):
    # 若六爻中只有一爻動最吉
    assert ("office", "one_mover_best") in readings(asked("777779", "寅", "甲子", "office"))
    assert ("office", "one_mover_best") not in readings(asked("777799", "寅", "甲子", "office"))


def test_the_palaces_of_qian_dui_and_kan_need_more_than_one_try(asked, readings):
    # 乾兌坎宮，謀事不一
    assert ("office", "not_at_one_try") in readings(asked("777777", "寅", "甲子", "office"))
    assert ("office", "not_at_one_try") not in readings(asked("888888", "寅", "甲子", "office"))
