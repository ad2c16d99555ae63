"""Sample casts for the clauses of seed 001 (kb/judgments/001/): with the sample casts of
tests/knowledge/test_agreement.py they make every clause's body hold on some cast, so that file
can take them in (its fixture then asserts the age facts, ``cast_age`` or ``cast_birth_year``,
beside the question, as it asserts ``cast_horizon``)."""
import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine import substitute
from queries.judgment import judge

from .test_agreement import QUESTIONS, SAMPLE_CASTS

pytestmark = pytest.mark.slow

BOTH = {"three_halls": "three-relatives", "person_trigrams": "use-god-trigram"}
# lines, month, day, options (conventions, year), question (topic, about, asker), age fact
SAMPLE_CASTS_001 = [
    ("897886", "酉", "己巳", BOTH, ("life",), ("cast_age", 27)),
    ("777798", "申", "甲午", {"life_periods": "original-then-changed"}, ("life",), ("cast_birth_year", 1991, 2017)),
    ("896867", "未", "乙亥", BOTH, ("marriage", None, "woman"), None),
    ("886878", "酉", "庚辰", BOTH, ("life",), ("cast_age", 45)),
    ("777798", "申", "甲午", {"life_periods": "body-nuclear-changed"}, ("marriage", None, "man"), None),
    ("776778", "午", "丁亥", BOTH, ("life",), ("cast_age", 45)),
    ("877986", "午", "壬午", BOTH, ("life",), ("cast_age", 45)),
    ("777977", "午", "丁卯", BOTH, ("marriage", None, "man"), None),
    ("888888", "未", "甲子", {"life_periods": "body-nuclear-changed"}, ("marriage", None, "man"), None),
    ("787877", "午", "癸未", BOTH, ("marriage", None, "man"), None),
    ("787877", "午", "癸未", BOTH, ("childbirth",), None),
    ("776778", "午", "丁亥", BOTH, ("marriage", None, "man"), None),
    ("877986", "午", "壬午", BOTH, ("marriage", None, "man"), None),
    ("878678", "申", "丙子", BOTH, ("marriage", None, "man"), None),
    ("878678", "申", "丙子", BOTH, ("appearance", "self"), None),
    ("866876", "巳", "壬午", {}, ("marriage", None, "man"), None),
    ("887697", "午", "丁亥", BOTH, ("appearance", "self"), None),
    ("778779", "寅", "乙亥", BOTH, ("marriage", None, "man"), None),
    ("777787", "酉", "壬申", BOTH, ("marriage", None, "woman"), None),
    ("777788", "申", "甲午", {"age_count": "full"}, ("life",), ("cast_age", 27)),
    ("777788", "申", "甲午", {"life_periods": "original-then-changed"}, ("marriage", None, "man"), None),
    ("777777", "午", "丙午", {"year": "甲戌"}, ("exam",), None),
    ("977777", "寅", "甲子", {"life_periods": "original-then-changed"}, ("marriage", None, "man"), None),
    ("788778", "寅", "甲子", {"person_trigrams": "use-god-trigram"}, ("appearance", "self"), None),
    ("777778", "亥", "壬子", {}, ("appearance", "wife"), None),
    ("778778", "寅", "甲子", {"hidden_god": "jingfang-world-line"}, ("marriage", None, "man"), None),
    ("788788", "寅", "甲子", {}, ("trade",), None),
    ("787889", "子", "甲子", {}, ("office",), ("cast_in_office", "yes")),
    ("787889", "子", "甲子", {}, ("office",), ("cast_in_office", "no")),
    ("777886", "申", "乙巳", {}, ("office",), ("cast_in_office", "yes")),
]


def _put(kb, lines, month, day, options, question, fact=None):
    pillars = {k: options[k] for k in ("year", "hour") if k in options}
    conventions = {k: v for k, v in options.items() if k not in pillars and k != "fact"}
    chart = cast(lines, month=month, day=day, conventions=conventions, kb=kb, **pillars)
    fact = fact or options.get("fact")
    asked = {"cast_in_office": "in_office", "cast_side": "side", "cast_since": "since"}
    if fact and fact[0] not in asked:
        kb.assert_fact(fact[0], chart.id, *fact[1:])
    topic, about, asker = (tuple(question) + (None, None))[:3]
    judge(chart, topic, about=about, asker=asker, **({asked[fact[0]]: fact[1]} if fact and fact[0] in asked else {}))
    return chart


def test_with_the_agreement_samples_every_clause_of_001_holds_somewhere():
    kb = KnowledgeBase()
    mine = [r for r in kb.program.rules if r.path.startswith("kb/judgments/001/")]
    charts = []
    for (lines, month, day, options), question in zip(SAMPLE_CASTS, QUESTIONS):
        charts.append(_put(kb, lines, month, day, options, (question,) if isinstance(question, str) else question[:3]))
    charts += [_put(kb, *sample) for sample in SAMPLE_CASTS_001]
    unused = [r.where for r in mine
              if not any(kb.ask(tuple(substitute(lit, {"C": c.id}) for lit in r.body)) for c in charts)]
    assert unused == []
