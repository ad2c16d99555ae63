"""The question "describe the person" 形性 from the CLI, the REPL and Python (queries.person)."""
import json

import pytest

from queries.cli import main
from queries.errors import UserError
from queries.repl.commands import Repl
from queries.session import Session

CAST = ("787889", "--month", "戌", "--day", "乙巳")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_liuyao_describe_lists_the_traits_with_their_verses(capsys):
    code, out, _ = run(capsys, "describe", *CAST, "--about", "wife")
    assert code == 0 and out.startswith("形性 — the person asked about: wife (妻財, line 5)")
    assert "[r001.19.person_water; 001:15, 001:17, 001:19]" in out


def test_liuyao_describe_speaks_korean_without_english(capsys):
    code, out, _ = run(capsys, "describe", *CAST, "--about", "wife", "--lang", "ko")
    head = out.splitlines()[0]
    assert code == 0 and head == "형성(形性) — 물음의 대상: 아내 (妻財, 5효)"
    assert "wife" not in out and "the " not in out


def test_liuyao_describe_json_names_each_trait_and_its_rule(capsys):
    data = json.loads(run(capsys, "describe", *CAST, "--about", "wife", "--json")[1])
    assert data["about"] == "wife" and data["use_god"]["relative"] == "妻財"
    assert {"person_water", "woman_water"} <= {t["id"] for t in data["traits"]}
    assert all(t["rule"].startswith("r001.") for t in data["traits"])


def test_describe_without_about_describes_the_asker(capsys):
    out = run(capsys, "describe", *CAST)[1]
    assert out.startswith("形性 — the person asked about: oneself (")


def test_an_unknown_person_is_one_line_and_exit_2(capsys):
    code, _, err = run(capsys, "describe", *CAST, "--about", "nobody")
    assert code == 2 and err.count("\n") == 1 and "unknown person 'nobody'" in err


def test_the_repl_describes_the_current_cast():
    repl = Repl(Session())
    assert repl.run_script([":cast 787889 month 戌 day 乙巳", ":describe about wife"]) == 0
    assert "形性 — the person asked about: wife" in repl.output()


def test_the_session_keeps_the_question_on_the_cast():
    s = Session()
    s.cast("787889", month="戌", day="乙巳")
    data = s.describe("wife")
    assert data["about"] == "wife" and s.ask("cast_topic(C, T)") == [("appearance",)]
    with pytest.raises(UserError):
        Session().description_text()
