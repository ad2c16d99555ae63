"""--level and --depth on judge, why and why-not, and :level in the REPL (issue 17)."""
from queries.cli import main
from queries.repl import Repl
from queries.session import Session

CAST = ["787889", "--month", "戌", "--day", "乙巳"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_judge_at_student_level_is_short_and_starts_with_the_account(capsys):
    code, out, _ = run(capsys, "judge", *CAST, "--topic", "illness", "--about", "father", "--proof",
                       "--level", "student", "--lang", "ko")
    proof = out.split("\n\n")[-1]
    assert code == 0 and out.index("판정은 「凶」이다") < out.index("판정: 入墓")
    assert proof.startswith("“판정은 「凶」이다") and len(proof.splitlines()) <= 60
    _, full, _ = run(capsys, "judge", *CAST, "--topic", "illness", "--about", "father", "--proof", "--lang", "ko")
    assert len(full.splitlines()) > len(out.splitlines()) + 100


def test_why_at_a_depth_and_a_level(capsys):
    code, out, _ = run(capsys, "why", "use_grade(C, G)", *CAST, "--topic", "wealth", "--level", "student",
                       "--depth", "1")
    assert code == 0 and out.startswith("the use-god's grade is 受克無救")
    assert "├─ … “the use-god is overcome, weak, and no moving source god rescues it”   (expand #2)" in out


def test_why_not_at_student_level_leaves_out_the_proofs_it_stood_on(capsys):
    goal = ["why-not", "hidden_motion(C, 3)", *CAST]
    _, full, _ = run(capsys, *goal)
    _, student, _ = run(capsys, *goal, "--level", "student")
    assert "given:" in full and "given:" not in student
    assert "here it is “prosperous in the month only”, not “prosperous or helped by the day”" in student


def test_an_unknown_level_is_a_user_error(capsys):
    code, _, err = run(capsys, "why", "clash('子', X)", "--level", "teacher")
    assert code == 2 and "--level teacher: use one of student, full" in err


def test_the_repl_changes_level_and_expands_by_the_same_numbers():
    repl = Repl(Session())
    repl.run_script([":cast 787889 month 戌 day 乙巳", ":level student", ":depth all", ":why day_break(C, 3)",
                     ":expand 2"])
    said = repl.output()
    assert "proofs are shown at the student level" in said
    assert "─ “the day 巳 clashes the static line 3 (亥)”   #2" in said
    assert "\n“the day 巳 clashes" in said                                            # :expand 2 at the same level
