"""The four seeds as books (queries/books.py, books/): the shipped lines are the seeds' own and
current, every chapter names where its name comes from, a citation reads as its book and place,
a line opens in its chapter, and the books ship in the wheel."""
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from queries import books
from queries.coverage import source_seeds
from queries.readings import korean, sources

ROOT = Path(__file__).resolve().parents[2]
SEEDS = source_seeds()
needs_seeds = pytest.mark.skipif(SEEDS is None, reason="the seeds (../shared/seeds) are not beside this checkout: "
                                                       "the shipped books cannot be compared with them")
NAMED = re.compile(r"(?:heading )?(\d{3}):(\d+)(?: (.+))?$")


def make_books():
    sys.path.insert(0, str(ROOT / "books"))
    try:
        import make_books
        return make_books
    finally:
        sys.path.pop(0)


@needs_seeds
def test_the_shipped_lines_are_made_from_the_seeds_and_current():
    shipped = (ROOT / "books" / "lines.tsv").read_text(encoding="utf-8")
    assert shipped == make_books().lines(SEEDS), \
        "books/lines.tsv is out of date: python books/make_books.py ../shared/seeds > books/lines.tsv"


@needs_seeds
def test_a_seed_read_from_the_books_is_the_seed_line_for_line():
    for name, text in books.seed_texts():
        own = (SEEDS / name).read_text(encoding="utf-8").splitlines()
        assert [t.strip() for t in text.splitlines()] == [t.strip() for t in own[:len(text.splitlines())]]
        assert not any(t.strip() for t in own[len(text.splitlines()):])


def test_the_builder_says_how_it_is_used(capsys):
    assert make_books().main([]) == 2 and "usage: python books/make_books.py" in capsys.readouterr().err


def test_every_seed_is_a_book_with_chapters_beginning_on_a_chinese_line():
    assert sorted(books.books()) == sorted(books.chapters()) == ["000", "001", "003", "004"]
    for seed, items in books.chapters().items():
        lines = books.lines_of(books.files()[seed])
        assert items[0]["line"] == min(n for n in lines if n > 1 and not books.korean(lines[n]))
        for item in items:
            assert not books.korean(lines[item["line"]]), (seed, item)
            assert all(item[lang] for lang in books.LANGS)
            assert not re.search(r"[A-Za-z]", item["ko"] + item["zh"]), item


def test_a_chapter_named_by_the_seed_quotes_the_line_that_names_it():
    for seed, items in books.chapters().items():
        for item in items:
            if item["named"].startswith("this project"):
                continue
            for named in item["named"].split(", "):
                m = NAMED.match(named)
                assert m, item
                text = books.lines_of(books.files()[m.group(1)])[int(m.group(2))]
                assert m.group(3) is None or m.group(3) in text, item
                if named.startswith("heading"):
                    assert m.group(2) == "1" and (item["zh"] in text or item["ko"] in text), item


def test_a_citation_reads_as_its_book_and_chapter_in_the_readers_language():
    file = books.files()["000"]
    assert books.place(f"{file}:147", "zh") == "卜筮正宗·六親發動 147"
    assert books.place(f"{file}:149", "ko") == "卜筮正宗·육친 발동 149"
    assert books.place(f"{books.files()['004']}:3", "en") == "論伏神·On the hidden gods 3"
    assert books.place("Huang Jinji, oral tradition", "ko") == "Huang Jinji, oral tradition"
    assert books.place("000_0000000000000000.txt:3", "ko") == "000_0000000000000000.txt:3"


def test_a_line_opens_in_its_chapter_with_the_lines_around_it():
    found = books.source("000:139")
    assert found["chapter"]["zh"] == "空亡" and [p["line"] for p in found["lines"]] == [139]
    found = books.source("000:87")
    assert [p["line"] for p in found["lines"]] == [83, 87, 91, 95]
    assert [p["cited"] for p in found["lines"]] == [False, True, False, False]
    assert found["lines"][1]["zh"].startswith("子身持世") and found["lines"][1]["ko"].startswith("자손효가")
    assert books.source("000:89")["line"] == 87                   # a Korean line opens with its Chinese
    assert books.source("000_122810513125a851.txt:55")["book"]["zh"] == "卜筮正宗"


@pytest.mark.parametrize("cited", ["000:2", "000:999", "999:3", "55", "000:x", ""])
def test_a_line_the_books_have_not_is_a_user_error(cited):
    from queries.errors import UserError
    with pytest.raises(UserError, match="000, 001, 003, 004"):
        books.source(cited)


def test_every_source_of_a_reading_has_its_korean(kb):
    table = korean(kb)
    missing = sorted({s["source"] for r in kb.program.rules if r.head.pred == "reading"
                      for s in sources(r.info, table) if s["korean"] is None})
    assert not missing, missing


def test_the_books_are_not_knowledge():
    from queries.knowledge import KnowledgeBase
    assert not KnowledgeBase().tables_of("lines") and not KnowledgeBase().tables_of("chapter")


def test_the_wheel_ships_the_books(tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
                           capture_output=True, text=True)
    if built.returncode != 0:
        pytest.skip("no build backend to make a wheel with: " + built.stderr.strip().splitlines()[-1])
    wheel, = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        for name in ("lines.tsv", "book.tsv", "chapter.tsv"):
            shipped = z.read(f"queries/_knowledge/books/{name}").decode("utf-8")
            assert shipped == (ROOT / "books" / name).read_text(encoding="utf-8")


def test_liuyao_source_and_coverage_from_an_empty_folder(tmp_path):
    """From any folder, with nothing beside it: the books ship, so source and coverage need no seeds."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "LIUYAO_CACHE": "off", "HOME": str(tmp_path)}
    run = lambda *args: subprocess.run([sys.executable, "-m", "queries.cli", *args], cwd=tmp_path, env=env,
                                       capture_output=True, text=True)
    shown = run("source", "000:55", "--lang", "ko")
    assert shown.returncode == 0 and "卜筮正宗 (복서정종) · 괘를 보는 차례 · 55번째 줄" in shown.stdout
    assert "易爻不妄成" in shown.stdout and "괘 안의 효는" in shown.stdout and "r000." in shown.stdout
    counted = run("coverage", "--seed", "000", "--missing")
    assert counted.returncode == 0 and counted.stdout.splitlines()[-1].startswith("phrases encoded or declined: ")
    wrong = run("source", "000:2")
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1 and "000:55" in wrong.stderr
