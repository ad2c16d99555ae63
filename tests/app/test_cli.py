import json
import subprocess
import sys

import pytest

from queries.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ask_prints_a_table(capsys):
    code, out, _ = run(capsys, "ask", "clash('子', X)")
    assert code == 0 and out == "X\n──\n午\n(1 answer)\n"


def test_ask_json_and_ground(capsys):
    code, out, _ = run(capsys, "ask", "clash('子', X)", "--json")
    assert json.loads(out) == {"goal": "clash('子', X)", "variables": ["X"], "answers": [["午"]]}
    assert run(capsys, "ask", "clash('子', '丑')")[:2] == (1, "no\n")


def test_why_cites_seed_000(capsys):
    code, out, _ = run(capsys, "why", "clash('子', '午')")
    assert code == 0 and "卜筮正宗·The order of reading a chart 55 六沖主沖並" in out and ".txt:" not in out


def test_why_variants(capsys):
    assert json.loads(run(capsys, "why", "clash('子', '午')", "--json")[1])["proof"]["rule"] == "clash.1"
    assert run(capsys, "why", "clash('子', '午')", "--dot")[1].startswith("digraph")
    assert "서로 충한다" in run(capsys, "why", "clash('子', '午')", "--sentences", "--lang", "ko")[1]
    assert run(capsys, "why", "clash('子', '丑')")[0] == 1


def test_why_not(capsys):
    code, out, _ = run(capsys, "why-not", "harm('子', '午')", "--lang", "zh")
    assert code == 0 and "不成立" in out
    assert run(capsys, "why-not", "harm('子', '未')")[0] == 1


@pytest.mark.parametrize("argv, message", [
    (["ask", "clsh('子', X)"], "did you mean clash"),
    (["ask", "clash(子, X)"], "quote constants"),
    (["ask", "clash('子', X"], "syntax error"),
    (["ask"], "required"),
    (["frobnicate"], "invalid choice"),
    (["why", "clash('子', X)", "--lang", "fr"], "unknown language 'fr'; use one of en, ko, zh"),
    (["conventions", "--lang", "fr"], "unknown language"),
    (["check", "/no/such/dir"], "not a folder"),
    (["ask", "clash('子', X)", "--kb", "/no/such/dir"], "not a folder"),
])
def test_user_errors_are_one_line_with_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_check_lists_every_problem(capsys, folder):
    path = folder({"kb/a.dl": "p(X) <= clsh(X)\nq(X) <= branch_order(X)\n"})
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert out.splitlines()[-1] == "2 errors, 0 warnings"
    assert all(str(path) in line for line in out.splitlines()[:-1])


def test_check_clean_folder(capsys, folder):
    path = folder({"mine.dl": "# @rule m.1 mine\n# convention: t\nmine(X) <= clash(X, '午')\n"})
    assert run(capsys, "check", str(path))[:2] == (0, "0 errors, 0 warnings\n")
    assert run(capsys, "ask", "mine(X)", "--kb", str(path))[1].splitlines()[2] == "子"


def test_console_entry_point_runs_without_traceback():
    done = subprocess.run([sys.executable, "-m", "queries.cli", "ask", "clash(X"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_chart_command_text_and_json(capsys):
    code, out, _ = run(capsys, "chart", "787889", "--month", "戌", "--day", "乙巳")
    assert code == 0 and out.startswith("山火賁 (22) [六合]  →  地火明夷 (36)")
    code, out, _ = run(capsys, "chart", "山火賁", "--to", "地火明夷", "--month", "戌", "--day", "乙巳", "--json")
    assert json.loads(out)["lines"][5]["changed"]["relative"] == "子孫"
    code, out, _ = run(capsys, "chart", "--random", "--seed", "7", "--month", "戌", "--day", "乙巳")
    assert code == 0 and out == run(capsys, "chart", "--random", "--seed", "7", "--month", "戌", "--day", "乙巳")[1]
    code, out, _ = run(capsys, "chart", "--coins", "3,2,1,0,2,1", "--at", "2024-10-08T04:00", "--tz", "Asia/Seoul",
                       "--zi-hour", "next-day", "--set", "hidden_god=jingfang-world-line")
    assert code == 0 and "where the hidden god is taken=under the world line (京房)" in out
    assert "day of the 子 hour=the next day" in out


def test_why_binds_the_cast(capsys):
    code, out, _ = run(capsys, "why", "line_relative(C, 3, R)", "787889", "--month", "戌", "--day", "乙巳")
    assert code == 0 and "\n\n[rule] line_relative(c" in out
    assert "妻財" in out.splitlines()[0] and "relatives.dl" in out
    code, out, _ = run(capsys, "ask", "moving(C, P)", "787889", "--month", "戌", "--day", "乙巳")
    assert out.splitlines()[2] == "6"
    code, out, _ = run(capsys, "why-not", "moving(C, 1)", "787889", "--month", "戌", "--day", "乙巳")
    assert code == 0 and "('陽' != '陽') fails" in out


@pytest.mark.parametrize("argv, message", [
    (["chart", "78788", "--month", "戌", "--day", "乙巳"], "six values 6-9"),
    (["chart", "山火X", "--month", "戌", "--day", "乙巳"], "unknown hexagram"),
    (["chart", "山火賁", "--to", "山火賁", "--month", "戌", "--day", "乙巳"], "needs a moving line"),
    (["chart", "787889", "--month", "戌", "--day", "甲丑"], "甲丑"),
    (["chart", "787889", "--at", "2024-02-30T10:00"], "2024-02-30"),
    (["chart", "787889", "--at", "2024-02-03T10:00", "--tz", "Mars/Base"], "Mars/Base"),
    (["chart", "787889", "--month", "戌", "--day", "乙巳", "--set", "nope=1"], "unknown convention"),
    (["chart", "787889", "--month", "戌", "--day", "乙巳", "--set", "hidden_god"], "NAME=VALUE"),
    (["chart", "787889", "--month", "戌", "--day", "乙巳", "--zi-hour", "noon"], "no value 'noon'"),
    (["chart", "--seed", "7", "--month", "戌", "--day", "乙巳"], "--seed goes with --random"),
    (["judge", "--month", "戌", "--day", "乙巳", "--topic", "wealth"], "give the cast to judge"),
    (["ask", "use_god_strong(C)", "--topic", "wealth"], "--topic needs a cast"),
    (["chart", "787889"], "--month 戌 --day 乙巳"),
])
def test_chart_bad_input_one_line_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_conventions_command(capsys):
    code, out, _ = run(capsys, "conventions")
    assert code == 0 and "hidden_god\n  palace-pure-same-line (default) — a relative missing from the hexagram" in out


def test_conventions_and_topics_json(capsys):
    conventions = json.loads(run(capsys, "conventions", "--json")[1])
    assert conventions["zi_hour"] == {"default": "same-day", "values": ["next-day", "same-day"]}
    code, out, _ = run(capsys, "topics")
    assert code == 0 and any(line.startswith("wealth: 妻財  求財 재물 — seeking wealth") for line in out.splitlines())
    topics = json.loads(run(capsys, "topics", "--json")[1])
    assert topics["wealth"]["use"] == "妻財" and "財" in topics["wealth"]["aliases"]


def test_ask_with_a_question_binds_it_to_the_cast(capsys):
    cast = ["787889", "--month", "戌", "--day", "乙巳"]
    assert run(capsys, "ask", "use_grade(C, G)", *cast, "--topic", "wealth")[1].splitlines()[2] == "受克無救"
    assert run(capsys, "ask", "use_grade(C, G)", *cast)[:2] == (1, "G\n─\n(0 answers)\n")


def test_an_internal_error_is_one_line_with_status_3(capsys, monkeypatch):
    from queries.session import Session
    monkeypatch.setattr(Session, "ask_table", lambda self, goal: 1 / 0)
    code, out, err = run(capsys, "ask", "clash('子', X)")
    assert (code, out) == (3, "") and err == "liuyao: internal error: ZeroDivisionError: division by zero\n"


def test_a_folder_with_problems_is_one_line_naming_the_first(capsys, folder):
    path = folder({"kb/a.dl": "p(X) <= clsh(X)\nq(X) <= branch_order(X)\n"})
    code, out, err = run(capsys, "ask", "clash('子', X)", "--kb", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"liuyao: {path}/kb/a.dl:1:") and "(and 1 more; run liuyao check DIR)" in err
