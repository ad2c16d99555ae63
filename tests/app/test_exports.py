"""Keep and share on the command line and in the REPL: chart --svg, judge --markdown, liuyao source
and :source, their help in the reader's language."""
import xml.dom.minidom

from queries.cli import main
from queries.repl import Repl
from queries.session import Session

CAST = ("787889", "--month", "戌", "--day", "乙巳")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_chart_svg_is_a_drawing_of_the_chart(capsys):
    code, out, _ = run(capsys, "chart", *CAST, "--svg", "--lang", "ko")
    drawn = xml.dom.minidom.parseString(out.encode("utf-8"))
    assert code == 0 and drawn.documentElement.tagName == "svg" and "山火賁" in out and "世" in out


def test_judge_markdown_in_korean_names_the_books_not_their_files(capsys):
    code, out, _ = run(capsys, "judge", *CAST, "--topic", "illness", "--about", "father", "--lang", "ko", "--markdown")
    assert code == 0 and out.startswith("# 주제: 질병 · 대상: 아버지\n\n**답:")
    assert "| 효 | 육신 | 육친 | 납갑 |" in out and "### 판정을 정한 판단" in out and "卜筮正宗·" in out
    assert ".txt" not in out


def test_source_json_keeps_the_file_and_names_the_book(capsys):
    import json
    code, out, _ = run(capsys, "source", "000:139", "--json", "--around", "0")
    data = json.loads(out)
    assert code == 0 and data["source"] == "000_122810513125a851.txt:139" and data["book"]["zh"] == "卜筮正宗"
    assert [line["line"] for line in data["lines"]] == [139] and any(r["id"].startswith("r000.139") for r in data["rules"])
    assert run(capsys, "source", "000:139", "--around", "99")[0] == 2


def test_the_help_of_the_new_options_is_in_the_readers_language(capsys):
    for argv, said in ((["chart", "--help", "--lang", "ko"], "괘를 그린 SVG 그림"),
                       (["judge", "--help", "--lang", "zh"], "以標記文字印出判斷"),
                       (["source", "--help", "--lang", "ko"], "원전 번호와 줄 번호"), (["--help", "--lang", "ko"], "원전의 한 줄을 그 장 안에서")):
        try:
            main(argv)
        except SystemExit:
            pass
        assert said in capsys.readouterr().out


def test_source_in_the_repl():
    out = []
    repl = Repl(Session(lang="ko"))
    repl.say = out.append
    repl.command("source 000:147 around 0")
    assert out[-1].startswith("卜筮正宗 (복서정종) · 육친 발동 · 147번째 줄") and "▶ 147" in out[-1]


def test_chart_png_where_cairosvg_renders_it(capsysbinary):
    import pytest
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        pytest.skip("cairosvg (the optional [png]) is not installed here")
    assert main(["chart", *CAST, "--png"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"\x89PNG\r\n")


def test_chart_png_without_cairosvg_is_one_line(capsys, monkeypatch):
    import builtins
    real = builtins.__import__
    monkeypatch.setattr(builtins, "__import__", lambda name, *a, **k: (_ for _ in ()).throw(ImportError(name))
                        if name == "cairosvg" else real(name, *a, **k))
    code, out, err = run(capsys, "chart", *CAST, "--png")
    assert code == 2 and out == "" and "pip install 'liuyao-kb[png]'" in err and err.count("\n") == 1
