"""The four conventions the books dispute (docs/conventions.md, "Disputed by the books"): for each, a
chart the two values read differently, both answers asserted, and every proof accepted by the
independent checker."""
import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.judgment import judge


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def proved(kb, oracle, goal):
    """The goal's proof, accepted by the independent checker."""
    proof = kb.explain(goal)
    assert proof is not None, goal
    assert oracle.check(proof) == []
    return proof


def rules(proof):
    return {n.rule.id for n in proof.nodes() if n.rule}


def conventions(proof):
    return {n.convention for n in proof.nodes() if n.convention}


def states(chart, position):
    return {s["label"] for s in chart.details["nodes"][("line", position)]["states"]}


# ---- frame_hanging: 乾之既濟 with the fire frame on three moving lines, neither pillar in it -----

def test_three_moving_lines_form_a_frame_alone_only_under_the_korean_of_000_9(kb, oracle):
    seed_003 = cast("797979", month="卯", day="丁卯", kb=kb)         # 寅 午 戌 move; 卯 month, 卯 day
    assert kb.ask(f"frame('{seed_003.id}', '火', K)") == []
    proof = proved(kb, oracle, f"frame_fails('{seed_003.id}', '火', '動會', '不懸')")
    assert proof.rule.id == "frame_fails.2" and ("frame_hanging", "day-or-month") in conventions(proof)
    korean = cast("797979", month="卯", day="丁卯", kb=kb, conventions={"frame_hanging": "three-moving-alone"})
    assert kb.ask(f"frame_fails('{korean.id}', '火', K, R)") == []
    proved(kb, oracle, f"frame('{korean.id}', '火', '動會')")
    whole = proved(kb, oracle, f"moving_whole('{korean.id}', '火')")
    assert whole.rule.sources[0].startswith("000_122810513125a851.txt:9")


def test_two_moving_lines_still_need_the_day_or_month_under_either_value(kb, oracle):
    chart = cast("797977", month="卯", day="丁卯", kb=kb, conventions={"frame_hanging": "three-moving-alone"})
    assert kb.ask(f"frame('{chart.id}', '火', K)") == []                  # 戌 on line 6 is static
    proof = proved(kb, oracle, f"frame_fails('{chart.id}', '火', '動會', '不懸')")
    assert proof.rule.id == "frame_fails.5"


# ---- day_clash_strength: 山火賁 in a 寅 month, 乙未 day clashes the static 丑 on line 2 -------------

def test_an_earth_line_clashed_by_an_earth_day_is_broken_unless_the_day_counts(kb, oracle):
    month_only = cast("787889", month="寅", day="乙未", kb=kb)
    assert "日破" in states(month_only, 2) and "暗動" not in states(month_only, 2)
    proof = proved(kb, oracle, f"day_break('{month_only.id}', 2)")
    assert ("day_clash_strength", "month-only") in conventions(proof) and "weak_against_clash.2" in rules(proof)
    assert kb.ask(f"strong('{month_only.id}', 'line', 2)") == [()]                 # the day's 扶, not counted
    day_too = cast("787889", month="寅", day="乙未", kb=kb, conventions={"day_clash_strength": "month-or-day"})
    assert "暗動" in states(day_too, 2) and "日破" not in states(day_too, 2)
    proof = proved(kb, oracle, f"hidden_motion('{day_too.id}', 2)")
    assert {"strong_against_clash.1", "strong.2"} <= rules(proof)


def test_a_line_prosperous_in_the_month_moves_in_secret_under_both(kb, oracle):
    for value in ("month-only", "month-or-day"):
        chart = cast("787889", month="午", day="乙未", kb=kb, conventions={"day_clash_strength": value})
        assert "暗動" in states(chart, 2), value                          # earth is 相 in a 午 month
        proved(kb, oracle, f"hidden_motion('{chart.id}', 2)")


# ---- trigram_fanyin: 離為火 turning into 坎為水, the later-heaven opposites ----------------------

def patterns(chart):
    return sorted(p["label"] for p in chart.details["patterns"])


def test_the_facing_trigram_is_fanyin_only_under_the_later_heaven_reading(kb, oracle):
    branches = cast(hexagram="離為火", to="坎為水", month="子", day="甲子", kb=kb)
    assert "反吟" not in patterns(branches) and "反吟卦" not in patterns(branches)
    why = kb.why_not(f"trigram_echo('{branches.id}', '內', '反吟')")
    assert "trigram_echo.3" in {f.rule.id for f in why.failures}
    facing = cast(hexagram="離為火", to="坎為水", month="子", day="甲子", kb=kb,
                  conventions={"trigram_fanyin": "also-later-heaven-opposite"})
    assert patterns(facing) == ["反吟", "反吟", "反吟卦"]
    proof = proved(kb, oracle, f"hexagram_echo('{facing.id}', '反吟')")
    assert {"trigram_echo.3", "trigram_echo.4"} <= rules(proof)


def test_kun_into_xun_is_fanyin_under_both(kb, oracle):
    for value in ("branches-clash", "also-later-heaven-opposite"):
        chart = cast(hexagram="坤為地", to="巽為風", month="子", day="甲子", kb=kb, conventions={"trigram_fanyin": value})
        assert "反吟卦" in patterns(chart), value
        proof = proved(kb, oracle, f"hexagram_echo('{chart.id}', '反吟')")
        assert "trigram_echo.3" not in rules(proof)


# ---- hidden_void_tomb: 山火賁, the father 午 hidden under line 2, its flying 丑 broken by the 未 month ---

def asked(kb, day, value=None):
    chart = cast("787889", month="未", day=day, kb=kb,
                 conventions={"hidden_void_tomb": value} if value else None)
    judge(chart, "illness", about="father")
    return chart, kb.ask(f"use_grade('{chart.id}', G)")


@pytest.mark.parametrize("day, damage, held", [
    ("乙酉", "空", "hidden_held.1"),      # 甲申 decade: 午 is void
    ("壬戌", "入墓", "hidden_held.2"),    # 戌 is fire's tomb, and nothing clashes it open
])
def test_a_void_or_entombed_hidden_god_comes_out_unless_it_is_held(kb, oracle, day, damage, held):
    chart, grade = asked(kb, day)
    assert grade == [(damage,)]                                          # it comes out, and the damage weighs
    proof = proved(kb, oracle, f"hidden_out('{chart.id}', 2)")
    assert proof.rule.id == "hidden_out.1" and ("hidden_void_tomb", "can-emerge") in conventions(proof)
    proved(kb, oracle, f"use_grade('{chart.id}', '{damage}')")
    chart, grade = asked(kb, day, "cannot-emerge")
    assert grade == [("伏而不出",)] and kb.ask(f"hidden_out('{chart.id}', P)") == []
    assert proved(kb, oracle, f"hidden_held('{chart.id}', 2)").rule.id == held
    proved(kb, oracle, f"use_grade('{chart.id}', '伏而不出')")
    failures = {f.rule.id: str(f.literal) for f in kb.why_not(f"hidden_out('{chart.id}', 2)").failures}
    assert "can-emerge" in failures["hidden_out.1"] and "hidden_held" in failures["hidden_out.2"]


def test_an_unhurt_hidden_god_comes_out_under_both(kb, oracle):
    for value, rule in (("can-emerge", "hidden_out.1"), ("cannot-emerge", "hidden_out.2")):
        chart, grade = asked(kb, "乙卯", value)                           # 甲寅 decade: 丑 void, 午 not
        assert ("伏而不出",) not in grade
        assert proved(kb, oracle, f"hidden_out('{chart.id}', 2)").rule.id == rule
