"""Seed 004's readings of each relative's matters (issue 14, done when): a question about parents
and documents, siblings and rivals, children and medicine, wife and wealth, office and illness lists
the book's readings, each cited and provable, and the book's six looks weigh the verdict
(convention reading_order). And the servant, read by seed 001 from the 妻財 and by seed 004 from the
子孫, side by side (convention servant-two-books)."""
import pytest

SEED_004 = "004_a344116fb00259f2.txt"


@pytest.mark.parametrize("day, not_void", [("丙子", True), ("甲寅", False)])     # 甲寅's void 子丑 takes line 1
def test_a_servant_question_lists_both_books_side_by_side(kb, asked, fires, day, not_void):
    chart = asked("797777", "寅", day, "servant")                 # 乾: 子孫 甲子 on line 1, 妻財 甲寅 on 2
    assert kb.ask(f"use_relative('{chart.id}', R)") == [("妻財",)]
    assert fires(chart, "r001.91.too_much_wealth")                     # 財不可太過 (001:91), of the 妻財
    assert fires(chart, "r004.103.servant_by_offspring")          # 占小口及奴僕：為用爻 (004:103), of the 子孫
    assert fires(chart, "r004.103.servant_not_void") is not_void


def test_a_servant_asked_about_reads_the_offspring_too(kb, asked, fires):
    chart = asked("797777", "寅", "丙子", "wealth", about="servant")
    assert fires(chart, "r004.103.servant_by_offspring") and fires(chart, "r004.103.servant_not_void")
