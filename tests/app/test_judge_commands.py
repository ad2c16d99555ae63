"""The commands around a judgment: why and why-not of a reading by rule id and by book line,
liuyao when, liuyao coverage, rules --topic (the topic's readings and those of any question), and
the same through the REPL and the sandbox."""
import json
import pickle
import re

import pytest

from queries.cli import main
from queries.repl import Repl
from queries.sandbox import Sandbox
from queries.session import Session

CAST = ["787889", "--month", "戌", "--day", "乙巳"]
MOMENT = ["787889", "--at", "2024-10-08T04:00", "--tz", "Asia/Seoul"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_why_proves_a_reading_through_its_rule(capsys):
    code, out, _ = run(capsys, "why", "r000.55.use_god.weak", *CAST, "--topic", "wealth", "--lang", "ko")
    assert code == 0 and out.startswith("✓ r000.55.use_god.weak 始須論用神 (用神無力)")
    assert "[규칙] reading(이 괘, any, use_god_weak)   ⇐ r000.55.use_god.weak" in out
    code, out, _ = run(capsys, "why", "r000.55.use_god.strong", *CAST, "--topic", "wealth", "--json")
    data = json.loads(out)
    assert code == 1 and data["holds"] is False and data["why_not"]["failures"][0]["rule"] == \
        "r000.55.use_god.strong"


def test_why_not_by_rule_id_names_the_failing_condition(capsys):
    code, out, _ = run(capsys, "why-not", "r000.87.offspring_world", *CAST, "--topic", "illness")
    assert code == 0 and out.startswith("✗ r000.87.offspring_world 子身持世事無憂")
    assert "holds_world('c1', '子孫') fails" in out and "it speaks to any question" in out
    code, out, _ = run(capsys, "why-not", "r000.55.use_god.weak", *CAST, "--topic", "wealth")
    assert code == 1 and "holds" in out.splitlines()[1]
    code, _, err = run(capsys, "why-not", "r000.87.offspring_wrld", *CAST)
    assert code == 2 and "did you mean r000.87.offspring_world" in err


def test_why_not_of_a_book_line_puts_every_reading_of_it(capsys):
    code, out, _ = run(capsys, "why-not", "--source", "000:87", *CAST, "--topic", "illness", "--json")
    data = json.loads(out)
    assert code == 0 and data["source"] == "000:87"
    rules = [r["rule"] for r in data["rules"]]
    assert rules[0] == "r000.87.offspring_world" and all(r.startswith("r000.87.") for r in rules)
    office = next(r for r in data["rules"] if r["rule"] == "r000.87.offspring_world.office")
    assert office["speaks"] == "office" and office["question"] == "illness" and not office["applies"]
    assert all(r["why_not"]["failures"][0]["literal"] == "holds_world('c1', '子孫')" for r in data["rules"])
    code, out, _ = run(capsys, "why-not", "--source", "000:87", *CAST, "--topic", "illness", "--lang", "zh")
    assert "此斷言官祿，所占為疾病" in out
    assert run(capsys, "why-not", "--source", "000:2", *CAST)[0] == 2
    assert run(capsys, "why-not", *CAST)[0] == 2                 # neither a goal nor a line


def test_why_not_on_a_timing_candidate(capsys):
    code, out, _ = run(capsys, "why-not", "timing_candidate(C, 'month', K, '寅')", *MOMENT, "--topic", "wealth")
    assert code == 0 and "timing_candidate" in out
    code, out, _ = run(capsys, "why", "timing_candidate(C, 'month', '靜待沖', '午')", *MOMENT, "--topic", "wealth")
    assert code == 0 and "timing_branch.7" in out


def test_when_lists_every_candidate(capsys):
    code, out, _ = run(capsys, "when", *MOMENT, "--topic", "illness", "--about", "father", "--horizon", "day")
    lines = out.splitlines()
    numbered = [line for line in lines[1:] if re.match(r"  \d+\. ", line)]
    assert code == 0 and lines[0] == "timing (day, slow)" and len(numbered) == 6     # every day, with its other reasons under it
    assert any(line.startswith("  ") and " 辰 day  2024-10-19, 2024-10-31, 2024-11-12 — " in line
               and "[timing_branch.6]" in line for line in numbered)
    data = json.loads(run(capsys, "when", *MOMENT, "--topic", "wealth", "--json")[1])
    assert set(data) == {"timing", "timing_pace", "timing_none"} and data["timing"][0]["branch"] == "午"
    assert run(capsys, "when", "--topic", "wealth")[0] == 2


def test_judge_prints_the_readings_and_the_timing(capsys):
    code, out, _ = run(capsys, "judge", *MOMENT, "--topic", "wealth", "--lang", "zh")
    assert code == 0 and "\n斷: 凶 · 小凶\n" in out and "\n定斷之辭\n  · 卦身有傷，其事難成  (卜筮正宗·安月卦身訣 3 倘卦身有傷，其事難成矣)\n" in out
    assert "\n應期 (日/月, 緩)\n  1. 午日  2024-10-09, 2024-10-21, 2024-11-02 — " in out and "(禍期)" in out
    data = json.loads(run(capsys, "judge", *CAST, "--topic", "wealth", "--json", "--proof")[1])
    assert data["proof"]["kind"] == "rule" and all(r["proof"]["rule"] == r["rule"] for r in data["readings"])


def test_coverage_of_a_seed(capsys):
    code, out, _ = run(capsys, "coverage", "--seed", "000")
    assert code == 0 and out.startswith("000:3\n") and out.splitlines()[-1].startswith("phrases encoded or declined: ")
    assert "  父動當頭克子孫  encoded  " in out
    code, out, _ = run(capsys, "coverage", "--seed", "000", "--missing", "--lang", "ko")
    assert "  부호화" not in out and out.splitlines()[-1].startswith("부호화되었거나 제외된 구절: ")
    assert code == (1 if "  누락" in out else 0)
    data = json.loads(run(capsys, "coverage", "--seed", "000", "--json")[1])
    line = next(e for e in data if e["line"] == 147)
    assert line["phrases"][0] == {"phrase": "父動當頭克子孫", "status": "encoded", "by": line["phrases"][0]["by"],
                                  "reason": None} and "r000.first_strike" in line["phrases"][0]["by"]
    assert run(capsys, "coverage", "--seed", "999")[0] == 2
    assert run(capsys, "coverage", "--seeds", "/nonexistent")[0] == 2



def test_coverage_lists_the_declined_with_their_reasons(capsys):
    code, out, _ = run(capsys, "coverage", "--seed", "003", "--declined", "--lang", "ko")
    said = [line for line in out.splitlines() if line.startswith("  ")]
    assert code == 0 and said and all("  제외  " in line and not line.endswith("  제외") for line in said)
    assert out.splitlines()[-1] == f"제외한 구절: {len(said)}"
    data = json.loads(run(capsys, "coverage", "--seed", "003", "--declined", "--json")[1])
    assert sum(len(e["phrases"]) for e in data) == len(said)
    assert all(p["status"] == "declined" and set(p["reason"]) == {"en", "ko", "zh"} for e in data for p in e["phrases"])
    assert run(capsys, "coverage", "--declined", "--missing")[0] == 2

def test_rules_of_a_topic_are_its_readings_and_those_of_any_question(capsys):
    data = json.loads(run(capsys, "rules", "--topic", "illness", "--json")[1])
    ids = [r["id"] for r in data["rules"]]
    assert "r000.147.parent_moving.illness" in ids and "r000.55.use_god.weak" in ids
    assert "r000.155.ghost_moving.house" not in ids


def test_the_repl_judges_with_a_horizon_and_lists_the_timing():
    repl = Repl(Session())
    repl.run_script([":cast 787889 at 2024-10-08T04:00 tz Asia/Seoul", ":judge wealth horizon day", ":when",
                     ":when illness about father", ":whynot r000.87.offspring_world", ":whynot source 000:87",
                     ":why r000.55.use_god.weak"])
    out = repl.output()
    assert repl.failures == 0
    assert "\ntiming (day, slow)\n  1. " in out and "[timing_branch." in out
    assert "\ntiming (day/month, slow)\n  1. " in out and " 辰 day  " in out
    assert "✗ r000.87.offspring_world 子身持世事無憂" in out and "✗ r000.87.offspring_world.office" in out
    assert "✓ r000.55.use_god.weak" in out and repl.proof is not None
    repl.run(":when")
    repl.run(":judge")
    assert repl.failures == 1 and "error: :judge needs" in repl.output()


def test_the_sandbox_serves_them():
    with Sandbox(timeout=10) as box:
        box.cast("787889", month="戌", day="乙巳")
        box.judge("illness", about="father", horizon="day")
        results = (box.when(), box.check_rule("r000.87.offspring_world"), box.check_source("000:87"),
                   box.snapshot())
        for result in results:
            assert pickle.loads(pickle.dumps(result)) == result
        assert results[0]["timing_pace"]["unit"] == "day" and results[3].question == ("illness", "father", None, "day", None, None, None)
        assert not results[1].holds and box.when_text().startswith("timing (day")
        assert box.coverage(seed="000")[0]["line"] == 3


@pytest.mark.parametrize("words, message", [(":judge wealth horizon week", "--horizon 'week'"),
                                            (":judge self about father", "takes no --about"),
                                            (":whynot r000.no_such", "no rule 'r000.no_such'")])
def test_repl_mistakes_are_one_line(words, message):
    repl = Repl(Session())
    repl.run_script([":cast 787889 month 戌 day 乙巳", words])
    assert repl.failures == 1 and message in repl.output().splitlines()[-1]
