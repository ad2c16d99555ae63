"""``liuyao journal …`` and ``judge --keep`` in this process: a question kept as it is judged,
its prediction the judgment's own, the outcome, the checks, the statistics, rejudge, export and
import, backup and verify; bad input one line and exit 2."""
import contextlib
import csv
import io
import json
import sqlite3

import pytest

from queries.cli import main

CAST = ["787889", "--at", "2024-10-08T12:00", "--tz", "Asia/Seoul", "--topic", "wealth"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """A journal with two questions kept, and the judgment of the first as judge --json says it."""
    path = tmp_path_factory.mktemp("journal") / "journal.sqlite3"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["judge", *CAST, "--json", "--keep", "--words", "돈을 받을까", "--journal-file", str(path)]) == 0
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["journal", "add", "787889", "--month", "戌", "--day", "乙巳", "--topic", "illness", "--about",
                     "father", "--note", "pillars only", "--journal-file", str(path)]) == 0
    return path, json.loads(out.getvalue())


def test_the_prediction_kept_is_the_one_the_judgment_made(kept, capsys):
    path, judged = kept
    code, out, _ = run(capsys, "journal", "show", "1", "--json", "--journal-file", str(path))
    said = json.loads(out)["prediction"]
    assert code == 0 and said["direction"] == judged["verdict"]["direction"]
    assert said["degree"] == judged["verdict"]["degree"] and said["use_god"] == judged["use_god"]
    assert [r["rule"] for r in said["deciding"]] == [r["rule"] for r in judged["readings"] if r["weight"] == "deciding"]
    listed = [(t["rank"], t["kind"], t["branch"], t["dates"]) for t in judged["timing"]]
    assert [(t["rank"], t["kind"], t["branch"], t["dates"]) for t in said["timing"] if t["listed"]] == listed
    entry = json.loads(out)
    assert entry["question"] == {"topic": "wealth", "words": "돈을 받을까"} and entry["cast"]["tz"] == "Asia/Seoul"
    assert len(entry["checks"]) == sum(len(t["dates"]) for t in judged["timing"])


def test_list_search_and_show_in_each_language(kept, capsys):
    path = str(kept[0])
    code, out, _ = run(capsys, "journal", "list", "--journal-file", path)
    assert code == 0 and out.count("\n") == 2 and "#1" in out and "predicted: unfavourable" in out
    code, out, _ = run(capsys, "journal", "search", "--words", "받을", "--journal-file", path, "--lang", "ko")
    assert code == 0 and out.startswith("#1 ") and "예측: 흉하다" in out and "#2" not in out
    assert run(capsys, "journal", "search", "--hexagram", "乾為天", "--journal-file", path)[0] == 1
    code, out, _ = run(capsys, "journal", "show", "2", "--journal-file", path, "--lang", "zh")
    assert code == 0 and "四柱 戌 乙巳（無時刻：應期無日期）" in out and "附記：pillars only" in out


def test_an_outcome_answers_the_checks_and_the_stats_count_it(tmp_path, kept, capsys):
    path = tmp_path / "copy.sqlite3"
    assert run(capsys, "journal", "backup", str(path), "--journal-file", str(kept[0]))[0] == 0
    mine = ["--journal-file", str(path)]
    code, out, _ = run(capsys, "journal", "due", "--today", "2024-10-09", *mine)
    assert code == 0 and out.startswith("check #1 (entry #1, seeking wealth 山火賁): did it happen on 2024-10-09")
    assert run(capsys, "journal", "check", "1", "--happened", "yes", *mine)[0] == 0
    code, out, _ = run(capsys, "journal", "outcome", "1", "--happened", "unfavourable", "--on", "2024-10-09", *mine)
    assert code == 0 and "answered" in out
    assert run(capsys, "journal", "due", "--today", "2024-12-31", *mine)[0] == 1
    code, out, _ = run(capsys, "journal", "stats", "--json", *mine)
    group, = json.loads(out)
    assert group["direction"]["agreed"] == group["direction"]["count"] == 1 and group["timing"]["first"]["agreed"] == 1
    code, out, _ = run(capsys, "journal", "stats", *mine)
    assert "direction agreed: 1 of 1 (too few to say, 95 percent interval 21%–100%; 100%)" in out
    code, out, _ = run(capsys, "journal", "verify", *mine)
    assert code == 0 and out.startswith("the chain holds: ")


def test_a_change_behind_the_journals_back_is_found_by_verify(tmp_path, kept, capsys):
    path = tmp_path / "copy.sqlite3"
    run(capsys, "journal", "backup", str(path), "--journal-file", str(kept[0]))
    conn = sqlite3.connect(path)
    conn.executescript("DROP TRIGGER prediction_kept; UPDATE prediction SET direction = 'favourable';")
    conn.close()
    code, out, _ = run(capsys, "journal", "verify", "--journal-file", str(path), "--lang", "ko")
    assert code == 1 and out == "사슬이 끊겼습니다: prediction #1 (자리 2)가 쓰인 뒤 바뀌었습니다\n"


def test_export_and_import_add_only_what_is_missing(tmp_path, kept, capsys):
    source = ["--journal-file", str(kept[0])]
    exported = tmp_path / "export.jsonl"
    assert run(capsys, "journal", "export", "--output", str(exported), *source)[0] == 0
    kinds = [json.loads(line)["kind"] for line in exported.read_text().splitlines()]
    assert kinds[:2] == ["entry", "prediction"] and kinds.count("entry") == 2
    target = ["--journal-file", str(tmp_path / "other.sqlite3")]
    code, out, _ = run(capsys, "journal", "import", str(exported), *target)
    assert code == 0 and out.startswith("added: 2 entries")
    code, out, _ = run(capsys, "journal", "import", str(exported), "--json", *target)
    assert json.loads(out)["added"]["entry"] == 0 and json.loads(out)["skipped"]["entry"] == 2
    again = tmp_path / "again.jsonl"
    run(capsys, "journal", "export", "--output", str(again), *target)
    assert again.read_text() == exported.read_text()
    code, out, _ = run(capsys, "journal", "export", "--format", "csv", *source)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:3] == ["id", "made", "topic"] and [r[0] for r in rows[1:]] == ["1", "2"]


def test_rejudge_compares_the_kept_predictions_with_the_knowledge_now(kept, capsys):
    code, out, _ = run(capsys, "journal", "rejudge", "--json", "--set", "day_clash_static=always-hidden-motion",
                       "--journal-file", str(kept[0]))
    report = json.loads(out)
    assert code == 0 and report["entries"] == 2 and report["failed"] == []
    assert {c["id"] for c in report["changed"]} <= {1, 2}


@pytest.mark.parametrize("argv, key", [
    (["journal", "show", "9"], "there is no entry #9"),
    (["journal", "show", "x"], "x is not an entry number"),
    (["journal", "outcome", "1", "--happened", "good"], "--happened good: use one of favourable, unfavourable, mixed"),
    (["journal", "outcome", "1", "--happened", "mixed", "--on", "March"], "date 'March': write it as 2025-03-14"),
    (["journal", "check", "1", "--happened", "maybe"], "--happened maybe: use one of yes, no"),
    (["journal", "import", "/dev/null/x"], "cannot read /dev/null/x"),
])
def test_bad_input_is_one_line_and_exit_2(kept, capsys, argv, key):
    before = kept[0].read_bytes()
    code, out, err = run(capsys, *argv, "--journal-file", str(kept[0]))
    assert code == 2 and out == "" and err.count("\n") == 1 and key in err
    assert kept[0].read_bytes() == before


def test_an_import_of_a_file_that_is_no_export_names_its_line(tmp_path, kept, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "entry", "content": "x"}\n{"nothing": 1}\n')
    code, _, err = run(capsys, "journal", "import", str(bad), "--journal-file", str(tmp_path / "new.sqlite3"))
    assert code == 2 and f"{bad}:2:" in err
