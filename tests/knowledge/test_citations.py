"""Every quote of the books is the text of the line it cites (issue 27, item 1).

A citation is ``FILE:LINE QUOTE``: a ``# source:`` line of a clause or a table, a table's comment line
that begins with the citation (the notes of star_table.tsv), or a field of a table row (the source
columns; facts/declined.tsv's source and quote, a list of the line's phrases). The quote is checked on line LINE of the seed as
written: a Chinese line for the book, a Korean line (N+2 of its Chinese N) for the translator. A
trailing note in parentheses with Latin letters in it is not quoted (``render.source_parts``); the
parts of a quote joined by ``…`` or ``...`` are checked one by one; whitespace and punctuation do not
count. A citation without a quote (topic.tsv, glossary.tsv's lists) must name a line of text."""
import re
from pathlib import Path

import pytest

from queries.coverage import default_seeds, phrases
from queries.engine.render import source_parts

ROOT = Path(__file__).resolve().parents[2]
SEEDS = default_seeds()
CITE = re.compile(r"\d{3}_[0-9a-f]+\.txt:\d+")
QUOTED = re.compile(rf"({CITE.pattern})\s+(\S.*)")
COMMENT = re.compile(rf"#\s*(?:source:\s*)?({CITE.pattern}.*)")
PUNCT = re.compile(r"[\s，。；：？！、,.;:?!「」『』（）()〔〕【】《》〈〉…—\-·‧\"'“”‘’]+")
GENERATED = {"seed_korean.tsv"}     # made from the seeds, checked current by test_question_sources


def norm(text: str) -> str:
    return PUNCT.sub("", text)


def parts(quote: str) -> list:
    """The pieces of a quote, each to be found on its line: the note dropped, split at … or ...

    >>> parts("用神有氣 … 自然吉 (the use-god)")
    ['用神有氣', '自然吉']
    """
    return [norm(p) for p in re.split(r"…+|\.\.\.+", source_parts("x.txt:1 " + quote)["quote"]) if norm(p)]


def citations(root: Path):
    """(where, cite, quote) of every citation under root's kb/ and facts/; quote is None for a bare one."""
    paths = sorted((root / "kb").rglob("*.dl")) + sorted(p for p in (root / "facts").rglob("*.tsv")
                                                         if p.name not in GENERATED)
    for path in paths:
        label = path.relative_to(root)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{label}:{n}"
            if line.lstrip().startswith("#"):
                m = COMMENT.fullmatch(line.strip())
                if m:
                    cite, quote = QUOTED.fullmatch(m.group(1)).groups() if QUOTED.fullmatch(m.group(1)) else \
                        (m.group(1), None)
                    yield where, cite, quote
                continue
            fields = line.split("\t")
            for k, field in enumerate(fields):
                m = QUOTED.fullmatch(field)
                if m:
                    yield where, m.group(1), m.group(2)
                elif CITE.fullmatch(field) and path.name == "declined.tsv" and k + 1 < len(fields):
                    yield where, field, "…".join(phrases(fields[k + 1]))
                else:
                    for cite in CITE.findall(field):
                        yield where, cite, None


def faults(root: Path, seeds: Path) -> list:
    """'where: cite: what is wrong' for every citation whose line or quote is not in the seed."""
    texts = {p.name: p.read_text(encoding="utf-8").splitlines() for p in sorted(seeds.glob("*.txt"))}
    out = []
    for where, cite, quote in citations(root):
        name, _, number = cite.rpartition(":")
        lines = texts.get(name, [])
        if not 0 < int(number) <= len(lines) or not lines[int(number) - 1].strip():
            out.append(f"{where}: {cite}: no line of text there")
            continue
        line = norm(lines[int(number) - 1])
        missing = [p for p in parts(quote or "") if p not in line]
        if quote is not None and (missing or not parts(quote)):
            out.append(f"{where}: {cite}: not on the line: {'…'.join(missing) or quote!r}")
    return out


@pytest.fixture(scope="module")
def seeds():
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not beside this checkout ({SEEDS})")
    return SEEDS


def test_every_quote_is_the_text_of_the_line_it_cites(seeds):
    assert faults(ROOT, seeds) == []


def test_the_citations_are_all_read():
    found = list(citations(ROOT))
    assert sum(quote is not None for _, _, quote in found) > 2500
    assert sum(where.startswith("kb/") for where, _, _ in found) > 2000
    assert any(where.startswith("facts/star_table.tsv") for where, _, _ in found)
    assert any(where.startswith("facts/declined.tsv") for where, _, _ in found)


def test_a_stitched_quote_a_paraphrase_and_a_wrong_line_are_faults(folder):
    seed = "000_0a.txt"
    root = folder({f"seeds/{seed}": "title\n\n世應相生則吉，世應相剋則凶。\n\n세효와 응효가 서로 생하면 길하다\n",
                   "kb/r.dl": f"# source: {seed}:3  世應相生則吉 … 則凶 (the pair)\n"
                              f"# source: {seed}:3  世應相生則凶\n"
                              f"# source: {seed}:5  세효와 응효가 서로 생하면\n"
                              f"# source: {seed}:5  세효와 응효가 상생하면\n"
                              f"# source: {seed}:3  세효와 응효가 서로 생하면\n",
                   "facts/t.tsv": f"# {seed}:9  世應\nname\tsource\na\t{seed}:3 世應相剋\nb\t{seed}:4\n",
                   "facts/declined.tsv": f"source\tquote\treason\n{seed}:3\t世應相剋則吉\trhetoric\n"})
    assert faults(root, root / "seeds") == [
        f"kb/r.dl:2: {seed}:3: not on the line: '世應相生則凶'",
        f"kb/r.dl:4: {seed}:5: not on the line: '세효와응효가상생하면'",
        f"kb/r.dl:5: {seed}:3: not on the line: '세효와응효가서로생하면'",
        f"facts/declined.tsv:2: {seed}:3: not on the line: '世應相剋則吉'",
        f"facts/t.tsv:1: {seed}:9: no line of text there",
        f"facts/t.tsv:4: {seed}:4: no line of text there"]
