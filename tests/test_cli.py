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
    assert code == 0 and "000_122810513125a851.txt:55" in out


def test_why_variants(capsys):
    assert json.loads(run(capsys, "why", "clash('子', '午')", "--json")[1])["proof"]["rule"]["id"] == "clash.1"
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
    (["why", "clash('子', X)", "--lang", "fr"], "invalid choice"),
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
