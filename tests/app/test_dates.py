"""From pillars to dates (liuyao dates): the dates that have a month, a day and a year pillar."""
import json

from queries.cli import main
from queries.repl import Repl
from queries.session import Session


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_dates_of_a_month_a_day_and_a_year(capsys):
    code, out, _ = run(capsys, "dates", "--month", "戌", "--day", "乙巳", "--year", "甲辰", "--tz", "Asia/Seoul")
    assert code == 0 and out.splitlines() == [
        "1904-11-07  year 甲辰 month 甲戌 day 乙巳",
        "1964-10-23  year 甲辰 month 甲戌 day 乙巳",
        "2024-10-08  year 甲辰 month 甲戌 day 乙巳  from 03:59:57 (寒露)",
        "3 dates in 1900-2100"]


def test_a_jie_day_says_which_side_of_the_instant_holds_the_month(capsys):
    code, out, _ = run(capsys, "dates", "--month", "甲戌", "--day", "乙巳", "--years", "2024-2024", "--tz", "Asia/Seoul",
                       "--json")
    assert code == 0 and json.loads(out)["dates"] == [
        {"date": "2024-10-08", "year": "甲辰", "month": "甲戌", "day": "乙巳", "from": ["寒露", "03:59:57"]}]


def test_every_date_found_has_the_pillars(capsys):
    from queries.calendar import parse_moment, pillars
    code, out, _ = run(capsys, "dates", "--month", "寅", "--day", "甲子", "--years", "1990-2010", "--tz", "Asia/Seoul",
                       "--json")
    found = json.loads(out)["dates"]
    assert code == 0 and len(found) > 5
    for entry in found:
        moment = parse_moment(entry["date"] + "T" + (entry.get("from", [0, "12:00:00"])[1] if "from" in entry
                                                     else "00:00:00"), "Asia/Seoul")
        got = pillars(moment)
        assert (got.month[1], got.day) == ("寅", "甲子")


def test_more_than_300_years_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "dates", "--month", "戌", "--day", "乙巳", "--years", "1600-2000")
    assert code == 2 and out == "" and err.strip() == "liuyao: --years 1600-2000: at most 300 years at once (401 asked)"
    code, _, err = run(capsys, "dates", "--month", "戌", "--day", "乙子")
    assert code == 2 and "乙子" in err and len(err.strip().splitlines()) == 1


def test_the_repl_finds_dates_in_korean():
    repl = Repl(Session(lang="ko"))
    assert repl.run_script([":dates month 戌 day 乙巳 year 甲辰 years 2000-2100 tz Asia/Seoul"]) == 0
    assert repl.output().splitlines() == ["2024-10-08  甲辰년 甲戌월 乙巳일  03:59:57부터 (寒露)",
                                          "2000-2100년 사이에 1개의 날"]
