"""The tutorials are tested transcripts.

Each ``liuyao`` block of docs/tutorial*.md is a piece of one REPL session: lines starting with
``liuyao> `` (and ``   ...> `` for a goal's continuation) are typed, the others are what the
REPL answers. The test writes the files of the ``file=PATH`` blocks into an empty folder, pipes
every typed line into ``liuyao repl --echo`` there, and requires

- the output to equal ``tests/golden/tutorial*.txt`` byte for byte, and
- the tutorial's blocks, put together, to equal that output (so the text shows what happens).

When the knowledge changes on purpose, regenerate both (then reread the prose around them)::

    LIUYAO_UPDATE_GOLDEN=1 python -m pytest tests/app/test_tutorial.py
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from queries.repl import MORE, PROMPT

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
TUTORIALS = {"tutorial.md": "tutorial.txt", "tutorial.ko.md": "tutorial.ko.txt"}
FENCE = re.compile(r"^```([^\s`]*)([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)


def blocks(text):
    """(language, info, body, (start, end) of the body) of every fenced block."""
    for m in FENCE.finditer(text):
        yield m.group(1), m.group(2).strip(), m.group(3), m.span(3)


def typed(body):
    """The inputs of a session block, continuation lines joined to their first line."""
    inputs = []
    for line in body.splitlines():
        if line.startswith(PROMPT):
            inputs.append(line[len(PROMPT):])
        elif line.startswith(MORE) and inputs:
            inputs[-1] += "\n" + line[len(MORE):]
    return inputs


def segments(transcript):
    """The transcript cut before each echoed input."""
    cut = [m.start() for m in re.finditer("^" + re.escape(PROMPT), transcript, re.M)]
    return [transcript[a:b] for a, b in zip(cut, cut[1:] + [len(transcript)])]


def replay(text, folder):
    for language, info, body, _ in blocks(text):
        file = re.search(r"\bfile=(\S+)", info)
        if file:
            path = folder / file.group(1)
            assert folder in path.resolve().parents, f"{file.group(1)}: a file outside the tutorial folder"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
    script = "".join(i + "\n" for lang, _, body, _ in blocks(text) if lang == "liuyao" for i in typed(body))
    env = dict(os.environ, PYTHONPATH=str(ROOT), LIUYAO_SEEDS=str(folder / "no-seeds"))  # the same with or without them
    done = subprocess.run([sys.executable, "-m", "queries.repl", "--echo"], input=script.encode("utf-8"),
                          capture_output=True, cwd=folder, env=env, timeout=300)
    assert done.stderr == b"", done.stderr.decode("utf-8", "replace")
    return done.stdout


@pytest.mark.parametrize("doc, golden", sorted(TUTORIALS.items()))
def test_tutorial_transcript(doc, golden, tmp_path):
    path, expected = ROOT / "docs" / doc, GOLDEN / golden
    text = path.read_text(encoding="utf-8")
    sessions = [(body, span) for lang, _, body, span in blocks(text) if lang == "liuyao"]
    assert sessions, f"{doc} has no liuyao blocks"
    out = replay(text, tmp_path)
    if os.environ.get("LIUYAO_UPDATE_GOLDEN"):
        expected.parent.mkdir(parents=True, exist_ok=True)
        expected.write_bytes(out)
        pieces = iter(segments(out.decode("utf-8")))
        updated = text
        shown = [("".join(next(pieces) for _ in typed(body)), span) for body, span in sessions]
        for body, (start, end) in reversed(shown):
            updated = updated[:start] + body + updated[end:]
        path.write_text(updated, encoding="utf-8")
        return
    assert expected.exists(), f"no {expected}; run LIUYAO_UPDATE_GOLDEN=1 pytest {__file__}"
    assert out == expected.read_bytes(), (
        f"the REPL's answers differ from {expected.relative_to(ROOT)}; if the knowledge changed on "
        f"purpose, run LIUYAO_UPDATE_GOLDEN=1 pytest tests/app/test_tutorial.py and reread docs/{doc}")
    assert "".join(body for body, _ in sessions) == out.decode("utf-8"), (
        f"docs/{doc} does not show the transcript {expected.relative_to(ROOT)}")


def test_the_tutorials_use_every_kind_of_step():
    for doc in TUTORIALS:
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        inputs = [i for lang, _, body, _ in blocks(text) if lang == "liuyao" for i in typed(body)]
        for needed in (":cast 787889 month 戌 day 乙巳", ":why line_relative(C, 3, '妻財')", ":why day_break(C, 3)",
                       ":whynot hidden_motion(C, 3)", ":load my-rules", ":why void_exempt(C, 'line', 1, R)",
                       ":judge wealth", "?- use_grade(C, G)."):
            assert needed in inputs, f"{doc}: {needed}"
        assert any("file=my-rules/kb/" in info for _, info, _, _ in blocks(text)), doc


def test_the_example_folder_is_the_tutorials():
    """examples/my-rules holds the files the tutorials write, byte for byte, and nothing else."""
    example = ROOT / "examples"
    shipped = {str(p.relative_to(example)): p.read_text(encoding="utf-8")
               for p in sorted(example.rglob("*")) if p.is_file()}
    for doc in TUTORIALS:
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        written = {re.search(r"\bfile=(\S+)", info).group(1): body
                   for _, info, body, _ in blocks(text) if "file=" in info}
        assert written == shipped, doc


def test_the_example_folder_passes_check(capsys):
    from queries.cli import main
    assert main(["check", str(ROOT / "examples" / "my-rules")]) == 0
    assert capsys.readouterr().out == "0 errors, 0 warnings\n"
