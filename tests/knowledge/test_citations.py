"""Every quote of the books is the text of the line it cites (issue 27, items 1 and 2).

A citation is ``FILE:LINE QUOTE``: a ``# source:`` or ``# gloss:`` line of a clause or a table, a
table's comment line that begins with a citation (the notes of star_table.tsv), or a field of a
table row (the source columns; facts/declined.tsv's source with its quote, a list of the line's
phrases). The quote must stand on line LINE of the seed. A ``# source:`` cites the book, a Chinese
line; a ``# gloss:`` the translator, a Korean line (N+2 of its Chinese N), so what rests on the
translator's words says so. A closing note in parentheses with Latin letters in it is not quoted
(``render.source_parts``); parts joined by ``…`` or ``...`` are checked one by one; whitespace and
punctuation do not count. A citation without a quote (topic.tsv, glossary.tsv's lists) must name
a line of text."""
import re
from pathlib import Path

import pytest

from queries import books
from queries.coverage import DECLINED, chinese, phrases
from queries.engine.render import source_parts

ROOT = Path(__file__).resolve().parents[2]
CITE = re.compile(r"\d{3}_[0-9a-f]+\.txt:\d+")
QUOTED = re.compile(rf"{CITE.pattern}\s+\S.*")
COMMENT = re.compile(rf"#\s*(?:(source|gloss):\s*)?({CITE.pattern}.*)")
PUNCT = re.compile(r"[\s，。；：？！、,.;:?!「」『』（）()〔〕【】《》〈〉…—\-·‧\"'“”‘’]+")



def norm(text: str) -> str:
    return PUNCT.sub("", text)


def pieces(quote: str) -> list:
    """The parts of a quote, each to be found on its line as it is, punctuation and spaces aside.

    >>> pieces("用神有氣，… 自然吉...")
    ['用神有氣', '自然吉']
    """
    return [norm(p) for p in re.split(r"…+|\.\.\.+", quote) if norm(p)]


def citations(root: Path):
    """(where, citation, kind) for every citation under root's kb/ and facts/, in file order: kind
    is ``source`` or ``gloss`` for a line that says which, else None."""
    paths = sorted((root / "kb").rglob("*.dl")) + sorted((root / "facts").rglob("*.tsv"))
    for path in paths:
        label = path.relative_to(root)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{label}:{n}"
            if line.lstrip().startswith("#"):
                comment = COMMENT.fullmatch(line.strip())
                if comment:
                    yield where, comment.group(2), comment.group(1)
                continue
            fields = line.split("\t")
            for k, field in enumerate(fields):
                if QUOTED.fullmatch(field):
                    yield where, field, None
                elif path.name == DECLINED and CITE.fullmatch(field) and k + 1 < len(fields):
                    yield where, f"{field} {'…'.join(phrases(fields[k + 1]))}", None
                else:
                    yield from ((where, cite, None) for cite in CITE.findall(field))


def faults(root: Path, seeds: list) -> list:
    """'where: citation's line: what is wrong' for every citation whose line or quote the seed lacks,
    every ``# gloss:`` of a Chinese line and every ``# source:`` of a Korean one."""
    texts = {name: text.splitlines() for name, text in seeds}
    out = []
    for where, citation, kind in citations(root):
        part = source_parts(citation)
        name, _, number = part["source"].rpartition(":")
        lines = texts.get(name, [])
        if not 0 < int(number) <= len(lines) or not lines[int(number) - 1].strip():
            out.append(f"{where}: {part['source']}: no line of text there")
            continue
        text = lines[int(number) - 1]
        missing = [p for p in pieces(part["quote"]) if p not in norm(text)]
        if missing:
            out.append(f"{where}: {part['source']}: not on the line: {'…'.join(missing)}")
        elif kind == "gloss" and chinese(text):
            out.append(f"{where}: {part['source']}: a gloss of the book's own line: cite it as # source:")
        elif kind == "source" and not chinese(text):
            out.append(f"{where}: {part['source']}: the translator's Korean: cite it as # gloss:")
    return out


@pytest.fixture(scope="module")
def seeds():
    """(file, text) of each seed, from the shipped books (made from the seeds, tests/app/test_books.py)."""
    return books.seed_texts()


def test_every_quote_is_the_text_of_the_line_it_cites(seeds):
    assert faults(ROOT, seeds) == []


def test_the_citations_are_all_read():
    found = [(where, source_parts(citation)["quote"]) for where, citation, _ in citations(ROOT)]
    assert sum(where.startswith("kb/") and quote != "" for where, quote in found) > 2000
    for table in ("star_table", "declined", "reading_class", "topic"):       # comments, quote fields, bare
        assert any(where.startswith(f"facts/{table}.tsv:") for where, _ in found), table


def test_a_stitched_quote_a_paraphrase_a_wrong_line_and_an_unmarked_gloss_are_faults(folder):
    seed = "000_0a.txt"
    root = folder({f"seeds/{seed}": "title\n\n世應相生則吉，世應相剋則凶。\n\n세효와 응효가 서로 생하면 길하다\n",
                   "kb/r.dl": f"# source: {seed}:3  世應相生則吉 … 則凶 (the pair)\n"
                              f"# source: {seed}:3  世應相生則吉，則凶\n"
                              f"# source: {seed}:5  세효와 응효가 서로 생하면\n"
                              f"# source: {seed}:5  세효와 응효가 상생하면\n"
                              f"# source: {seed}:3  세효와 응효가 서로 생하면\n"
                              f"# gloss: {seed}:5  세효와 응효가 서로 생하면 (the pair)\n"
                              f"# gloss: {seed}:3  世應相生則吉\n",
                   "facts/t.tsv": f"# {seed}:9  世應\nname\tsource\na\t{seed}:3 世應相剋\nb\t{seed}:4\n",
                   "facts/declined.tsv": f"source\tquote\treason\n{seed}:3\t世應相剋則吉\trhetoric\n"})
    assert faults(root, [(seed, (root / "seeds" / seed).read_text(encoding="utf-8"))]) == [
        f"kb/r.dl:2: {seed}:3: not on the line: 世應相生則吉則凶",
        f"kb/r.dl:3: {seed}:5: the translator's Korean: cite it as # gloss:",
        f"kb/r.dl:4: {seed}:5: not on the line: 세효와응효가상생하면",
        f"kb/r.dl:5: {seed}:3: not on the line: 세효와응효가서로생하면",
        f"kb/r.dl:7: {seed}:3: a gloss of the book's own line: cite it as # source:",
        f"facts/declined.tsv:2: {seed}:3: not on the line: 世應相剋則吉",
        f"facts/t.tsv:1: {seed}:9: no line of text there",
        f"facts/t.tsv:4: {seed}:4: no line of text there"]
