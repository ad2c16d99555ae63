"""Seed 004:11's pairs of a hidden 官鬼: which flying relatives a chart can put over it. The book
names five (兄弟, 妻財, 父母, 子孫, 官鬼); the hexagrams show three, so the verses of the other two
are declined (facts/declined.tsv) and have no clause."""
import itertools
from pathlib import Path

import pytest

from queries.chart import cast

DECLINED = Path(__file__).parents[2] / "facts" / "declined.tsv"
HIDDEN_GODS = ["palace-pure-same-line", "jingfang-world-line", "all-lines"]


@pytest.fixture(scope="module")
def flying_over_the_hidden_ghost(kb):
    """The relatives of the lines a missing 官鬼 hides under, over the 64 still hexagrams (moving
    lines change neither the original's relatives nor its hidden gods) and every hidden_god
    convention."""
    found = set()
    for convention, bits in itertools.product(HIDDEN_GODS, itertools.product("78", repeat=6)):
        chart = cast("".join(bits), month="寅", day="甲子", kb=kb, conventions={"hidden_god": convention})
        kb.assert_fact("cast_topic", chart.id, "office")
        found |= {flying for flying, _ in kb.ask(f"use_hidden_under('{chart.id}', '官鬼', F, P)")}
    return found


def test_a_missing_ghost_hides_under_siblings_wealth_or_parents_only(flying_over_the_hidden_ghost):
    assert flying_over_the_hidden_ghost == {"兄弟", "妻財", "父母"}


def test_the_pairs_no_chart_shows_are_declined_and_have_no_clause(kb):
    rows = [line.split("\t") for line in DECLINED.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    declined = {row[1] for row in rows if row[0] == "004_a344116fb00259f2.txt:11"}
    assert {"占鬼伏子下：鬼伏子孫", "占鬼伏官：官鬼伏官，小人作難；若親見發，方許開顏"} <= declined
    rules = {rule.info.id for rule in kb.program.rules}
    assert not {"r004.11.ghost_under_offspring", "r004.11.ghost_under_ghost"} & rules


def test_ghost_under_parents_with_wealth_on_the_world_fires(kb, asked, fires):
    chart = asked("787877", "寅", "甲子", "office")                  # 家人: 官鬼 under L3 己亥 父母, 妻財 holds L2
    assert kb.ask(f"use_hidden_under('{chart.id}', R, F, P)") == [("官鬼", "父母", 3)]
    assert fires(chart, "r004.11.ghost_under_parent") and fires(chart, "r004.11.ghost_under_parent_wealth")
