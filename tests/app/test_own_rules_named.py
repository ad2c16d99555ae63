"""A rule of one's own is named where it acts: a proof or a why-not that stands on a user clause,
even one that blocks a negation (the tutorial's 月合 rule makes line 1 假空 by keeping it from
void), names it by its id, title and file:line, on the CLI and in the REPL."""
from pathlib import Path

from queries.cli import main
from queries.repl import Repl
from queries.session import Session

ROOT = Path(__file__).resolve().parents[2]
MINE = str(ROOT / "examples" / "my-rules")
CHART = ["787889", "--month", "戌", "--day", "乙巳", "--kb", MINE, "--lang", "ko"]
NAMED = "void_exempt.month_harmony 月合不空 ("


def test_the_proof_of_a_false_void_names_the_rule_that_made_it(capsys):
    assert main(["why", "false_void(C, 'line', 1)", *CHART, "--level", "student"]) == 0
    out = capsys.readouterr()[0]
    account, tree = out.split("\n\n", 1)
    assert "이 결론은 나의 규칙 " + NAMED in account and "my-rules/kb/void.dl:7)을 거친다." in account
    assert "my-rules/kb/void.dl:7)이(가)" not in tree and "그것을 막는다" in tree


def test_the_why_not_of_the_void_names_it(capsys):
    assert main(["why-not", "void(C, 'line', 1)", *CHART, "--level", "student"]) == 0
    said = capsys.readouterr()[0]
    assert "void.1 旬空: “1효 자리의 卯는 공망이지만 월건 戌과 합하므로 공으로 보지 않는다”가 성립한다 — 나의 규칙 " + NAMED in said


def test_a_proof_without_a_rule_of_ones_own_names_none(capsys):
    assert main(["why", "in_void(C, 'line', 1)", *CHART]) == 0
    assert "나의 규칙" not in capsys.readouterr()[0]


def test_the_repl_names_it():
    repl = Repl(Session([MINE], lang="ko"))
    repl.run_script([":cast 787889 month 戌 day 乙巳", ":level student", "?- false_void(C, 'line', 1).",
                     ":why false_void(C, 'line', 1)"])
    assert "나의 규칙 " + NAMED in repl.output()


def test_a_full_proof_names_it_under_the_negation_without_being_asked(capsys):
    """With rules of one's own loaded, a full-level proof expands its negations, so the one the
    student's rule blocks names it (no --expand-negations needed)."""
    assert main(["why", "false_void(C, 'line', 1)", *CHART]) == 0
    out = capsys.readouterr()[0]
    assert "이 결론은 나의 규칙 " + NAMED in out
    assert "[부정] ¬void(이 괘, line, 1)" in out and "그것을 막는다" in out
