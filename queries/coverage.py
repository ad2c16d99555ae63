"""How much of the books the knowledge encodes, phrase by phrase.

A phrase is a run of the Chinese text of a seed line between punctuation marks, two characters
or more. It is encoded when a quote cited for that line (or for its Korean twin, line N+2) — a
``# source:`` line of a clause, a comment or a source column of a fact table — shares four
consecutive characters with it (the whole phrase if shorter); declined when a row of
``facts/declined.tsv`` for the line does. The hook ``before-stop`` counts the same way.

>>> import tempfile
>>> from pathlib import Path
>>> top = Path(tempfile.mkdtemp())
>>> for name, body in {"seeds/000_0a.txt": "title\\n\\n父動當頭克子孫，萬千言不盡，兄動女人殃。\\n",
...                    "kb/kb/r.dl": "# @rule r.1 父動\\n# source: 000_0a.txt:3  父動當頭克子孫\\nr(1) <= s(1)\\n",
...                    "kb/facts/declined.tsv": "source\\tquote\\treason\\treason_ko\\treason_zh\\n"
...                                             "000_0a.txt:3\\t萬千言不盡\\trhetoric\\t수사\\t修辭\\n"}.items():
...     (top / name).parent.mkdir(parents=True, exist_ok=True)
...     _ = (top / name).write_text(body, encoding="utf-8")
>>> lines = coverage(top / "seeds", top / "kb")
>>> [(p["phrase"], p["status"], p["by"]) for p in lines[0]["phrases"]]
[('父動當頭克子孫', 'encoded', ['r.1']), ('萬千言不盡', 'declined', []), ('兄動女人殃', 'missing', [])]
>>> print(text(lines))
000:3
  父動當頭克子孫  encoded  r.1
  萬千言不盡  declined  rhetoric
  兄動女人殃  missing
phrases encoded or declined: 2/3 (000 2/3)
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from . import books
from .engine import read_table
from .engine.errors import KnowledgeError
from .engine.files import knowledge_files, read_text
from .knowledge import shipped_dir
from .labels import WORDS, check_lang

CITE = re.compile(r"(\d{3})_[0-9a-f]+\.txt:(\d+)[ \t]+([^\n|]*)")
SPLIT = re.compile(r"[，。；：？！、,.;:?!\s「」『』（）()〔〕【】《》〈〉…—\-]+")
DECLINED = "declined.tsv"
GLOSSARY = "glossary.tsv"

REASON = {"en": "reason", "ko": "reason_ko", "zh": "reason_zh"}


def default_seeds() -> Path | None:
    """A folder of seed texts to count instead of the shipped books: ``$LIUYAO_SEEDS``, else None
    (the books shipped in books/, made from the seeds, ``queries.books``)."""
    return Path(os.environ["LIUYAO_SEEDS"]) if os.environ.get("LIUYAO_SEEDS") else None


def source_seeds() -> Path | None:
    """The seeds the shipped books are made from, beside the checkout: ../shared/seeds (or
    ../../shared/seeds from a worktree); None where they are absent (an installed copy)."""
    near = [shipped_dir().parent / "shared" / "seeds", shipped_dir().parent.parent / "shared" / "seeds"]
    return next((p for p in near if p.is_dir()), None)


def phrases(line: str) -> list:
    """The phrases of a line of Chinese text.

    >>> phrases("世應相生則吉，世應相剋則凶。")
    ['世應相生則吉', '世應相剋則凶']
    """
    return [p for p in SPLIT.split(line) if len(p) >= 2]


def shares(phrase: str, quote: str) -> bool:
    """Whether a quote holds four consecutive characters of the phrase (all of it if shorter).

    >>> shares("病人無藥主昏沉", "父動當頭克子孫，病人無藥"), shares("病人無藥主昏沉", "病人")
    (True, False)
    """
    k = min(4, len(phrase))
    return any(phrase[i:i + k] in quote for i in range(len(phrase) - k + 1))


def chinese(line: str) -> bool:
    letters = [c for c in line if not c.isspace()]
    return bool(letters) and sum("\uac00" <= c <= "\ud7a3" for c in letters) / len(letters) < 0.3


def _clause_quotes(path: Path, label: str):
    """(seed, line, quote, who) of a clause file: who is the rule id, or file:line for a comment."""
    block = []
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = text.strip()
        if stripped.startswith("#"):
            block.append((n, stripped))
            continue
        rule = next((s.split()[2] for _, s in block if s.startswith("# @rule") and len(s.split()) > 2), None)
        for m, comment in block:
            for cite in CITE.finditer(comment):
                yield cite.group(1), int(cite.group(2)), cite.group(3), rule if stripped and rule else f"{label}:{m}"
        block = []
    for m, comment in block:
        for cite in CITE.finditer(comment):
            yield cite.group(1), int(cite.group(2)), cite.group(3), f"{label}:{m}"


def _table_quotes(path: Path, label: str):
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for cite in CITE.finditer(text):
            yield cite.group(1), int(cite.group(2)), cite.group(3), f"{label}:{n}"


def quotes(root: Path | None = None) -> tuple:
    """(encoding, declining): (seed, line) -> [(quote, who)] from the clauses and tables of root."""
    root = Path(root) if root else shipped_dir()
    encoding, declining = {}, {}
    for path in sorted((root / "kb").rglob("*.dl")):
        for seed, line, quote, who in _clause_quotes(path, str(path.relative_to(root))):
            encoding.setdefault((seed, line), []).append((quote, who))
    for path in sorted((root / "facts").rglob("*.tsv")):
        if path.name == GLOSSARY:
            continue                       # a definition quoted for a term encodes nothing
        into = declining if path.name == DECLINED else encoding
        for seed, line, quote, who in _table_quotes(path, str(path.relative_to(root))):
            into.setdefault((seed, line), []).append((quote, who))
    return encoding, declining


def _reasons(root: Path) -> dict:
    path = root / "facts" / DECLINED
    if not path.exists():
        return {}
    table = read_table(path, str(path))
    names = [c.name for c in table.columns]
    out = {}
    for row in table.rows:
        values = dict(zip(names, row.values))
        source = values["source"]
        out.setdefault((source[:3], int(source.rpartition(":")[2]), values["quote"]), values)
    return out


def seed_texts(seeds: Path) -> list:
    """(path, text) of each seed text ``*.txt`` in the folder, read as knowledge files are
    (``engine.files``: regular files inside the folder, bounded in size, UTF-8, never a pipe or
    a link out); a KnowledgeError names every ``*.txt`` in it that is not one."""
    (found,), problems, identity = knowledge_files(seeds, ("*.txt",), str)
    texts = []
    for path in found:
        try:
            text = read_text(path, str(path), identity.get(path))
        except KnowledgeError as e:
            problems += e.problems
            continue
        if path.parent == seeds:
            texts.append((path, text))
    if problems:
        raise KnowledgeError(problems)
    return texts


def coverage(seeds: Path | None = None, root: Path | None = None) -> list:
    """Per seed line of Chinese text: its phrases, each encoded (by which rules or table rows),
    declined (with the reason in three languages) or missing. Sorted by seed and line. The seeds
    are the shipped books unless a folder of them is given (or ``$LIUYAO_SEEDS``)."""
    root = Path(root) if root else shipped_dir()
    seeds = Path(seeds) if seeds else default_seeds()
    encoding, declining = quotes(root)
    reasons = _reasons(root)
    out = []
    texts = [(path.name, text) for path, text in seed_texts(seeds)] if seeds else books.seed_texts()
    for name, text in texts:
        seed = name[:3]
        for n, text in enumerate(text.splitlines(), 1):
            if n == 1 or not chinese(text):
                continue
            enc = encoding.get((seed, n), []) + encoding.get((seed, n + 2), [])
            dec = declining.get((seed, n), []) + declining.get((seed, n + 2), [])
            items = []
            for phrase in phrases(text):
                by = sorted({who for quote, who in enc if shares(phrase, quote)})
                refused = [q for q, _ in dec if shares(phrase, q)]
                item = {"phrase": phrase, "status": "encoded" if by else "declined" if refused else "missing",
                        "by": by, "reason": None}
                if not by and refused:
                    row = next((r for (s, line, q), r in sorted(reasons.items())
                                if s == seed and line in (n, n + 2) and shares(phrase, q)), None)
                    item["reason"] = {lang: row[col] for lang, col in REASON.items()} if row else None
                items.append(item)
            if items:
                out.append({"seed": seed, "file": name, "line": n, "phrases": items})
    return out


def totals(lines: list) -> dict:
    """seed -> (phrases encoded or declined, phrases), and 'all'."""
    out = {}
    for entry in lines:
        done, total = out.get(entry["seed"], (0, 0))
        items = entry["phrases"]
        out[entry["seed"]] = (done + sum(p["status"] != "missing" for p in items), total + len(items))
    out["all"] = (sum(d for d, _ in out.values()), sum(t for _, t in out.values()))
    return out


def text(lines: list, lang: str = "en", only: str | None = None) -> str:
    """The coverage as text: per line, each phrase with its status and who encodes or why not;
    ``only`` a status (``missing``, ``declined``) lists only the phrases of that status, and the
    declined are counted at the end."""
    words = WORDS[check_lang(lang)]
    out = []
    for entry in lines:
        items = [p for p in entry["phrases"] if only is None or p["status"] == only]
        if not items:
            continue
        out.append(f"{entry['seed']}:{entry['line']}")
        for p in items:
            detail = ", ".join(p["by"]) if p["status"] == "encoded" else \
                (p["reason"] or {}).get(lang, "") if p["status"] == "declined" else ""
            out.append(f"  {p['phrase']}  {words['coverage.' + p['status']]}" + (f"  {detail}" if detail else ""))
    counts = totals(lines)
    parts = ", ".join(f"{seed} {d}/{t}" for seed, (d, t) in sorted(counts.items()) if seed != "all")
    done, total = counts["all"]
    out.append(f"{words['coverage.total']}: {done}/{total}" + (f" ({parts})" if parts else ""))
    if only == "declined":
        out.append(f"{words['coverage.declined_total']}: {sum(p['status'] == 'declined' for e in lines for p in e['phrases'])}")
    return "\n".join(out)
