"""Every rule speaks Korean, Chinese and English, and every word a reader meets has a name in
the three languages (issue 17, items 3 and 5).

A rule's sentences are its ``# @says`` templates. In Korean and Chinese only the ``{X}`` places,
rule ids, predicate names and seed file names may be Latin; a template fills only variables the
rule binds. The templates are filled with the bindings of the rule bodies over a fixed set of
casts, so a value that would print English inside a Korean or Chinese sentence fails here too.
"""
import re

import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine import LANGS, render
from queries.engine.terms import Arith, Atom, Compare, Const, Var, term_vars
from queries.judgment import judge

PLACE = re.compile(r"\{([^{}]*)\}")
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt(:\d+)?")

# (lines, month, day, year, topic, about, asker): casts that together reach most rules
CASTS = [
    ("787889", "戌", "乙巳", "甲辰", "illness", "father", None),
    ("787889", "戌", "乙巳", "甲辰", "marriage", None, "woman"),
    ("999999", "申", "甲辰", "乙巳", "wealth", None, None),
    ("666666", "卯", "丁亥", "癸卯", "return", "son", None),
    ("696969", "寅", "壬申", "甲子", "childbirth", None, None),
    ("877978", "子", "庚午", "丙午", "lost", None, None),
    ("989698", "午", "辛酉", "丁未", "office", "self", None),
    ("778899", "酉", "戊戌", "戊申", "travel", None, None),
    ("968796", "亥", "丙子", "己酉", "lawsuit", "other-party", None),
    ("869768", "辰", "癸丑", "庚戌", "trade", None, None),
    ("866766", "午", "甲寅", "甲辰", "house", None, "man"),
    ("878887", "未", "庚辰", "庚戌", "lawsuit", "servant", "woman"),
    ("986997", "未", "甲戌", "乙亥", "hunting", "brother", None),
    ("966966", "戌", "己丑", "癸酉", "fugitive", "husband", None),
    ("787778", "未", "乙酉", "庚寅", "house", "son", None),
    ("667986", "申", "丁酉", "甲午", "childbirth", None, None),
    ("788777", "卯", "壬申", "壬寅", "self", None, "woman"),
    ("799966", "子", "乙酉", "戊申", "medicine", "friend", "man"),
    ("798698", "午", "庚申", "辛未", "travel", "mother", None),
    ("877787", "午", "庚辰", "己卯", "livestock", None, "man"),
    ("787787", "辰", "甲申", None, "self", None, None),
    ("678778", "酉", "庚申", None, "wealth", None, None),
    ("777788", "申", "甲午", "丁酉", "appearance", "wife", None),
    ("888887", "寅", "乙未", "甲辰", "exam", None, None),
    ("779777", "寅", "甲子", "甲辰", "audience", None, None),
    ("797777", "寅", "甲午", "甲辰", "maid", None, None),
    ("977797", "卯", "己巳", "甲辰", "pregnancy", None, None),
    ("878887", "申", "甲子", "甲辰", "goods", None, None),
    ("969778", "午", "丙寅", "甲辰", "servant", None, None),
    ("877777", "午", "甲子", "甲辰", "house", None, None),
    ("978878", "寅", "甲子", "甲辰", "marriage", None, "man"),
]


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


@pytest.fixture(scope="module")
def rules(kb):
    """The rules of the knowledge (kb/), not the views."""
    return [r for r in kb.program.rules if r.path.startswith("kb/") and not r.info.view]


@pytest.fixture(scope="module")
def allowed(kb):
    """The Latin words a Korean or Chinese sentence may contain: rule ids and predicate names.
    A predicate named by one plain word (world, hidden, void) is an English word in a sentence,
    so only compound names (month_break) count."""
    return {r.info.id for r in kb.program.rules} | {p for p in kb.program.declared if "_" in p}


def bound_variables(rule):
    """The variables a rule's proof binds: those of its head and its positive body literals, and
    those a comparison binds (J == …)."""
    names = set(term_vars(rule.head))
    for lit in rule.body:
        if isinstance(lit, Atom) and not lit.negated:
            names |= set(term_vars(lit))
        elif isinstance(lit, Compare) and lit.op in ("==", "in") and isinstance(lit.left, Var):
            names.add(lit.left.name)
    return names


def foreign_words(text, allowed):
    """The Latin words of a Korean or Chinese text that are neither a place, a rule id, a
    predicate name nor a seed file name."""
    text = SEED_FILE.sub("", PLACE.sub("", text))
    return [w for w in LATIN.findall(text) if w.rstrip(".") not in allowed]


def test_every_rule_has_a_sentence_in_every_language(rules):
    assert len(rules) > 300
    missing = [f"{r.where} {r.info.id}: no @says {lang}" for r in rules for lang in LANGS
               if not (r.info.template(lang) or "").strip()]
    assert missing == []


def test_no_rule_says_a_language_twice_or_one_the_views_do_not_speak(rules):
    bad = [f"{r.where} {r.info.id}: {[lang for lang, _ in r.info.says]}" for r in rules
           if sorted(lang for lang, _ in r.info.says) != sorted(LANGS)]
    assert bad == []


def test_a_template_fills_only_variables_its_rule_binds(rules):
    bad = [f"{r.where} {r.info.id} {lang}: {{{name}}}" for r in rules for lang, template in r.info.says
           for name in PLACE.findall(template) if name not in bound_variables(r)]
    assert bad == []


def test_korean_and_chinese_templates_have_no_latin_words(rules, allowed):
    bad = [f"{r.where} {r.info.id} {lang}: {words} in {template!r}"
           for r in rules for lang, template in r.info.says if lang in ("ko", "zh")
           for words in [foreign_words(template, allowed)] if words]
    assert bad == []


def test_the_check_finds_english_inside_korean(allowed):
    assert foreign_words("father에 관한 물음이므로 용신은 {R}이다", allowed) == ["father"]
    assert foreign_words("hidden 2의 火는 월건 戌에 입묘한다 (shen)", allowed) == ["hidden", "shen"]
    assert foreign_words("{K} {P}의 {E}는 month_break, 000_122810513125a851.txt:79 참조", allowed) == []


def _renamed(term, names):
    """The term with each variable renamed (so that ask reports the '_' ones too)."""
    if isinstance(term, Var):
        return Var(names.get(term.name, term.name))
    if isinstance(term, Arith):
        return Arith(term.op, _renamed(term.left, names), _renamed(term.right, names))
    if isinstance(term, Atom):
        return Atom(term.pred, tuple(_renamed(a, names) for a in term.args), term.negated)
    if isinstance(term, Compare):
        right = term.right if isinstance(term.right, tuple) else _renamed(term.right, names)
        return Compare(term.op, _renamed(term.left, names), right)
    return term


def solutions(kb, rule, limit=40):
    """Bindings of the rule's body (the '_' variables too, as a proof records them)."""
    positive = [v for lit in rule.body if not (isinstance(lit, Atom) and lit.negated) for v in term_vars(lit)]
    names = {v: "Q" + v for v in positive if v.startswith("_")}
    body = tuple(_renamed(lit, names) for lit in rule.body)
    back = {new: old for old, new in names.items()}
    found = kb.ask(body)
    order = kb.variables(body)
    return [{back.get(n, n): v for n, v in zip(order, row)} for row in found[:limit]]


class _Node:
    kind = "rule"

    def __init__(self, rule, binding):
        self.rule, self.bindings = rule.info, tuple(binding.items())


@pytest.fixture(scope="module")
def filled(kb, rules):
    """rule id -> lang -> the sentences its template makes over the sample casts."""
    out = {}
    for lines, month, day, year, topic, about, asker in CASTS:
        chart = cast(lines, kb=kb, month=month, day=day, year=year)
        judge(chart, topic, about=about, asker=asker)
        for rule in rules:
            for binding in solutions(kb, rule):
                for lang in LANGS:
                    out.setdefault(rule.info.id, {}).setdefault(lang, set()).add(
                        render.sentence(_Node(rule, binding), lang))
        chart.forget()
    return out


def test_the_sample_casts_reach_most_rules(filled, rules):
    assert len(filled) >= 0.85 * len(rules)


def test_filled_sentences_leave_no_place_open(filled):
    open_places = [(rid, lang, s) for rid, by in filled.items() for lang, ss in by.items() for s in ss
                   if PLACE.search(s)]
    assert open_places == []


def test_filled_korean_and_chinese_sentences_have_no_latin_words(filled, allowed):
    bad = sorted((rid, lang, s) for rid, by in filled.items() for lang in ("ko", "zh")
                 for s in by.get(lang, ()) if foreign_words(s, allowed))
    assert bad[:10] == []


def test_a_korean_sentence_reads_the_line_as_a_line(filled):
    # "동효 4의 午" reads as the number four; a line is "4효"
    loose = sorted(s for by in filled.values() for s in by.get("ko", ())
                   if re.search(r"(동효|정효|변효|비신|세효|응효) \d(?!효)", s))
    assert loose == []


# ---- labels ----------------------------------------------------------------------------------

def _labelled(kb):
    """Every value that has a name in the three languages: term_label and the name tables."""
    names = {term for term, *_ in kb.match("term_label", None, None, None, None)}
    names |= {s for s, *_ in kb.match("spirit_name", None, None, None)}
    names |= {t for t, *_ in kb.match("trigram_name", None, None, None, None)}
    names |= {h for h, *_ in kb.match("hexagram_name", None, None, None, None, None)}
    names |= {s for s, *_ in kb.match("star", None, None, None, None, None, None)}
    names |= {k for k, *_ in kb.match("timing_kind", None, None, None, None, None, None, None, None, None)}
    names |= {s for s, *_ in kb.match("timing_speed_name", None, None, None)}
    names |= {u for u, *_ in kb.match("timing_unit_name", None, None, None, None, None)}
    return names


# (predicate, argument): the values the chart, the states, the frames, the judgment, the hidden
# god, the timing and the stars show; each must have a name in every language
SHOWN = [
    ("line_relative", 2), ("changed_relative", 2), ("hidden_relative", 2), ("line_spirit", 2),
    ("line_yin_yang", 2), ("line_element", 2), ("palace", 2), ("month_strength", 3),
    ("month_relation", 3), ("day_relation", 3), ("month_stage", 3), ("day_stage", 3),
    ("node", 1), ("month_break", 1), ("entombed", 3), ("tomb_opened", 3), ("turns_into", 2),
    ("turns_back", 2), ("turns_stage", 2), ("hexagram_echo", 1), ("clash_harmony_turn", 1),
    ("member", 2), ("member", 3), ("frame_kind", 2), ("frame_fails", 3), ("frame_strength", 3),
    ("frame_truth", 3), ("void_exempt", 3), ("use_reason", 1), ("use_grade", 1), ("use_god", 1),
    ("use_line_role", 1), ("flying_hidden", 2), ("emerges", 2), ("hidden_judgment", 2),
    ("body_state", 1), ("world_response", 1), ("hook", 2), ("timing_speed", 1),
    ("timing_candidate", 1), ("timing_candidate", 2), ("star_course", 1),
]
TABLES = [("stage", 0), ("relation_order", 0), ("grade_rank", 0), ("kind_world", 0),
          ("element_order", 0), ("line_value", 1), ("line_value", 3), ("season", 1),
          ("punishment_group", 1), ("fly_meaning", 0), ("fly_meaning", 1), ("turn_back", 1),
          ("stage_turn", 1), ("pattern_label", 1), ("timing_reach", 1), ("star", 3),
          ("marriage_use", 0), ("spirit", 0), ("trigram", 0)]


def test_every_value_shown_has_a_name_in_every_language(kb, filled):
    shown = set()
    for pred, i in SHOWN:
        shown |= {r.head.args[i].value for r in kb.program.rules
                  if r.head.pred == pred and isinstance(r.head.args[i], Const)}
        shown |= {row[i] for row in kb.match(pred, *[None] * kb.program.arity(pred))}
    for pred, i in TABLES:
        shown |= {row[i] for row in kb.match(pred, *[None] * kb.program.arity(pred))}
    shown = {v for v in shown if isinstance(v, str) and v != "-"}
    assert len(shown) > 120
    assert sorted(shown - _labelled(kb)) == []


def test_term_labels_are_complete_and_korean_and_chinese_names_are_not_english(kb):
    rows = kb.match("term_label", None, None, None, None)
    assert len({term for term, *_ in rows}) == len(rows)
    assert [r for r in rows if not all(c.strip() for c in r)] == []
    assert [(term, ko, zh) for term, ko, zh, _ in rows if LATIN.search(ko + zh)] == []


def test_every_convention_and_every_value_has_a_name_in_every_language(kb):
    names = {name: rest for name, *rest in kb.match("convention_label", None, None, None, None)}
    fixed = {name: rest for name, *rest in kb.match("fixed_convention_label", None, None, None, None)}
    values = {(n, v): rest for n, v, *rest in kb.match("convention_value_label", None, None, None, None, None)}
    allowed_values = {(n, v) for n, v, _ in kb.match("convention_value", None, None, None)}
    assert set(values) == allowed_values
    assert {n for n, _ in allowed_values} <= set(names) and not set(names) & set(fixed)
    used = {c.split()[0] for r in kb.program.rules for c in r.info.conventions}
    used |= {re.match(r"convention:\s*(\S+)", line).group(1) for tables in kb.program.tables.values()
             for t in tables for line in t.doc if line.startswith("convention:")}
    assert sorted(used - set(names) - set(fixed)) == []
    for rest in [*names.values(), *fixed.values(), *values.values()]:
        ko, zh, en = rest
        assert ko.strip() and zh.strip() and en.strip() and not LATIN.search(ko + zh)


def test_every_topic_and_person_has_its_names(kb):
    topics = kb.match("topic", None, None, None, None, None, None)
    assert topics and all(zh and ko and en and not LATIN.search(zh + ko) for _, _, zh, ko, en, _ in topics)
    persons = kb.match("person", None, None, None, None, None)
    assert persons and all(zh and ko and not LATIN.search(zh + ko) for _, _, zh, ko, _ in persons)
