"""The glossary (facts/glossary.tsv): each classical term a student meets, defined in Korean,
Chinese and English, resting on seed lines, inventory sections or a named convention, and
derived by predicates of the knowledge; and the book lines the label tables quote.

The seed lines are read from the shipped books (books/, queries.books); the glossary cites
nothing that does not ship (no inventory of the shared folder)."""
import re
from pathlib import Path

import pytest

from queries import KnowledgeBase, books
from queries.glossary import NAMED

ROOT = Path(__file__).resolve().parents[2]
SEED_LINE = re.compile(r"(\d{3}_[0-9a-f]{16}\.txt):(\d+)")
CONVENTION = re.compile(r"convention:(\S+)")
LATIN = re.compile(r"[A-Za-z]")
LABEL_TABLES = ("term_label", "convention_label", "convention_value_label", "fixed_convention_label")

# the terms issue 17 names, at the least
REQUIRED = ("月破 旬空 真空 暗動 日破 回頭克 進神 退神 伏吟 反吟 飛伏 用神 原神 忌神 仇神 卦身 世應 間爻 "
            "三合 六沖 六合 墓 十二長生 旺相休囚死 獨發 六爻亂動 六爻安靜").split()


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


@pytest.fixture(scope="module")
def glossary(kb):
    return kb.match("glossary", *[None] * 7)


def seed_lines(name):
    lines = books.lines_of(name)
    return [lines.get(n, "") for n in range(1, max(lines, default=0) + 1)]


def test_the_glossary_has_the_terms_a_student_meets(glossary):
    terms = [term for term, *_ in glossary]
    assert len(terms) == len(set(terms)) >= 60
    assert [t for t in REQUIRED if t not in terms] == []


def test_every_term_has_its_names_in_the_label_tables(kb, glossary):
    names = {zh: (ko, en) for _, ko, zh, en in kb.match("term_label", None, None, None, None)}
    names.update({s: (ko, en) for s, ko, en, *_ in kb.match("star", None, None, None, None, None, None)})
    names.update({s: (ko, en) for s, ko, en in kb.match("spirit_name", None, None, None)})
    assert [term for term, *_ in glossary if term not in names] == []


def test_every_definition_is_in_its_language_and_names_the_term(kb, glossary):
    korean = {zh: ko for _, ko, zh, _ in kb.match("term_label", None, None, None, None)}
    korean.update({s: ko for s, ko, *_ in kb.match("star", None, None, None, None, None, None)})
    korean.update({s: ko for s, ko, _ in kb.match("spirit_name", None, None, None)})
    for term, ko, zh, en, *_ in glossary:
        assert ko.strip() and zh.strip() and en.strip(), term
        assert not LATIN.search(ko) and not LATIN.search(zh), term
        assert re.search(r"[A-Za-z]{3}", en), term
        assert korean[term] in ko, f"{term}: the Korean definition does not give its reading {korean[term]}"


def test_every_predicate_a_term_names_exists(kb, glossary):
    unknown = [(term, p) for term, *_, predicates in glossary for p in predicates.split(",")
               if kb.program.arity(p) is None]
    assert unknown == []


def test_every_source_is_a_seed_line_or_a_convention(kb, glossary):
    conventions = {n for n, *_ in kb.match("convention_label", None, None, None, None)}
    conventions |= {n for n, *_ in kb.match("fixed_convention_label", None, None, None, None)}
    for term, *_, sources, _ in glossary:
        for source in sources.split(","):
            convention = CONVENTION.fullmatch(source)
            assert SEED_LINE.fullmatch(source) or (convention and convention.group(1) in conventions), \
                f"{term}: {source}"


def test_every_seed_line_of_the_glossary_is_a_line_of_its_seed(glossary):
    for term, *_, sources, _ in glossary:
        for name, line in SEED_LINE.findall(sources):
            lines = seed_lines(name)
            assert 1 <= int(line) <= len(lines) and lines[int(line) - 1].strip(), f"{term}: {name}:{line}"


def test_every_term_quotes_the_line_that_defines_or_names_it(kb, glossary):
    """The defined column: a convention the knowledge names, or a phrase that stands on its seed line,
    the line among the entry's sources; of a term the seeds only name, the phrase that names it."""
    conventions = {n for n, *_ in kb.match("convention_label", None, None, None, None)}
    conventions |= {n for n, *_ in kb.match("fixed_convention_label", None, None, None, None)}
    wrong = []
    for term, _ko, _zh, _en, defined, sources, _ in glossary:
        if defined.startswith("convention:"):
            if defined.partition(":")[2] not in conventions:
                wrong.append((term, defined))
            continue
        where, _, quote = defined.partition("  ")
        named, quote = quote.endswith(NAMED), quote.removesuffix(NAMED)
        name, _, n = where.partition(":")
        text = books.lines_of(name).get(int(n), "")
        said = term in quote if named else True      # a term only named: the phrase names it
        if not quote or quote not in text or where not in sources.split(",") or not said:
            wrong.append((term, defined))
    assert wrong == []


def test_a_glossary_term_rests_on_the_lines_that_name_it(kb, glossary):
    """A term the books use is named in one of the seed lines it cites or in its Korean (the next
    line but one), by its characters or its Hangul reading; a name the books never write (a later
    name for what the lines describe: 假空, 受克無救) or a convention's is not asked for."""
    korean = {zh: ko for _, ko, zh, _ in kb.match("term_label", None, None, None, None)}
    korean.update({s: ko for s, ko, *_ in kb.match("star", None, None, None, None, None, None)})
    korean.update({s: ko for s, ko, _ in kb.match("spirit_name", None, None, None)})
    unnamed = []
    for term, *_, sources, _ in glossary:
        cited = SEED_LINE.findall(sources)
        if not cited or CONVENTION.search(sources) or not any(term in text or korean[term] in text
                                                               for _, text in books.seed_texts()):
            continue
        texts = [seed_lines(name)[int(n) - 1 + k] for name, n in cited for k in (0, 2)
                 if int(n) - 1 + k < len(seed_lines(name))]
        if not any(term in t or korean[term] in t for t in texts):
            unnamed.append(term)
    assert unnamed == []


def test_the_label_tables_quote_the_lines_they_cite(kb):
    """Each '# source: FILE:N  quote' of a label table quotes line N (pieces cut by '…')."""
    wrong = []
    for table in LABEL_TABLES:
        path = ROOT / "facts" / f"{table}.tsv"
        for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            m = re.match(r"# source: (\S+):(\d+)\s+(.*)$", line)
            if not m:
                continue
            text = seed_lines(m.group(1))[int(m.group(2)) - 1]
            for piece in re.split(r"\s*…\s*", m.group(3)):
                if piece.strip() and piece.strip() not in text:
                    wrong.append(f"{table}.tsv:{n}: {piece!r}")
    assert wrong == []
