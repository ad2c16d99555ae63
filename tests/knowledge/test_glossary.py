"""The glossary (facts/glossary.tsv): each classical term a student meets, defined in Korean,
Chinese and English, resting on seed lines, inventory sections or a named convention, and
derived by predicates of the knowledge; and the book lines the label tables quote.

The seeds and the inventories are read from the shared folder next to the checkout (the tests
that need them are skipped where it is absent)."""
import re
from pathlib import Path

import pytest

from queries import KnowledgeBase

ROOT = Path(__file__).resolve().parents[2]
SHARED = next((p / "shared" for p in ROOT.parents if (p / "shared" / "seeds").is_dir()), None)
SEED_LINE = re.compile(r"(\d{3}_[0-9a-f]{16}\.txt):(\d+)")
INVENTORY = re.compile(r"(inventory-[\w.-]+\.md)#([^,\s]+)")
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
    return kb.match("glossary", None, None, None, None, None, None)


def needs_shared():
    if SHARED is None:
        pytest.skip("the seeds are not next to this checkout")
    return SHARED


def seed_lines(name):
    return (needs_shared() / "seeds" / name).read_text(encoding="utf-8").split("\n")


def test_the_glossary_has_the_terms_a_student_meets(glossary):
    terms = [term for term, *_ in glossary]
    assert len(terms) == len(set(terms)) >= 60
    assert [t for t in REQUIRED if t not in terms] == []


def test_every_term_has_its_names_in_the_label_tables(kb, glossary):
    names = {zh: (ko, en) for _, ko, zh, en in kb.match("term_label", None, None, None, None)}
    names.update({s: (ko, en) for s, ko, en, *_ in kb.match("star", None, None, None, None, None, None)})
    assert [term for term, *_ in glossary if term not in names] == []


def test_every_definition_is_in_its_language_and_names_the_term(kb, glossary):
    korean = {zh: ko for _, ko, zh, _ in kb.match("term_label", None, None, None, None)}
    korean.update({s: ko for s, ko, *_ in kb.match("star", None, None, None, None, None, None)})
    for term, ko, zh, en, _, _ in glossary:
        assert ko.strip() and zh.strip() and en.strip(), term
        assert not LATIN.search(ko) and not LATIN.search(zh), term
        assert re.search(r"[A-Za-z]{3}", en), term
        assert korean[term] in ko, f"{term}: the Korean definition does not give its reading {korean[term]}"


def test_every_predicate_a_term_names_exists(kb, glossary):
    unknown = [(term, p) for term, *_, predicates in glossary for p in predicates.split(",")
               if kb.program.arity(p) is None]
    assert unknown == []


def test_every_source_is_a_seed_line_an_inventory_section_or_a_convention(kb, glossary):
    conventions = {n for n, *_ in kb.match("convention_label", None, None, None, None)}
    conventions |= {n for n, *_ in kb.match("fixed_convention_label", None, None, None, None)}
    for term, *_, sources, _ in glossary:
        for source in sources.split(","):
            convention = CONVENTION.fullmatch(source)
            assert SEED_LINE.fullmatch(source) or INVENTORY.fullmatch(source) or \
                (convention and convention.group(1) in conventions), f"{term}: {source}"


def test_every_seed_line_of_the_glossary_is_a_line_of_its_seed(glossary):
    for term, *_, sources, _ in glossary:
        for name, line in SEED_LINE.findall(sources):
            lines = seed_lines(name)
            assert 1 <= int(line) <= len(lines) and lines[int(line) - 1].strip(), f"{term}: {name}:{line}"


def test_every_inventory_section_of_the_glossary_exists(glossary):
    domain = needs_shared() / "domain"
    for term, *_, sources, _ in glossary:
        for name, section in INVENTORY.findall(sources):
            text = (domain / name).read_text(encoding="utf-8")
            assert re.search(rf"^(#+ |\*\*){re.escape(section)}\b", text, re.M), f"{term}: {name}#{section}"


def test_a_glossary_term_rests_on_the_lines_that_name_it(kb, glossary):
    """A term is named in one of the seed lines it cites or in its Korean (the next line but one),
    by its characters or its Hangul reading, unless the name is the inventories' or a
    convention's (a later name for what the lines describe)."""
    korean = {zh: ko for _, ko, zh, _ in kb.match("term_label", None, None, None, None)}
    korean.update({s: ko for s, ko, *_ in kb.match("star", None, None, None, None, None, None)})
    unnamed = []
    for term, *_, sources, _ in glossary:
        cited = SEED_LINE.findall(sources)
        if not cited or INVENTORY.search(sources) or CONVENTION.search(sources):
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
