"""``liuyao batch``: every row its judgment (as ``liuyao judge --json``) or an error line naming
the row and the field, in the order of the input; an existing output is never overwritten, and
``--resume`` goes on after a kill from the last complete line, refusing an output of another
input. A journal's export is an input: each entry judged as it was kept (its question as
corrected), a deleted one marked."""
import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from queries.cli import main
from queries.messages import text

GOOD = {"values": "787889", "month": "戌", "day": "乙巳", "topic": "illness", "about": "father"}


def _judged(capsys, *argv):
    assert main(["judge", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path, rows):
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row, ensure_ascii=False)) + "\n"
                            for row in rows), encoding="utf-8")
    return path


def test_each_row_is_its_judgment_or_an_error_line_in_order(tmp_path, capsys):
    source = _write(tmp_path / "in.jsonl", [
        GOOD, "", {**GOOD, "colour": "red"}, {**GOOD, "seed": "3"}, "{broken", "[1, 2]",
        {k: v for k, v in GOOD.items() if k != "topic"}, {**GOOD, "values": "78788x"},
        {"values": "787889", "month": "戌", "day": "乙巳", "topic": "wealth", "lang": "ko"}])
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "-o", str(out), "--jobs", "2"]) == 1
    assert "6 failed" in capsys.readouterr().err
    header, *rows = _lines(out)
    assert header["batch"] == 1 and header["input"] == "in.jsonl" and header["proof"] is False
    assert [row["row"] for row in rows] == [1, 3, 4, 5, 6, 7, 8, 9]
    assert rows[0] == {"row": 1, **_judged(capsys, "787889", "--month", "戌", "--day", "乙巳", "--topic", "illness",
                                           "--about", "father")}
    assert "proof" not in rows[0]
    errors = {row["row"]: row["error"] for row in rows if "error" in row}
    assert [errors[n]["field"] for n in (3, 4, 5, 6, 7, 8)] == ["colour", "seed", None, None, "topic", "values"]
    assert errors[4]["message"] == "seed: give a whole number"
    assert rows[-1] == {"row": 9, **_judged(capsys, "787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth",
                                            "--lang", "ko")}


def test_a_csv_file_gives_the_same_lines(tmp_path, capsys):
    rows = [GOOD, {"values": "787889", "month": "戌", "day": "乙巳", "topic": "wealth", "set": ["zi_hour=next-day"]}]
    source = _write(tmp_path / "in.jsonl", rows)
    table = tmp_path / "in.csv"
    table.write_text("values,month,day,topic,about,set\n787889,戌,乙巳,illness,father,\n"
                     "787889,戌,乙巳,wealth,,zi_hour=next-day\n", encoding="utf-8")
    for given in (source, table):
        assert main(["batch", str(given), "-o", str(tmp_path / f"{given.name}.out"), "--jobs", "1"]) == 0
    capsys.readouterr()
    json_rows, csv_rows = (_lines(tmp_path / f"{name}.out")[1:] for name in ("in.jsonl", "in.csv"))
    assert [r["row"] for r in csv_rows] == [2, 3]
    assert [{**r, "row": 0} for r in json_rows] == [{**r, "row": 0} for r in csv_rows]


def test_proof_gives_the_proofs_unless_a_row_says_otherwise(tmp_path, capsys):
    source = _write(tmp_path / "in.jsonl", [GOOD, {**GOOD, "proof": False}])
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "-o", str(out), "--proof", "--jobs", "1"]) == 0
    capsys.readouterr()
    proved, plain = _lines(out)[1:]
    cast = ["787889", "--month", "戌", "--day", "乙巳", "--topic", "illness", "--about", "father"]
    assert proved == {"row": 1, **_judged(capsys, *cast, "--proof")} and "proof" in proved
    assert plain == {"row": 2, **_judged(capsys, *cast)} and "proof" not in plain


def test_an_output_is_never_overwritten_and_resume_refuses_another_input(tmp_path, capsys):
    source = _write(tmp_path / "in.jsonl", [{**GOOD, "colour": "red"}])
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "-o", str(out)]) == 1
    kept = out.read_bytes()
    assert main(["batch", str(source), "-o", str(out)]) == 2
    assert "exists: give --resume" in capsys.readouterr().err
    other = _write(tmp_path / "other.jsonl", [GOOD])
    assert main(["batch", str(other), "-o", str(out), "--resume"]) == 2
    assert "was made from another input (in.jsonl)" in capsys.readouterr().err
    assert main(["batch", str(source), "-o", str(out), "--resume", "--proof"]) == 2
    assert "other options" in capsys.readouterr().err
    assert main(["batch", str(source), "-o", str(tmp_path / "in.jsonl"), "--resume"]) == 2
    assert "not an output of liuyao batch" in capsys.readouterr().err
    assert out.read_bytes() == kept
    assert main(["batch", str(source), "-o", str(out), "--resume"]) == 0      # nothing left to judge
    assert out.read_bytes() == kept


def test_a_line_cut_short_is_judged_again(tmp_path, capsys):
    source = _write(tmp_path / "in.jsonl", [{**GOOD, "colour": "red"}, {**GOOD, "seed": "x"}, {**GOOD, "x": 1}])
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    assert main(["batch", str(source), "-o", str(whole)]) == 1
    text = whole.read_text(encoding="utf-8")
    cut.write_text(text[:text.index('{"row":3') + 9], encoding="utf-8")         # a kill in the middle of row 3
    assert main(["batch", str(source), "-o", str(cut), "--resume"]) == 1
    assert cut.read_bytes() == whole.read_bytes()


# Kept in a journal: a moment, pillars with a convention, pillars corrected to the mother, one deleted.
MOMENT = ["787889", "--at", "2024-10-08T12:00", "--tz", "Asia/Seoul", "--topic", "wealth"]
SET = ["788979", "--month", "戌", "--day", "乙巳", "--topic", "illness", "--about", "father",
       "--set", "day_clash_static=always-hidden-motion"]
AMENDED = ["787889", "--month", "戌", "--day", "乙巳", "--topic", "illness", "--about", "father"]
DELETED = ["787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A journal's export (JSON Lines) of the four entries, and its lines."""
    folder = tmp_path_factory.mktemp("journal")
    journal = ["--journal-file", str(folder / "journal.sqlite3")]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for cast in (MOMENT, SET, AMENDED, DELETED):
            assert main(["journal", "add", *cast, *journal]) == 0
        assert main(["journal", "amend", "3", "--about", "mother", "--note", "it was the mother", *journal]) == 0
        assert main(["journal", "delete", "4", "--reason", "asked twice", *journal]) == 0
        assert main(["journal", "export", "--output", str(folder / "export.jsonl"), *journal]) == 0
    path = folder / "export.jsonl"
    return path, _lines(path)


def test_a_journal_export_is_judged_entry_by_entry_as_kept(tmp_path, capsys, exported):
    source, lines = exported
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "-o", str(out), "--jobs", "2"]) == 0
    capsys.readouterr()
    rows = _lines(out)[1:]
    entries = {line["id"]: (n, line["content"]) for n, line in enumerate(lines, 1) if line["kind"] == "entry"}
    assert [(row["row"], row["entry"]) for row in rows] == [(n, {"id": i, "content": c})
                                                            for i, (n, c) in entries.items()]
    corrected = AMENDED[:-1] + ["mother"]
    for row, cast in zip(rows, (MOMENT, SET, corrected)):
        assert {k: v for k, v in row.items() if k not in ("row", "entry")} == _judged(capsys, *cast)
    assert rows[2]["about"] == "mother" and rows[1]["conventions"] != rows[2]["conventions"]
    assert rows[3] == {"row": entries[4][0], "entry": {"id": 4, "content": entries[4][1]}, "deleted": True}


def test_a_bad_line_of_an_export_names_its_row_and_field_in_each_language(tmp_path, capsys, exported):
    entry = exported[1][0]
    cast, question = entry["cast"], entry["question"]
    source = _write(tmp_path / "in.jsonl", [
        {**entry, "cast": {k: v for k, v in cast.items() if k != "lines"}},
        {**entry, "id": "one"},
        {**entry, "cast": {"lines": "787889", "pillars": {"month": "戌", "minute": "午"}}},
        {**entry, "question": {**question, "topic": 3}},
        {**entry, "content": "c0ffee"},
        {"kind": "amendment", "entry": "c0ffee", "question": ["about", "mother"]},
        {"kind": "remark", "entry": "c0ffee"},
        {"kind": "deletion"},
        {**entry, "cast": {**cast, "lines": "78788x"}},
        {"kind": "outcome", "entry": "c0ffee", "happened": "mixed"}])
    said = {}
    for lang in ("en", "ko", "zh"):
        out = tmp_path / f"out.{lang}.jsonl"
        assert main(["batch", str(source), "-o", str(out), "--jobs", "1", "--lang", lang]) == 1
        rows = _lines(out)[1:]
        assert [row["row"] for row in rows] == [1, 2, 3, 4, 5, 7, 8, 9] and all("error" in row for row in rows)
        assert "entry" not in rows[1] and rows[0]["entry"] == {"id": 1, "content": entry["content"]}
        errors = {row["row"]: row["error"] for row in rows}
        assert [errors[n]["field"] for n in errors] == [
            "cast.lines", "id", "cast.pillars.minute", "question.topic", "question", "kind", "entry", "cast.lines"]
        said[lang] = {n: error["message"] for n, error in errors.items()}
        assert said[lang][1] == text("batch.export_needs", lang, field="cast.lines")
        assert said[lang][4] == text("batch.field_kind", lang, field="question.topic", kind=("batch.kind_text", {}))
        not_an_object = ("batch.kind_object", {"fields": "topic, about, asker, horizon, since, in_office, side"})
        assert said[lang][5] == text("batch.amendment", lang, line=6,
                                     reason=("batch.field_kind", {"field": "question", "kind": not_an_object}))
        assert said[lang][7] == text("batch.not_a_kind", lang, kind="remark",
                                     kinds="entry, prediction, amendment, outcome, check, deletion")
    assert "8 failed" in capsys.readouterr().err.splitlines()[0]
    assert all(len({said[lang][n] for lang in said}) == 3 for n in said["en"]), said


def test_a_batch_of_an_export_resumes(tmp_path, capsys, exported):
    source = exported[0]
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    assert main(["batch", str(source), "-o", str(whole), "--jobs", "1"]) == 0
    kept = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    cut.write_text("".join(kept[:2]) + kept[2][:40], encoding="utf-8")   # a kill in the middle of the second entry
    assert main(["batch", str(source), "-o", str(cut), "--resume", "--jobs", "1"]) == 0
    assert ": 3, 0 failed" in capsys.readouterr().err
    assert cut.read_bytes() == whole.read_bytes()


@pytest.mark.slow
def test_a_killed_batch_of_a_thousand_rows_resumes(tmp_path):
    """A thousand rows, one in twenty-five a question judged, the others a cast the worker
    refuses: the batch killed partway (SIGKILL) and resumed gives the lines of a whole run."""
    rows = [GOOD if n % 25 == 0 else {**GOOD, "values": f"78788{n % 10}x"} for n in range(1000)]
    source = _write(tmp_path / "in.jsonl", rows)
    command = [sys.executable, "-m", "queries.cli", "batch", str(source), "--jobs", "2"]
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    assert subprocess.run([*command, "-o", str(whole)], capture_output=True).returncode == 1
    child = subprocess.Popen([*command, "-o", str(resumed)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    began = time.monotonic()
    while (not resumed.exists() or resumed.read_bytes().count(b"\n") < 300) and time.monotonic() - began < 60:
        time.sleep(0.01)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    written = resumed.read_bytes().count(b"\n")
    assert 300 <= written < 1001, written
    done = subprocess.run([*command, "-o", str(resumed), "--resume"], capture_output=True, text=True)
    assert done.returncode == 1 and f": {1001 - written}, " in done.stderr, done.stderr
    assert resumed.read_bytes() == whole.read_bytes()
    assert [line["row"] for line in _lines(resumed)[1:]] == list(range(1, 1001))
