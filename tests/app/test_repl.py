"""liuyao repl: driven through a pipe (every command), and at a pseudo-terminal (completion,
history). The knowledge runs in a sandbox worker; limits are 2 s and no test asserts a time."""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from queries.repl import PROMPT, MORE, Completions, Repl, goal_text, is_complete, register
from queries.errors import UserError
from queries.session import Session

ROOT = Path(__file__).resolve().parents[2]
CAST = ":cast 787889 month 戌 day 乙巳"


def pipe(script, *args, cwd=None, echo=True):
    """Run the REPL with the script on standard input; (status, stdout, stderr)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    command = [sys.executable, "-m", "queries.repl", "--timeout", "2", *args] + (["--echo"] if echo else [])
    done = subprocess.run(command, input=script.encode("utf-8"), capture_output=True, cwd=cwd, env=env,
                          timeout=180)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def exchanges(out):
    """[(input, output)] from an --echo transcript."""
    pairs = []
    for line in out.splitlines():
        if line.startswith(PROMPT):
            pairs.append([line[len(PROMPT):], []])
        elif line.startswith(MORE) and pairs and not pairs[-1][1]:
            pairs[-1][0] += "\n" + line[len(MORE):]
        else:
            pairs[-1][1].append(line)
    return [(i, "\n".join(o)) for i, o in pairs]


def user_folder(root, name, files):
    for relative, text in files.items():
        path = root / name / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / name


MONTH_HARMONY = """\
# @rule void_exempt.month_harmony 月合不空
# source: my-notes.txt:3  空逢月合，不以空論
# @says en: the {K} {P} ({B}) is void, but the month {M} combines with it: not void
void_exempt(C, K, P, '月合') <= in_void(C, K, P) & cast_month(C, M) & node(C, K, P, B) & combination(M, B)
"""

SCRIPT = f"""\
{CAST}
?- line_relative(C, 3, R).
day_break(C, P).
?- clash('子',
      X).
:chart
:why line_relative(C, 3, '妻財')
:depth 1
:why relative('土', '水', R)
:expand 2
:depth 3
:whynot hidden_motion(C, 3)
:rules day_break
:facts branch_order
:facts cast_month
:conventions
:set day_clash_static always-hidden-motion
:conventions
:cast 山火賁 to 地火明夷 month 戌 day 乙巳
?- hidden_motion(C, 3).
:cast coins 2,1,2,1,1,3 month 戌 day 乙巳
:cast random seed 7 at 2024-10-08T04:00 tz Asia/Seoul zi-hour next-day
:cast 787889 at 2024-10-08T04:00 tz Asia/Seoul year 甲辰 hour 戊寅
:cast 787889 month 戌 day 乙巳 year 甲辰 hour 戊寅
:judge wealth
?- use_grade(C, G).
:stars
:judge illness about father proof
:topics
:rules grep 日破
:rules source 004:59
:lang ko
:why clash('子', '午')
:lang zh
:whynot clash('子', '丑')
:why clash('子', '丑')
:whynot clash('子', '午')
:lang en
:depth all
:depth 2
:load mine
:rules void_exempt
:why void_exempt(C, 'line', 1, R)
:reload
?- cast_about(C, P).
:help
:quit
?- clash('子', X).
"""


@pytest.fixture(scope="module")
def transcript(tmp_path_factory):
    root = tmp_path_factory.mktemp("repl")
    user_folder(root, "mine", {"kb/void.dl": MONTH_HARMONY})
    code, out, err = pipe(SCRIPT, cwd=root)
    assert err == "" and code == 0, err
    return out, dict(exchanges(out)), root


def test_every_command_through_a_pipe(transcript):
    out, said, _ = transcript
    assert "\x1b" not in out                               # no ANSI codes, no prompt_toolkit
    assert said[CAST].startswith("山火賁 (22) [六合]  →  地火明夷 (36)")
    assert "3  勾陳  妻財 己亥水  ━━━━━        hidden 子孫 丙申金   [死 日破]" in said[CAST]
    assert said["?- line_relative(C, 3, R)."] == "R\n────\n妻財\n(1 answer)"
    assert said["day_break(C, P)."] == "P\n─\n3\n(1 answer)"
    assert said["?- clash('子',\n      X)."] == "X\n──\n午\n(1 answer)"
    assert said[":chart"] == said[CAST]
    proof = said[":why line_relative(C, 3, '妻財')"]
    account, _, proof = proof.partition("\n\n")
    assert account.startswith("line 3 of the original hexagram 山火賁 is 妻財 (論伏神·On the hidden gods 3 ")
    assert proof.startswith("[rule] line_relative(c1, 3, 妻財)   ⇐ line_relative.1 爻之六親   kb/chart/line_relatives.dl:")
    assert "(expand #" in proof and proof.splitlines()[0].endswith("#1")
    folded = said[":why relative('土', '水', R)"].partition("\n\n")[2].splitlines()
    assert folded[0].startswith("[rule] relative(土, 水, 妻財)   ⇐ relative.4 妻財   kb/base/relatives.dl:")
    assert folded[-1] == "└─ … overcomes(土, 水)   (expand #2)"
    expanded = said[":expand 2"].splitlines()
    assert expanded[0].startswith("[rule] overcomes(土, 水)   ⇐ overcomes.1 相克") and expanded[0].endswith("#2")
    assert any(line.startswith("├─ [fact] element_order(土, ") for line in expanded)
    assert "strong_against_clash('c1', 3) fails" in said[":whynot hidden_motion(C, 3)"]
    rules = said[":rules day_break"].splitlines()
    assert rules[0] == "day_break/2: 1 rule" and rules[1].startswith("day_break.1 日破   kb/states/motion.dl:")
    assert "  source: 論伏神·On the hidden gods 59  大忌日破" in rules
    assert "  convention: day_clash_static" in rules
    assert rules[-1].startswith("  day_break(C, P) <= day_clash(C, P)")
    facts = said[":facts branch_order"].splitlines()
    assert facts[0] == "facts/branch_order.tsv" and facts[1].startswith("  # branch_order")
    assert "子      0      facts/branch_order.tsv:4" in facts and facts[-1] == "(12 facts)"
    assert "c1    戌      asserted" in said[":facts cast_month"]
    assert "\n  always-hidden-motion (next cast) — every static line clashed by the day" in said[":conventions"]
    assert said[":set day_clash_static always-hidden-motion"] == \
        "day_clash_static = always-hidden-motion for the next :cast"
    assert said["?- hidden_motion(C, 3)."] == "yes"
    assert "a static line clashed by the day=always moves in secret" in said[":cast 山火賁 to 地火明夷 month 戌 day 乙巳"]
    assert said[":cast coins 2,1,2,1,1,3 month 戌 day 乙巳"].startswith("天水訟 (6)  →  澤水困 (47)")
    assert "day of the 子 hour=the next day" in said[":cast random seed 7 at 2024-10-08T04:00 tz Asia/Seoul zi-hour next-day"]
    assert "year 甲辰" in said[":cast 787889 at 2024-10-08T04:00 tz Asia/Seoul year 甲辰 hour 戊寅"] or \
        said[":cast 787889 at 2024-10-08T04:00 tz Asia/Seoul year 甲辰 hour 戊寅"].startswith("error:")
    assert "year 甲辰" in said[":cast 787889 month 戌 day 乙巳 year 甲辰 hour 戊寅"]
    assert said[":lang ko"] == "언어: ko" and "[규칙] clash(子, 午)" in said[":why clash('子', '午')"]
    assert "不成立" in said[":whynot clash('子', '丑')"]
    assert said[":why clash('子', '丑')"] == "clash('子', '丑') 不成立；:whynot clash('子', '丑') 示其故"
    assert said[":whynot clash('子', '午')"] == "clash('子', '午') 成立；:why clash('子', '午') 示其證明"
    assert said[":depth 2"] == "proofs fold below depth 2" and said[":depth all"] == "proofs are shown whole"
    assert said[":load mine"] == "loaded mine: 1 rule, 0 facts (void_exempt)"
    assert "void_exempt.month_harmony 月合不空   mine/kb/void.dl:4 (user)" in said[":rules void_exempt"]
    assert "  source: my-notes.txt:3  空逢月合，不以空論" in said[":rules void_exempt"]
    why = said[":why void_exempt(C, 'line', 1, R)"]
    assert why.startswith("the line 1 (卯) is void, but the month 戌 combines with it: not void (my-notes.txt:3 ")
    assert "\n\n[rule] void_exempt(c" in why and "⇐ void_exempt.month_harmony 月合不空   mine/kb/void.dl:4 (user)" in why
    assert said[":reload"] == "reloaded mine: 1 rule, 0 facts (void_exempt)"
    assert said["?- cast_about(C, P)."] == "P\n──────\nfather\n(1 answer)"      # the question carried over
    assert ":whynot GOAL" in said[":help"] and ":expand N" in said[":help"]
    assert said[":quit"] == "" and "?- clash('子', X)." not in said          # nothing after :quit


def test_judge_and_the_other_questions_of_the_cli(transcript):
    out, said, _ = transcript
    chart = said[":cast 787889 month 戌 day 乙巳 year 甲辰 hour 戊寅"]
    judged = said[":judge wealth"]
    assert judged.startswith(chart + "\n\ntopic: seeking wealth\n") and "verdict: 受克無救" in judged
    assert said["?- use_grade(C, G)."] == "G\n────────\n受克無救\n(1 answer)"   # the question stays on C
    stars = said[":stars"].splitlines()
    assert stars[0].split() == ["star", "key", "falls", "on", "lines", "rule"]
    assert any(line.startswith("天乙貴人 ") for line in stars)
    illness = said[":judge illness about father proof"]
    assert "about: father" in illness and "\n\n[rule] verdict(c" in illness and "(expand #" in illness
    assert any(line.startswith("wealth: 妻財") for line in said[":topics"].splitlines())
    found = said[":rules grep 日破"]
    assert re.match(r"\d+ rules matching grep 日破\n", found) and "\nday_break.1 日破   kb/states/motion.dl:" in found
    found = said[":rules source 004:59"]
    assert re.match(r"\d+ rules? matching source 004:59\n", found) and "\nday_break.1 日破   kb/states/motion.dl:" in found
    assert all("論伏神·On the hidden gods 59" in block or "論伏神·On the hidden gods 61" in block
               for block in re.split(r"\n(?=\S)", found)[1:])


def test_a_piped_script_gives_the_same_answers_without_echo(transcript):
    out, _, root = transcript
    code, plain, err = pipe(SCRIPT, cwd=root, echo=False)
    assert code == 0 and err == ""
    assert plain == "".join(line + "\n" for line in out.splitlines() if not line.startswith((PROMPT, MORE)))


def test_errors_are_one_line_and_the_session_goes_on():
    script = "\n".join([
        "?- clsh('子', X).",
        "?- clash(子, X).",
        ":chart",
        ":expand 3",
        ":cast 7878 month 戌 day 乙巳",
        ":cast 787889 month 戌",
        ":cast nonsense month 戌 day 乙巳",
        ":cast 787889 month 戌 day 乙巳 color red",
        ":set zi_hour sometimes",
        ":frobnicate",
        ":lang fr",
        ":load /no/such/folder",
        ":rules nope_nope",
        ":judge wealth",
        ":judge",
        ":rules grep",
        ":why clash('子', '丑')",
        ":whynot clash('子', '午')",
        "?- clash('子', X).",
        "clash('子', X",                 # never closed: runs at the end of input
    ]) + "\n"
    code, out, err = pipe(script)
    said = exchanges(out)
    assert code == 2 and err == ""
    errors = {i: o for i, o in said if o.startswith("error:")}
    assert len(errors) == 17 and all("\n" not in o for o in errors.values())
    assert "no cast yet" in errors[":judge wealth"] and errors[":judge"].startswith("error: :judge needs TOPIC")
    assert errors[":rules grep"] == "error: :rules: grep needs a value, e.g. grep 月破"
    assert "did you mean clash" in errors["?- clsh('子', X)."]
    assert "quote constants" in errors["?- clash(子, X)."]
    assert "no cast yet" in errors[":chart"] and "no proof yet" in errors[":expand 3"]
    assert "unexpected 'color'" in errors[":cast 787889 month 戌 day 乙巳 color red"]
    assert "did you mean :" not in errors[":frobnicate"] and ":help" in errors[":frobnicate"]
    answers = dict(said)
    assert answers[":why clash('子', '丑')"] == "clash('子', '丑') does not hold; :whynot clash('子', '丑') shows why"
    assert answers[":whynot clash('子', '午')"].endswith("holds; :why clash('子', '午') shows the proof")
    assert answers["?- clash('子', X)."] == "X\n──\n午\n(1 answer)"
    assert said[-1][0] == "clash('子', X" and "syntax error" in said[-1][1]


def test_twenty_mistakes_are_reported_together(tmp_path):
    mistakes = [
        "p1(X) <= branch_order(X)",                               # arity against a table
        "p2(X) <= branch_ordr(X, _I)",                            # unknown predicate
        "p3(X, Y) <= branch_order(X, _I)",                        # head variable unbound
        "p4(X) <= ~clash(X, '午') & branch_order(X, _I)",         # negation before binding
        "p5(X) <= branch_order(X, I) & (J > 3) & branch_order(X, J)",   # comparison unbound
        "p6(X) <= branch_order(X, _I) and clash(X, _Y)",          # Python and
        "p7(X) <= branch_order(X, _I) or clash(X, _Y)",           # Python or
        "p8(X) <= branch_order(X, I) & (1 < I < 3)",              # chained comparison
        "p9(X) <= clash(X, 午)",                                   # bare CJK name
        "p10(X) <= clash(Y, X) & p10(Y)",                         # right recursion
        "p11(X) <= clash(X, _) & clash(_, X)",                    # _ twice
        "p12(X) <= open(X)",                                      # a Python built-in
        "p13(X) <= branch_order(X.y, _I)",                        # attribute access
        "p14(X) <= branch_order(X[0], _I)",                       # subscript
        "import os",                                              # import
        "p16 = 3",                                                # assignment
        "p17(X) <= branch_order(X, _I) &",                        # syntax error
        "+ p18('a', 'b')\n+ p18('a')",                            # arity between facts
        "p20(X) <= branch_order(X, _I) & ~p20(X)",                # negation in recursion
    ]
    folder = user_folder(tmp_path, "broken", {
        "kb/mistakes.dl": "\n".join(mistakes) + "\n",
        "facts/t1.tsv": "name\tcount:int\nx\tmany\n",             # not a number
        "facts/t2.tsv": "a\tb\nx\n",                              # too few cells
    })
    code, out, err = pipe(f":load {folder}\n?- clash('子', X).\n")
    said = exchanges(out)
    problems = said[0][1].splitlines()
    assert problems[-1].startswith(f"{folder}: ") and problems[-1].endswith("problems; not loaded")
    problems = problems[:-1]
    assert len(problems) >= 20 and all(p.startswith(f"{folder}/") for p in problems)
    lines = {p.split(":")[1] for p in problems if "mistakes.dl" in p}
    assert lines >= {str(n) for n in range(1, 21)} - {"18"}           # 18 is the good p18 fact
    assert said[1][1] == "X\n──\n午\n(1 answer)"
    from queries.cli import main
    assert main(["check", str(folder)]) == 1


@pytest.mark.slow
def test_a_rule_that_never_ends_is_stopped_and_the_repl_answers_next(tmp_path):
    tally = user_folder(tmp_path, "tally", {"kb/tally.dl": (
        "# @rule tally.0 start\n# convention: demo\ntally(C, N) <= cast_line(C, 1, N)\n\n"
        "# @rule tally.1 next\n# convention: demo\ntally(C, N) <= tally(C, M) & (N == M + 1)\n\n"
        "# @rule calm.1 a rule that ends\n# convention: demo\ncalm(C, N) <= cast_line(C, 1, N)\n")})
    count = user_folder(tmp_path, "count", {"kb/count.dl": (
        "# @rule count.0 zero\n# convention: demo\n+ count(0)\n\n"
        "# @rule count.1 next\n# convention: demo\ncount(N) <= count(M) & (N == M + 1)\n")})
    script = f"{CAST}\n:load {tally}\n?- tally(C, N).\n?- line_relative(C, 3, R).\n" \
             f":load {count}\n?- calm(C, 7).\n:why cast_line(C, 1, V)\n"
    code, out, err = pipe(script)
    said = exchanges(out)
    stopped = said[2][1]
    assert stopped.startswith("error: tally(C, N): no answer within 2 s") and "restored" in stopped
    assert said[3][1] == "R\n────\n妻財\n(1 answer)"
    assert said[4][1].startswith(f"error: loading {count}: no answer within 2 s (computing count)")
    assert said[5][1] == "yes"                                       # the tally folder is still there
    assert said[6][1] == "line 1 drew 7.\n\n[fact] cast_line(c1, 1, 7)   asserted"       # and the same cast


def test_kb_option_loads_folders_and_reports_bad_ones(tmp_path):
    mine = user_folder(tmp_path, "mine", {"kb/void.dl": MONTH_HARMONY})
    bad = user_folder(tmp_path, "bad", {"kb/bad.dl": "p(X) <= branch_ordr(X, _I)\n"})
    code, out, err = pipe(f"{CAST}\n?- false_void(C, 'line', 1).\n", "--kb", str(mine))
    assert exchanges(out)[1][1] == "yes"
    code, out, err = pipe("?- clash('子', X).\n", "--kb", str(bad))
    first, *rest = out.splitlines()
    assert first.startswith(f"{bad}/kb/bad.dl:1: unknown predicate branch_ordr/2")
    assert "X\n──\n午" in out


def test_in_process_without_sandbox():
    code, out, err = pipe(f"{CAST}\n?- day_break(C, P).\n", "--no-sandbox")
    assert code == 0 and exchanges(out)[1][1] == "P\n─\n3\n(1 answer)"


# ---- pieces --------------------------------------------------------------------------------

def test_input_is_complete_at_the_final_dot():
    assert is_complete(":why clash('子', X)") and is_complete("clash('子', X).")
    assert not is_complete("clash('子',") and not is_complete("p('a.')") and not is_complete("p('a.")
    assert goal_text("?-   clash('子',\n   X) .") == "clash('子', X)"


def test_completion_candidates():
    repl = Repl(Session())
    complete = Completions(repl)

    def texts(before):
        return [c[0] for c in complete.candidates(before)]

    assert "clash(" in texts("?- cla")
    (meta,) = [c[3] for c in complete.candidates("?- clas") if c[0] == "clash("]
    assert meta == "六沖"
    assert [c[2] for c in complete.candidates("?- clash")][0] == "clash/2"
    assert texts(":wh") == [":when", ":why", ":whynot"]
    assert "'山火賁'" in texts("?- original_hexagram(C, '山火")
    assert "'山火賁'" in texts("?- original_hexagram(C, 山火")
    assert texts("?- clash(X") == []                                 # a variable
    assert "branch_order" in texts(":facts branch_o")
    assert texts(":lang k") == ["ko"] and texts(":set zi_hour n") == ["next-day"]
    assert "zi_hour" in texts(":set zi_")
    assert "harm(" in texts(":whynot har")
    assert "month" in texts(":cast 787889 mo")
    assert texts(":cast 787889 zi-hour n") == ["next-day"]
    assert "wealth" in texts(":judge w") and texts(":judge illness ab") == ["about"]
    assert "marriage" in texts(":rules topic m") and texts(":rules day_break gr") == ["grep"]


def test_register_adds_the_repl_subcommand():
    p = argparse.ArgumentParser(prog="liuyao")
    sub = p.add_subparsers(dest="command")
    register(sub)
    args = p.parse_args(["repl", "--kb", "a", "--kb", "b", "--lang", "ko", "--timeout", "1.5", "--history", "h"])
    assert (args.kb, args.lang, args.timeout, args.history) == (["a", "b"], "ko", 1.5, "h")
    assert args.run.__name__ == "run"


# ---- at a terminal -------------------------------------------------------------------------

def spawn(history, *args):
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("prompt_toolkit")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(sys.executable, ["-m", "queries.repl", "--history", str(history), "--timeout", "2", *args],
                          env=env, encoding="utf-8", timeout=60, dimensions=(40, 140))
    child.expect("liuyao>")
    return pexpect, child


@pytest.mark.slow
def test_completion_and_history_at_a_terminal(tmp_path):
    history = tmp_path / "history"
    pexpect, child = spawn(history)
    child.send("?- cla")
    child.send("\t")
    child.expect("clash")                                # completion offers the predicate
    child.send("\x15")                                   # Ctrl-U: clear the line
    child.send("?- clash('子',\r")                       # not finished: a continuation line
    child.expect(r"\.\.\.>")
    child.send(" X).\r")
    child.expect("午")
    child.expect(r"\(1 answer\)")
    child.send(":quit\r")
    child.expect(pexpect.EOF)
    assert "+?- clash('子',\n+ X)." in history.read_text(encoding="utf-8")
    # a new session reads the same history: Up Up brings the goal back
    pexpect, child = spawn(history)
    child.send("\x1b[A")
    child.send("\x1b[A")
    child.expect(r"clash\('子',")
    child.send("\x1b[F")                                  # End
    child.send("\r")
    child.expect(r"\(1 answer\)")
    child.send("\x04")                                   # Ctrl-D leaves
    child.expect(pexpect.EOF)


def test_liuyao_repl_is_a_subcommand_of_the_cli():
    from queries.cli import parser
    try:
        args = parser().parse_args(["repl", "--timeout", "1", "--kb", "x"])
    except UserError:
        pytest.skip("liuyao repl is not wired into queries/cli.py yet (queries.repl.register)")
    assert args.run.__module__ == "queries.repl" and args.timeout == 1.0 and args.kb == ["x"]


def test_the_repl_startup_maps_errors_to_exit_statuses(monkeypatch, capsys):
    code, out, err = pipe("?- clash('子', X).\n", "--lang", "fr")
    assert code == 2 and out == "" and err == "liuyao: unknown language 'fr'; use one of en, ko, zh\n"
    import queries.repl as repl
    monkeypatch.setattr(repl, "open_session", lambda *a, **k: {}["a bug"])
    assert repl.main(["--no-sandbox"]) == 3
    assert capsys.readouterr().err == "liuyao: internal error: KeyError: 'a bug'\n"


def test_judge_in_process_keeps_the_question_for_the_goals():
    repl = Repl(Session(), echo=True)
    assert repl.run_script([CAST, ":judge illness about father", "?- cast_about(C, P).",
                            ":judge marriage", ":judge wealth proof", ":expand 2"]) == 2
    said = dict(exchanges(repl.output()))
    assert said["?- cast_about(C, P)."] == "P\n──────\nfather\n(1 answer)"
    assert said[":judge marriage"].startswith("error: a marriage question needs the asker's side")
    assert "\n\n[rule] verdict(c1, unfavourable, 小凶)" in said[":judge wealth proof"]
    assert said[":expand 2"].startswith("[rule] ") and said[":expand 2"].splitlines()[0].endswith("#2")
