"""No Korean output keeps a particle in both forms (이(가), (으)로 …): each is chosen by the word
before it when the sentence is filled (queries.engine.hangul), and the table of readings covers
every character a value of the knowledge ends in."""
import json
import re
import string
from pathlib import Path

import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine import render
from queries.engine.hangul import readings, syllable
from queries.engine.tables import read_table
from queries.judgment import judge
from queries.messages import messages, text

ROOT = Path(__file__).resolve().parents[2]
BOTH = re.compile(r"이\(가\)|을\(를\)|\(으\)로|와\(과\)|은\(는\)|과\(와\)|를\(을\)|가\(이\)|는\(은\)|\(이\)")
QUOTED = re.compile(r"'([^'\n]*)'")
# values that end in a vowel, a consonant, ㄹ, a digit, a bracket and a Latin letter
SAMPLES = ("子", "戌", "日", "2", "3효", "「다음 날」", "X")
# (lines, month, day, topic, about, asker): casts that meet the readings, the timing and hidden gods
CASTS = [
    ("787889", "戌", "乙巳", "illness", "father", None),
    ("787889", "戌", "乙巳", "wealth", None, None),
    ("999999", "申", "甲辰", "wealth", None, None),
    ("696969", "寅", "壬申", "childbirth", None, None),
    ("877978", "子", "庚午", "lost", None, None),
    ("968796", "亥", "丙子", "lawsuit", "other-party", None),
    ("866766", "午", "甲寅", "house", None, "man"),
    ("978878", "寅", "甲子", "marriage", None, "man"),
]


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def knowledge_values():
    """Every text a shipped table holds and every constant a shipped clause quotes."""
    values = set()
    for path in sorted((ROOT / "facts").glob("*.tsv")):
        values |= {v for row in read_table(path).rows for v in row.values if isinstance(v, str)}
    for path in sorted([*(ROOT / "kb").rglob("*.dl"), *(ROOT / "views").rglob("*.dl")]):
        code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                         if not line.lstrip().startswith("#"))
        values |= set(QUOTED.findall(code))
    return values


def test_every_character_a_value_ends_in_has_its_reading():
    values = knowledge_values()
    assert len(values) > 3000 and {"子", "妻財", "wealth"} <= values
    unread = sorted({v for v in values if re.search(r"[\w]", v) and not syllable(v)})
    assert unread == [], "add their readings to facts/hangul_reading.tsv"


def test_the_check_of_readings_can_fail():
    assert syllable("㐀") == "" and syllable("子") == "자"


class _Node:
    kind = "rule"

    def __init__(self, rule, value):
        self.rule = rule.info
        names = {name for _, name, _, _ in string.Formatter().parse(rule.info.template("ko") or "") if name}
        self.bindings = tuple((name, value) for name in sorted(names))


def test_every_korean_sentence_chooses_its_particles_whatever_fills_it(kb):
    rules = [r for r in kb.program.rules if r.info.template("ko")]
    assert len(rules) > 300
    kept = sorted({(r.info.id, said) for r in rules for value in SAMPLES
                   for said in [render.sentence(_Node(r, value), "ko")] if BOTH.search(said)})
    assert kept == []


def _filled(template):
    """A message's placeholders filled with a word, a number where the format asks for one."""
    values = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            values[name] = 12 if spec and spec[-1] in ",d" else 1.5 if spec and spec[-1] == "g" else "子"
    return values


def test_every_korean_message_chooses_its_particles():
    table = messages()
    said = {key: text(key, "ko", **_filled(names["ko"])) for key, names in table.items()}
    assert len(said) > 150 and "이(가)" in table["cli.unknown_constant"]["ko"] + table["engine.goal_form"]["ko"]
    assert sorted((key, s) for key, s in said.items() if BOTH.search(s)) == []


@pytest.fixture(scope="module")
def judged(kb):
    """(JSON of each judgment in Korean, its text with the student proof)."""
    out = []
    for lines, month, day, topic, about, asker in CASTS:
        chart = cast(lines, kb=kb, month=month, day=day)
        j = judge(chart, topic, about=about, asker=asker)
        out.append((json.dumps(j.to_data(proof=False, lang="ko"), ensure_ascii=False),
                    j.text("ko", proof=True, level="student")))
        chart.forget()
    return out


def test_a_judgment_in_korean_keeps_no_particle_in_both_forms(judged):
    data = "\n".join(d for d, _ in judged)
    assert "용신" in data or "account" in data
    assert BOTH.findall(data) == []


def test_a_student_proof_in_korean_keeps_no_particle_in_both_forms(judged):
    said = [line for _, t in judged for line in t.splitlines() if BOTH.search(line)]
    assert said == []


def test_the_tutorial_and_a_full_proof_keep_no_particle_in_both_forms(kb):
    chart = cast("787889", kb=kb, month="戌", day="乙巳")
    full = judge(chart, "illness", about="father").text("ko", proof=True, level="full")
    chart.forget()
    golden = (ROOT / "tests" / "golden" / "tutorial.ko.txt").read_text(encoding="utf-8")
    assert [line for line in (full + golden).splitlines() if BOTH.search(line)] == []
