"""The words of the 周易 (queries/texts.py, kb/texts/words_to_read.dl): every 卦辭 and 爻辭 is there in
four ways, the words a cast reads follow the convention, and no verdict reads them."""
import re

import pytest

from queries import texts
from queries.chart import cast
from queries.knowledge import shipped_dir


def test_every_judgment_and_line_has_its_chinese_reading_korean_and_english():
    for n in range(1, 65):
        parts = {p["part"]: p for p in texts.hexagram(n)["parts"]}
        wanted = ["judgment"] + [f"line{k}" for k in range(1, 7)] + (["use"] if n in (1, 2) else [])
        for part in wanted:
            p = parts[part]
            assert p["zh"] and p["ko"] and p["en"], (n, part)
            assert re.fullmatch(r"[가-힣 ,.:;?!]+", p["reading"]), (n, part, p["reading"])
        assert {"tuan", "image"} <= set(parts) and all(f"line{k}_image" in parts for k in range(1, 7)), n
    assert "wenyan" in {p["part"] for p in texts.hexagram(1)["parts"]}


def test_the_licence_and_the_edits_are_beside_the_data():
    folder = shipped_dir() / "texts"
    assert "CC BY-SA 4.0" in (folder / "LICENSE").read_text(encoding="utf-8")
    edits = (folder / "edits.tsv").read_text(encoding="utf-8")
    assert all(f"{n}\theading\t" in edits for n in (18, 29, 39))


@pytest.mark.parametrize("lines, expected", [
    ("787889", [("original", "line", 6, 1)]),                                       # 賁, 上九 moves
    ("777777", [("original", "judgment", 0, 1)]),                                   # none moves
    ("977779", [("original", "line", 1, 2), ("original", "line", 6, 1)]),            # two: the upper first
    ("999777", [("changed", "judgment", 0, 2), ("original", "judgment", 0, 1)]),     # three
    ("999977", [("changed", "line", 5, 1), ("changed", "line", 6, 2)]),              # four: the lower unmoving first
    ("999997", [("changed", "line", 6, 1)]),                                         # five
    ("999999", [("original", "use", 0, 1)]),                                         # 乾, all six: 用九
    ("966666", [("changed", "judgment", 0, 1)]),                                     # 復 all six: the changed 卦辭
])
def test_zhu_xi_chooses_the_words_by_the_number_of_moving_lines(lines, expected):
    chart = cast(lines, month="戌", day="乙巳")
    assert sorted(chart.kb.ask(f"text_to_read('{chart.id}', W, K, P, O)")) == sorted(expected)


def test_the_other_school_reads_every_moving_line():
    chart = cast("977779", month="戌", day="乙巳", conventions={"text_reading": "every-moving-line"})
    assert chart.kb.ask(f"text_to_read('{chart.id}', W, K, P, O)") == [("original", "line", 1, 1), ("original", "line", 6, 6)]


def test_the_chart_shows_the_judgment_the_moving_line_and_the_convention():
    said = cast("787889", month="戌", day="乙巳").text("ko")
    assert "亨。小利有攸往。" in said and "上九: 白賁，无咎。" in said and "희게 꾸미니, 허물이 없다." in said
    assert "주희 고변점" in said and "한 효(6효)가 움직이니" in said


def test_no_rule_of_a_verdict_reads_the_texts():
    for path in (shipped_dir() / "kb").rglob("*.dl"):
        if path.parent.name != "texts":
            assert "text_to_read" not in path.read_text(encoding="utf-8"), path


def test_a_name_that_is_no_hexagram_is_a_user_error():
    from queries.errors import UserError
    with pytest.raises(UserError, match="not a hexagram"):
        texts.number("乾坤")


def test_the_texts_are_no_facts_of_the_knowledge(kb):
    """Read only when asked: no table of texts/ is loaded with the knowledge at a process's start."""
    tables = set(kb.program.tables)
    assert {"zhouyi", "zhouyi_ko", "zhouyi_en", "hangul_context", "part_label"}.isdisjoint(tables)
    assert not any(path.suffix == ".tsv" and path.stem.startswith("zhouyi") for path in (shipped_dir() / "facts").rglob("*"))


def test_the_repl_shows_the_words_of_the_cast_and_of_a_hexagram():
    from queries.repl import Repl
    from queries.session import Session
    repl = Repl(Session(), echo=True)
    repl.run_script([":cast 787889 month 戌 day 乙巳", ":text", ":text 乾"])
    said = repl.output()
    assert "Original hexagram 山火賁 上九: 白賁，无咎。" in said
    assert "用九: 見群龍无首，吉。" in said and "1 乾為天" in said


def test_every_reading_of_a_phrase_is_of_a_phrase_its_passage_has():
    rows = [line.split("\t") for line in (shipped_dir() / "texts" / "hangul_context.tsv").read_text(encoding="utf-8")
            .splitlines() if line and not line.startswith("#")][1:]
    for n, part, phrase, said, _why in rows:
        assert phrase in texts.passage(int(n), part)["zh"] and len(phrase) == len(said), (n, part, phrase)
    assert texts.reading("見龍在田，利見大人。", 1, "line2") == "현룡재전, 이견대인."
