"""queries/coverage.py: the phrases of the seeds, encoded by a quote or declined with a reason, counted
as the before-stop hook counts them."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from queries import books, coverage as cov
from queries.engine import read_table

ROOT = Path(__file__).resolve().parents[2]
SHARED = next((p for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if (p / "seeds").is_dir()), None)
needs_seeds = pytest.mark.skipif(SHARED is None, reason="the seeds are not beside this checkout")
SEED_000 = "000_122810513125a851.txt"
# the lines of seed 000 whose readings are in kb/judgments/000/ by this layer's chapters
CHAPTER_LINES = (55, 59, 63, 79, 83, 87, 91, 95, 99, 103, 115, 119, 123, 127, 131, 135, 139, 143, 147, 151, 155,
                 159, 163)


@pytest.fixture(scope="module")
def lines():
    return cov.coverage(None, ROOT)             # the shipped books


@needs_seeds
def test_the_totals_are_the_hooks(lines):
    hook = (SHARED / "hooks" / "before-stop").read_text(encoding="utf-8")
    script = re.search(r"# How much of the books.*?python3 - <<'PY'\n(.*?)\nPY", hook, re.S).group(1)
    script = script.replace('Path("../shared/seeds")', f'Path({str(SHARED / "seeds")!r})')
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    counts = cov.totals(lines)
    parts = ", ".join(f"{seed} {d}/{t}" for seed, (d, t) in sorted(counts.items()) if seed != "all")
    assert out.strip() == f"Phrases of the books encoded or declined: {counts['all'][0]}/{counts['all'][1]} ({parts})"


def test_every_phrase_of_the_chapters_is_encoded_or_declined(lines):
    missing = [(e["line"], p["phrase"]) for e in lines if e["seed"] == "000" and e["line"] in CHAPTER_LINES
               for p in e["phrases"] if p["status"] == "missing"]
    assert missing == []


def test_a_phrase_names_the_rule_that_encodes_it(lines):
    line = next(e for e in lines if e["seed"] == "000" and e["line"] == 147)
    first = next(p for p in line["phrases"] if p["phrase"] == "父動當頭克子孫")
    assert first["status"] == "encoded" and "r000.first_strike" in first["by"] and "moving_strikes.1" in first["by"]
    medicine = next(p for p in line["phrases"] if p["phrase"] == "病人無藥主昏沉")
    assert medicine["by"] == ["r000.147.parent_moving.illness"]


def test_a_declined_phrase_gives_its_reason_in_three_languages(lines):
    line = next(e for e in lines if e["seed"] == "000" and e["line"] == 63)
    rhetoric = next(p for p in line["phrases"] if p["phrase"] == "萬千言不盡")
    assert rhetoric["status"] == "declined" and rhetoric["by"] == []
    assert set(rhetoric["reason"]) == {"en", "ko", "zh"} and rhetoric["reason"]["en"].startswith("rhetoric")
    assert "萬千言不盡  declined  rhetoric" in cov.text([line])
    assert "萬千言不盡  제외  수사" in cov.text([line], "ko")


def test_declined_rows_quote_their_line_and_their_reasons_quote_nothing():
    table = read_table(ROOT / "facts" / "declined.tsv")
    seeds = {name: text.splitlines() for name, text in books.seed_texts()}
    encoding, _ = cov.quotes(ROOT)
    for row in table.rows:
        source, quote, *reasons = row.values
        name, _, number = source.partition(":")
        line = seeds[name][int(number) - 1]
        assert any(cov.shares(phrase, quote) for phrase in cov.phrases(line)), row.values
        seed_key = (name[:3], int(number))
        assert not any(cov.shares(quote, q) for q, _ in encoding.get(seed_key, [])), f"{quote} is encoded too"
        for phrase in cov.phrases(line):
            assert not any(cov.shares(phrase, reason) for reason in reasons), (row.values, phrase)


def test_a_korean_line_has_no_phrases_and_a_heading_is_not_counted(tmp_path):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "000_0a.txt").write_text("卦身\n\n세효가 왕상하다\n\n世應相生則吉。\n", encoding="utf-8")
    lines = cov.coverage(seeds, ROOT)
    assert [(e["line"], [p["phrase"] for p in e["phrases"]]) for e in lines] == [(5, ["世應相生則吉"])]
    assert cov.totals(lines) == {"000": (0, 1), "all": (0, 1)}
