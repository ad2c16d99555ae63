"""Timing 應期 against the timing rules and examples of the inventories (D64, J009, J011, J105,
J130, J256, D-D11 of inventory-004, the E6 and E7 variants, 003:39's 刑則墓開), each candidate's proof checked by
the independent checker."""
import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine.oracle import Model, check
from queries.judgment import judge
from queries.timing import blocked, candidates, pace


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def checked(kb, goal):
    """The goal's proof, accepted by the independent checker (given the facts of its cast only)."""
    proof = kb.explain(goal)
    cast_id = proof.args[0]
    asserted = [key for key, fact in kb._fact_index.items()
                if fact.origin == "asserted" and key[1][:1] == (cast_id,)]
    assert proof is not None and check(proof, kb.program, Model(kb.program, asserted)) == [], goal
    return proof


def rows(found):
    return [(t["unit"], t["kind"], t["branch"]) for t in found]


def every(found):
    """Each candidate and each reason it holds under ``also``, with its unit, branch and rank."""
    for t in found:
        yield t
        for also in t.get("also", ()):
            yield {**also, "unit": t["unit"], "branch": t["branch"], "rank": t["rank"]}


def test_a_frame_with_two_moving_members_waits_for_the_third_j009(kb):
    # KO 000:9 두 효만 얻으면 … 그 지가 날을 당할 때를 기다려야 비로소 국을 이루고, 일도 그때에 응한다
    # 大有之未濟: 子 (line 1) and 辰 (line 3) move; 申, the start of the water frame, is on no line,
    # day or month; water feeds the use-god 寅 (wealth of the 乾 palace)
    j = judge(cast("979787", month="子", day="甲子", kb=kb), "wealth")
    found = candidates(j)
    assert found[0]["kind"] == "三合虛一" and found[0]["branch"] == "申" and found[0]["rank"] == 1
    assert found[0]["rule"] == "timing_branch.14"
    checked(kb, found[0]["why"])
    held = judge(cast("979787", month="申", day="甲子", kb=kb), "wealth")   # the month brings 申
    assert "三合虛一" not in {t["kind"] for t in candidates(held)}


@pytest.mark.parametrize("hexagram, month, day, topic, units, tomb_clash, tomb_punisher", [
    ("乾為天", "子", "辛未", "wealth", ("day", "month"), "丑", "戌"),    # 寅 wood, static, in its day tomb 未
    ("天山遯", "戌", "丁卯", "office", ("month", "year"), "辰", "丑"),   # J105: 官鬼 午 holds the world, in its month tomb 戌
])
def test_a_use_god_in_its_tomb_shows_on_the_clash_of_the_tomb_j011(kb, hexagram, month, day, topic, units,
                                                                   tomb_clash, tomb_punisher):
    # KO 000:13 묘에 들면 충으로 열리는 날을 기다려야 비로소 드러난다; 000:91 入墓愁疑無散日，逢沖轉禍變成歡;
    # 003:39 刑則墓開 … 然不及沖，故刑而不沖者輕: the punishment of the tomb opens it too, after the clash;
    # the tomb must first open, so the matter is slow and the books leave two units open
    j = judge(cast(hexagram=hexagram, month=month, day=day, kb=kb), topic)
    found = candidates(j)
    assert rows(found) == [(unit, kind, branch) for unit in units
                           for kind, branch in (("沖墓", tomb_clash), ("刑墓", tomb_punisher))]
    assert [t["rule"] for t in found][:2] == ["timing_branch.6", "timing_branch.20"]
    assert pace(j)["speed_rule"] == "timing_speed_reason.9"
    assert "003_e1b706e8d6bda37c.txt:39" in " ".join(checked(kb, found[1]["why"]).children[0].children[0].rule.sources)
    if topic == "office":
        assert "000_122810513125a851.txt:13" in " ".join(
            checked(kb, found[0]["why"]).children[0].children[0].rule.sources)


def test_a_still_entombed_use_god_does_not_wait_for_its_own_clash(kb):
    found = candidates(judge(cast(hexagram="乾為天", month="子", day="辛未", kb=kb), "wealth"))
    assert "靜待沖" not in {t["kind"] for t in found}
    free = candidates(judge(cast(hexagram="乾為天", month="子", day="甲子", kb=kb), "wealth"))
    assert rows(free) == [("day", "靜待沖", "申"), ("month", "靜待沖", "申")]


def test_a_hidden_use_god_comes_out_on_the_clash_of_its_flying_line_j130(kb):
    # KO 000:113 비신을 충해 여는 날이 있는지 없는지를 본다: 父母 午 hides under line 2 (丑) of 賁
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "illness", about="father")
    day = [t for t in candidates(j) if t["unit"] == "day"]
    opened = next(t for t in day if t["kind"] == "沖飛")
    assert opened["branch"] == "未" and opened["rule"] == "timing_branch.12"
    # 001:131 要日辰生扶合出: 午 combines with 未, the same day, said after the clash as its second reason
    assert [(a["kind"], a["rule"]) for a in opened["also"]] == [("合出", "timing_branch.13")]
    checked(kb, opened["why"])
    checked(kb, opened["also"][0]["why"])


@pytest.mark.parametrize("hexagram, within, conventions", [
    ("乾為天", ["寅", "午", "戌"], {}),         # 001:107 乾宮子孫以水長生在申，到午為胎爻，三合寅午戌
    ("坎為水", ["丑", "巳", "酉"], {}),         # D46: 子孫 木, 胎 酉
    ("震為雷", ["子", "辰", "申"], {}),         # 子孫 火, 胎 子
    ("坤為地", ["卯", "未", "亥"], {}),         # 子孫 金, 胎 卯
    ("離為火", ["寅", "午", "戌"], {}),         # 子孫 土 with 水土同宮: 胎 午
    ("離為火", ["子", "辰", "申"], {"earth_growth": "yin"}),   # 火土同宮: 胎 子
])
def test_birth_falls_within_the_three_days_of_the_womb_frame_j256(kb, hexagram, within, conventions):
    j = judge(cast(hexagram=hexagram, month="子", day="甲子", conventions=conventions, kb=kb), "childbirth")
    first = next(t for t in candidates(j) if t["polarity"] == "for")      # the birth, before the use-god's own
    assert (first["kind"], first["unit"], first["branch"], first["within"]) == ("胎三合", "day", None, within)
    assert first["rule"] == "timing_branch.18"
    if hexagram == "乾為天" and not conventions:            # the text's own example
        checked(kb, first["why"])


def test_birth_days_are_the_next_days_of_the_three_branches(kb):
    j = judge(cast(hexagram="乾為天", at="2024-10-08T04:00", tz="Asia/Seoul", kb=kb), "childbirth")
    first = next(t for t in candidates(j) if t["kind"] == "胎三合")
    # 2024-10-08 is 乙巳; the next 午, 戌, 寅 days are 丙午 10-09, 庚戌 10-13, 甲寅 10-17
    assert first["dates"] == ["2024-10-09", "2024-10-13", "2024-10-17"]


@pytest.mark.parametrize("month, speed, rule", [
    ("戌", "緩", "timing_speed_reason.4"),     # 寅 wood in a 戌 month: 囚, 休囚事慢
    ("寅", "急", "timing_speed_reason.3"),     # 寅 wood in a 寅 month: 旺, 旺相最急
    ("亥", "急", "timing_speed_reason.3"),     # 寅 wood in a 亥 month: 相
])
def test_the_only_moving_line_prosperous_comes_fastest_and_resting_slowly_004_47(kb, month, speed, rule):
    # 004:47 四看獨發之爻，旺相最急，休囚事慢: in 787889 (賁) only line 6 (寅) moves
    p = pace(judge(cast("787889", month=month, day="乙巳", kb=kb), "wealth"))
    assert (p["speed"], p["speed_rule"]) == (speed, rule)
    # wealth lies 中: days when fast; days or months, ranked together, when slow
    assert p["units"] == {"急": ["day"], "緩": ["day", "month"]}[speed] and p["unit"] == "day"


def test_a_moving_use_god_comes_fast_a_still_one_slowly_004_151(kb):
    # 004:151 按經云：動則急，靜則緩 (and 003:15 靜遲動速): two lines move, so 004:47 does not apply
    moving = pace(judge(cast("787869", month="戌", day="乙巳", kb=kb), "wealth"))     # 子 (line 5) moves
    still = pace(judge(cast("987889", month="戌", day="乙巳", kb=kb), "wealth"))      # lines 1 and 6 move
    assert (moving["speed"], moving["speed_rule"]) == ("急", "timing_speed_reason.5")
    assert (still["speed"], still["speed_rule"]) == ("緩", "timing_speed_reason.6")


def test_a_traveller_whose_use_god_moves_in_a_frame_comes_back_at_once_000_59(kb):
    # 000:59 用動值三合，行人立回莊; inventory-003a T1: 寅建戊戌日 乾之既濟, the fire frame forms by motion
    j = judge(cast(hexagram="乾為天", to="水火既濟", month="寅", day="戊戌", kb=kb), "return", about="husband")
    p = pace(j)
    assert (p["speed"], p["speed_rule"], p["unit"]) == ("急", "timing_speed_reason.1", "day")


def test_a_traveller_is_near_when_the_moving_zisun_overcomes_the_world_004_99(kb):
    # 004:99 行人：為吉回。發動克世，歸期已近: 鼎之賁, 子孫 丑 (line 2) moves and overcomes the world 亥
    j = judge(cast("697987", month="未", day="丙寅", kb=kb), "return", about="friend")
    assert (pace(j)["speed"], pace(j)["speed_rule"]) == ("急", "timing_speed_reason.2")


def test_traces_of_a_lost_thing_on_the_days_the_moving_zisun_flourishes_004_99(kb):
    # 004:99 若占小可失脫，若逢發動，其神旺日可知蹤跡: in 離為火 the 子孫 (earth) are 丑 (line 2) and 未
    still = candidates(judge(cast(hexagram="離為火", month="卯", day="甲子", kb=kb), "lost"))
    assert "子孫旺日" not in {t["kind"] for t in still}
    found = candidates(judge(cast("767787", month="卯", day="甲子", kb=kb), "lost"))   # 丑 moves
    assert {t["branch"] for t in every(found) if t["kind"] == "子孫旺日"} == set("辰戌丑未")
    wealth = candidates(judge(cast("767787", month="卯", day="甲子", kb=kb), "wealth"))
    assert "子孫旺日" not in {t["kind"] for t in wealth}                  # a lost thing only


@pytest.mark.parametrize("hexagram, month, day, topic, use", [
    ("離為火", "午", "癸未", "wealth", "酉"),      # inventory-004 E7 variant: 酉 金 in summer, void: 真空
    ("離為火", "寅", "丙寅", "office", "亥"),      # E6 variant: 亥 void in the 甲子 decade
])
def test_a_void_use_god_leaves_the_void_is_filled_or_clashed(kb, hexagram, month, day, topic, use):
    found = candidates(judge(cast(hexagram=hexagram, month=month, day=day, kb=kb), topic))
    kinds = {t["kind"]: t for t in every(found)}
    clash = kb.ask(f"clash('{use}', X)")[0][0]
    assert kinds["沖空"]["branch"] == clash and kinds["填實"]["branch"] == use
    assert kinds["出旬"]["unit"] == "day" and kinds["出旬"]["stem"] == "甲"
    # the void before anything else: in each unit its way out comes first (沖空 before 填實)
    unit = kinds["沖空"]["unit"]
    said = [t["kind"] for t in found if t["unit"] == unit and t["polarity"] == "for"]
    assert said[:2] == ["沖空", "填實"]


def test_the_decade_ends_on_one_day(kb):
    j = judge(cast(hexagram="乾為天", at="2025-10-03T12:00", tz="Asia/Shanghai", kb=kb), "wealth")
    leave = next(t for t in candidates(j) if t["kind"] == "出旬")
    assert (leave["branch"], leave["stem"], leave["dates"]) == ("寅", "甲", ["2025-10-12"])   # 乙巳 → 甲寅


def test_a_use_god_void_to_the_bottom_has_no_day_000_141(kb):
    # 000:141 … 다시는 머리를 낼 날이 없다: 震為雷 in a 巳 month, 乙亥 day; 官鬼 申 (line 5) is summer
    # metal, void, and the moving 午 (line 4) overcomes it; the danger (the taboo god 午) keeps its day
    j = judge(cast("986986", month="巳", day="乙亥", kb=kb), "office")
    assert [b["kind"] for b in blocked(j)] == ["到底空"]
    found = candidates(j)
    assert found and {t["polarity"] for t in every(found)} == {"against"}
    assert ("month", "忌神值日", "午") in rows(every(found))
    assert "實空受克" not in {t["kind"] for t in every(found)}               # a void to the bottom is never filled
    why_not = kb.why_not(f"timing_candidate('{j.chart.id}', U, '出旬', X)")
    assert why_not is not None


def test_the_moving_taboo_god_gives_the_day_of_danger_and_of_its_check(kb):
    # 000:129 한번 움직이면 곧 바로 용신을 향해 충하여 온다; 004:31 忌神急要逢沖剋
    j = judge(cast("697987", month="未", day="丙寅", kb=kb), "return", about="friend")
    found = {t["kind"]: t for t in candidates(j)}
    (taboo,) = j.taboo_god
    branch = j.chart.lines[taboo - 1]["branch"]
    assert found["忌神值日"]["branch"] == branch and found["忌神值日"]["polarity"] == "against"
    assert found["制忌"]["branch"] == kb.ask(f"clash('{branch}', X)")[0][0]
    assert found["制忌"]["rank"] < found["忌神值日"]["rank"]


def test_the_asker_sets_the_horizon(kb):
    chart = cast(hexagram="乾為天", month="子", day="甲子", kb=kb)
    j = judge(chart, "wealth")
    assert rows(candidates(j)) == [("day", "靜待沖", "申"), ("month", "靜待沖", "申")]
    kb.assert_fact("cast_horizon", chart.id, "year")
    try:
        assert rows(candidates(j)) == [("year", "靜待沖", "申")]
        assert pace(j)["unit_rule"] == "timing_unit.2"
    finally:
        kb.retract_fact("cast_horizon", chart.id, "year")


def test_a_tomb_the_day_already_punishes_open_waits_for_nothing(kb):
    # 003:39 刑則墓開: on a 丑 day the tomb 戌 of the hidden 父母 午 is punished open (tomb_opened.2),
    # so neither its clash nor its punishment is awaited; on a 子 day it is shut and both are
    def kinds(day):
        return {t["kind"]: t["branch"] for t in candidates(judge(cast("787889", month="戌", day=day, kb=kb), "document"))}
    assert kinds("丙子")["刑墓"] == "丑" and kinds("丙子")["沖墓"] == "辰"
    assert not {"刑墓", "沖墓"} & set(kinds("丁丑"))


def test_the_branch_that_punishes_and_clashes_a_tomb_is_only_its_clash(kb):
    # 未 punishes 丑 and clashes it (刑而兼沖，其力更大): 震為雷's 官鬼 申 in its day tomb 丑 waits for
    # 未 once, as 沖墓, ranked above every punishment
    found = candidates(judge(cast(hexagram="震為雷", month="子", day="癸丑", kb=kb), "office"))
    assert rows(found) == [("month", "沖墓", "未"), ("year", "沖墓", "未")]   # office lies far; the tomb is slow
    assert kb.ask("punishes('未', '丑')") == [()]


def test_a_hidden_use_god_comes_out_on_the_branches_that_feed_it_d32(kb):
    # 001:131 要日辰生扶合出; inventory D32 應期: a day that 沖s the 飛, or 合s / 生s the 伏: 午 (fire)
    # hides under 丑 in 賁, so the wood branches 寅 and 卯 feed it out, after its combination 未
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "illness", about="father")
    found = list(every(candidates(j)))
    fed = [t for t in found if t["kind"] == "生出" and t["unit"] == "day"]
    assert [t["branch"] for t in fed] == ["寅", "卯"] and {t["rule"] for t in fed} == {"timing_branch.21"}
    assert min(t["rank"] for t in fed) > next(t["rank"] for t in found if t["kind"] == "合出")
    checked(kb, fed[0]["why"])
    assert not [t for t in candidates(judge(cast("787889", month="戌", day="乙巳", kb=kb), "wealth"))
                if t["kind"] == "生出"]                                # a use-god on a line is not hidden


@pytest.mark.parametrize("month, rule", [
    ("戌", "timing_speed_reason.7"),      # the response 辰 (line 2) holds the body and is 旺 in a 戌 month
    ("卯", "timing_speed_reason.9"),      # … 死 in a 卯 month: the verse does not speak; the use-god waits in its tomb
])
def test_the_response_under_the_body_prosperous_is_done_fast_004_35(kb, month, rule):
    # 004:35 若是應爻居此下，旺相扶之可速成 (KO 004:37 응효가 마침 괘신 아래에 떨어지고, 또 왕상의 부조를 얻으면)
    j = judge(cast("898697", month=month, day="丙寅", kb=kb), "document")
    assert kb.match("body_line", j.chart.id, 2) and kb.match("response", j.chart.id, 2)
    assert pace(j)["speed_rule"] == rule


def test_a_use_god_only_on_a_changed_line_waits_for_its_own_branch(kb):
    # 革之離: 妻財 is on no line of 革 (the palace is water, wealth fire); line 6 未 turns into 巳,
    # which stands for it; neither void nor broken, it waits for 巳 (timing-practice)
    j = judge(cast("787796", month="子", day="戊午", kb=kb), "lost")
    assert kb.match("use_god", j.chart.id, "changed", 6)
    found = candidates(j)
    assert rows(found)[0] == ("day", "變爻", "巳") and found[0]["rule"] == "timing_branch.22"
    checked(kb, found[0]["why"])


def test_a_struck_use_god_has_the_days_of_its_harm_and_an_unstruck_one_none(kb):
    # 000:123 用若休囚遭克害: 賁's 妻財 子 (line 5) is weak and overcome in a 戌 month, nothing saves it:
    # its clash 午 breaks it (004:19 相沖則凶), its tomb 辰 shuts it in, its 絕 巳 cuts it (000:63)
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "wealth")
    assert kb.match("timing_struck", j.chart.id)
    harm = {(t["kind"], t["branch"], t["rule"]) for t in every(candidates(j)) if t["polarity"] == "against"}
    assert {("沖用", "午", "timing_branch.34"), ("入墓", "辰", "timing_branch.35"),
            ("逢絕", "巳", "timing_branch.36")} <= harm
    checked(kb, next(t for t in candidates(j) if t["kind"] == "逢絕")["why"])
    free = judge(cast(hexagram="乾為天", month="子", day="甲子", kb=kb), "wealth")
    assert not kb.match("timing_struck", free.chart.id)
    assert {t["polarity"] for t in every(candidates(free))} == {"for"}


@pytest.mark.parametrize("since, units", [("recent", ["day"]), ("long", ["month", "year"])])
def test_a_long_absence_is_read_in_months_or_years_a_recent_one_in_days(kb, since, units):
    # timing-horizon: 近出 ends on a day, 久出 in a month or a year (facts/timing_since.tsv)
    j = judge(cast("787889", month="戌", day="乙巳", kb=kb), "return", about="son")
    kb.assert_fact("cast_since", j.chart.id, since)
    try:
        assert pace(j)["units"] == units and pace(j)["unit_rule"] == "timing_unit.3"
        assert {t["unit"] for t in candidates(j)} <= set(units) | {"day"}
    finally:
        kb.retract_fact("cast_since", j.chart.id, since)
