"""The reading layer (kb/judgments/verdict.dl, facts/conclusion.tsv, facts/reading_class.tsv): every
reading is well formed, and the verdict weighs readings in the order of seed 000:55, stars never
deciding (000:115). The weighing is checked on readings of a probe table, free of any chart."""
import re

import pytest

from queries import KnowledgeBase

PROBE_RULE = """# @rule probe.1 probe
# convention: probe
reading(C, 'any', K) <= probe(C, K)
"""
PROBE_CONCLUSIONS = """# @extends: the probe conclusions the test rule concludes
conclusion\tpolarity\tclass\tko\tzh\ten
p_use_good\tfavourable\tuse_god\t가\t甲\tuse good
p_use_bad\tunfavourable\tuse_god\t나\t乙\tuse bad
p_use_both\tmixed\tuse_god\t다\t丙\tuse both ways
p_use_what\tdescriptive\tuse_god\t라\t丁\tuse says what
p_moving_bad\tunfavourable\tmoving\t마\t戊\tmoving bad
p_moving_good\tfavourable\tmoving\t바\t己\tmoving good
p_star_good\tfavourable\tstar\t사\t庚\tstar good
p_horse_bad\tunfavourable\tsalary_horse\t아\t辛\thorse bad
p_world_good\tfavourable\tworld_response\t자\t壬\tworld good
"""


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe")
    (folder / "probe.dl").write_text(PROBE_RULE, encoding="utf-8")
    (folder / "probe.tsv").write_text("cast\tconclusion\n", encoding="utf-8")
    (folder / "conclusion.tsv").write_text(PROBE_CONCLUSIONS, encoding="utf-8")
    return KnowledgeBase(extra=[folder])


@pytest.fixture
def weigh(kb):
    """weigh(topic, readings, conventions): the direction, deciding and outweighed readings."""
    made = []

    def run(topic, readings, conventions=()):
        cast = f"probe{len(made)}"
        facts = [("cast_topic", (cast, topic))] + [("probe", (cast, k)) for k in readings] + \
            [("convention", (cast, n, v)) for n, v in conventions]
        for pred, args in facts:
            kb.assert_fact(pred, *args)
        made.extend(facts)
        return ({d for d, in kb.ask(f"verdict_direction('{cast}', D)")},
                {k for k, in kb.ask(f"verdict_because('{cast}', K)")},
                {k for k, in kb.ask(f"verdict_overrides('{cast}', K)")})
    yield run
    for pred, args in made:
        kb.retract_fact(pred, *args)


def test_the_first_class_in_the_order_decides_and_outweighs_the_later(weigh):
    assert weigh("wealth", ["p_use_good", "p_moving_bad"]) == ({"favourable"}, {"p_use_good"}, {"p_moving_bad"})
    assert weigh("wealth", ["p_moving_bad", "p_world_good"]) == ({"unfavourable"}, {"p_moving_bad"}, {"p_world_good"})


def test_a_later_reading_that_agrees_is_not_outweighed(weigh):
    assert weigh("wealth", ["p_use_good", "p_moving_good"]) == ({"favourable"}, {"p_use_good"}, set())


def test_both_ways_in_the_deciding_class_is_mixed(weigh):
    assert weigh("wealth", ["p_use_good", "p_use_bad", "p_moving_good"]) == \
        ({"mixed"}, {"p_use_good", "p_use_bad"}, {"p_moving_good"})
    assert weigh("wealth", ["p_use_both"]) == ({"mixed"}, {"p_use_both"}, set())


def test_stars_and_salary_horse_never_decide(weigh):
    assert weigh("wealth", ["p_star_good", "p_horse_bad"]) == (set(), set(), set())
    assert weigh("wealth", ["p_star_good", "p_moving_bad"]) == ({"unfavourable"}, {"p_moving_bad"}, {"p_star_good"})


def test_a_descriptive_reading_is_not_weighed(weigh):
    assert weigh("wealth", ["p_use_what", "p_moving_bad"]) == ({"unfavourable"}, {"p_moving_bad"}, set())
    assert weigh("wealth", ["p_use_what"]) == (set(), set(), set())


def test_trade_marriage_and_lawsuits_weigh_world_and_response_first_under_the_korean_of_000_105(weigh):
    first = [("world_response_first", "korean-000-105")]
    assert weigh("trade", ["p_use_bad", "p_world_good"], first) == ({"favourable"}, {"p_world_good"}, {"p_use_bad"})
    assert weigh("trade", ["p_use_bad", "p_world_good"]) == ({"unfavourable"}, {"p_use_bad"}, {"p_world_good"})
    assert weigh("wealth", ["p_use_bad", "p_world_good"], first) == ({"unfavourable"}, {"p_use_bad"}, {"p_world_good"})


def test_the_verdict_is_proved_from_the_readings(kb, weigh):
    weigh("wealth", ["p_use_good", "p_moving_bad"])
    proof = kb.explain("verdict_direction('probe0', 'favourable')")
    assert proof.rule.id == "verdict_direction.1"
    assert ("probe(probe0, p_use_good)" in {f for f, _ in proof.facts()})
    failure = kb.why_not("verdict_direction('probe0', 'unfavourable')")
    assert failure.failures


# ---- the readings as written -------------------------------------------------------------

@pytest.fixture(scope="module")
def shipped():
    return KnowledgeBase()


def _readings(kb):
    return [r for r in kb.program.rules if r.head.pred == "reading" and r.origin == "shipped"]


def test_every_reading_names_a_topic_a_conclusion_and_the_line_it_encodes(shipped):
    topics = {t for t, *_ in shipped.match("topic", None, None, None, None, None, None)} | {"any"}
    conclusions = {k for k, *_ in shipped.match("conclusion", None, None, None, None, None, None)}
    for rule in _readings(shipped):
        topic, conclusion = rule.head.args[1].value, rule.head.args[2].value
        assert topic in topics and conclusion in conclusions, rule.info.id
        seed, line = re.match(r"r(\d{3})(?:\.(\d+))?\.", rule.info.id).groups()
        cited = [s.split()[0] for s in rule.info.sources]
        assert any(c.startswith(seed + "_") for c in cited), rule.info.id
        if line:
            assert any(c.endswith((f":{line}", f":{int(line) + 2}")) for c in cited), rule.info.id
        assert {lang for lang, _ in rule.info.says} == {"en", "ko", "zh"}, rule.info.id


def test_every_conclusion_has_a_polarity_a_class_and_a_reading(shipped):
    classes = {c for c, *_ in shipped.match("reading_class", None, None, None, None, None, None, None)}
    concluded = {r.head.args[2].value for r in _readings(shipped)}
    for k, polarity, klass, ko, zh, en in shipped.match("conclusion", None, None, None, None, None, None):
        assert polarity in ("favourable", "unfavourable", "mixed", "descriptive") and klass in classes, k
        assert k in concluded, f"no reading concludes {k}"


def test_the_classes_follow_the_order_of_000_55(shipped):
    rank = {c: r for c, r, *_ in shipped.match("reading_class", None, None, None, None, None, None, None)}
    assert rank["use_god"] < rank["source_god"] < rank["harmony"] < rank["moving"] < rank["void"] < rank["clash_harm"]
    assert rank["salary_horse"] == rank["harmony"] and rank["taboo_god"] == rank["source_god"]
    deciding = {c: d for c, _, d, *_ in shipped.match("reading_class", None, None, None, None, None, None, None)}
    assert {c for c, d in deciding.items() if d == "no"} == {"salary_horse", "star"}
