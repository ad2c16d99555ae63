"""The reading layer (kb/judgments/verdict.dl, facts/conclusion.tsv, facts/reading_class.tsv): every
reading is well formed, and the verdict weighs readings against the factor that decides, stars
never deciding (000:115). The weighing is checked on probe factors and readings, free of any chart."""
import re

import pytest

from queries import KnowledgeBase
from queries.engine import parse_text
from queries.engine.terms import Arith, Atom, Const, Var, is_gloss

PROBE_RULE = """# @rule probe.1 probe
# convention: probe
reading(C, 'any', K) <= probe(C, K)

# @rule probe.2 probe factor
# convention: probe
factor(C, F) <= probe_factor(C, F)
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
PROBE_FACTORS = """# @extends: the probe factors, after the shipped ones
factor\trank:int\tdirection\tdegree\tko\tzh\ten
p_good\t101\tfavourable\t吉\t가\t甲\tgood
p_bad\t102\tunfavourable\t凶\t나\t乙\tbad
p_even\t103\tmixed\t中\t다\t丙\teven
"""
PROBE_CLASSES = """# @extends: the classes of the probe factors
factor\tclass
p_good\tuse_god
p_bad\tmoving
p_even\tworld_response
"""


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe")
    (folder / "probe.dl").write_text(PROBE_RULE, encoding="utf-8")
    (folder / "probe.tsv").write_text("cast\tconclusion\n", encoding="utf-8")
    (folder / "probe_factor.tsv").write_text("cast\tfactor\n", encoding="utf-8")
    (folder / "conclusion.tsv").write_text(PROBE_CONCLUSIONS, encoding="utf-8")
    (folder / "weighing_factor.tsv").write_text(PROBE_FACTORS, encoding="utf-8")
    (folder / "factor_class.tsv").write_text(PROBE_CLASSES, encoding="utf-8")
    return KnowledgeBase(extra=[folder])


@pytest.fixture
def weigh(kb):
    """weigh(topic, factors, readings): the direction and the readings by weight."""
    made = []

    def run(topic, factors, readings):
        cast = f"probe{len(made)}"
        facts = [("cast_topic", (cast, topic))] + [("probe", (cast, k)) for k in readings] + \
            [("probe_factor", (cast, f)) for f in factors]
        for pred, args in facts:
            kb.assert_fact(pred, *args)
        made.extend(facts)
        weights = {}
        for k, w in kb.ask(f"reading_weight('{cast}', K, W)"):
            weights.setdefault(w, set()).add(k)
        return {d for d, in kb.ask(f"verdict_direction('{cast}', D)")}, weights
    yield run
    for pred, args in made:
        kb.retract_fact(pred, *args)


def test_the_first_factor_decides_and_its_readings_decide_with_it(weigh):
    direction, weights = weigh("wealth", ["p_good", "p_bad"], ["p_use_good", "p_moving_bad", "p_moving_good"])
    assert direction == {"favourable"}
    assert weights == {"deciding": {"p_use_good"}, "supporting": {"p_moving_good"}, "outweighed": {"p_moving_bad"}}


def test_a_later_factor_decides_when_no_earlier_one_holds(weigh):
    direction, weights = weigh("wealth", ["p_bad"], ["p_use_good", "p_moving_bad"])
    assert direction == {"unfavourable"}
    assert weights == {"deciding": {"p_moving_bad"}, "outweighed": {"p_use_good"}}


def test_mixed_only_where_the_deciding_factor_is_both(weigh):
    direction, weights = weigh("trade", ["p_even"], ["p_world_good", "p_use_bad", "p_use_both"])
    assert direction == {"mixed"}
    assert weights == {"deciding": {"p_world_good"}, "supporting": {"p_use_bad", "p_use_both"}}


def test_stars_salary_horse_and_descriptions_never_decide(weigh):
    direction, weights = weigh("wealth", ["p_bad"], ["p_star_good", "p_horse_bad", "p_use_what", "p_moving_bad"])
    assert direction == {"unfavourable"}
    assert weights == {"deciding": {"p_moving_bad"}, "descriptive": {"p_star_good", "p_horse_bad", "p_use_what"}}


def test_no_factor_no_verdict(weigh):
    assert weigh("wealth", [], ["p_use_good"]) == (set(), {"outweighed": {"p_use_good"}})


def test_the_verdict_is_proved_from_its_factor(kb, weigh):
    weigh("wealth", ["p_good", "p_bad"], ["p_use_good"])
    proof = kb.explain("verdict('probe0', D, G)")
    assert proof.rule.id == "verdict.1"
    assert ("probe_factor(probe0, p_good)" in {f for f, _ in proof.facts()})
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
    assert {c for c, d in deciding.items() if d == "no"} == {"salary_horse", "star", "commentary"}


def test_a_reading_that_rests_only_on_the_translator_never_decides(shipped):
    """A reading whose every citation is a ``# gloss:`` (the translator's Korean, not the book) is of
    the class ``commentary``: shown with its line, deciding nothing (issue 27), and no factor speaks
    through it; a commentary reading rests on a gloss."""
    klass = {k: c for k, _, c, *_ in shipped.match("conclusion", None, None, None, None, None, None)}
    deciding = {c: d for c, _, d, *_ in shipped.match("reading_class", None, None, None, None, None, None, None)}
    speaking = {c for _, c in shipped.match("factor_class", None, None)}
    glossed = {r.info.id: r.head.args[2].value for r in _readings(shipped)
               if r.info.sources and all(is_gloss(s) for s in r.info.sources)}
    assert len(glossed) >= 15
    assert sorted(rule for rule, k in glossed.items() if klass[k] != "commentary") == []
    assert deciding["commentary"] == "no" and "commentary" not in speaking
    commentary = {k for k, c in klass.items() if c == "commentary"}
    assert commentary == set(glossed.values())


def _condition(rule) -> str:
    """A reading's body as a condition, the same text for the same condition whatever its variables
    are named or the order of its literals (the question's topic aside: it is the head's)."""
    names = {}

    def term(t):
        if isinstance(t, Var):
            return "_" if t.name.startswith("_") else names.setdefault(t.name, f"V{len(names)}")
        if isinstance(t, Const):
            return repr(t.value)
        if isinstance(t, Arith):
            return f"({term(t.left)}{t.op}{term(t.right)})"
        return "(" + ",".join(map(term, t)) + ")" if isinstance(t, tuple) else str(t)

    term(rule.head.args[0])
    said = [("~" if lit.negated else "") + f"{lit.pred}({','.join(map(term, lit.args))})" if isinstance(lit, Atom)
            else f"{term(lit.left)}{lit.op}{term(lit.right)}" for lit in rule.body
            if not (isinstance(lit, Atom) and lit.pred == "cast_topic")]
    return " & ".join(sorted(said))


def test_one_condition_one_class(shipped):
    """The same body of conditions carries the same class in every reading (issue 27): what a
    condition is about does not change with the book or the matter that reads it. A gloss's reading
    (class commentary) is apart: its class says whose words it rests on."""
    klass = {k: c for k, _, c, *_ in shipped.match("conclusion", None, None, None, None, None, None)}
    classes = {}
    for rule in _readings(shipped):
        k = rule.head.args[2]
        if isinstance(k, Const) and klass[k.value] != "commentary":
            classes.setdefault(_condition(rule), {}).setdefault(klass[k.value], []).append(rule.info.id)
    assert len(classes) > 300
    assert {c: v for c, v in classes.items() if len(v) > 1} == {}


def test_the_same_condition_under_two_names_is_found():
    rules, _, problems = parse_text(
        "reading(C, 'wealth', 'a') <= relative_moves(C, '兄弟', P) & world(C, P)\n"
        "reading(C, 'state', 'b') <= world(C, Q) & relative_moves(C, '兄弟', Q)\n"
        "reading(C, 'state', 'c') <= world(C, Q) & relative_moves(C, '兄弟', R)\n", "r.dl")
    assert problems == [] and len({_condition(r) for r in rules[:2]}) == 1 and _condition(rules[2]) != _condition(rules[0])
