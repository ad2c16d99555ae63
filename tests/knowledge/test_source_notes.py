"""A clause's ``# source:`` line may end with a note on how it reads the phrase, written in
English ("旬空月破達非吉 (the month acts on every line)"); facts/source_note.tsv says each note
in Korean, Chinese and English, and a proof gives it in the reader's language."""
import re

import pytest

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine import render
from queries.judgment import connectives

LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def notes_of(kb) -> set:
    """The notes the source lines end with, a gloss's (``terms.gloss_source``) as its two parts."""
    notes = {render.source_parts(source).get("note")
             for rules in kb._rules.values() for rule in rules for source in rule.info.sources} - {None}
    glosses = {note for note in notes if note.startswith(f"{render.GLOSS}: ")}
    return notes - glosses | {render.GLOSS} | {note[len(render.GLOSS) + 2:] for note in glosses}


def test_every_note_of_a_source_line_is_said_in_the_three_languages(kb):
    table = {note: (ko, zh, en) for note, ko, zh, en in kb.match("source_note", None, None, None, None)}
    notes = notes_of(kb)
    assert len(notes) > 10
    assert sorted(notes - set(table)) == [], "add them to facts/source_note.tsv"
    assert sorted(set(table) - notes) == [], "notes no source line ends with"
    for note in notes:
        ko, zh, en = table[note]
        assert not LATIN.search(ko) and not LATIN.search(zh), note
        assert en


def test_a_korean_proof_says_the_note_in_korean(kb):
    chart = cast("787889", kb=kb, month="戌", day="乙巳")
    proof = kb.explain(f"month_relation('{chart.id}', K, 4, '臨')")
    words = connectives(kb)
    for level in ("full", "student"):
        korean = render.text(proof, "ko", level=level, phrases=words)
        assert "旬空月破達非吉 (월건은 모든 효에 작용한다)" in korean and "every line" not in korean
    assert "(月建臨於每爻)" in render.text(proof, "zh", phrases=words)
    assert "(the month acts on every line)" in render.text(proof, "en", phrases=words)
    assert "(월건은 모든 효에 작용한다)" in " ".join(render.account(proof, "ko", words))
    chart.forget()
