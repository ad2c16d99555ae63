"""The chart against the najia package (static fields only), the seeds' worked examples,
and the bad input the chart issue names."""
import itertools

import pytest

from queries import UserError
from queries.chart import cast

NAJIA_CODE = {7: 1, 8: 2, 9: 3, 6: 4}   # the najia package: 1 少陽 2 少陰 3 老陽 4 老陰


def test_json_contract_of_the_issue_example():
    data = cast("787889", at="2024-10-08T04:00", tz="Asia/Seoul").to_data()
    assert data["hexagram"] | {} == {**data["hexagram"], "name": "山火賁", "number": 22, "palace": "艮",
                                     "palace_element": "土", "kind": "一世", "six_clash": False,
                                     "six_harmony": True}
    assert data["changed"]["name"] == "地火明夷"
    assert (data["world"], data["response"]) == (1, 4)
    assert {k: data["calendar"][k] for k in ("year", "month", "day", "hour", "month_branch", "void")} == \
        {"year": "甲辰", "month": "甲戌", "day": "乙巳", "hour": "戊寅", "month_branch": "戌", "void": ["寅", "卯"]}
    assert data["conventions"] | {"changed_relative": "original-palace", "earth_growth": "shen",
                                  "hidden_god": "palace-pure-same-line", "zi_hour": "same-day"} == data["conventions"]
    first, last = data["lines"][0], data["lines"][5]
    assert first | {"position": 1, "yin_yang": "陽", "moving": False, "stem": "己", "branch": "卯",
                    "element": "木", "relative": "官鬼", "spirit": "青龍", "world": True,
                    "response": False, "changed": None, "hidden": None} == first
    assert last["changed"] | {"yin_yang": "陰", "stem": "癸", "branch": "酉", "element": "金",
                              "relative": "子孫"} == last["changed"]
    assert (last["position"], last["moving"], last["stem"], last["branch"]) == (6, True, "丙", "寅")


def test_pillars_given_directly_keep_only_what_was_given():
    calendar = cast("787889", month="戌", day="乙巳").to_data()["calendar"]
    assert calendar == {"month_branch": "戌", "day": "乙巳", "void": ["寅", "卯"]}


def test_all_4096_line_combinations_against_the_najia_package(kb):
    najia_utils = pytest.importorskip("najia.utils")
    const = pytest.importorskip("najia.const")
    from queries import KnowledgeBase
    knowledge = KnowledgeBase()
    for values in itertools.product((6, 7, 8, 9), repeat=6):
        chart = cast("".join(map(str, values)), month="子", day="甲子", kb=knowledge)
        mark = "".join(str(NAJIA_CODE[v] % 2) for v in values)
        world, response, _ = najia_utils.set_shi_yao(mark)
        palace_index = najia_utils.palace(mark, world)
        palace_element = const.XING5[int(const.GUA5[palace_index])]
        gz = najia_utils.get_najia(mark)
        where = "".join(map(str, values))
        assert (chart.world, chart.response) == (world, response), where
        assert chart.hexagram["palace"] == _traditional(const.GUAS[palace_index]), where
        assert [l["stem"] + l["branch"] for l in chart.lines] == gz, where
        relatives = [najia_utils.get_qin6(palace_element, const.ZHI5[const.ZHIS.index(x[1])]) for x in gz]
        assert [l["relative"] for l in chart.lines] == [_traditional(r) for r in relatives], where
        if any(v in (6, 9) for v in values):
            changed = "".join("1" if NAJIA_CODE[v] in (1, 4) else "0" for v in values)
            changed_gz = najia_utils.get_najia(changed)
            expected = [_traditional(najia_utils.get_qin6(palace_element, const.ZHI5[const.ZHIS.index(x[1])]))
                        for x in changed_gz]
            for line in chart.lines:
                if line["moving"]:
                    got = line["changed"]
                    assert got["stem"] + got["branch"] == changed_gz[line["position"] - 1], where
                    assert got["relative"] == expected[line["position"] - 1], where
        chart.forget()


SIMPLIFIED = str.maketrans("兑离孙财鬼兄", "兌離孫財鬼兄")


def _traditional(text):
    return text.translate(SIMPLIFIED)


def test_the_64_hexagrams_each_have_their_world_and_all_five_relatives_or_hidden_ones(kb):
    lacking_two = []
    for number in range(1, 65):
        chart = cast(hexagram=str(number), month="子", day="甲子", kb=kb)
        present = {l["relative"] for l in chart.lines}
        hidden = {l["hidden"]["relative"] for l in chart.lines if l["hidden"]}
        assert present | hidden == {"父母", "兄弟", "子孫", "妻財", "官鬼"}, chart.hexagram["name"]
        assert not present & hidden
        if len(present) == 3:
            lacking_two.append(chart.hexagram["name"])
        chart.forget()
    assert len(lacking_two) == 12


def test_da_zhuang_example_of_seed_001(kb):
    # 雷天大壯 (inventory-000-001 §4): 坤宮, world on line 4, which is 庚午
    chart = cast(hexagram="大壯", month="子", day="甲子", kb=kb)
    assert chart.hexagram["palace"] == "坤" and chart.hexagram["six_clash"]
    world = chart.lines[chart.world - 1]
    assert (chart.world, world["stem"] + world["branch"]) == (4, "庚午")


def test_jingfang_world_line_hidden_gods_of_seed_004_line_3(kb):
    # 乾卦…至游魂卦即壬午是也。八純卦則取坤卦世位癸酉，歸魂卦則取坤宮應爻乙卯是伏神也
    expected = {"火地晉": (4, "壬午"), "乾為天": (6, "癸酉"), "火天大有": (3, "乙卯")}
    for name, (line, pillar) in expected.items():
        chart = cast(hexagram=name, month="子", day="甲子", kb=kb,
                     conventions={"hidden_god": "jingfang-world-line"})
        hidden = [(l["position"], l["hidden"]["stem"] + l["hidden"]["branch"]) for l in chart.lines if l["hidden"]]
        assert hidden == [(line, pillar)], name
        chart.forget()


def test_changed_relative_convention(kb):
    original = cast("787889", month="戌", day="乙巳", kb=kb)
    other = cast("787889", month="戌", day="乙巳", kb=kb, conventions={"changed_relative": "changed-palace"})
    # 癸酉 金: against 艮 土 it is 子孫, against 坎 水 (明夷's palace) it is 父母
    assert original.lines[5]["changed"]["relative"] == "子孫"
    assert other.lines[5]["changed"]["relative"] == "父母"


def test_six_spirits_start_by_day_stem(kb):
    for day, first in (("甲子", "青龍"), ("丙寅", "朱雀"), ("戊辰", "勾陳"), ("己巳", "螣蛇"),
                       ("庚午", "白虎"), ("壬申", "玄武")):
        chart = cast("777777", month="子", day=day, kb=kb)
        assert chart.lines[0]["spirit"] == first
        assert [l["spirit"] for l in chart.lines][:2] == [first, {"青龍": "朱雀", "朱雀": "勾陳", "勾陳": "螣蛇",
                                                                   "螣蛇": "白虎", "白虎": "玄武", "玄武": "青龍"}[first]]
        chart.forget()


@pytest.mark.parametrize("day, void", [("甲子", "戌亥"), ("甲戌", "申酉"), ("乙巳", "寅卯"),
                                       ("癸亥", "子丑"), ("壬午", "申酉")])
def test_void_by_decade_bg6(kb, day, void):
    chart = cast("777777", month="子", day=day, kb=kb)
    assert "".join(chart.void) == void
    chart.forget()


def test_inputs_are_equivalent(kb):
    by_lines = cast("987678", month="子", day="甲子", kb=kb).to_data()
    by_coins = cast(coins="HHH,HHT,HTT,TTT,HTT,HHT", month="子", day="甲子", kb=kb).to_data()
    named = cast(hexagram=by_lines["hexagram"]["name"], to=by_lines["changed"]["name"],
                 month="子", day="甲子", kb=kb).to_data()
    for data in (by_coins, named):
        assert data["lines"] == by_lines["lines"] and data["values"] == by_lines["values"]
    assert cast(seed=7, month="子", day="甲子", kb=kb).cast.lines == cast(seed=7, month="子", day="甲子", kb=kb).cast.lines


def test_names_in_every_language(kb):
    for name in ("山火賁", "賁", "산화비", "grace", "22"):
        assert cast(hexagram=name, month="子", day="甲子", kb=kb).hexagram["name"] == "山火賁"


@pytest.mark.parametrize("kwargs, message", [
    ({"lines": "78788"}, "six values 6-9"),
    ({"lines": "787859"}, "six values 6-9"),
    ({"hexagram": "山火X"}, "unknown hexagram"),
    ({"hexagram": "山火賁", "to": "山火賁"}, "needs a moving line"),
    ({"lines": "787889", "day": "甲丑"}, "not one of the sixty"),
    ({"lines": "787889", "month": "戊"}, "give an earthly branch"),
    ({"lines": "787889", "conventions": {"hidden_god": "x"}}, "has no value 'x'"),
    ({"lines": "787889", "conventions": {"nope": "x"}}, "unknown convention"),
    ({"coins": "3,2,1"}, "six tosses"),
])
def test_bad_input_names_the_value(kb, kwargs, message):
    kwargs = {"month": "戌", "day": "乙巳", **kwargs}
    with pytest.raises(UserError, match=message):
        cast(kb=kb, **kwargs)


def test_bad_moments():
    with pytest.raises(UserError, match="2024-02-30"):
        cast("787889", at="2024-02-30T10:00")
    with pytest.raises(UserError, match="Mars/Base"):
        cast("787889", at="2024-02-03T10:00", tz="Mars/Base")
    with pytest.raises(UserError, match="either a moment"):
        cast("787889", at="2024-02-03T10:00", month="子", day="甲子")


def test_zi_hour_convention_moves_day_spirits_and_void():
    same = cast("777777", at="2024-02-29T23:30", tz="Asia/Shanghai")
    nxt = cast("777777", at="2024-02-29T23:30", tz="Asia/Shanghai", conventions={"zi_hour": "next-day"})
    assert (same.cast.day, nxt.cast.day) == ("癸亥", "甲子")
    assert (same.lines[0]["spirit"], nxt.lines[0]["spirit"]) == ("玄武", "青龍")
    assert (same.void, nxt.void) == (["子", "丑"], ["戌", "亥"])
    assert same.cast.hour == nxt.cast.hour == "甲子"


def test_text_view_rows_top_down():
    text = cast("787889", month="戌", day="乙巳").text()
    rows = text.split("\n\n")[1].splitlines()
    assert [r[0] for r in rows] == list("654321")
    assert "○" in rows[0] and "→  子孫 癸酉金" in rows[0] and "世" in rows[5] and "應" in rows[2]
    assert "父母 丙午火" in rows[4]
    for lang in ("ko", "zh"):
        assert cast("787889", month="戌", day="乙巳").text(lang).splitlines()[0].startswith("山火賁")


def test_html_view():
    html = cast("787889", month="戌", day="乙巳")._repr_html_()
    assert html.startswith("<div class='liuyao liuyao-chart'>") and html.count("<tr") == 7
    assert "山火賁" in html and "title='void.1'" in html


def test_exam_example_of_seed_001_with_hidden_gods_on_every_line(kb):
    # E16 (001:131): 春占剝 — 官在文書爻下: 午 官鬼 hidden under line 4 丙戌 父母
    chart = cast(hexagram="山地剝", month="寅", day="甲子", kb=kb, conventions={"hidden_god": "all-lines"})
    assert (chart.hexagram["palace"], chart.hexagram["kind"], chart.world, chart.response) == ("乾", "五世", 5, 2)
    assert [(l["stem"] + l["branch"], l["relative"]) for l in chart.lines] == [
        ("乙未", "父母"), ("乙巳", "官鬼"), ("乙卯", "妻財"), ("丙戌", "父母"), ("丙子", "子孫"), ("丙寅", "妻財")]
    fourth = chart.lines[3]["hidden"]
    assert (fourth["stem"] + fourth["branch"], fourth["relative"]) == ("壬午", "官鬼")
    assert all(l["hidden"] for l in chart.lines)


def test_the_charts_read_last_keep_their_views_and_an_older_one_reads_them_again(kb):
    from queries.engine.forward import KEPT
    charts = [cast("".join(values), month="子", day="甲子", kb=kb)
              for values in itertools.islice(itertools.product("6789", repeat=6), KEPT + 2)]
    first = [chart.to_data(stars=True) for chart in charts]
    assert not charts[0]._views and not charts[1]._views and all(chart._views for chart in charts[2:])
    assert [chart.to_data(stars=True) for chart in charts] == first
    for chart in charts:
        chart.forget()
