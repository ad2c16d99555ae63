"""Every word in the three languages: each rule's sentence, each name of a term, topic, person,
convention and convention value, each interface word; and the Korean and Chinese judgments of
the worked examples carry no Latin word but rule ids, predicate names and file names."""
import re

import pytest

from queries.engine import LANGS
from queries.engine.render import KIND, WORDS as RENDER_WORDS
from queries.labels import WORDS, label, line_words, vocabulary
from queries.session import Session

GOLDEN = [   # the worked examples of the README and the tutorials
    dict(lines="787889", month="戌", day="乙巳", topic="illness", about="father"),
    dict(lines="787889", month="戌", day="乙巳", topic="wealth"),
    dict(lines="787889", at="2024-10-08T04:00", tz="Asia/Seoul", topic="wealth"),
    dict(lines="778998", month="卯", day="甲子", topic="marriage", asker="woman"),
]
FILE = re.compile(r"(?:[\w.-]+/)*[\w.-]+\.(?:dl|tsv|txt|md)(?::\d+|#[\w.]+)?")
LATIN = re.compile(r"[A-Za-z][\w.:/-]*")


@pytest.fixture(scope="module")
def words(kb):
    return vocabulary(kb)


@pytest.fixture(scope="module")
def allowed(kb):
    """Rule ids and predicate names: the words a Korean or Chinese page may print in Latin."""
    rules = kb.program.rules
    return {r.info.id for r in rules} | {r.head.pred for r in rules} | set(kb.program.tables)


def latin_words(text, allowed) -> list:
    """The Latin words of a text other than rule ids, predicate names and file names."""
    text = FILE.sub(" ", text)
    return sorted({w.rstrip(".:") for w in LATIN.findall(text)} - allowed)


def test_every_rule_says_its_conclusion_in_three_languages(kb):
    lacking = sorted(f"{r.info.id} ({r.path}:{r.line}) lacks {lang}"
                     for r in kb.program.rules if not r.info.view for lang in LANGS if not r.info.template(lang))
    assert lacking == []


def test_rule_titles_are_classical_names_without_latin_words(kb):
    latin = sorted(f"{r.info.id}: {r.info.title}" for r in kb.program.rules if LATIN.search(r.info.title))
    assert latin == []


@pytest.mark.parametrize("kind", ["terms", "topics", "persons", "conventions", "directions", "units", "speeds"])
def test_every_name_is_in_three_languages(words, kind):
    lacking = sorted(f"{key} lacks {lang}" for key, names in words[kind].items() for lang in LANGS
                     if not names.get(lang) or (lang == "en" and kind != "terms" and names[lang] == key and "-" in key))
    assert words[kind] and lacking == []


def test_every_person_has_an_english_name(kb, words):
    persons = {row[0] for row in kb.match("person", None, None, None, None, None)}
    assert set(words["persons"]) == persons
    assert {p for p, names in words["persons"].items() if names["en"] == p and "-" in p} == set()
    assert set(dict(kb.match("person_label", None, None))) == persons


def test_every_convention_and_value_has_names(kb, words):
    values = {(name, value) for name, value, _ in kb.match("convention_value", None, None, None)}
    named = {(name, value) for name, by_value in words["convention_values"].items() for value in by_value}
    assert sorted(values - named) == []
    assert sorted({name for name, _ in values} - set(words["conventions"])) == []
    assert all(len(names) == 3 and all(names.values()) for by_value in words["convention_values"].values()
               for names in by_value.values())


def test_every_interface_word_is_in_three_languages():
    keys = {lang: set(WORDS[lang]) for lang in LANGS}
    assert keys["en"] == keys["ko"] == keys["zh"]
    assert all(WORDS[lang][key] for lang in LANGS for key in keys[lang] if key != "columns")


def test_chart_states_and_grades_have_names(kb, words):
    """What a chart or a judgment prints as a label is a term with names."""
    printed = {row[0] for row in kb.match("grade_rank", None, None, None)}
    assert sorted(term for term in printed if term not in words["terms"]) == []


def test_labels_render_values_in_each_language(words):
    assert [label([2, 4], lang, words) for lang in ("ko", "zh", "en")] == ["2효, 4효", "第二爻、第四爻", "lines 2 and 4"]
    assert [label("father", lang, words) for lang in ("ko", "zh", "en")] == ["아버지", "父", "father"]
    assert label("官鬼", "ko", words, classical=True) == "관귀(官鬼)"
    assert label("earth_growth", "en", words) == "birth of earth"
    assert label("shen", "ko", words, convention="earth_growth") == "申 (수토동궁)"
    assert line_words([1, 3, 5], "en") == "lines 1, 3 and 5"


def _judgment(case, lang, proof, level="student"):
    case = dict(case)
    question = {k: case.pop(k) for k in ("topic", "about", "asker") if k in case}
    s = Session(lang=lang)
    s.cast(**case)
    s.judge(question.pop("topic"), **question)
    return s.judgment_text(proof=proof, level=level)


def _conventions_line(lang):
    return WORDS[lang]["conventions"] + ":"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_judgments_read_without_latin_words_but_the_conventions_line(lang, allowed):
    for case in GOLDEN:
        text = "\n".join(line for line in _judgment(case, lang, proof=False).splitlines()
                         if not line.startswith(_conventions_line(lang)))
        assert latin_words(text, allowed) == [], case


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_judgments_read_without_latin_words(lang, allowed):
    for case in GOLDEN:
        assert latin_words(_judgment(case, lang, proof=False), allowed) == [], case


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_judgment_proofs_at_student_level_read_without_latin_words(lang, allowed):
    """No atom at the student level: a step says its sentence, a fact its phrase."""
    for case in GOLDEN:
        assert latin_words(_judgment(case, lang, proof=True), allowed) == [], case


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_full_proofs_name_the_cast_and_the_engine_words_in_the_language(lang):
    """The full level shows atoms, but the cast (c1) and what the engine says of a fact read in the
    reader's language."""
    text = _judgment(GOLDEN[0], lang, proof=True, level="full").split("\n\n", 3)[-1]
    proof = text[text.index("[" + KIND[lang]["rule"] + "]"):]
    assert "verdict(" + RENDER_WORDS[lang]["cast"] + ", unfavourable, 凶)" in proof
    assert not re.search(r"\bc1\b|\basserted\b", proof)


@pytest.mark.slow
def test_student_proofs_of_the_worked_examples_fit_in_sixty_lines():
    for case in GOLDEN:
        text = _judgment(case, "ko", proof=True)
        proof = text[text.index("“", text.rindex("\n\n")):]
        assert 10 < len(proof.splitlines()) <= 60, case


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_student_proofs_in_html_read_without_latin_words(lang, allowed):
    from html import unescape

    from queries.engine.html import proof_html
    s = Session(lang=lang)
    s.cast("787889", month="戌", day="乙巳")
    s.judge("illness", about="father")
    page = proof_html(s.judgment_proof(), lang, level="student", phrases=s.connectives())
    text = unescape(re.sub(r"<[^>]+>", " ", page.split("</style>", 1)[1]))
    assert latin_words(text, allowed) == []


def test_the_words_of_stars_periods_and_person_are_in_the_table():
    """queries/star_readings.py, periods.py and person.py keep no words of their own."""
    keys = {key for key in WORDS["en"] if key.split(".")[0] in ("stars", "periods", "person")}
    assert {"stars.title", "stars.favourable", "stars.unfavourable", "stars.descriptive", "stars.mixed",
            "periods.title", "periods.phase.early", "periods.phase.middle", "periods.phase.late",
            "person.title", "person.hidden"} <= keys
    assert all(WORDS[lang][key] for lang in LANGS for key in keys)


def test_every_shipped_table_and_column_has_a_name_in_every_language(kb):
    """`liuyao facts TABLE` heads a shipped table with what it holds and its columns in the reader's
    language (table.NAME and column.NAME of facts/word_label.tsv)."""
    tables = {pred: tabs[0] for pred, tabs in kb.program.tables.items()}
    columns = {c.name for t in tables.values() for c in t.columns}
    for lang in LANGS:
        assert sorted(p for p, t in tables.items() if f"table.{t.path.rpartition('/')[2][:-4]}" not in WORDS[lang]) == [], lang
        assert sorted(c for c in columns if f"column.{c}" not in WORDS[lang]) == [], lang


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_the_facts_of_a_table_are_headed_without_latin_words(kb, lang, allowed):
    """What `facts` prints above the rows: the table's description, its citations' quotes, the
    column heads; the rows are the table's own values."""
    s = Session(lang=lang)
    for pred in sorted(kb.program.tables):
        head = s.facts(pred).text(lang).split("──", 1)[0]
        assert latin_words(head, allowed | {"about"}) == [], pred
