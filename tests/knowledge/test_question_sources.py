"""The seeds' own Korean of every cited line ships as facts/seed_korean.tsv (the seeds are not in
the wheel): made from the seeds by ``python -m queries.coverage --korean``, and current."""
from pathlib import Path

import pytest

from queries import coverage as cov
from queries.readings import korean, sources

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "facts" / cov.KOREAN_TABLE
SEEDS = next((p / "seeds" for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if (p / "seeds").is_dir()),
             None)
needs_seeds = pytest.mark.skipif(SEEDS is None, reason="the seeds are not beside this checkout")


@needs_seeds
def test_the_table_is_made_from_the_seeds_and_current():
    assert TABLE.read_text(encoding="utf-8") == cov.korean_table(SEEDS, ROOT), (
        "facts/seed_korean.tsv is out of date: python -m queries.coverage --korean > facts/seed_korean.tsv")


@needs_seeds
def test_a_row_is_the_korean_twin_of_a_chinese_line_or_the_korean_line_itself():
    text = (SEEDS / "000_122810513125a851.txt").read_text(encoding="utf-8").splitlines()
    rows = {(f, n): k for f, n, k in cov.korean_lines(SEEDS, ROOT)}
    assert rows[("000_122810513125a851.txt", 147)] == " ".join(text[148].split())     # line 149
    assert rows[("000_122810513125a851.txt", 149)] == rows[("000_122810513125a851.txt", 147)]


def test_every_source_of_a_reading_has_its_korean(kb):
    table = korean(kb)
    missing = sorted({s["source"] for r in kb.program.rules if r.head.pred == "reading"
                      for s in sources(r.info, table) if s["korean"] is None})
    assert not missing, missing


def test_the_generator_says_how_it_is_used(capsys):
    assert cov.main([]) == 2 and "usage: python -m queries.coverage --korean" in capsys.readouterr().err
    assert cov.main(["--korean", "/nonexistent"]) == 2
