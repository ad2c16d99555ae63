"""The 鶴神 (游神) of 003:203: down on 己酉 at 艮, six days a corner and five a side clockwise,
up to heaven on the 45th day (癸巳, as the almanacs keep it), back in the middle on 戊申; a 官鬼
moving in the trigram of its quarter forbids setting out."""
import pytest

from queries import KnowledgeBase
from queries.chart import cast


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


@pytest.mark.parametrize("day, station", [("己酉", "艮"), ("甲寅", "艮"), ("乙卯", "震"), ("庚申", "巽"),
                                          ("壬申", "坤"), ("戊子", "坎"), ("癸巳", "房北"), ("戊申", "中宮")])
def test_where_the_crane_god_stands(kb, day, station):
    chart = cast("889777", kb=kb, month="子", day=day)
    assert kb.match("crane_at", chart.id, None) == [(chart.id, station)]


def test_a_ghost_moving_in_its_quarter_forbids_travel(kb):
    # 869777: the inner trigram 艮 holds a moving 官鬼 on line 2
    def bars(values, day):
        chart = cast(values, kb=kb, month="子", day=day)
        return kb.match("reading", chart.id, "travel", "crane_bars_travel") != []
    assert bars("869777", "己酉") and bars("869777", "甲寅")
    assert not bars("869777", "乙卯")          # the crane has moved on to 震
    assert not bars("889777", "己酉")          # no line moves
    assert not bars("869777", "癸巳")          # in heaven it stands in no quarter of the chart
