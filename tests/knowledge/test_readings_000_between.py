"""Seed 000:39–41 (kb/judgments/000/between.dl): the two lines between the world and the
response, per verse a cast that satisfies it and one that breaks one condition."""
import pytest

CASES = [
    ("r000.39.middle_taboo_moves", "go_between_spoils",
     ("676699", "丑", "己卯", "office"), ("776699", "丑", "己卯", "office"), "the moving middle line is no taboo god"),
    ("r000.39.middle_helps.source_world", "go_between_helps",
     ("666988", "卯", "丙辰", "trade"), ("686988", "卯", "丙辰", "trade"), "the source god on the middle line is still"),
    ("r000.39.middle_helps.use_world", "go_between_helps",
     ("789797", "丑", "辛卯", "trade"), ("799776", "未", "癸丑", "trade"), "the middle line is no use-god"),
    ("r000.39.middle_helps.source_body", "go_between_helps",
     ("769889", "卯", "丁巳", "exam"), ("669889", "卯", "丁巳", "exam"), "the source god on the middle line is still"),
    ("r000.39.middle_helps.use_body", "go_between_helps",
     ("967668", "午", "丙子", "exam"), ("667668", "午", "丙子", "exam"), "the middle line is no use-god"),
]


@pytest.mark.parametrize("rule, conclusion, good, bad, broken", CASES, ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(asked, fires, readings, rule, conclusion,
                                                                    good, bad, broken):
    chart = asked(*good)
    assert fires(chart, rule) and ("any", conclusion) in readings(chart)
    assert not fires(asked(*bad), rule), broken


def test_the_source_god_between_feeds_the_world(kb, asked):
    # 000:39 元辰與用當中動，生世扶身事事高
    chart = asked("666988", "卯", "丙辰", "trade")
    proof = kb.explain(f"reading('{chart.id}', 'any', 'go_between_helps')")
    used = {node.pred for node in proof.nodes()}
    assert {"middle_line", "source_god", "moving", "world", "line_acts_on"} <= used


@pytest.mark.parametrize("topic, conclusion", [("marriage", "middle_is_the_matchmaker"),
                                               ("trade", "middle_is_the_broker"),
                                               ("lawsuit", "middle_is_the_mediator")])
def test_the_middle_lines_are_the_go_between_of_marriage_trade_and_lawsuits(kb, asked, topic, conclusion):
    # KO 000:41 혼인을 점쳐 매씻(媒妁)을 보고, 매매를 점쳐 아행(牙行)을 보고, 사송을 점쳐 설합(說合)하는 사람을 보려면
    asker = "man" if topic == "marriage" else None
    chart = asked("787889", "戌", "乙巳", topic, asker=asker)
    assert kb.ask(f"reading_applies('{chart.id}', '{conclusion}')") == [()]
    wealth = asked("787889", "戌", "乙巳", "wealth")
    assert kb.ask(f"reading_applies('{wealth.id}', '{conclusion}')") == []
