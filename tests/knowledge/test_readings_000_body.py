"""Seed 000:3 and 000:107, the body 卦身 (kb/judgments/000/body.dl): the Korean's worked example
(inventory-000-001 E01), and per verse a cast that satisfies it and one that breaks one condition."""
import pytest

# rule id, conclusion, (lines, month, day, topic) that satisfies it, one that does not, what breaks
CASES = [
    ("r000.3.no_body", "no_thread",
     ("887899", "酉", "庚子", "lost"), ("787899", "酉", "庚子", "lost"), "a line now carries the body"),
    ("r000.3.body_hurt", "hard_to_achieve",
     ("969786", "巳", "丙子", "illness"), ("669786", "巳", "丙子", "illness"), "the body line is unhurt"),
    ("r000.107.body_on_fortune", "worry_turns_to_joy",
     ("896879", "午", "戊午", "lawsuit"), ("796879", "午", "戊午", "lawsuit"), "no body line"),
    ("r000.107.body_dragon.use", "joy_comes_in",
     ("877868", "戌", "庚子", "office"), ("877868", "戌", "甲子", "office"), "青龍 moves to line 1"),
    ("r000.107.body_dragon.source", "joy_comes_in",
     ("967689", "卯", "戊辰", "lawsuit"), ("967689", "卯", "甲子", "lawsuit"), "青龍 moves to line 1"),
    ("r000.107.body_horse_moves", "going_out_succeeds",
     ("879697", "亥", "辛亥", "wealth"), ("879697", "亥", "甲子", "wealth"), "驛馬 falls elsewhere"),
    ("r000.107.body_void", "keep_to_the_usual",
     ("868967", "午", "戊申", "office"), ("868967", "午", "甲子", "office"), "another decade: not void"),
    ("r000.107.body_harmed.punished", "keep_to_your_lot",
     ("778876", "丑", "丁卯", "wealth"), ("778876", "丑", "甲子", "wealth"), "the day no longer punishes it"),
    ("r000.107.body_harmed.overcome", "keep_to_your_lot",
     ("978878", "戌", "丙子", "childbirth"), ("978878", "子", "丙子", "childbirth"), "the month no longer overcomes it"),
    ("r000.107.body_harmed.broken", "keep_to_your_lot",
     ("888998", "丑", "庚午", "office"), ("888998", "子", "庚午", "office"), "the month no longer clashes it"),
    ("r000.107.body_harmed.cut_off", "keep_to_your_lot",
     ("967886", "卯", "甲寅", "exam"), ("967886", "卯", "甲子", "exam"), "the day is not its 絕"),
]


@pytest.mark.parametrize("rule, conclusion, good, bad, broken", CASES, ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(asked, fires, readings, rule, conclusion,
                                                                    good, bad, broken):
    chart = asked(*good)
    assert fires(chart, rule) and ("any", conclusion) in readings(chart)
    assert not fires(asked(*bad), rule), broken


def test_e01_a_yang_world_on_line_three_counts_the_body_to_yin(kb, asked):
    # KO 000:5 세효가 셋째 효에 있으면서 양효이면 … 괘신은 인이 되고 곧 정월에 속한다
    chart = asked("777888", "辰", "甲子", "wealth")          # 地天泰: 坤宮 三世, line 3 yang
    assert kb.ask(f"body_branch('{chart.id}', B)") == [("寅",)]
    assert kb.ask(f"body_line('{chart.id}', P)") == [(2,)]


def test_the_body_on_a_fortune_line_needs_the_official_absent(kb, asked, readings):
    # 000:107 身臨福德不見官: 官鬼 on no line of the hexagram
    chart = asked("896879", "午", "戊午", "lawsuit")
    (p,), = kb.ask(f"body_line('{chart.id}', P)")
    assert kb.ask(f"line_relative('{chart.id}', {p}, R)") == [("子孫",)]
    assert kb.ask(f"missing_relative('{chart.id}', '官鬼')") == [()]
    proof = kb.explain(f"reading('{chart.id}', 'any', 'worry_turns_to_joy')")
    assert proof.rule.id == "r000.107.body_on_fortune"
    assert proof.rule.sources[0].startswith("000_122810513125a851.txt:107")


def test_no_body_and_a_hurt_body_are_the_verses_of_line_three(kb, asked):
    lost = asked("887899", "酉", "庚子", "lost")
    proof = kb.explain(f"reading('{lost.id}', 'any', 'no_thread')")
    assert proof.rule.id == "r000.3.no_body"
    assert [node.rule.id for node in proof.nodes() if node.rule][:2] == ["r000.3.no_body", "body_state.1"]
