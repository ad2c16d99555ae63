"""The four seeds as books: their lines (books/lines.tsv, made from the seeds by
books/make_books.py), each seed's title and its chapters (books/book.tsv, books/chapter.tsv). Read
only when a reader asks (a citation's place, a line in its chapter, the coverage, a Korean line),
never at the start of a process, and never by a rule.

A citation keeps its file and line in the data (``000_122810513125a851.txt:55``); a reader is shown
its book and place, the chapter named in the reader's language.

>>> place("000_122810513125a851.txt:67", "zh"), place("000_122810513125a851.txt:69", "ko")
('卜筮正宗·碎金賦 67', '卜筮正宗·쇄금부 69')
>>> line("000_122810513125a851.txt", 147)["zh"][:7], line("000_122810513125a851.txt", 147)["ko"][:8]
('父動當頭克子孫', '부모효가 발동하')
>>> seed_of("000:55"), seed_of("000_122810513125a851.txt:55"), seed_of("55")
(('000_122810513125a851.txt', 55), ('000_122810513125a851.txt', 55), None)
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from .engine.tables import read_table
from .knowledge import shipped_dir
from .messages import error

LANGS = ("ko", "zh", "en")
AROUND = 2                                   # paragraphs shown on each side of a line in its chapter
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_CITED = re.compile(r"^\s*(\d{3})(?:_[0-9a-f]+\.txt)?:(\d+)\s*$")


def folder() -> Path:
    return shipped_dir() / "books"


def _rows(name):
    return [row.values for row in read_table(folder() / name).rows]


@functools.lru_cache(maxsize=None)
def books() -> dict:
    """seed -> {"seed", "file", "ko", "zh", "en", "named"}."""
    return {seed: {"seed": seed, "file": file, "zh": zh, "ko": ko, "en": en, "named": named}
            for seed, file, zh, ko, en, named in _rows("book.tsv")}


@functools.lru_cache(maxsize=None)
def chapters() -> dict:
    """seed -> [{"line", "ko", "zh", "en", "named"}, …] by first line."""
    out = {}
    for seed, first, zh, ko, en, named in _rows("chapter.tsv"):
        out.setdefault(seed, []).append({"line": first, "zh": zh, "ko": ko, "en": en, "named": named})
    return {seed: sorted(items, key=lambda c: c["line"]) for seed, items in out.items()}


@functools.lru_cache(maxsize=None)
def _lines() -> dict:
    """file -> {line number: text}."""
    out = {}
    for file, n, text in _rows("lines.tsv"):
        out.setdefault(file, {})[n] = text
    return out


def lines_of(file: str) -> dict:
    """A seed's lines of text: {line number: text}; {} for a file that is not a seed."""
    return _lines().get(file, {})


def files() -> dict:
    """seed -> its file name."""
    return {seed: book["file"] for seed, book in books().items()}


def seed_texts() -> list:
    """(file name, text) of each seed, its lines at their numbers (``coverage.seed_texts`` of the
    shipped books)."""
    out = []
    for file, lines in sorted(_lines().items()):
        last = max(lines)
        out.append((file, "\n".join(lines.get(n, "") for n in range(1, last + 1)) + "\n"))
    return out


def korean(text: str) -> bool:
    """Whether a line is the translator's Korean (Hangul in it), not the book's Chinese.

    >>> korean("세효를 총괄하여"), korean("世爻旺相最為強")
    (True, False)
    """
    return bool(_HANGUL.search(text))


def seed_of(cited: str):
    """(file, line) of a citation written ``000:55`` or ``000_….txt:55``; None for anything else."""
    m = _CITED.match(str(cited))
    if not m or m.group(1) not in files():
        return None
    return files()[m.group(1)], int(m.group(2))


def line(file: str, n: int) -> dict:
    """A line of a seed as {"zh", "ko"}: a Chinese line N with its Korean twin (N+2), a Korean line
    N with the Chinese it translates (N-2); {} for a line the seed has not."""
    lines = _lines().get(file, {})
    text = lines.get(n)
    if text is None:
        return {}
    if korean(text):
        before = lines.get(n - 2, "")
        return {"ko": text, **({"zh": before} if before and not korean(before) else {})}
    after = lines.get(n + 2, "")
    return {"zh": text, **({"ko": after} if after and korean(after) else {})}


def korean_of(file: str, n: int):
    """The seed's own Korean of a line: its twin N+2 for a Chinese line, itself for a Korean one."""
    return line(file, n).get("ko")


@functools.lru_cache(maxsize=None)
def korean_lines() -> dict:
    """(file, line) -> the seed's own Korean of that line, for every line that has one."""
    return {(file, n): ko for file, lines in _lines().items() for n in lines
            for ko in [korean_of(file, n)] if ko}


def chapter(file: str, n: int) -> dict | None:
    """The chapter a line of a seed belongs to: the last that begins at or before it (a Korean
    line N+2 belongs with its Chinese N)."""
    seed = file[:3]
    found = None
    for item in chapters().get(seed, ()):
        if item["line"] <= n:
            found = item
    return found


def place(source: str, lang: str = "en") -> str:
    """A citation ``file:line`` as a reader reads it: the book, the chapter in the language and the
    line (卜筮正宗·碎金賦 67); the citation as written when it names no line of a seed."""
    file, _, number = str(source).rpartition(":")
    book = books().get(file[:3])
    if book is None or book["file"] != file or not number.isdigit():
        return str(source)
    found = chapter(file, int(number))
    name = book["zh"] if found is None else f"{book['zh']}·{found[lang]}"
    return f"{name} {int(number)}"


def places() -> dict:
    """``place.<file>:<first line>`` -> {lang: book·chapter} for every chapter: the phrases a proof
    names a citation's place by (``engine.render.Words.place``)."""
    out = {}
    for seed, items in chapters().items():
        book = books()[seed]
        for item in items:
            out[f"place.{book['file']}:{item['line']}"] = {k: f"{book['zh']}·{item[k]}" for k in LANGS}
    return out


def paragraphs(file: str) -> list:
    """The Chinese lines of a seed (each a paragraph), in order."""
    return [n for n, text in sorted(_lines().get(file, {}).items()) if not korean(text)]


def source(cited: str, around: int = AROUND) -> dict:
    """A line of a book in its chapter: the book, the chapter, the line itself (Chinese and Korean)
    and ``around`` paragraphs on each side within the chapter; a UserError naming what a citation
    may be otherwise."""
    found = seed_of(cited)
    if found is None or not line(*found):
        raise error("books.unknown_line", line=str(cited), seeds=", ".join(sorted(files())))
    file, n = found
    if korean(_lines()[file][n]) and line(file, n).get("zh"):
        n -= 2                                    # a Korean line is read with the Chinese it translates
    here = chapter(file, n)
    mine = [p for p in paragraphs(file) if chapter(file, p) == here and p > 1]
    at = mine.index(n) if n in mine else None
    shown = mine[max(0, at - around):at + around + 1] if at is not None else [n]
    book = books()[file[:3]]
    return {"source": f"{file}:{n}", "seed": file[:3], "line": n,
            "book": {k: book[k] for k in LANGS},
            "chapter": {**{k: here[k] for k in LANGS}, "line": here["line"]} if here else None,
            "lines": [{"line": p, **line(file, p), "cited": p == n} for p in shown]}
