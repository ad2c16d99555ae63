"""The Korean of the classical terms, as students of 六爻 say them (facts/terminology.tsv), is the
Korean every sentence uses: the rules' @says sentences, the messages, the labels of the views
and the page, the glossary, the readings' conclusions and the proofs' own words."""
import re
from pathlib import Path

import pytest

from queries.engine.tables import read_table

ROOT = Path(__file__).resolve().parents[2]
TABLES = ["facts/message.tsv", "facts/word_label.tsv", "facts/web_label.tsv", "facts/term_label.tsv",
          "facts/connective.tsv", "facts/conclusion.tsv", "facts/glossary.tsv", "facts/convention_label.tsv",
          "facts/convention_value_label.tsv", "facts/source_note.tsv", "facts/weighing_factor.tsv",
          "facts/reading_class.tsv", "queries/engine/words.tsv"]
SAYS = re.compile(r"^\s*# @says ko:\s*(.*)$", re.M)


def korean_sentences() -> list:
    """(where, Korean text) of every Korean sentence and label the project says."""
    out = []
    for path in sorted([*(ROOT / "kb").rglob("*.dl"), *(ROOT / "views").rglob("*.dl")]):
        out += [(f"{path.relative_to(ROOT)}", m.group(1)) for m in SAYS.finditer(path.read_text(encoding="utf-8"))]
    for name in TABLES:
        table = read_table(ROOT / name)
        column = [c.name for c in table.columns].index("ko")
        out += [(name, row.values[column]) for row in table.rows]
    return out


@pytest.fixture(scope="module")
def terms() -> list:
    rows = read_table(ROOT / "facts" / "terminology.tsv").rows
    return [(term, ko, en, set() if also == "-" else set(also.split(",")), [] if avoid == "-" else avoid.split(","))
            for term, ko, en, also, avoid in (row.values for row in rows)]


@pytest.fixture(scope="module")
def sentences() -> list:
    return korean_sentences()


def test_the_table_names_the_terms_students_use(terms):
    names = {t for t, *_ in terms}
    assert len(names) == len(terms) > 40
    assert {"用神", "世爻", "月破", "旬空", "回頭克", "伏神", "卦身", "三合局", "入墓"} <= names


def test_every_term_is_said_in_korean_somewhere(terms, sentences):
    unsaid = [term for term, ko, *_ in terms if not any(ko in text for _, text in sentences)]
    assert unsaid == []


def test_a_hangul_word_glossing_a_term_is_the_students_word(terms, sentences):
    wrong = []
    for term, ko, _, also, _ in terms:
        words = {ko} | also
        before = re.compile(r"([가-힣]+)\(" + re.escape(term) + r"\)")
        after = re.compile(re.escape(term) + r"\(([가-힣 ]+)\)")
        for where, text in sentences:
            wrong += [(where, m.group(0)) for m in before.finditer(text)
                      if not m.group(1).endswith("다") and not any(text[:m.end(1)].endswith(w) for w in words)]
            wrong += [(where, m.group(0)) for m in after.finditer(text) if m.group(1) not in words]
    assert wrong == []


def test_no_korean_sentence_uses_a_misleading_wording(terms, sentences):
    found = [(where, avoid) for *_, avoids in terms for avoid in avoids for where, text in sentences if avoid in text]
    assert found == []


def test_the_checks_can_fail(terms):
    glossed = re.compile(r"([가-힣]+)\(旬空\)")
    assert glossed.search("공허(旬空)").group(1) not in {"순공", "공망", "공"}
    assert any("허세" in avoids for *_, avoids in terms)


def test_the_views_name_each_term_by_the_students_word(terms):
    labels = {row.values[0]: row.values[1] for row in read_table(ROOT / "facts" / "term_label.tsv").rows}
    wrong = [(term, labels[term]) for term, ko, _, also, _ in terms if term in labels and labels[term] not in {ko} | also]
    assert wrong == []
