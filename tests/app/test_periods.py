"""The question of the life periods 大限/小限 from the CLI, the REPL and Python (queries.periods)."""
import json

from queries.cli import main
from queries.repl.commands import Repl
from queries.session import Session

DAZHUANG = ("777788", "--month", "申", "--day", "甲午")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_liuyao_periods_gives_the_spans_both_periods_and_the_reading(capsys):
    code, out, _ = run(capsys, "periods", *DAZHUANG, "--age", "27")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "大限/小限 — the life periods at age 27 (counted 虛歲, one at birth)"
    assert "  ages 26–30: line 3 of 雷天大壯" in lines
    assert "major period 大限: line 3 of 雷天大壯" in lines and "minor period 小限: line 6" in lines
    assert any("r001.43.both_siblings" in line for line in lines)


def test_liuyao_periods_json(capsys):
    data = json.loads(run(capsys, "periods", *DAZHUANG, "--age", "27", "--json")[1])
    assert data["age"] == 27 and data["major"] == {"hexagram": "雷天大壯", "position": 3} and data["minor"] == 6
    assert [r["id"] for r in data["readings"]] == ["wife_then_wealth_lost"]


def test_a_year_of_birth_with_the_moment_of_the_cast(capsys):
    code, out, _ = run(capsys, "periods", "777788", "--at", "2017-08-20T10:00", "--tz", "Asia/Seoul", "--born", "1991")
    assert code == 0 and "at age 27" in out.splitlines()[0]


def test_full_years_are_a_convention(capsys):
    out = run(capsys, "periods", *DAZHUANG, "--age", "26", "--set", "age_count=full")[1]
    assert "at age 27" in out.splitlines()[0]


def test_bad_input_is_one_line_and_exit_2(capsys):
    for argv in (("--born", "1990"), (), ("--age", "-1"), ("--age", "x")):
        code, out, err = run(capsys, "periods", *DAZHUANG, *argv)
        assert (code, out) == (2, "") and err.count("\n") == 1, argv


def test_the_repl_gives_the_periods_in_korean():
    repl = Repl(Session(lang="ko"))
    assert repl.run_script([":cast 777788 month 申 day 甲午", ":periods age 27"]) == 0
    said = repl.output()
    assert "대한: 雷天大壯의 3효" in said and "소한: 6효" in said
