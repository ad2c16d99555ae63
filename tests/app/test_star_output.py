"""Stars in the chart output and on the command line (issue 6, output part)."""
import json

from queries.chart import cast
from queries.cli import main


def test_chart_json_lists_stars_and_each_line_its_stars():
    data = cast("787889", month="戌", day="乙巳", year="甲辰", hour="戊寅").to_data()
    noble = next(s for s in data["stars"] if s["name"] == "天乙貴人")
    assert noble["key"] == "noble_time" and noble["branch"] == ["子", "申"] and noble["lines"] == [5]
    assert noble["rule"].startswith("star_branch.")
    assert "天乙貴人" in data["lines"][4]["stars"] and "天乙貴人" not in data["lines"][0]["stars"]
    assert data["lines"][5]["changed"]["stars"] is not None


def test_chart_text_with_stars(capsys):
    assert main(["chart", "787889", "--month", "戌", "--day", "乙巳", "--stars"]) == 0
    rows = capsys.readouterr().out.split("\n\n")[1].splitlines()
    assert "★" in rows[1] and "天乙貴人" in rows[1]          # line 5 (子) carries 天乙貴人 on an 乙 day


def test_stars_command(capsys):
    assert main(["stars", "--month", "戌", "--day", "乙巳", "--year", "甲辰"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["star", "key", "falls", "on", "rule"]
    assert any(line.startswith("天乙貴人 ") and "子 申" in line for line in out.splitlines())
    assert main(["stars", "--month", "戌", "--day", "乙巳", "--json"]) == 0
    stars = json.loads(capsys.readouterr().out)
    assert {"name", "key", "rule"} <= set(stars[0]) and "lines" not in stars[0]


def test_a_misspelt_star_gets_the_nearest_names(capsys):
    assert main(["why", "line_star(C, P, '天乙貴')", "787889", "--month", "戌", "--day", "乙巳"]) == 1
    err = capsys.readouterr().err
    assert "'天乙貴' is not a value of the knowledge base; did you mean 天乙貴人" in err
    assert main(["ask", "star_branch(C, '驛碼', B)", "787889", "--month", "戌", "--day", "乙巳"]) == 1
    assert "did you mean 驛馬" in capsys.readouterr().err


def test_why_explains_a_star(capsys):
    assert main(["why", "line_star(C, 5, '天乙貴人')", "787889", "--month", "戌", "--day", "乙巳"]) == 0
    out = capsys.readouterr().out
    assert "\n\n[rule] line_star(c" in out and "卜筮正宗·The noble ones 23" in out
