"""Seed 000:7–29 (kb/judgments/000/frames.dl): frames by the Korean of 000:9, the stages of the
use-god, 祿 驛馬 貴人 on the use-god, 刑 and 害 on a line; the text's tables (inventory-000-001
E04–E06, T14, T15) against the relations the project computes them by."""
import pytest

from queries.chart import cast
from queries.engine import substitute
from queries.judgment import judge

CASES = [
    ("r000.7.frame_forms", "any", "frame_forms",
     ("998767", "戌", "丁亥", "childbirth"), ("998767", "戌", "甲子", "childbirth"), "the day no longer fills the frame"),
    ("r000.7.frame_awaited", "any", "frame_awaits_its_day",
     ("798986", "申", "己丑", "childbirth"), ("798986", "申", "丙寅", "childbirth"), "the day is the missing 寅"),
    ("r000.11.use_vigour.day", "any", "use_has_vigour",
     ("698667", "申", "己亥", "office"), ("698667", "申", "乙丑", "office"), "the day is not a stage of vigour"),
    ("r000.11.use_powerless.day", "any", "use_powerless",
     ("897878", "午", "壬子", "office"), ("897878", "午", "丁卯", "office"), "the day is not a powerless stage"),
    ("r000.11.use_tomb.day", "any", "use_waits_for_the_tomb_to_open",
     ("997889", "丑", "甲辰", "trade"), ("997889", "丑", "甲子", "trade"), "the day is not the tomb"),
    ("r000.15.salary.use", "any", "use_carries_salary",
     ("697777", "酉", "丁巳", "exam"), ("697777", "酉", "甲子", "exam"), "祿 falls elsewhere"),
    ("r000.15.salary.hidden_use", "any", "use_carries_salary",
     ("977689", "卯", "庚午", "childbirth"), ("977689", "卯", "甲子", "childbirth"), "祿 falls elsewhere"),
    ("r000.15.horse_moves.travel", "travel", "on_the_move",
     ("769876", "辰", "己酉", "travel"), ("769876", "辰", "甲子", "travel"), "驛馬 falls elsewhere"),
    ("r000.23.noble.use", "any", "noble_helps",
     ("878768", "午", "己巳", "lawsuit"), ("878768", "午", "甲子", "lawsuit"), "貴人 falls elsewhere"),
    ("r000.23.noble.hidden_use", "any", "noble_helps",
     ("997879", "寅", "丁未", "office"), ("876969", "辰", "甲子", "office"), "貴人 falls elsewhere"),
    ("r000.23.noble.world", "any", "noble_helps",
     ("798986", "巳", "甲子", "lost"), ("798986", "巳", "乙丑", "lost"), "貴人 falls elsewhere"),
    ("r000.27.use_punished_harmed.punished", "any", "use_punished_or_harmed",
     ("887898", "酉", "丁巳", "travel"), ("887898", "酉", "甲子", "travel"), "the day no longer punishes it"),
    ("r000.27.use_punished_harmed.harmed", "any", "use_punished_or_harmed",
     ("776797", "未", "壬戌", "lost"), ("776797", "子", "壬戌", "lost"), "the month no longer harms it"),
    ("r000.27.taboo_punished_harmed.punished", "any", "taboo_punished_or_harmed",
     ("878688", "丑", "乙亥", "lost"), ("878688", "丑", "甲子", "lost"), "the day no longer punishes it"),
    ("r000.27.taboo_punished_harmed.harmed", "any", "taboo_punished_or_harmed",
     ("999798", "巳", "壬子", "wealth"), ("699798", "巳", "壬子", "wealth"), "the harmed line is no taboo god"),
]


@pytest.mark.parametrize("rule, topic, conclusion, good, bad, broken", CASES, ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(asked, fires, readings, rule, topic,
                                                                    conclusion, good, bad, broken):
    chart = asked(*good)
    assert fires(chart, rule) and (topic, conclusion) in readings(chart)
    assert not fires(asked(*bad), rule), broken


def test_the_traveller_on_the_move(asked, fires, readings):
    # KO 000:17 역마는 주동·천이·외출을 주하며, 행인·출행을 점치는 데 가장 이를 보아야 한다
    away = asked("877978", "子", "己巳", "return", about="father")
    assert fires(away, "r000.15.horse_moves.return") and ("return", "on_the_move") in readings(away)
    assert not fires(asked("877978", "子", "甲子", "return", about="father"), "r000.15.horse_moves.return")


def test_a_question_about_the_house_may_count_salary_and_horse_from_the_birth_year(asked, readings):
    # 000:19 凡卜家宅終身者，從本人本命上起亦是
    assert ("house", "salary_horse_from_birth_year") in readings(asked("698978", "寅", "甲戌", "house"))
    assert not any(k == "salary_horse_from_birth_year" for _, k in readings(asked("698978", "寅", "甲戌", "wealth")))


def test_three_moving_lines_form_a_frame_alone_in_seed_000_but_not_in_seed_003(kb, asked, readings):
    # KO 000:9 세 효가 모두 움직여 한 국을 이루면 … ; 003:23 凡局必得日月有一在局
    chart = asked("989969", "寅", "丙子", "wealth")          # 離為火 moving: 卯 1, 亥 3, 未 5
    assert kb.ask(f"moving_frame('{chart.id}', E, H)") == [("木", "三爻皆動")]
    assert kb.ask(f"frame('{chart.id}', '木', K)") == []
    assert ("any", "frame_forms") in readings(chart)


def test_two_moving_lines_wait_for_the_day_of_the_third(kb, asked):
    # KO 000:9 혹은 그 지가 날을 당할 때를 기다려야 비로소 국을 이루고, 일도 그때에 응한다
    chart = asked("798986", "申", "己丑", "childbirth")      # 雷澤歸妹: 午 4 and 戌 6 move, the fire frame lacks 寅
    assert kb.ask(f"frame_awaited('{chart.id}', E, B)") == [("火", "寅")]
    filled = asked("798986", "申", "丙寅", "childbirth")
    assert kb.ask(f"moving_frame('{filled.id}', '火', H)") == [("日辰補",)]
    assert kb.ask(f"frame_awaited('{filled.id}', E, B)") == []


def test_e04_salary_by_the_stem_as_the_table_of_line_19(kb):
    # 000:19 天干 甲 乙 丙 丁 戊 己 庚 辛 壬 癸 / 祿 寅 卯 巳 午 巳 午 申 酉 亥 子
    table = dict(zip("甲乙丙丁戊己庚辛壬癸", "寅卯巳午巳午申酉亥子"))
    assert dict(kb.ask("star_salary(S, B)")) == table
    assert {s: b for _, _, s, b, _ in kb.match("star_table", "祿", "stem", None, None, None)} == table


def test_e05_post_horse_by_the_branch_as_the_table_of_line_19(kb):
    # 000:19 地支 子…亥 / 馬 寅 亥 申 巳 寅 亥 申 巳 寅 亥 申 巳; KO 000:17 the clash of the frame's 長生
    table = dict(zip("子丑寅卯辰巳午未申酉戌亥", "寅亥申巳寅亥申巳寅亥申巳"))
    assert dict(kb.ask("star_post_horse(K, B)")) == table


def test_e06_heavenly_noble_by_the_day_stem_as_the_verse_of_line_23(kb):
    # KO 000:25 갑일·무일·경일은 … 축(소)과 미(양) … 신일은 귀인이 오(말)와 인(호랑이)에 있다
    nobles = {}
    for _, _, stem, branch, _ in kb.match("star_table", "天乙貴人", "day_stem", None, None, None):
        nobles.setdefault(stem, set()).add(branch)
    assert nobles == {"甲": {"丑", "未"}, "戊": {"丑", "未"}, "庚": {"丑", "未"}, "乙": {"子", "申"},
                      "己": {"子", "申"}, "丙": {"亥", "酉"}, "丁": {"亥", "酉"}, "壬": {"卯", "巳"},
                      "癸": {"卯", "巳"}, "辛": {"午", "寅"}}


def test_the_punishments_and_harms_are_the_pairs_of_line_27(kb):
    # KO 000:29 인은 사를 형하고, 사는 신을 형하고, 신은 또 인을 형한다 … 진·오·유·해 … 자형
    assert set(kb.ask("punishes(X, Y)")) == {tuple(p) for p in
                                            "寅巳 巳申 申寅 丑戌 戌未 未丑 子卯 卯子 辰辰 午午 酉酉 亥亥".split()}
    pairs = {tuple(p) for p in "子未 丑午 寅巳 卯辰 申亥 酉戌".split()}
    assert set(kb.ask("harm(X, Y)")) == pairs | {(b, a) for a, b in pairs}


MONTH = [
    ("r000.11.use_vigour.month", "use_has_vigour",
     ("976876", "申", "癸酉", "lawsuit"), ("976876", "丑", "癸酉", "lawsuit")),
    ("r000.11.use_powerless.month", "use_powerless",
     ("788777", "子", "丁丑", "lawsuit"), ("788777", "卯", "丁丑", "lawsuit")),
    ("r000.11.use_tomb.month", "use_waits_for_the_tomb_to_open",
     ("786879", "丑", "壬午", "lawsuit"), ("786879", "子", "壬午", "lawsuit")),
]


@pytest.mark.parametrize("rule, conclusion, good, bad", MONTH, ids=[c[0] for c in MONTH])
def test_the_month_stage_is_read_when_stage_pillars_is_day_and_month(kb, rule, conclusion, good, bad):
    # KO 000:13 용신이 일진·월건의 어느 자리에 떨어지는지를 본다
    def ask(spec, value):
        chart = cast(spec[0], month=spec[1], day=spec[2], kb=kb, conventions={"stage_pillars": value})
        judge(chart, spec[3])
        return chart
    both, day_only, other_month = ask(good, "day-and-month"), ask(good, "day"), ask(bad, "day-and-month")
    assert kb.ask(f"reading('{both.id}', 'any', '{conclusion}')") == [()]
    rules = {r.info.id: r for r in kb.program.rules}
    holds = [bool(kb.ask(tuple(substitute(l, {"C": c.id}) for l in rules[rule].body)))
             for c in (both, day_only, other_month)]
    assert holds == [True, False, False]


def test_a_line_is_punished_either_way_unless_the_text_is_read_as_written(kb):
    # 000:27 寅刑巳 … 丑戌相刑: 山天大畜's world, line 2 甲寅, on a 巳 day: 寅 punishes 巳, not 巳 寅
    either = cast("777887", month="辰", day="乙巳", kb=kb)
    strict = cast("777887", month="辰", day="乙巳", kb=kb, conventions={"punishment_sense": "as-written"})
    assert kb.ask(f"node_punished('{either.id}', 'line', 2, By)") == [("日辰",)]
    assert kb.ask(f"node_punished('{strict.id}', 'line', 2, By)") == []
    judge(strict, "travel")
    assert kb.ask(f"reading('{strict.id}', 'any', 'use_punished_or_harmed')") == [()]   # 寅巳 also harm
