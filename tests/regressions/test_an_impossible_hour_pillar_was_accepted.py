"""``--hour 甲子`` with ``--day 乙巳`` was accepted, though by 五鼠遁 the 子 hour of an 乙 day is
丙子. A pillar given by hand is now held to the knowledge's hour_stem rule, and a month pillar
to month_stem (五虎遁) likewise."""
import pytest

from queries import KnowledgeBase
from queries.errors import UserError
from queries.session import Session

# The 五鼠遁 rows, for knowledge that does not have them yet (marked as an extension, so they
# may join the knowledge's own).
STEMS, BRANCHES = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"
ZI_STEMS = {"甲": "甲", "己": "甲", "乙": "丙", "庚": "丙", "丙": "戊", "辛": "戊", "丁": "庚", "壬": "庚",
            "戊": "壬", "癸": "壬"}
YIN_STEMS = {"甲": "丙", "己": "丙", "乙": "戊", "庚": "戊", "丙": "庚", "辛": "庚", "丁": "壬", "壬": "壬",
             "戊": "甲", "癸": "甲"}
HOURS = "# @extends\nday_stem\tbranch\tstem\n" + "".join(
    f"{day}\t{branch}\t{STEMS[(STEMS.index(zi) + i) % 10]}\n"
    for day, zi in ZI_STEMS.items() for i, branch in enumerate(BRANCHES))
MONTHS = "# @extends\nyear_stem\tbranch\tstem\n" + "".join(
    f"{year}\t{BRANCHES[(2 + i) % 12]}\t{STEMS[(STEMS.index(yin) + i) % 10]}\n"
    for year, yin in YIN_STEMS.items() for i in range(12))


def _session(folder):
    shipped = KnowledgeBase().program
    stubs = {f"facts/{pred}.tsv": text for pred, text in (("hour_stem", HOURS), ("month_stem", MONTHS))
             if shipped.arity(pred) != 3}
    return Session([folder(stubs)] if stubs else [])


def test_an_hour_pillar_of_another_day_stem_is_refused(folder):
    s = _session(folder)
    with pytest.raises(UserError, match="hour pillar 甲子 cannot fall on a 乙巳 day: by 五鼠遁 its 子 hour is 丙子"):
        s.cast("787889", month="戌", day="乙巳", hour="甲子")
    assert s.cast_id is None


def test_the_possible_hour_pillars_are_cast(folder):
    s = _session(folder)
    assert s.cast("787889", month="戌", day="乙巳", hour="戊寅") == "c1"
    assert s.cast("787889", month="戌", day="乙巳", hour="戊子") == "c2"      # the late 子 hour, same-day
    with pytest.raises(UserError, match="its 子 hour is 丙子$"):
        s.cast("787889", month="戌", day="乙巳", hour="戊子", conventions={"zi_hour": "next-day"})


def test_a_month_pillar_of_another_year_stem_is_refused(folder):
    s = _session(folder)
    with pytest.raises(UserError, match="month pillar 丙戌 cannot fall in a 甲辰 year: by 五虎遁 its 戌 month is 甲戌"):
        s.cast("787889", month="丙戌", day="乙巳", year="甲辰")
    assert s.cast("787889", month="甲戌", day="乙巳", year="甲辰") == "c1"
