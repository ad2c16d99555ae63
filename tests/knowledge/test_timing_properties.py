"""Properties of the timing 應期 of every question: each candidate rests on a cited rule or a named
convention; a void use-god always gets its way out of the void; every date really has the
candidate's branch, read back through queries.calendar; a recent illness is never answered in
years, a day question gets days; an unfavourable verdict dates the harm first; a judgment lists at
most four candidates of a unit and six in all."""
import re
from datetime import date, datetime, time, timedelta

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from queries import KnowledgeBase, calendar
from queries.errors import UserError
from queries.chart import cast
from queries.judgment import judge, topics
from queries.timing import IN_ALL, PER_UNIT, candidates, listed, pace

WHOM = {"about": {"about": "friend"}, "asker": {"asker": "woman"}}      # by the topic's use-god column
ABOUT = {t: WHOM[row[0]] for t, row in topics(KnowledgeBase()).items() if row[0] in WHOM}
ZONES = ("Asia/Seoul", "Asia/Shanghai", "America/New_York", "Europe/London")
TODAY = {k for k, _r, _s, _p, unit, *_ in
         KnowledgeBase().match("timing_kind", None, None, None, None, None, None, None, None, None) if unit == "today"}
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def question(kb, seed, at, tz, topic, zi_hour="same-day"):
    chart = cast(seed=seed, at=at, tz=tz, conventions={"zi_hour": zi_hour}, kb=kb)
    return judge(chart, topic, **ABOUT.get(topic, {}))


def every(found):
    """Each candidate and each reason it holds under ``also``, with its unit and branch."""
    for t in found:
        yield t
        for also in t.get("also", ()):
            yield {**also, "unit": t["unit"], "branch": t["branch"]}


moments = st.datetimes(min_value=datetime(1950, 1, 1), max_value=datetime(2060, 12, 31)).map(
    lambda d: d.replace(second=0, microsecond=0).isoformat())


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), at=moments, tz=st.sampled_from(ZONES),
       topic=st.sampled_from(sorted(topics(KnowledgeBase()))))
def test_every_candidate_rests_on_a_rule_and_reads_in_three_languages(kb, seed, at, tz, topic):
    try:
        j = question(kb, seed, at, tz, topic)
    except UserError:                    # a wall-clock time the zone skips
        return
    found = candidates(j)
    table = {k: unit for k, _r, _s, _p, unit, *_ in
             kb.match("timing_kind", None, None, None, None, None, None, None, None, None)}
    kinds = set(table)
    rules = {r.info.id: r.info for r in kb.program.rules}
    assert [t["rank"] for t in found] == list(range(1, len(found) + 1))
    assert candidates(j) == found
    c = j.chart.id                        # every candidate has its place: the verdict always has a direction
    assert {r[:4] for r in kb.match("timing_order", c, None, None, None, None, None, None)} == \
        set(kb.match("timing_candidate", c, None, None, None))
    scaled = {t["unit"] for t in every(found) if table[t["kind"]] == "scaled"}
    assert not scaled or scaled <= set(pace(j)["units"])
    for t in every(found):
        assert t["kind"] in kinds and t["polarity"] in ("for", "against")
        assert set(t["polarity_label"]) == {"ko", "zh", "en"}
        info = rules[t["rule"]]
        assert info.sources or info.conventions
        assert kb.explain(t["why"]) is not None
        assert set(t["reason"]) == {"ko", "zh", "en"}
        assert all(text and "{" not in text for text in t["reason"].values())
        assert not re.search("[A-Za-z]", t["reason"]["ko"]), t["reason"]["ko"]
        assert not re.search("[A-Za-z]", t["reason"]["zh"]), t["reason"]["zh"]
    for _, kind, _ in kb.match("timing_branch", j.chart.id, None, None):
        assert kind in kinds


@settings(max_examples=80, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), month=st.sampled_from(calendar.BRANCHES),
       day=st.sampled_from(["甲子", "丙寅", "戊辰", "庚午", "壬申", "乙亥", "丁丑", "己卯", "辛巳", "癸未"]),
       topic=st.sampled_from(["wealth", "office", "document", "illness", "lost"]))
def test_a_void_use_god_always_gets_its_way_out_and_its_clash(kb, seed, month, day, topic):
    j = judge(cast(seed=seed, month=month, day=day, kb=kb), topic)
    c = j.chart.id
    void = [(k, p) for _, k, p in kb.match("use_god", c, None, None) if kb.match("void", c, k, p)
            and (k in ("hidden", "changed") or kb.match("static_line", c, p))]
    kinds = {t["kind"] for t in every(candidates(j))}
    if void and not kb.match("timing_none", c, None):
        assert {"出旬", "沖空", "填實"} <= kinds
    if not void:
        assert not {"出旬", "沖空", "填實"} & kinds


def test_the_void_property_is_not_vacuous(kb):
    j = judge(cast(hexagram="離為火", month="午", day="癸未", kb=kb), "wealth")
    assert kb.match("void", j.chart.id, "line", 4)


def _at(d: date, tz, hour=12, minute=0, second=0):
    return datetime.combine(d, time(hour, minute, second), tz)


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), at=moments, tz=st.sampled_from(ZONES),
       topic=st.sampled_from(["wealth", "office", "childbirth", "lost", "house"]),
       horizon=st.sampled_from([None, "hour", "day", "month", "year"]),
       zi_hour=st.sampled_from(["same-day", "next-day"]))
def test_every_date_has_the_branch_of_its_candidate(kb, seed, at, tz, topic, horizon, zi_hour):
    try:
        j = question(kb, seed, at, tz, topic, zi_hour)
    except UserError:
        return
    moment, c = j.chart.cast.moment, j.chart.id
    if horizon:
        kb.assert_fact("cast_horizon", c, horizon)
    try:
        found = candidates(j)
    finally:
        if horizon:
            kb.retract_fact("cast_horizon", c, horizon)
    zone = moment.tzinfo
    cast_day = calendar.pillars(moment, zi_hour).day
    for t in every(found):
        wanted = t.get("within") or [t["branch"]]
        assert t["dates"] == sorted(t["dates"]) and len(set(t["dates"])) == len(t["dates"]) <= 3
        assert t["dates"], t
        if t["unit"] == "hour":     # 五鼠遁 (KO 000:49): each date's pillar is the calendar's
            assert [calendar.pillars(datetime.fromisoformat(d).replace(tzinfo=zone) + timedelta(minutes=30),
                                     zi_hour).hour for d in t["dates"]] == t["pillars"]
        for text in t["dates"]:
            if t["unit"] == "hour":
                start = datetime.fromisoformat(text).replace(tzinfo=zone)
                assert start > moment and calendar.pillars(start + timedelta(minutes=30)).hour[1] in wanted
                continue
            d = date.fromisoformat(text)
            if t["unit"] == "day" and t["kind"] in TODAY:       # the day of the cast itself
                assert calendar.pillars(_at(d, zone)).day == cast_day and cast_day[1] in wanted
            elif t["unit"] == "day":
                pillar = calendar.pillars(_at(d, zone)).day
                assert pillar[1] in wanted and pillar != cast_day and d > moment.date()
                if "stem" in t:
                    assert pillar[0] == t["stem"]
            else:
                field = "month" if t["unit"] == "month" else "year"
                assert getattr(calendar.pillars(_at(d, zone, 23, 59, 59)), field)[1] in wanted
                assert getattr(calendar.pillars(_at(d - timedelta(days=1), zone, 12)), field)[1] not in wanted
                assert _at(d, zone, 23, 59, 59) > moment


def test_a_cast_without_a_moment_has_branches_and_no_dates(kb):
    found = candidates(judge(cast("787889", month="戌", day="乙巳", kb=kb), "illness", about="father"))
    assert found and all(t["dates"] == [] and (t["branch"] or t["within"]) for t in found)


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), at=moments, tz=st.sampled_from(ZONES),
       topic=st.sampled_from(sorted(topics(KnowledgeBase()))), zi_hour=st.sampled_from(["same-day", "next-day"]))
def test_every_hour_candidate_has_a_rule_and_the_pillar_of_its_branch_on_the_cast_day(kb, seed, at, tz, topic,
                                                                                       zi_hour):
    try:
        chart = cast(seed=seed, at=at, tz=tz, conventions={"zi_hour": zi_hour}, kb=kb)
    except UserError:
        return
    j = judge(chart, topic, horizon="hour", **ABOUT.get(topic, {}))
    found = candidates(j)
    rules = {r.info.id: r.info for r in kb.program.rules}
    assert pace(j)["unit"] == "hour"
    day = calendar.pillars(chart.cast.moment, zi_hour).day
    for t in found:
        info = rules[t["rule"]]
        assert info.sources or info.conventions
        if t["unit"] != "hour":
            assert "pillar" not in t and t["kind"] in {"出旬", "胎三合"} | TODAY
            continue
        assert t["pillar"][1] == t["branch"] and kb.explain(t["why"]) is not None
        zi_stem = kb.match("hour_stem_start", day[0], None)[0][1]       # 五鼠遁 by the table of 000:47
        assert "甲乙丙丁戊己庚辛壬癸".index(t["pillar"][0]) == (
            "甲乙丙丁戊己庚辛壬癸".index(zi_stem) + calendar.BRANCHES.index(t["branch"])) % 10
        assert len(t["pillars"]) == len(t["dates"]) == 3


def test_every_topic_lies_near_middle_or_far(kb):
    # timing-horizon: without a reach a question has no unit and so no scaled candidate at all
    reach = dict(kb.match("timing_reach", None, None))
    assert set(topics(kb)) <= set(reach) and set(reach.values()) <= {"近", "中", "遠"}


DAYS = ["甲子", "丙寅", "戊辰", "庚午", "壬申", "乙亥", "丁丑", "己卯", "辛巳", "癸未"]


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), month=st.sampled_from(calendar.BRANCHES), day=st.sampled_from(DAYS),
       since=st.sampled_from(["recent", "long"]), about=st.sampled_from(["father", "son", "self"]))
def test_a_recent_illness_is_never_answered_in_years_nor_a_long_one_in_hours(kb, seed, month, day, since, about):
    j = judge(cast(seed=seed, month=month, day=day, kb=kb), "illness", about=about)
    kb.assert_fact("cast_since", j.chart.id, since)
    try:
        found, units = candidates(j), pace(j)["units"]
    finally:
        kb.retract_fact("cast_since", j.chart.id, since)
    said = {t["unit"] for t in found}
    assert "year" not in said and "hour" not in said
    assert units == (["day"] if since == "recent" else ["day", "month"])
    if since == "recent":
        assert said <= {"day"}


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), month=st.sampled_from(calendar.BRANCHES), day=st.sampled_from(DAYS),
       topic=st.sampled_from(sorted(topics(KnowledgeBase()))))
def test_a_day_question_gets_day_candidates(kb, seed, month, day, topic):
    j = judge(cast(seed=seed, month=month, day=day, kb=kb), topic, horizon="day", **ABOUT.get(topic, {}))
    found = candidates(j)
    assert pace(j)["units"] == ["day"] and {t["unit"] for t in found} <= {"day"}
    assert found or not kb.match("timing_branch", j.chart.id, None, None)


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), month=st.sampled_from(calendar.BRANCHES), day=st.sampled_from(DAYS),
       topic=st.sampled_from(sorted(topics(KnowledgeBase()))))
def test_the_verdict_chooses_which_side_is_said_first(kb, seed, month, day, topic):
    j = judge(cast(seed=seed, month=month, day=day, kb=kb), topic, **ABOUT.get(topic, {}))
    found = candidates(j)
    sides = [t["polarity"] for t in found]
    leads = {"unfavourable": "against", "favourable": "for"}.get(j.weighing["direction"])
    if leads and leads in sides:                  # every candidate of the leading side before any other
        assert sides == sorted(sides, key=lambda side: side != leads)
    rank = {k: r for k, r, *_ in kb.match("timing_kind", None, None, None, None, None, None, None, None, None)}
    first_unit = [rank[t["kind"]] for t in found if t["unit"] == found[0]["unit"]]
    if j.weighing["direction"] == "mixed" and found:     # said together, turn by turn, the nearer rank first
        assert first_unit[0] == min(first_unit)


def test_the_side_property_is_not_vacuous(kb):
    directions = set()
    for seed in range(40):
        j = judge(cast(seed=seed, month="子", day="甲子", kb=kb), "wealth")
        if {t["polarity"] for t in candidates(j)} == {"for", "against"}:
            directions.add(j.weighing["direction"])
    assert {"favourable", "unfavourable"} <= directions


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10 ** 6), month=st.sampled_from(calendar.BRANCHES), day=st.sampled_from(DAYS),
       topic=st.sampled_from(sorted(topics(KnowledgeBase()))))
def test_a_judgment_lists_at_most_four_of_a_unit_and_six_in_all(kb, seed, month, day, topic):
    j = judge(cast(seed=seed, month=month, day=day, kb=kb), topic, **ABOUT.get(topic, {}))
    every_one, first = candidates(j), j.first_timing()["timing"]
    assert first == listed(every_one) and len(first) <= IN_ALL
    assert all(sum(t["unit"] == unit for t in first) <= PER_UNIT for unit in {t["unit"] for t in first})
    ranks = [t["rank"] for t in first]
    assert ranks == sorted(ranks) and all(t in every_one for t in first)
    skipped = [t for t in every_one if t not in first and t["rank"] < (ranks[-1] if ranks else 0)]
    assert all(sum(f["unit"] == t["unit"] for f in first) == PER_UNIT for t in skipped)
    if len(first) < IN_ALL:
        assert all(sum(f["unit"] == t["unit"] for f in first) == PER_UNIT for t in every_one if t not in first)
