"""One ordinary rule giving a relation the views read as one value a second value crashed the
chart, the judgment and the page with "internal error: ValueError: too many values to unpack",
and ``liuyao check`` found nothing (red team M3: 81 of 976 such rules, 29 relations). How the
views read each relation is now stated (views/view_input.tsv): a user rule or fact adding to one
is a lint error naming the rule and the relation, a second value from the tables is refused
when the knowledge loads, and one that comes through a relation below for a cast is one line
naming the rule of one's own, before any view reads it."""
import pytest

from queries import engine
from queries.chart import cast
from queries.engine import Folder, Options
from queries.engine.errors import KnowledgeError
from queries.engine.shapes import Shape
from queries.knowledge import KnowledgeBase, shapes

from .web import CAST, client, form, pool  # noqa: F401  (the fixtures)

DIRECT = "line_relative(C, P, '妻財') <= cast_line(C, P, _V)\n"
BELOW = "relative(P, E, '官鬼') <= relative(P, E, '兄弟')\n"


def test_check_names_the_rule_and_the_relation(folder, liuyao):
    path = folder({"kb/r.dl": DIRECT})
    code, out, _ = liuyao("check", path)
    assert code == 1 and out.splitlines() == [
        f"{path}/kb/r.dl:1: the views read line_relative as one value for each of its first 2 arguments; a rule or "
        "row of your own would give it a second: name your relation otherwise", "1 error, 0 warnings"]
    for command in (("chart",), ("judge", "--topic", "wealth"), ("stars",), ("describe",)):
        code, out, err = liuyao(*command, "787889", "--month", "戌", "--day", "乙巳", "--kb", path)
        assert code == 2 and out == "" and err.count("\n") == 1 and "line_relative" in err and "internal" not in err


def test_a_second_value_through_a_relation_below_names_the_rule_of_ones_own(folder, liuyao):
    path = folder({"kb/r.dl": BELOW})
    code, out, err = liuyao("chart", "787889", "--month", "戌", "--day", "乙巳", "--kb", path)
    assert code == 2 and err.count("\n") == 1 and err.startswith("liuyao: line_relative(c1, ")
    assert f"{path}/kb/r.dl:1" in err and "the views read one" in err


def test_a_table_of_ones_own_giving_a_second_value_is_refused(folder):
    path = folder({"facts/trigram_element.tsv": "# @extends\ntrigram\telement\n乾\t木\n"})
    with pytest.raises(KnowledgeError, match=r"trigram_element.tsv:3: the views read trigram_element as one value"):
        KnowledgeBase(extra=[path])


def test_two_values_in_the_knowledge_itself_are_refused_when_it_loads(tmp_path):
    (tmp_path / "element.tsv").write_text("trigram\telement\n乾\t金\n乾\t木\n", encoding="utf-8")
    options = Options(shapes=(Shape("element", 1),))
    with pytest.raises(KnowledgeError, match=r"^element\(乾, …\) has 2 values, 木 \(element.tsv:3\); 金 \(element.tsv:2\)"):
        engine.KnowledgeBase([Folder(tmp_path, "", "shipped")], options)


def test_a_reading_of_ones_own_with_its_topic_and_id_still_loads(folder):
    ok = folder({"kb/r.dl": "reading(C, 'wealth', 'use_god_strong') <= cast_line(C, 1, 7)\n"})
    assert KnowledgeBase(extra=[ok]).ask("clash('子', X)") == [("午",)]
    unworded = folder({"kb/odd.dl": "reading(C, 'wealth', 'my_zz') <= cast_line(C, 1, 7)\n"})
    with pytest.raises(KnowledgeError, match="'my_zz' has no row in conclusion, where the views find the words"):
        KnowledgeBase(extra=[unworded])


def test_the_shipped_knowledge_gives_one_value_on_every_cast(kb):
    for values in ("787889", "699996", "777777", "888888", "696969"):
        chart = cast(values, month="申", day="甲子", kb=kb)
        try:
            kb.check_shapes(chart.id)
        finally:
            chart.forget()
    assert len(shapes()) > 30


def test_the_page_says_one_line(client):
    answer = client.post("/rule", data=form(client, {**CAST, "rule": DIRECT.strip()}), follow_redirects=False)
    assert answer.status_code == 400 and "line_relative" in answer.text and "internal" not in answer.text
    client.cookies.clear()
