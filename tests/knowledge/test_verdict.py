"""The verdict of a question on real casts: the factors of the weighing decide in their order, the
readings are weighed against it (deciding, outweighed), and every reading, the verdict and a
verse's absence are proved."""
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
    """verdict(lines, month, day, topic): (chart, readings, direction, because, overrides, factor)."""
    def run(lines, month, day, topic):
        chart = cast(lines, month=month, day=day, kb=kb)
        judge(chart, topic)
        ask = lambda goal: {row[0] for row in kb.ask(goal.format(c=chart.id))}
        return (chart, ask("reading_applies('{c}', K)"), ask("verdict_direction('{c}', D)"),
                ask("verdict_because('{c}', K)"), ask("verdict_overrides('{c}', K)"), ask("deciding_factor('{c}', F)"))
    return run


def test_a_weak_use_god_whose_matter_is_hurt_decides_against(verdict):
    """山火賁 → 地火明夷, 戌 month, 乙巳 day, wealth: the 妻財 on line 5 is weak and overcome, and the
    body of the matter is hurt (000:3 倘卦身有傷，其事難成矣): the body decides, 小凶."""
    chart, readings, direction, because, overrides, factor = verdict("787889", "戌", "乙巳", "wealth")
    assert {"use_god_weak", "use_meets_world", "loss_feared", "unsettled"} <= readings
    assert direction == {"unfavourable"} and factor == {"body_hurt"} and because == {"hard_to_achieve", "keep_to_your_lot"}
    assert {"use_meets_world", "taboo_checked"} <= overrides
    assert not {"loss_feared", "unsettled"} & overrides


def test_a_strong_use_god_decides_for_the_question(verdict):
    """乾為天, static, 子 month, 甲子 day, wealth: the 妻財 is prosperous; 六沖卦 and 世空 are outweighed."""
    chart, readings, direction, because, overrides, factor = verdict("777777", "子", "甲子", "wealth")
    assert direction == {"favourable"} and factor == {"use_strong"} and "use_god_strong" in because
    assert {"six_clash_hexagram", "own_resolve_wavers"} <= overrides
    assert "quiet_use_and_day" in readings and "quiet_use_and_day" not in overrides | because


def test_a_moving_use_god_that_turns_back_on_itself_is_unfavourable(verdict):
    """山火賁, line 6 moving, office: the moving 官鬼 turns into 酉, which overcomes it (回頭克); 縱值休囚亦不凶
    softens weakness only, so the moving use-god is outweighed."""
    chart, readings, direction, because, overrides, factor = verdict("787889", "子", "甲子", "office")
    assert direction == {"unfavourable"} and factor == {"turned_back_overcome"} and "use_god_weak" in because
    assert {"fame_favoured"} <= overrides


def test_every_reading_and_the_verdict_are_proved_from_their_verses(kb, verdict):
    chart, readings, *_ = verdict("787889", "戌", "乙巳", "wealth")
    for k in sorted(readings):
        proof = kb.explain(f"reading_applies('{chart.id}', '{k}')")
        verse = proof.children[-1]
        assert verse.pred == "reading" and re.match(r"r00[0-4]\.", verse.rule.id) and verse.rule.sources, k
    proof = kb.explain(f"verdict('{chart.id}', 'unfavourable', G)")
    assert proof.rule.id == "verdict.1"
    assert any(n.rule and n.rule.id == "factor.body_hurt" for n in proof.nodes())


def test_a_verse_that_does_not_apply_names_its_failing_condition(kb, verdict):
    chart, readings, *_ = verdict("787889", "戌", "乙巳", "wealth")
    assert "fame_blocked" not in readings
    why = kb.why_not(f"reading('{chart.id}', 'office', 'fame_blocked')")
    assert any("holds_world" in str(f.literal) or "line_relative" in str(f.literal) for f in why.failures)
