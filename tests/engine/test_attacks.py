"""Hostile clause files: every one is refused before pyDatalog sees it, and nothing runs.

Each is read as a user folder together with the tests' base program (``base/``).

Each ``tests/attacks/NN_name.dl`` says its intent in ``#`` comments and would write the
file ``MARKER`` if any of it ran; the test puts a fresh path in place of ``MARKER``.
Optional header comments:

``# expect: <text>``   some problem contains this text;
``# benign: <atom>``   the reader may return this fact or rule (a harmless part of a line).
"""
import re
from pathlib import Path

import pytest

from queries.engine.errors import KnowledgeError
from queries.engine.reader import parse_text

from .programs import check_folder, with_base

ATTACKS = sorted((Path(__file__).parent / "attacks").glob("*.dl"))

KNOWN_BUGS = {}


def _cases():
    for path in ATTACKS:
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[path.name])] \
            if path.name in KNOWN_BUGS else []
        yield pytest.param(path, id=path.stem, marks=marks)


CASES = list(_cases())


def _headers(text, key):
    return [line.split(":", 1)[1].strip() for line in text.splitlines()
            if line.startswith(f"# {key}:")]


def _statement_lines(text):
    """1-based numbers of the lines that are neither blank nor comments."""
    return {n for n, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.strip().startswith("#")}


def _plant(tmp_path, attack: Path, text=None):
    """A user folder holding the attack with MARKER replaced; returns (folder, marker, text)."""
    marker = tmp_path / "marker.txt"
    original = attack.read_text(encoding="utf-8") if text is None else text
    text = original.replace("MARKER", str(marker))
    folder = tmp_path / "user"
    folder.mkdir()
    (folder / attack.name).write_text(text, encoding="utf-8")
    return folder, marker, text


def _located(problems, label, text):
    """The problems that start with label:<line of a statement>."""
    pattern = re.compile(re.escape(label) + r":(\d+): \S")
    lines = _statement_lines(text)
    return [p for p in problems if (m := pattern.match(p)) and int(m.group(1)) in lines]


def test_enough_attack_files():
    assert len(ATTACKS) >= 12, [p.name for p in ATTACKS]


@pytest.mark.parametrize("attack", ATTACKS, ids=[p.stem for p in ATTACKS])
def test_attack_file_is_well_formed(attack):
    text = attack.read_text(encoding="utf-8")
    assert re.fullmatch(r"\d\d_\w+\.dl", attack.name)
    assert "MARKER" in text, "the attack must aim at the marker the test controls"
    assert text.startswith("# Attack:"), "state the intent in a comment"
    assert _statement_lines(text)


@pytest.mark.parametrize("attack", CASES)
def test_reader_refuses(attack, tmp_path):
    _, _, text = _plant(tmp_path, attack)
    rules, facts, problems = parse_text(text, attack.name, "user")
    located = _located(problems, attack.name, text)
    assert located, problems
    for expected in _headers(text, "expect"):
        assert any(expected in p for p in located), (expected, problems)
    benign = set(_headers(text, "benign"))
    returned = [str(r) for r in rules] + [str(f.atom) for f in facts]
    assert all(r in benign for r in returned), returned


@pytest.mark.parametrize("attack", CASES)
def test_knowledge_base_refuses_and_nothing_runs(attack, tmp_path):
    folder, marker, text = _plant(tmp_path, attack)
    try:
        with_base(folder)
        problems = None
    except KnowledgeError as e:
        problems = e.problems
    assert not marker.exists(), "the hostile code ran"
    assert problems is not None, "the knowledge base loaded the file"
    assert _located(problems, f"{folder}/{attack.name}", text)


@pytest.mark.parametrize("attack", CASES)
def test_check_folder_lists_the_problem(attack, tmp_path):
    folder, marker, text = _plant(tmp_path, attack)
    problems = check_folder(folder)
    errors = [p for p in problems if not p.endswith("(warning)")]
    located = _located(errors, f"{folder}/{attack.name}", text)
    assert located, problems
    for expected in _headers(text, "expect"):
        assert any(expected in p for p in located), (expected, problems)
    assert not marker.exists()


BENIGN = """\
# Attack: none; the control shows the harness loads a good file and finds its answers.
# @rule control.1 a clash seen from a user folder (MARKER is only a word here)
user_clash(X, Y) <= clash(X, Y) & branch_order(X, I) & (I < 6)
+ note('MARKER')
"""


def test_control_benign_file_loads_through_the_same_harness(tmp_path):
    attack = Path("00_control.dl")
    folder, marker, text = _plant(tmp_path, attack, BENIGN)
    rules, facts, problems = parse_text(text, attack.name, "user")
    assert problems == [] and len(rules) == 1 and len(facts) == 1
    assert _located(["00_control.dl:3: x", "00_control.dl:1: x"], attack.name, text) \
        == ["00_control.dl:3: x"]
    assert check_folder(folder) == []
    kb = with_base(folder)
    assert kb.ask("clash('子', X)") == [('午',)]
    assert kb.ask("user_clash('子', X)") == [('午',)]
    assert kb.ask("user_clash('午', X)") == []
    assert kb.ask("note(X)") == [(str(marker),)]
    assert not marker.exists()


def test_text_pydatalog_would_rewrite_is_refused(tmp_path):
    # pyDatalog's load() strips the first indented line's indentation from every line, even
    # inside multi-line strings, so such text would run differently from how it was checked
    folder = tmp_path / "user"
    folder.mkdir()
    (folder / "x.dl").write_text("+ note('''a\n   b''')\n", encoding="utf-8")
    problems = check_folder(folder)
    assert problems and all(p.startswith(f"{folder}/x.dl:") for p in problems)
    assert any("differently" in p for p in problems) and any("line break" in p for p in problems)
    (folder / "x.dl").write_text("ok(X) <= (branch_order(X, 0) &\n    branch_order(X, _I))\n",
                                 encoding="utf-8")
    assert with_base(folder).ask("ok(X)") == [("子",)]
