"""The clock a cast's day and hour are read on (convention clock), with Korean casts: Seoul's mean
solar time runs about 32 minutes behind KST; the 節 and 立春 stay absolute instants; a cast within
three minutes of a boundary says so and names the other reading."""
import json
from datetime import datetime, timezone

import pytest

from queries.chart import cast
from queries.cli import main
from queries.clock import equation_of_time, reading


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


KST_2320 = ("787889", "--at", "2024-10-08T23:20", "--tz", "Asia/Seoul")


def test_2320_kst_is_the_zi_hour_by_the_clock_and_the_hai_hour_of_the_8th_by_the_sun(capsys):
    code, out, err = run(capsys, "chart", *KST_2320, "--set", "clock=mean-solar", "--longitude", "126.98", "--json")
    data = json.loads(out)["calendar"]
    assert code == 0 and (data["day"], data["hour"]) == ("乙巳", "丁亥")        # 2024-10-08 is 乙巳
    assert data["clock"] == "mean-solar" and data["clock_time"] == "2024-10-08T22:47:55"
    assert data["longitude"] == 126.98 and data["moment"] == "2024-10-08T23:20:00+09:00"
    clock = json.loads(run(capsys, "chart", *KST_2320, "--json")[1])["calendar"]
    assert (clock["day"], clock["hour"], clock["clock"]) == ("乙巳", "戊子", "standard")


def test_the_chart_says_its_clock_and_the_corrected_time(capsys):
    code, out, _ = run(capsys, "chart", *KST_2320, "--set", "clock=mean-solar", "--longitude", "서울", "--lang", "ko")
    assert code == 0 and "시 丁亥" in out
    assert "시계: 평균태양시 (경도로), 동경 126.98°: 2024-10-08T22:47:55 (시각 2024-10-08T23:20:00+09:00)" in out


def test_the_day_of_the_zi_hour_follows_the_clock():
    """Under zi_hour=next-day 23:20 KST is the next day (丙午) by the clock, and still the 8th (乙巳,
    the 亥 hour) by Seoul's sun."""
    by_clock = cast("787889", at="2024-10-08T23:20", tz="Asia/Seoul", conventions={"zi_hour": "next-day"})
    by_sun = cast("787889", at="2024-10-08T23:20", tz="Asia/Seoul", longitude="Seoul",
                  conventions={"zi_hour": "next-day", "clock": "mean-solar"})
    assert (by_clock.cast.day, by_clock.cast.hour) == ("丙午", "戊子")
    assert (by_sun.cast.day, by_sun.cast.hour) == ("乙巳", "丁亥")


def test_a_cast_minutes_before_a_jie_in_kst_says_so_and_the_month_stays_absolute(capsys):
    """寒露 2024 falls at 03:59:57 KST: a cast at 03:58 KST is still the 酉 month on every clock
    (the 節 is an instant), and says that two minutes on it is 甲戌."""
    for extra in ((), ("--set", "clock=true-solar", "--longitude", "126.98")):
        code, out, err = run(capsys, "chart", "787889", "--at", "2024-10-08T03:58", "--tz", "Asia/Seoul", *extra,
                             "--json")
        data = json.loads(out)["calendar"]
        assert code == 0 and data["month"] == "癸酉" and data["hour"][1] == "寅"
        assert [(n["boundary"], n["name"], n["other"]) for n in data["near"]] == [("jie", "寒露", {"month": "甲戌"})]
        assert "1 min 57 s before the 節 寒露 (2024-10-08T03:59:57+09:00)" in err and "month 甲戌, not month 癸酉" in err


def test_a_cast_within_three_minutes_of_an_hour_names_the_other_hour(capsys):
    code, _, err = run(capsys, "chart", "787889", "--at", "2024-10-08T23:01", "--tz", "Asia/Seoul", "--lang", "ko")
    assert code == 0 and "경계 너머로 읽으면 戊子시가 아니라 丁亥시입니다" in err
    code, _, err = run(capsys, "chart", "787889", "--at", "2024-10-08T23:10", "--tz", "Asia/Seoul")
    assert code == 0 and err == ""


def test_true_solar_time_adds_the_equation_of_time():
    """The equation of time is about +16.4 min early in November and -14.2 min in mid-February;
    on 2024-10-08 it is +12.6 min, so 23:20 KST reads 23:00:33 in Seoul: just past the 子 hour."""
    assert round(equation_of_time(datetime(2024, 11, 3, tzinfo=timezone.utc)).total_seconds() / 60) == 16
    assert round(equation_of_time(datetime(2024, 2, 11, tzinfo=timezone.utc)).total_seconds() / 60) == -14
    moment = datetime(2024, 10, 8, 14, 20, tzinfo=timezone.utc)
    assert reading(moment, "true-solar", 126.98).isoformat() == "2024-10-08T23:00:33"
    true = cast("787889", at="2024-10-08T23:20", tz="Asia/Seoul", longitude="126.98",
                conventions={"clock": "true-solar"})
    assert true.cast.hour == "戊子" and true.cast.clock["near"][0]["other"] == {"hour": "丁亥"}


def test_a_city_gives_its_longitude_and_its_zone(capsys):
    code, out, err = run(capsys, "chart", "787889", "--at", "2024-10-08T23:20", "--longitude", "서울",
                         "--set", "clock=mean-solar", "--json")
    assert code == 0 and json.loads(out)["calendar"]["moment"] == "2024-10-08T23:20:00+09:00"
    assert "the zone of Seoul, Asia/Seoul" in err


@pytest.mark.parametrize("argv, words", [
    (("--set", "clock=mean-solar"), "needs a longitude"),
    (("--longitude", "126.98"), "goes with a solar clock"),
    (("--set", "clock=true-solar", "--longitude", "Atlantis"), "unknown city"),
    (("--set", "clock=true-solar", "--longitude", "200"), "from -180 to 180"),
])
def test_a_clock_given_wrong_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "chart", *KST_2320, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err


def test_a_longitude_without_a_moment_is_refused(capsys):
    code, _, err = run(capsys, "chart", "787889", "--month", "戌", "--day", "乙巳", "--set", "clock=mean-solar",
                       "--longitude", "126.98")
    assert code == 2 and "goes with --at" in err
