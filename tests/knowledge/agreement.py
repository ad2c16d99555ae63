"""The agreement checks shared by tests/knowledge/test_agreement.py (the tables per cast, every
sample cast) and tests/knowledge/test_agreement_pydatalog_*.py (pyDatalog asked layer by layer,
the sample casts in parts, so that the parts run side by side): the sample casts with their
questions, the knowledge bases that hold them, and the checks.

Every clause that reads a cast reads that one cast only (tests/knowledge/conftest.py checks it),
so the answers over all the sample casts are the answers over the parts together.
"""
import os

import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine.forward import order
from queries.engine.oracle import Model, check
from queries.engine.terms import Atom, Const, Var, substitute, unify
from queries.judgment import judge

SAMPLE_CASTS = [  # lines, month, day, conventions (and a question fact): chosen so that every rule fires in some cast
    ("787889", "戌", "乙巳", {}),
    ("799799", "子", "甲子", {"noble_time": "night"}),  # 乾 to 震: 伏吟卦
    ("787887", "戌", "乙巳", {"body": "world-body"}),  # no moving line
    ("699996", "卯", "丁卯", {}),                      # six moving lines
    ("787889", "戌", "乙巳", {"year": "甲辰", "hour": "戊寅", "horse_key": "year-branch", "salary_key": "year-stem",
                               "general_star_key": "day-branch", "noble_time": "day"}),
    ("768699", "未", "乙巳", {}),
    ("976969", "午", "壬寅", {"hidden_god": "jingfang-world-line"}),
    ("698768", "子", "乙丑", {"hidden_god": "all-lines"}),
    ("669796", "申", "戊寅", {"changed_relative": "changed-palace"}),
    ("997877", "未", "壬午", {"day_clash_static": "always-hidden-motion"}),
    ("696786", "亥", "乙酉", {"side_palace_void": "exempt"}),
    ("978899", "酉", "戊午", {"season_months": "earth-months-apart"}),
    ("696897", "寅", "丙申", {"hidden_god": "jingfang-world-line"}),
    ("767798", "酉", "丙戌", {"hidden_god": "all-lines"}),
    ("768666", "子", "壬辰", {"season_months": "earth-months-apart"}),
    ("989786", "辰", "辛酉", {"hidden_god": "all-lines"}),
    ("799797", "申", "乙巳", {"day_clash_static": "always-hidden-motion"}),
    ("987667", "酉", "癸巳", {"earth_growth": "yin"}),
    ("878978", "戌", "庚午", {"changed_relative": "changed-palace"}),
    ("686669", "丑", "丙辰", {"hidden_god": "all-lines"}),
    ("776998", "申", "庚辰", {"day_clash_static": "always-hidden-motion"}),
    ("986786", "子", "甲子", {"side_palace_void": "exempt"}),
    ("979996", "丑", "壬申", {"day_clash_static": "always-hidden-motion"}),
    ("776797", "辰", "丙子", {"hidden_god": "all-lines"}),
    ("787889", "寅", "甲寅", {}),                      # the flying line over the father is void
    ("986986", "巳", "乙亥", {}),                      # 震為雷: office 申 void to the bottom (timing)
    ("767787", "卯", "甲子", {}),                      # 離 with 丑 moving: a lost thing, 子孫旺日
    ("797979", "寅", "戊戌", {}),                      # 乾之既濟: a traveller's use-god moves in a frame
    ("697987", "未", "丙寅", {}),                      # 鼎之賁: the moving 子孫 overcomes the world
    ("777777", "酉", "壬申", {}),                      # 乾為天: wealth 寅 day-broken, not month-broken
    ("787889", "未", "乙巳", {}),                      # … and month-broken
    ("787787", "午", "癸未", {}),                      # 離為火: wealth 酉 truly void in summer
    ("969689", "卯", "丁卯", {"restless": "four-or-more"}),  # five moving lines
    ("676877", "卯", "癸酉", {"frame_hanging": "three-moving-alone", "day_clash_strength": "month-or-day",
                              "hidden_void_tomb": "cannot-emerge"}),  # 渙: 寅午 move, no pillar in the frame
    ("969969", "子", "甲子", {"trigram_fanyin": "also-later-heaven-opposite"}),  # 離 into 坎
    ("787889", "戌", "乙巳", {"day_clash_strength": "month-or-day"}),  # 亥 clashed by 巳, weak either way
    ("689888", "亥", "乙未", {}),                      # the month alone feeds the hidden use-god out
    ("689787", "丑", "壬辰", {}),                      # the hidden use-god overcomes its flying line 伏克飛
    ("898697", "戌", "丙寅", {}),                      # a document in hours (五鼠遁): a punished tomb 刑開; the response under the body 004:35
    ("787787", "辰", "甲申", {}),                      # 離為火 on a 申 day: the ghost born on the day harms the world 助鬼傷身 (003:3, T7)
    ("897886", "酉", "己巳", {"three_halls": "three-relatives", "person_trigrams": "use-god-trigram",
                              "fact": ("cast_age", 27)}),  # life periods 大限/小限 (001:31) by the age
    ("777798", "申", "甲午", {"life_periods": "original-then-changed", "fact": ("cast_birth_year", 1991, 2017)}),
    ("886878", "酉", "庚辰", {"three_halls": "three-relatives", "person_trigrams": "use-god-trigram",
                              "fact": ("cast_age", 45)}),
    ("777788", "申", "甲午", {"age_count": "full", "fact": ("cast_age", 27)}),  # 周歲, not 虛歲
    ("777798", "申", "甲午", {"life_periods": "body-nuclear-changed", "fact": ("cast_age", 27)}),  # 本體/互體/化體
    ("777777", "申", "甲午", {"life_periods": "body-nuclear-changed", "fact": ("cast_age", 27)}),  # … with no change
    ("899999", "戌", "戊辰", {"fact": ("cast_since", "long")}),  # a long illness; the day clashes the void use-god awake
    ("779889", "辰", "戊戌", {}),                      # the day clashes the use-god's tomb open (timing)
    ("978697", "戌", "己酉", {}),                      # the day clashes the void source god awake (timing)
    ("677969", "未", "丁丑", {}),                      # 兩現: two moving 子孫, the month-broken one outshone 還須旺相
    ("999999", "戌", "乙巳", {"text_reading": "every-moving-line"}),  # 乾 all moving: every line's words, then 用九
]

QUESTIONS = [  # one question for each sample cast, in order (chosen so that every rule fires)
    ('wealth', 'friend'), ('marriage', None, 'woman'), 'childbirth', 'travel',
    'office', 'office', ('lawsuit', 'other-party'), 'childbirth',
    ('lawsuit', 'other-party'), ('illness', 'father'), 'wealth', 'wealth',
    'wealth', 'wealth', 'wealth', ('illness', 'father'),
    'wealth', 'wealth', 'wealth', 'office',
    'wealth', 'wealth', 'wealth', 'wealth',
    ('illness', 'father'),
    'office', 'lost', ('return', 'husband'), ('return', 'friend', None, 'year'), 'wealth',
    ('illness', 'father'), 'wealth',
    'wealth', 'wealth', 'wealth', 'wealth',
    'wealth', 'document', ('document', None, None, 'hour'), 'self',
    'life', 'life', 'life', 'life', 'life', 'life',
    ('illness', 'father'), 'wealth', 'document', ('return', 'son'), 'wealth',
]


PURE = os.environ.get("LIUYAO_EXPECT_ENGINE") == "pure"
PURE_CASTS = 4
# the pure-Python run (tests/knowledge/test_pure_engine.py) checks the engines agree on the first
# four casts (a plain one, 伏吟, no moving line, six moving lines), in the first part only


def with_casts(samples):
    """A knowledge base with tables holding the sample casts (``samples``: (index, sample) pairs),
    each with its question."""
    knowledge = KnowledgeBase()
    for i, (lines, month, day, options) in samples:
        pillars = {k: options[k] for k in ("year", "hour") if k in options}
        conventions = {k: v for k, v in options.items() if k not in pillars and k != "fact"}
        chart = cast(lines, month=month, day=day, conventions=conventions, kb=knowledge, **pillars)
        question = QUESTIONS[i]
        topic, about, asker, horizon = (question, None, None, None) if isinstance(question, str) else \
            (question + (None, None))[:4]
        judge(chart, topic, about=about, asker=asker)
        if "fact" in options:          # after the question, which retracts its own facts (cast_since …)
            knowledge.assert_fact(options["fact"][0], chart.id, *options["fact"][1:])
        if horizon:
            knowledge.assert_fact("cast_horizon", chart.id, horizon)
    return knowledge


def asserted(kb):
    """The facts asserted in a knowledge base (the casts and their questions), in order."""
    return [key for key, fact in kb._fact_index.items() if fact.origin == "asserted"]


def without_tables(kb):
    """A knowledge base that asks pyDatalog everything, holding the same asserted facts as ``kb``."""
    plain = KnowledgeBase(tables=False)
    for pred, args in asserted(kb):
        plain.assert_fact(pred, *args)
    return plain


def model_of(kb):
    """The oracle's model of the knowledge and the facts asserted in ``kb``."""
    return Model(kb.program, asserted(kb))


def derived(kb):
    return sorted({(r.head.pred, len(r.head.args)) for r in kb.program.rules})


def general_goal(pred, arity):
    return (Atom(pred, tuple(Var(f"A{i}") for i in range(arity))),)


def answers_agree(kb, model):
    """Every derived predicate's answers are the oracle's."""
    assert len(derived(kb)) >= 10
    for pred, arity in derived(kb):
        goal = general_goal(pred, arity)
        assert kb.ask(goal) == model.answers(goal), pred


def layers_agree(plain, model):
    """pyDatalog's answers (``plain``'s) are the oracle's, predicate by predicate, each recursive
    component asked over the components below it kept as the facts just checked
    (``KnowledgeBase.keep_answers``). A stratified program's answers are its layers' answers
    composed, so this holds pyDatalog to every rule as deriving all anew for every predicate
    would, in a tenth of the time (tests/fuzz/test_engines_agree.py has it derive all anew).
    ``plain`` keeps the answers."""
    program = plain.program
    groups = order(program.graph, {pred for pred, _ in derived(plain)}, program.components)
    assert len(groups) >= 10
    for group in groups:
        for pred in group:
            goal = general_goal(pred, program.arity(pred))
            assert plain.ask(goal) == model.answers(goal), pred
        plain.keep_answers(group)


def _spread(answers, cap=60):
    """First, last and middle answers first, then the rest in order, at most cap of them."""
    picks = dict.fromkeys([0, len(answers) - 1, len(answers) // 2, *range(len(answers))])
    return [answers[i] for i in list(picks)[:cap]]


def proved(kb, model=None):
    """Proofs of answers of every derived predicate and, for each rule, of up to eight answers
    whose body holds through it until one proof uses it: {(predicate, args): proof}, in the order
    proved, and the file:line of every rule the proofs use. With ``model``, every proof must pass
    the checker."""
    proofs, used = {}, set()

    def prove(pred, args):
        proof = kb.explain((Atom(pred, tuple(Const(a) for a in args)),))
        assert proof is not None, (pred, args)
        if model is not None:
            assert check(proof, kb.program, model) == [], (pred, args)
        used.update(n.where for n in proof.nodes() if n.kind == "rule")
        proofs[pred, args] = proof

    for pred, arity in derived(kb):
        answers = kb.ask(general_goal(pred, arity))
        if not answers:
            continue
        for args in _spread(answers, cap=3):
            prove(pred, args)
        for rule in kb.rules_for(pred):
            tries = 0
            for args in answers:
                binding = unify(rule.head.args, args)
                if rule.where in used or tries == 8:
                    break
                if binding is not None and kb.solve(tuple(substitute(l, binding) for l in rule.body)):
                    tries += 1
                    prove(pred, args)
    return proofs, used


def part(start, stop):
    """The sample casts from ``start`` to before ``stop``, with their places in SAMPLE_CASTS; on
    the pure-Python engine, of the first PURE_CASTS only."""
    if PURE:
        start, stop = min(start, PURE_CASTS), min(stop, PURE_CASTS)
    return [(i, SAMPLE_CASTS[i]) for i in range(start, stop)]


def pydatalog_part(start, stop):
    """The module fixtures of a part of pyDatalog's agreement: ``kb``, the tables holding the
    sample casts from ``start`` to before ``stop`` with their questions (what pyDatalog is
    given); ``plain``, pyDatalog holding the same facts; ``model``, the oracle's."""
    @pytest.fixture(scope="module")
    def kb():
        return with_casts(part(start, stop))

    @pytest.fixture(scope="module")
    def plain(kb):
        return without_tables(kb)

    @pytest.fixture(scope="module")
    def model(kb):
        return model_of(kb)

    return kb, plain, model


def proofs_agree(kb, plain, model):
    """pyDatalog's proofs (``plain``'s) of the answers the tables (``kb``) prove are the tables'
    proofs and pass the checker. (That the tables' proofs use every rule outside the readings,
    tests/knowledge/test_agreement.py checks on every sample cast: so do pyDatalog's, the same.)"""
    proofs, _ = proved(kb)
    assert len(proofs) > 100
    for (pred, args), proof in proofs.items():
        theirs = plain.explain((Atom(pred, tuple(Const(a) for a in args)),))
        assert theirs == proof, (pred, args)
        assert check(theirs, plain.program, model) == [], (pred, args)
