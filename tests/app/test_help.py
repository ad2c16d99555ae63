"""``liuyao --help`` and every command's help speak the reader's language (--lang, or
LIUYAO_LANG): in Korean and Chinese no English word is left but option names, metavariables,
code, names a reader types (topics, persons, conventions) and names of programs."""
import argparse
import re

import pytest

from queries import KnowledgeBase
from queries.cli import main, parser
from queries.engine.tables import read_table
from queries.knowledge import shipped_dir
from queries.status import lang_of
from tests.app.test_messages import LATIN, _apart, _kept

NAMES = {"Graphviz", "API", "JSON", "en", "ko", "zh", "SQLite", "jsonl", "csv"}  # programs, formats, languages' codes


def _typed() -> set:
    """What a reader types as a value the help names: a question's option values (yes, recent …),
    a fixed convention (timing-horizon), a table (najia)."""
    facts = shipped_dir() / "facts"
    return ({row.values[1] for row in read_table(facts / "question_option.tsv").rows}
            | {row.values[0] for row in read_table(facts / "fixed_convention_label.tsv").rows}
            | {row.values[0] for row in read_table(facts / "direction.tsv").rows} | {"none"}   # journal --outcome
            | set(KnowledgeBase().program.tables))


TYPED = _typed()


def helps(lang) -> dict:
    """The help of liuyao and of each of its commands and their subcommands (``journal add``), in ``lang``."""
    def commands(p, prefix=""):
        found = {}
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found[prefix + name] = sub.format_help()
                    found.update(commands(sub, prefix + name + " "))
        return found
    top = parser(lang)
    return {"liuyao": top.format_help(), **commands(top)}


def english(text, commands=()) -> list:
    """The English words of a help but options, metavariables, code, commands and typed values."""
    text = re.sub(r"-\n\s+", "-", text)                    # a word argparse wrapped at its hyphen
    words = [w.rstrip(":.") for w in re.split(r"[\s,;()（）：；，、。?？'\"\[\]{}|…]+", _apart(text)) if w]
    return sorted({w for w in words if LATIN.search(w) and not w.startswith("-") and not _kept(w, set())
                   and w not in NAMES | TYPED | set(commands)})


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_every_help_speaks_korean_or_chinese(lang):
    said = helps(lang)
    assert len(said) > 18 and "chart" in said and "repl" in said
    names = {word for name in said for word in name.split()}
    left = {name: found for name, text in said.items() for found in [english(text, names)] if found}
    assert left == {}


def test_the_check_finds_english():
    assert "show" in english(helps("en")["chart"])


def test_liuyao_lang_chooses_the_language_when_no_lang_is_given(monkeypatch, capsys):
    monkeypatch.setenv("LIUYAO_LANG", "ko")
    assert lang_of(["chart"]) == "ko" and lang_of(["chart", "--lang", "zh"]) == "zh"
    with pytest.raises(SystemExit):
        main(["judge", "--help"])
    assert "판정의 증명을 보여 줍니다" in capsys.readouterr()[0]
    assert main(["chart", "787889", "--month", "戌", "--day", "乙巳"]) == 0
    assert "공망 寅卯" in capsys.readouterr()[0]
