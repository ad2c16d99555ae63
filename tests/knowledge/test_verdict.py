"""The verdict of a question on real casts: the use-god's grade is the first reading and decides
unless a reading of its own class points the other way; what it outweighs is listed; every reading,
the verdict and a verse's absence are proved."""
import re

import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.judgment import judge


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


@pytest.fixture(scope="module")
def verdict(kb):
    """verdict(lines, month, day, topic): (chart, readings, direction, because, overrides)."""
    def run(lines, month, day, topic):
        chart = cast(lines, month=month, day=day, kb=kb)
        judge(chart, topic)
        ask = lambda goal: {row[0] for row in kb.ask(goal.format(c=chart.id))}
        return (chart, ask("reading_applies('{c}', K)"), ask("verdict_direction('{c}', D)"),
                ask("verdict_because('{c}', K)"), ask("verdict_overrides('{c}', K)"))
    return run


def test_a_weak_use_god_decides_against_the_world_met_by_it(verdict):
    """山火賁 → 地火明夷, 戌 month, 乙巳 day, wealth: the 妻財 on line 5 is overcome and weak (受克無救),
    and its 水 is at 絕 on the 巳 day (000:11)."""
    chart, readings, direction, because, overrides = verdict("787889", "戌", "乙巳", "wealth")
    assert {"use_god_weak", "use_meets_world", "loss_feared", "unsettled"} <= readings
    assert direction == {"unfavourable"} and because == {"use_god_weak", "use_powerless"}
    assert {"use_meets_world", "taboo_checked"} <= overrides
    assert not {"loss_feared", "unsettled"} & overrides


def test_a_strong_use_god_decides_for_the_question(verdict):
    """乾為天, static, 子 month, 甲子 day, wealth: the 妻財 is prosperous (旺); 六沖卦 and 世空 are outweighed."""
    chart, readings, direction, because, overrides = verdict("777777", "子", "甲子", "wealth")
    assert direction == {"favourable"} and because == {"use_god_strong"}
    assert {"six_clash_hexagram", "own_resolve_wavers", "toil"} <= overrides
    assert "quiet_use_and_day" in readings and "quiet_use_and_day" not in overrides | because


def test_a_moving_use_god_that_is_weak_is_mixed(verdict):
    """山火賁, line 6 moving, office: the moving 官鬼 (用爻發動，縱值休囚亦不凶) against its grade 化克."""
    chart, readings, direction, because, overrides = verdict("787889", "子", "甲子", "office")
    assert direction == {"mixed"} and {"use_god_weak", "use_moves"} <= because
    assert "fame_favoured" in overrides


def test_every_reading_and_the_verdict_are_proved_from_their_verses(kb, verdict):
    chart, readings, *_ = verdict("787889", "戌", "乙巳", "wealth")
    for k in sorted(readings):
        proof = kb.explain(f"reading_applies('{chart.id}', '{k}')")
        verse = proof.children[-1]
        assert verse.pred == "reading" and re.match(r"r00[0-4]\.", verse.rule.id) and verse.rule.sources, k
    proof = kb.explain(f"verdict_direction('{chart.id}', 'unfavourable')")
    assert proof.rule.id == "verdict_direction.2"
    assert any(n.rule and n.rule.id == "r000.55.use_god.weak" for n in proof.nodes())


def test_a_verse_that_does_not_apply_names_its_failing_condition(kb, verdict):
    chart, readings, *_ = verdict("787889", "戌", "乙巳", "wealth")
    assert "fame_blocked" not in readings
    why = kb.why_not(f"reading('{chart.id}', 'office', 'fame_blocked')")
    assert any("holds_world" in str(f.literal) or "line_relative" in str(f.literal) for f in why.failures)
