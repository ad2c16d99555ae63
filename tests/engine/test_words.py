"""The proof's words (queries/engine/words.tsv): every key in Korean, Chinese and English."""
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from queries.engine import render
from queries.engine.errors import KnowledgeError

UNNAMED = {("en", "cast")}          # in English a cast is named by its id


def test_every_word_is_in_the_three_languages():
    for table in (render.KIND, render.WORDS):
        keys = {lang: set(words) for lang, words in table.items()}
        assert sorted(keys) == sorted(render.LANGS) and keys["ko"] == keys["zh"] == keys["en"]
        empty = {(lang, key) for lang, words in table.items() for key, word in words.items() if not word}
        assert empty <= UNNAMED


def test_the_words_the_renderer_uses_are_in_the_table():
    assert set(render.KIND["en"]) == {"fact", "rule", "not", "check"}
    assert {"see", "expand", "source", "convention", "user", "or", "cast"} <= set(render.WORDS["ko"])
    assert render.WORDS["en"]["or"] == ", " and render.WORDS["ko"]["expand"] == "펼치기"


def test_a_word_lacking_a_language_is_refused_with_its_line(tmp_path):
    path = tmp_path / "words.tsv"
    path.write_text("key\tko\tzh\ten\nsee\t위 참조\t見上\n", encoding="utf-8")
    with pytest.raises(KnowledgeError) as e:
        render._words(path)
    assert "words.tsv:2: 3 cells, the header has 4" in str(e.value)


@pytest.mark.slow
def test_the_wheel_ships_the_words(tmp_path):
    root = Path(__file__).resolve().parents[2]
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(root), "--no-deps", "-q", "-w", str(tmp_path)],
                           capture_output=True, text=True)
    if built.returncode != 0:
        pytest.skip("no build backend to make a wheel with: " + built.stderr.strip().splitlines()[-1])
    wheel, = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        shipped = z.read("queries/engine/words.tsv").decode("utf-8")
    assert shipped == (root / "queries" / "engine" / "words.tsv").read_text(encoding="utf-8")
