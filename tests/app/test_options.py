"""The one table of cast, question and search options: argparse and the REPL's words from it."""
import argparse

import pytest

from queries.errors import UserError
from queries.options import (CAST, JUDGE, QUESTION, SEARCH, add_options, cast_arguments, given, has_cast,
                             keywords, parse_words)


def repl_cast(text):
    return cast_arguments(parse_words(text, CAST, "lines"))


def test_the_repl_accepts_every_chart_form():
    assert repl_cast("--coins HHT,HTT,TTT,HHH,HTH,TTH --month 戌 --day 乙巳")[0] == \
        {"coins": "HHT,HTT,TTT,HHH,HTH,TTH", "month": "戌", "day": "乙巳"}
    assert repl_cast("22 month=戌 day=乙巳")[0] == {"hexagram": "22", "month": "戌", "day": "乙巳"}
    assert repl_cast("山火賁 to 地火明夷 --month 戌 --day 乙巳 zi-hour next-day set hidden_god=all-lines")[0] == \
        {"hexagram": "山火賁", "to": "地火明夷", "month": "戌", "day": "乙巳",
         "conventions": {"hidden_god": "all-lines", "zi_hour": "next-day"}}
    assert repl_cast("random seed 7 at 2024-10-08T04:00 tz Asia/Seoul")[0] == \
        {"at": "2024-10-08T04:00", "tz": "Asia/Seoul", "seed": 7}
    kwargs, note = repl_cast("random month 戌 day 乙巳")
    assert isinstance(kwargs["seed"], int) and note == f"random seed {kwargs['seed']}"


@pytest.mark.parametrize("text, message", [
    ("787889 month", ":cast: month needs a value, e.g. month 戌"),
    ("seed 7 month 戌 day 乙巳", "seed goes with random"),
    ("random seed x", ":cast: seed 'x': give a whole number"),
    ("787889 set hidden_god", "set 'hidden_god': write NAME=VALUE"),
    ("'787889", "No closing quotation"),
    ("787889 month 戌 day 乙巳 color red", ":cast: unexpected 'color'; write e.g. :cast 787889 month 戌 day 乙巳"),
])
def test_repl_mistakes_name_the_option(text, message):
    with pytest.raises(UserError, match=message):
        repl_cast(text)


def test_argparse_is_built_from_the_same_table():
    p = argparse.ArgumentParser()
    add_options(p, CAST, positional="lines")
    add_options(p, QUESTION)
    args = p.parse_args(["787889", "--month", "戌", "--day", "乙巳", "--zi-hour", "next-day", "--set", "a=b",
                         "--set", "c=d", "--random", "--seed", "3", "--topic", "wealth"])
    values = given(args, CAST)
    assert values == {"lines": "787889", "random": True, "seed": 3, "month": "戌", "day": "乙巳",
                      "zi_hour": "next-day", "set": ["a=b", "c=d"]}
    assert has_cast(values) and not has_cast(given(p.parse_args(["--month", "戌"]), CAST))
    assert cast_arguments(values)[0]["conventions"] == {"a": "b", "c": "d", "zi_hour": "next-day"}
    assert given(args, QUESTION) == {"topic": "wealth"}


def test_the_judge_and_rules_words():
    assert parse_words("illness about father proof", JUDGE, "topic", command=":judge") == \
        {"topic": "illness", "about": "father", "proof": True}
    assert parse_words("--topic marriage asker=woman", JUDGE, "topic") == {"topic": "marriage", "asker": "woman"}
    assert parse_words("grep 月破 source 000:55", SEARCH, "pred") == {"grep": "月破", "source": "000:55"}
    assert parse_words("day_break topic illness", SEARCH, "pred") == {"pred": "day_break", "topic": "illness"}


def test_completion_words_come_from_the_table():
    words = keywords(CAST, "lines")
    assert "zi-hour" in words and "random" in words and "lines" not in words and len(words) == len(CAST) - 1
    assert keywords(SEARCH, "pred") == ["grep", "source", "topic"]
