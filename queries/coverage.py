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
import sys
from pathlib import Path

from .engine import read_table
from .engine.errors import KnowledgeError
from .engine.files import knowledge_files, read_text
from .knowledge import shipped_dir
from .labels import WORDS, check_lang

CITE = re.compile(r"(\d{3})_[0-9a-f]+\.txt:(\d+)[ \t]+([^\n|]*)")
SPLIT = re.compile(r"[，。；：？！、,.;:?!\s「」『』（）()〔〕【】《》〈〉…—\-]+")
DECLINED = "declined.tsv"

REASON = {"en": "reason", "ko": "reason_ko", "zh": "reason_zh"}


def default_seeds() -> Path:
    """The seed texts beside the project: ``$LIUYAO_SEEDS``, else ../shared/seeds (or ../../shared/seeds
    from a worktree); the first of them when none exists."""
    if os.environ.get("LIUYAO_SEEDS"):
        return Path(os.environ["LIUYAO_SEEDS"])
    near = [shipped_dir().parent / "shared" / "seeds", shipped_dir().parent.parent / "shared" / "seeds"]
    return next((p for p in near if p.is_dir()), near[0])


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
    declined (with the reason in three languages) or missing. Sorted by seed and line."""
    root = Path(root) if root else shipped_dir()
    seeds = Path(seeds) if seeds else default_seeds()
    encoding, declining = quotes(root)
    reasons = _reasons(root)
    out = []
    for path, text in seed_texts(seeds):
        seed = path.name[:3]
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
                out.append({"seed": seed, "file": path.name, "line": n, "phrases": items})
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


# ---- the seeds' own Korean of the cited lines ------------------------------------------------

KOREAN_TABLE = "seed_korean.tsv"
KOREAN_HEADER = """\
# seed_korean — the seeds' own Korean of every seed line a clause of kb/ cites: for a Chinese line N its
# Korean twin, line N+2; for a Korean line, the line itself. The seeds are not shipped; this table is, so a
# reading's sources carry the Korean (queries.readings). Generated from the seeds, do not edit:
#   python -m queries.coverage --korean > facts/seed_korean.tsv
file\tline:int\tkorean
"""


def korean_lines(seeds: Path | None = None, root: Path | None = None) -> list:
    """(seed file, line, Korean text) for every seed line a clause of root's kb/ cites, sorted.

    >>> import tempfile
    >>> top = Path(tempfile.mkdtemp())
    >>> for name, body in {"seeds/000_0a.txt": "title\\n\\n父動當頭克子孫。\\n\\n부모가 발동하면\\n",
    ...                    "kb/kb/r.dl": "# @rule r.1 父動\\n# source: 000_0a.txt:3  父動當頭克子孫\\nr(1) <= s(1)\\n"}.items():
    ...     (top / name).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (top / name).write_text(body, encoding="utf-8")
    >>> korean_lines(top / "seeds", top / "kb")
    [('000_0a.txt', 3, '부모가 발동하면')]
    """
    root = Path(root) if root else shipped_dir()
    seeds = Path(seeds) if seeds else default_seeds()
    files = {path.name[:3]: path for path in sorted(seeds.glob("*.txt"))}
    cited = set()
    for path in sorted((root / "kb").rglob("*.dl")):
        cited |= {(seed, line) for seed, line, _, _ in _clause_quotes(path, str(path))}
    out = []
    texts = {}
    for seed, line in sorted(cited):
        if seed not in files:
            continue
        if seed not in texts:
            texts[seed] = files[seed].read_text(encoding="utf-8").splitlines()
        lines = texts[seed]
        at = line if 0 < line <= len(lines) and not chinese(lines[line - 1]) else line + 2
        if 0 < at <= len(lines) and lines[at - 1].strip() and not chinese(lines[at - 1]):
            out.append((files[seed].name, line, " ".join(lines[at - 1].split())))
    return out


def korean_table(seeds: Path | None = None, root: Path | None = None) -> str:
    """facts/seed_korean.tsv as text (``korean_lines`` under its header)."""
    return KOREAN_HEADER + "".join(f"{file}\t{line}\t{text}\n" for file, line, text in korean_lines(seeds, root))


def main(argv=None) -> int:
    """``python -m queries.coverage --korean [SEEDS]``: print facts/seed_korean.tsv."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "--korean" or len(args) > 2:
        print("usage: python -m queries.coverage --korean [SEEDS] > facts/seed_korean.tsv", file=sys.stderr)
        return 2
    seeds = Path(args[1]) if len(args) > 1 else default_seeds()
    if not seeds.is_dir():
        print(f"{seeds}: not a folder of seed texts", file=sys.stderr)
        return 2
    sys.stdout.write(korean_table(seeds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
