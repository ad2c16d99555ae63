"""A Korean student types 干支 in Hangul (--month 술 --day 을사) and names topics and persons in
Korean (질병, 아버지): the CLI, the page and the API read them as the Chinese characters."""
import json

from queries.cli import main


def _out(capsys, argv):
    assert main(argv) == 0
    return capsys.readouterr()[0]


def test_hangul_pillars_cast_the_same_chart(capsys):
    hanzi = _out(capsys, ["chart", "787889", "--month", "戌", "--day", "乙巳", "--year", "甲辰", "--json"])
    hangul = _out(capsys, ["chart", "787889", "--month", "술", "--day", "을사", "--year", "갑진", "--json"])
    assert json.loads(hangul)["calendar"] == json.loads(hanzi)["calendar"]
    assert json.loads(hangul)["calendar"]["day"] == "乙巳"


def test_korean_topic_and_person(capsys):
    said = json.loads(_out(capsys, ["judge", "787889", "--month", "술", "--day", "을사", "--topic", "질병",
                                    "--about", "아버지", "--json"]))
    assert (said["topic"], said["about"]) == ("illness", "father")


def test_an_unknown_person_lists_the_korean_names(capsys):
    assert main(["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "illness", "--about", "dog",
                 "--lang", "ko"]) == 2
    assert "father (아버지, 父)" in capsys.readouterr()[1]
