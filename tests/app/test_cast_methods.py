"""Every way to cast (issue 31): yarrow stalks, the moment and numbers of 梅花易數, the coins by
the convention coin_face, and the record of how each cast was made (casting.method)."""
import json
import math
from fractions import Fraction

import pytest

from queries import KnowledgeBase
from queries.cast_input import from_coins
from queries.casting import yarrow_change, yarrow_lines, yarrow_numbers
from queries.chart import cast
from queries.cli import main
from queries.session import Session


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_stalks_procedure_gives_the_classical_odds_exactly(kb):
    """Enumerate every division of the program's procedure (each stalk to either hand): the odds
    of 6 7 8 9 are 1/16 5/16 7/16 3/16 to within 10⁻⁵, not the coins' 1/8 3/8 3/8 1/8."""
    numbers = yarrow_numbers(kb)
    states = {numbers["used"]: Fraction(1)}
    for _ in range(numbers["changes"]):
        after = {}
        for stalks, odds in states.items():
            lefts = range(1, stalks - numbers["hung"])
            total = sum(math.comb(stalks, k) for k in lefts)
            for k in lefts:
                rest = stalks - yarrow_change(stalks, k, numbers["hung"], numbers["by"])
                after[rest] = after.get(rest, 0) + odds * Fraction(math.comb(stalks, k), total)
        states = after
    odds = {stalks // numbers["by"]: float(p) for stalks, p in states.items()}
    assert sorted(odds) == [6, 7, 8, 9]
    assert all(abs(odds[v] - want) < 1e-5 for v, want in zip((6, 7, 8, 9), (1 / 16, 5 / 16, 7 / 16, 3 / 16)))


def test_a_yarrow_cast_is_repeatable_from_its_seed_and_records_its_changes(kb):
    made = yarrow_lines(kb, 7)
    assert made == yarrow_lines(kb, 7) and made != yarrow_lines(kb, 8)
    assert all(sum(changes) == 49 - 4 * value for changes, value in zip(made["changes"], made["lines"]))
    assert all(changes[0] in (5, 9) and set(changes[1:]) <= {4, 8} for changes in made["changes"])


def test_a_yarrow_cast_without_a_seed_records_the_seed_it_drew():
    chart = cast(yarrow=True, month="戌", day="乙巳")
    again = cast(yarrow=True, seed=chart.cast.casting["seed"], month="戌", day="乙巳")
    assert chart.cast.casting["method"] == "yarrow" and again.cast.lines == chart.cast.lines


def test_the_moment_of_the_plum_blossom_cast(capsys):
    """梅花易數 觀梅占: 辰年十二月十七日申時 — 辰 5 + 12 + 17 = 34 → 兌 above, + 申 9 = 43 → 離 below,
    43 % 6 = 1: 澤火革, its first line moving, turning 澤山咸. 2025-01-16 16:00 in Beijing is 甲辰年
    十二月十七 申時; the year of 立春 and the month of the 節 agree there (丑, the twelfth)."""
    for months in ("lunar", "solar-terms"):
        code, out, _ = run(capsys, "chart", "--by-time", "--at", "2025-01-16T16:00", "--tz", "Asia/Shanghai",
                           "--set", f"time_months={months}", "--json")
        data = json.loads(out)
        assert code == 0 and data["values"] == "987778"
        assert (data["hexagram"]["name"], data["changed"]["name"]) == ("澤火革", "澤山咸")
        assert data["casting"] == {"method": "time", "moment": "2025-01-16T16:00:00", "numbers": [5, 12, 17, 9],
                                   "upper": "兌", "lower": "離", "moving": 1}


def test_the_months_of_a_moment_differ_between_the_lunar_date_and_the_solar_terms():
    """2024-10-08 (after 寒露) is 甲辰年 九月 初六 and the 戌 month, the ninth from 寅: the same; on
    2024-10-05 the lunar month is still the ninth (九月初三) while the 節 month is 酉, the eighth."""
    lunar = cast(by_time=True, at="2024-10-05T12:00", tz="Asia/Seoul").cast.casting["numbers"]
    solar = cast(by_time=True, at="2024-10-05T12:00", tz="Asia/Seoul",
                 conventions={"time_months": "solar-terms"}).cast.casting["numbers"]
    assert lunar == [5, 9, 3, 7] and solar == [5, 8, 3, 7]


def test_two_numbers_with_the_hour_and_without(capsys):
    code, out, _ = run(capsys, "chart", "--numbers", "3,8", "--month", "戌", "--day", "乙巳", "--hour", "丙子",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["hexagram"]["name"] == "火地晉"
    assert data["casting"] == {"method": "numbers", "numbers": [3, 8], "hour": 1, "upper": "離", "lower": "坤",
                               "moving": 6}
    alone = cast(numbers="3 8", month="戌", day="乙巳", conventions={"numbers_moving": "numbers-only"})
    assert alone.cast.casting["moving"] == 5 and alone.cast.lines == (8, 8, 8, 7, 6, 7)


@pytest.mark.parametrize("argv, words", [
    (("--numbers", "3,8", "--month", "戌", "--day", "乙巳"), "numbers_moving=numbers-only"),
    (("--numbers", "3,x", "--month", "戌", "--day", "乙巳"), "two whole numbers"),
    (("--numbers", "0,8", "--month", "戌", "--day", "乙巳"), "two whole numbers"),
    (("--by-time", "--month", "戌", "--day", "乙巳"), "needs the lunar date"),
    (("--yarrow", "787889", "--month", "戌", "--day", "乙巳"), "exactly one way"),
    (("787889", "--month", "戌", "--day", "乙巳", "--seed", "3"), "--seed goes with --random or --yarrow"),
])
def test_a_cast_given_wrong_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "chart", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err


def test_coin_face_counts_either_face_three(kb, capsys):
    assert from_coins(kb, "HHH,TTT,HHT,HTT,3,0") == (9, 6, 8, 7, 9, 6)
    assert from_coins(kb, "HHH,TTT,HHT,HTT,3,0", "back-3") == (6, 9, 7, 8, 6, 9)
    assert from_coins(kb, "字字字,背背背,字字背,字背背,3,0") == (9, 6, 8, 7, 9, 6)
    code, out, _ = run(capsys, "chart", "--coins", "HHH,TTT,HHT,HTT,3,0", "--month", "戌", "--day", "乙巳",
                       "--set", "coin_face=back-3")
    assert code == 0 and "cast: coins HHH,TTT,HHT,HTT,3,0" in out and "the back 背 (tails) 3" in out


def test_the_coins_default_is_said_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["chart", "--help", "--lang", "ko"])
    out = capsys.readouterr().out
    assert "coin_face (기본 inscribed-3)" in out and "시초로 괘를 세웁니다" in out


@pytest.mark.parametrize("kwargs, method", [
    ({"lines": "787889"}, "values"), ({"coins": "3,2,1,0,2,1"}, "coins"), ({"hexagram": "山火賁", "to": "地火明夷"}, "name"),
    ({"seed": 7}, "random"), ({"yarrow": True, "seed": 7}, "yarrow"), ({"numbers": "3,8", "hour": "丙子"}, "numbers"),
])
def test_every_cast_records_its_method_in_the_chart_the_judgment_and_a_proof(kwargs, method):
    s = Session()
    s.cast(month="戌", day="乙巳", **kwargs)
    assert s.chart_data()["casting"]["method"] == method and s.casting()["method"] == method
    s.judge("wealth")
    assert json.loads(s.judgment_json(proof=False))["casting"]["method"] == method
    assert s.casting_text().startswith("cast: ")


def test_the_proof_json_and_text_say_how_the_cast_was_made(capsys):
    code, out, _ = run(capsys, "why", "line_relative(C, 3, R)", "--yarrow", "--seed", "7", "--month", "戌",
                       "--day", "乙巳", "--json")
    assert code == 0 and json.loads(out)["casting"]["seed"] == 7
    code, out, _ = run(capsys, "why", "line_relative(C, 3, R)", "--yarrow", "--seed", "7", "--month", "戌",
                       "--day", "乙巳", "--lang", "zh")
    assert out.rstrip().endswith("起卦: 大衍筮法，種子 7")


def test_the_repl_casts_every_way():
    from queries.repl import Repl
    repl = Repl(Session(lang="ko"), echo=False)
    assert repl.run_script([":cast yarrow seed 7 month 戌 day 乙巳", ":cast numbers 3,8 month 戌 day 乙巳 hour 丙子",
                            ":cast by-time at 2025-01-16T16:00 tz Asia/Shanghai"]) == 0
    said = repl.output()
    assert "시초(大衍筮法), 시드 7" in said and "두 수 3, 8, 시 1" in said and "澤火革" in said
