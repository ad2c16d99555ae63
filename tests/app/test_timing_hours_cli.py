"""liuyao when / why / why-not on hour candidates 應期 (KO 000:49, 五鼠遁): each date printed with its
pillar, the candidate and its pillar provable, the hour not named answered."""
import json

from queries.cli import main

MOMENT = ["787889", "--at", "2024-10-08T04:00", "--tz", "Asia/Seoul", "--topic", "wealth", "--horizon", "hour"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_when_prints_each_hour_with_its_pillar(capsys):
    code, out, _ = run(capsys, "when", *MOMENT)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "timing (hour, slow)"
    assert ("4. 午 hour  2024-10-08T11:00+09:00 壬午, 2024-10-09T11:00+09:00 甲午, 2024-10-10T11:00+09:00 丙午"
            " — the use-god 子 (line 5) is still; it responds when 午 clashes it into motion (靜待沖)"
            " (when it comes)  [timing_branch.7]") in out
    code, out, _ = run(capsys, "when", *MOMENT, "--lang", "ko")
    assert code == 0 and "  1. 午시  2024-10-08T11:00+09:00 壬午, " in out and "(해가 오는 때)" in out


def test_when_json_gives_the_pillar_of_the_cast_day_and_of_each_date(capsys):
    code, out, _ = run(capsys, "when", *MOMENT, "--json")
    first = next(t for t in json.loads(out)["timing"] if t["kind"] == "靜待沖")
    assert code == 0 and (first["unit"], first["branch"], first["pillar"]) == ("hour", "午", "壬午")
    assert first["pillars"] == ["壬午", "甲午", "丙午"] and len(first["dates"]) == 3


def test_why_proves_an_hour_candidate_and_its_pillar(capsys):
    code, out, _ = run(capsys, "why", "timing_candidate(C, 'hour', '靜待沖', '午')", *MOMENT)
    assert code == 0 and "timing_branch.7" in out and "timing_unit.2" in out
    code, out, _ = run(capsys, "why", "timing_hour_pillar(C, '靜待沖', '午', '壬')", *MOMENT)
    assert code == 0 and "timing_hour_pillar.1" in out and "卜筮正宗·The hour's stem from the day 49" in out
    assert "on the day of the cast, 乙巳, the 午 hour is 壬午 by 五鼠遁" in out


def test_why_not_answers_an_hour_not_named(capsys):
    code, out, _ = run(capsys, "why-not", "timing_candidate(C, 'hour', K, '寅')", *MOMENT)
    assert code == 0 and out.startswith("✗ timing_candidate(") and "timing_branch.7" in out
    code, out, _ = run(capsys, "why-not", "timing_hour_pillar(C, '靜待沖', '午', '甲')", *MOMENT)
    assert code == 0 and "timing_hour_pillar.1" in out
