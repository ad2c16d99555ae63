"""Every reading of seed 001 (kb/judgments/001/) on a fixed pool of charts: each verse has a chart
of the pool whose question it applies to and gives its reading, and one for which a condition of
the verse fails and the clause does not hold. A verse no chart of the pool satisfies, or every
chart does, is a clause that cannot tell charts apart: a defect. The worked examples and one
verse per question are in the section modules beside this one."""
import random

import pytest

from queries.chart import cast
from queries.judgment import judge

# the questions the readings of 001 answer, with the options a question needs
QUESTIONS = {"marriage": [{"asker": "man"}, {"asker": "woman"}], "appearance": [{"about": "wife"}, {"about": "self"}],
             "maid": [{}], "servant": [{}], "pregnancy": [{}], "childbirth": [{}], "exam": [{}], "office": [{}],
             "audience": [{}], "trade": [{}], "goods": [{}]}
CONVENTIONS = ({}, {"three_halls": "three-relatives", "person_trigrams": "use-god-trigram"})
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
DAYS = ["甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉", "甲戌", "乙亥",
        "丙子", "丁丑", "戊寅", "己卯", "庚辰", "辛巳", "壬午", "癸未", "甲申", "乙酉", "丙戌", "丁亥"]


def _pool():
    rng = random.Random(1)
    casts = [("888888", "未", "甲子", {}), ("777788", "申", "甲午", {}), ("887777", "卯", "丙寅", {})]
    for i in range(45):
        lines = "".join(rng.choice("7788787869") for _ in range(6))
        casts.append((lines, rng.choice(BRANCHES), rng.choice(DAYS), CONVENTIONS[i % 2]))
    return casts


@pytest.fixture(scope="module")
def rules(kb):
    return [r for r in kb.program.rules if r.path.startswith("kb/judgments/001/") and r.head.pred == "reading"
            and r.head.args[1].value != "life"]


@pytest.fixture(scope="module")
def outcomes(kb, rules, fires):
    """rule id -> (charts where its body holds and its reading is given, charts where it does not hold)."""
    by_topic = {}
    for rule in rules:
        by_topic.setdefault(rule.head.args[1].value, []).append(rule)
    held, failed = {}, {}
    for lines, month, day, conventions in _pool():
        chart = cast(lines, month=month, day=day, conventions=conventions, kb=kb)
        for topic, variants in QUESTIONS.items():
            for options in variants:
                judge(chart, topic, **options)
                given = set(kb.ask(f"reading('{chart.id}', '{topic}', K)"))
                for rule in by_topic.get(topic, ()):
                    key = (lines, month, day, topic, tuple(sorted(options.items())))
                    if fires(chart, rule.info.id):
                        if (rule.head.args[2].value,) in given:
                            held.setdefault(rule.info.id, []).append(key)
                    else:
                        failed.setdefault(rule.info.id, []).append(key)
        chart.forget()
    return held, failed


def test_the_pool_reaches_the_readings_of_every_question(rules):
    assert {r.head.args[1].value for r in rules} == set(QUESTIONS)


def test_every_verse_holds_on_some_chart_and_gives_its_reading(rules, outcomes):
    held, _ = outcomes
    never = sorted(r.info.id for r in rules if r.info.id not in held)
    assert len(never) <= len(rules) // 10, never


def test_every_verse_fails_on_some_chart(rules, outcomes):
    _, failed = outcomes
    always = sorted(r.info.id for r in rules if r.info.id not in failed)
    assert always == []
