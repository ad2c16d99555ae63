"""The tables the CLI prints speak the reader's language: the heads of ``stars`` and ``facts``
and what places each star, in Korean under --lang ko (the English heads are the names)."""
from queries.cli import main


def _said(capsys, argv) -> list:
    assert main(argv) == 0
    return capsys.readouterr()[0].splitlines()


def test_the_stars_table_in_korean(capsys):
    argv = ["stars", "--month", "戌", "--day", "乙巳", "--year", "甲辰"]
    head, _, first = _said(capsys, argv + ["--lang", "ko"])[:3]
    assert head.split() == ["신살", "기준", "떨어지는", "곳", "규칙"] and "계절" in first
    assert _said(capsys, argv)[0].split() == ["star", "key", "falls", "on", "rule"]


def test_the_facts_table_in_korean(capsys):
    lines = _said(capsys, ["facts", "najia", "--lang", "ko"])
    assert any(line.split() == ["소성괘", "자리", "천간", "지지", "위치"] for line in lines)
