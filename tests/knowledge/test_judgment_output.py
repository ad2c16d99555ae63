"""What ``liuyao judge`` gives: per topic, a chart built to satisfy a verse gets that reading in
``judge --json`` and a chart that breaks one of its conditions does not; the keys of the JSON (the
verdict's weighing, the readings with their sources and the seed's Korean, the timing); the text
grouped by polarity in three languages; the timing's dates and units."""
import json
import re
from datetime import date

import pytest

from queries.engine import render
from queries.labels import WORDS
from queries.session import Session

# topic: rule, conclusion, (lines, month, day[, about[, asker]]) for which the verse holds, the lines,
# month and day of a chart that breaks one condition, and the conventions of both casts
# 003:7 申日之離: the ghost 亥 born on the day harms the world; in a 午 month the 火 world withstands it
GHOST, WORLD_PROSPEROUS = ("787787", "辰", "甲申"), ("787787", "午", "甲申")
CASES = {
    "wealth": ("r000.83.parent_world.profit", "profit_comes", ("798778", "申", "甲寅"), ("698778", "申", "甲寅")),
    "office": ("r000.59.parent_flourishes.office", "rank_to_marquis", ("788879", "申", "己丑"),
               ("788879", "丑", "己丑"), {"rise_and_flourish": "prosperous"}),
    "exam": ("r000.83.parent_world.exam", "sit_the_exam", ("797786", "子", "乙丑"), ("797786", "丑", "乙丑")),
    "audience": ("r000.151.offspring_moving.audience", "do_not_advance", ("686686", "酉", "乙亥"),
                 ("687686", "酉", "乙亥")),
    "document": ("r000.95.wealth_world.documents", "letters_harmed", ("878978", "巳", "辛酉"), ("778978", "巳", "辛酉")),
    "illness": ("r000.63.parent_illness.wealth_prosperous", "parent_illness_wealth_kills",
                ("887787", "丑", "乙未", "father"), ("887787", "子", "乙未")),
    "medicine": ("r000.151.offspring_moving.medicine", "cured_with_doctor", ("686686", "酉", "乙亥"),
                 ("687686", "酉", "乙亥")),
    "childbirth": ("r000.63.birth_sex.womb", "birth_boy", ("787776", "午", "丁未"), ("687776", "午", "丁未"),
                   {"birth_sex": "womb-line"}),
    "lost": ("r000.87.offspring_world.lost", "lost_found", ("686686", "酉", "乙亥"), ("786686", "酉", "乙亥")),
    "travel": ("r000.59.travel_world_moves", "sets_out", ("698768", "午", "壬寅"), ("798768", "午", "壬寅")),
    "return": ("r000.59.use_moves_in_frame", "returns_at_once", ("689777", "酉", "壬辰", "father"),
               ("689777", "寅", "壬辰")),
    "lawsuit": ("r000.59.blessing_holds_world", "lawsuit_harmless", ("686686", "酉", "乙亥"), ("786686", "酉", "乙亥")),
    "house": ("r000.59.house_wealth_dragon", "richest_in_district", ("698768", "午", "壬寅"), ("698768", "子", "壬寅")),
    "trade": ("r000.147.parent_moving.trade", "toil_without_profit", ("897778", "酉", "丙戌"), ("797778", "酉", "丙戌")),
    "marriage": ("r000.63.marriage_use_overcome", "marriage_use_overcome", ("698768", "午", "壬寅", None, "man"),
                 ("898768", "午", "壬寅")),
    "children": ("r000.83.parent_world.children", "children_hard_to_get", ("897778", "酉", "丙戌"),
                 ("797778", "酉", "丙戌")),
    "self": ("r000.83.parent_world.self_wife", "no_virtuous_wife", ("798778", "申", "甲寅"), ("698778", "申", "甲寅")),
    "refuge": ("r000.87.offspring_world.refuge", "refuge_safe", ("686686", "酉", "乙亥"), ("786686", "酉", "乙亥")),
    "prison": ("r000.155.ghost_moving.prison", "imprisonment", ("698768", "午", "壬寅"), ("798768", "午", "壬寅")),
    "capture": ("r000.59.hook_overcomes_dark", "thief_caught", ("788879", "申", "己丑"), ("788879", "申", "甲子"),
                {"capture_mover": "any-line"}),
    "burial": ("r000.63.burial_third_fourth", "burial_auspicious", ("787776", "午", "丁未"), ("777776", "午", "丁未")),
    "fugitive": ("r000.147.parent_moving.fugitive", "report_to_officials", ("897778", "酉", "丙戌", "father"),
                 ("797778", "酉", "丙戌")),
    "farming": ("r000.155.ghost_moving.farming", "farming_fails", ("698768", "午", "壬寅"), ("798768", "午", "壬寅")),
    "gambling": ("r000.155.ghost_moving.gambling", "gambling_lost", ("698768", "午", "壬寅"), ("798768", "午", "壬寅")),
    "servant": ("r000.163.sibling_moving.servant", "not_harmonious", ("698768", "午", "壬寅"), ("898768", "午", "壬寅")),
    "state": ("r003.11.state", "treacherous_ministers", GHOST, WORLD_PROSPEROUS),
    "military_office": ("r003.11.military_office", "rise_at_once", GHOST, WORLD_PROSPEROUS),
    "enlist": ("r003.15.enlist", "fish_takes_bait", GHOST, WORLD_PROSPEROUS),
    "building": ("r003.15.building", "thorns_every_step", GHOST, WORLD_PROSPEROUS),
    "monastic": ("r003.15.monastic", "karma_not_cleared", GHOST, WORLD_PROSPEROUS),
    "public_service": ("r003.15.public_service", "flogging_unavoidable", GHOST, WORLD_PROSPEROUS),
    "worship": ("r003.15.worship", "god_angry", GHOST, WORLD_PROSPEROUS),
    "spirit_tablet": ("r003.15.spirit_tablet", "spirit_wails", GHOST, WORLD_PROSPEROUS),
    "omen": ("r003.15.omen", "omen_real", GHOST, WORLD_PROSPEROUS),
    "dream": ("r003.15.dream", "dream_comes_true", GHOST, WORLD_PROSPEROUS),
    "memorial": ("r003.39.memorial", "great_misfortune", ("896888", "午", "戊辰"), ("896888", "子", "戊辰")),
    "year_fortune": ("r003.55.classic_star.year", "classic_star_marks", ("777777", "子", "甲子"), ("877777", "子", "甲子")),
    "maid": ("r001.83.to_parent", "maid_mature", ("797777", "寅", "甲午"), ("777777", "寅", "甲午")),
    "pregnancy": ("r001.95.womb_dragon", "womb_blessed", ("777777", "子", "己巳"), ("777777", "子", "甲子")),
    "goods": ("r001.171.inner_strong", "dear_then_cheap", ("777888", "申", "甲子"), ("777888", "寅", "甲子")),
    "relocation": ("r004.123.relocation", "move_brings_disaster", ("879886", "卯", "乙亥"), ("779886", "卯", "乙亥")),
    "routine": ("r004.135.routine", "routine_goes_naturally", ("777886", "申", "乙巳"), ("777786", "申", "乙巳")),
    "selling": ("r004.151.wealth_selling", "selling_goods_goes", ("786877", "申", "戊戌"), ("787877", "申", "戊戌")),
    "entrusting": ("r004.35.entrusting", "entrusted_changes_mind", ("777886", "申", "乙巳"), ("777876", "申", "乙巳")),
}
# the topics no verse of seed 000 names: a verse for any question, asked with the topic
ANY_TOPICS = ("appearance", "creation", "fire", "hunting", "life", "livestock", "military", "news")
FOR_ANY = ("r000.55.six_clash_hexagram", "six_clash_hexagram", ("686686", "酉", "乙亥"), ("786686", "酉", "乙亥"))
ABOUT = {"appearance": "wife"}
LATIN = re.compile(r"[A-Za-z]")


@pytest.fixture(scope="module")
def session():
    return Session()


def judged(session, lines, month, day, topic, about=None, asker=None, conventions=None, horizon=None, at=None,
           lang="ko"):
    """The question put to a new cast, as ``liuyao judge --json --lang LANG`` prints it."""
    pillars = {"at": at, "tz": "Asia/Seoul"} if at else {"month": month, "day": day}
    session.cast(lines, conventions=conventions or {}, **pillars)
    session.judge(topic, about=about, asker=asker, horizon=horizon)
    return json.loads(session.judgment_json(proof=False, lang=lang))


def test_every_topic_has_a_case(session):
    assert sorted([*CASES, *ANY_TOPICS]) == sorted(session.topics())


@pytest.mark.parametrize("topic", sorted([*CASES, *ANY_TOPICS]))
def test_a_verse_of_the_topic_is_read_when_its_chart_holds_and_not_when_one_condition_breaks(session, topic):
    rule, conclusion, good, bad, *rest = CASES[topic] if topic in CASES else FOR_ANY
    conventions = rest[0] if rest else {}
    about, asker = (tuple(good[3:]) + (ABOUT.get(topic), None))[:2]
    data = judged(session, *good[:3], topic, about, asker, conventions)
    found = [r for r in data["readings"] if r["id"] == conclusion and r["rule"] == rule]
    assert found and found[0]["topic"] in (topic, "any")
    broken = judged(session, *bad, topic, about, asker, conventions)
    assert (conclusion, rule) not in {(r["id"], r["rule"]) for r in broken["readings"]}


def test_the_json_keeps_its_keys_and_gains_the_weighing_the_readings_and_the_timing(session):
    data = judged(session, "787889", None, None, "wealth", at="2024-10-08T04:00")
    assert set(data) >= {"topic", "about", "asker", "cast", "use_god", "candidates", "source_god", "taboo_god",
                         "enemy_god", "verdict", "reasons", "hidden", "context", "conventions", "facts", "unread",
                         "horizon", "readings", "timing", "timing_pace", "timing_none"}
    verdict = data["verdict"]
    assert set(verdict) == {"strong", "grade", "direction", "degree", "degree_name", "factor", "supports", "outweighs",
                            "because", "overrides"}
    assert verdict["direction"] == "unfavourable" and verdict["degree"] == "小凶" and verdict["factor"]["id"] == "body_hurt"
    assert verdict["because"] == ["hard_to_achieve", "keep_to_your_lot"] and isinstance(verdict["factor"]["says"], str)
    ids = [r["id"] for r in data["readings"]]
    assert set(verdict["because"] + verdict["overrides"]) <= set(ids) and len(ids) == len(set(ids))
    for reading in data["readings"]:
        assert set(reading) - {"outweighed_by"} == {"id", "rule", "rules", "topic", "conclusion", "polarity", "class",
                                                     "weight", "says", "why"}
        assert ("outweighed_by" in reading) == (reading["weight"] == "outweighed")
        assert isinstance(reading["conclusion"], str) and reading["conclusion"]
        assert reading["polarity"] in ("favourable", "unfavourable", "mixed", "descriptive")
        for rule in reading["rules"]:
            for source in data["rules"][rule]["sources"]:
                assert set(source) >= {"source", "quote"} and "korean" not in source and \
                    re.fullmatch(r"\d{3}_[0-9a-f]+\.txt:\d+", source["source"]) and source["source"] in data["book_lines"]
    first = data["rules"][data["readings"][0]["rule"]]["sources"][0]
    assert first["source"] == "000_122810513125a851.txt:3" and first["quote"] == "倘卦身有傷，其事難成矣"
    assert data["book_lines"][first["source"]]["korean"].startswith("「월괘신")
    for item in data["timing"]:
        assert set(item) >= {"rank", "unit", "branch", "dates", "rule", "reason", "kind", "why"}
        assert isinstance(item["reason"], str) and item["unit"] in ("hour", "day", "month", "year")
    assert [t["rank"] for t in data["timing"]] == list(range(1, len(data["timing"]) + 1))
    assert data["timing_pace"]["units"] == ["day", "month"] and data["timing_none"] == []


def test_a_reading_is_a_conclusion_its_clauses_hold_for_and_its_proof_goes_through_the_first(session):
    judged(session, "698768", "午", "壬寅", "house")
    judgment = session.judgment
    plain, proved = judgment.readings(), judgment.readings(proofs=True)
    assert [(r["id"], r["rule"], r["says"]) for r in plain] == [(r["id"], r["rule"], r["says"]) for r in proved]
    assert all(r["proof"].rule.id == r["rule"] == r["why"] == r["rules"][0] for r in proved)
    for reading, with_proof in zip(plain, proved):
        check = session.check_rule(reading["why"])
        assert check.holds and check.proof == with_proof["proof"]
        assert render.sentence(check.proof, "en") == reading["says"]["en"]
        assert all(session.check_rule(rule).holds for rule in reading["rules"])
    applies = {k for k, in session.ask("reading_applies(C, K)")}
    assert {r["id"] for r in plain} == applies and len(plain) == len(applies)
    assert any(len(r["rules"]) > 1 for r in plain)


def test_readings_are_sorted_by_weight_polarity_and_id(session):
    data = judged(session, "698768", "午", "壬寅", "house")
    order = {p: i for i, p in enumerate(("favourable", "unfavourable", "mixed", "descriptive"))}
    weight = {w: i for i, w in enumerate(("deciding", "supporting", "outweighed", "descriptive"))}
    keys = [(weight[r["weight"]], order[r["polarity"]], r["id"]) for r in data["readings"]]
    assert keys == sorted(keys) and len(keys) > 10


@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_the_text_leads_with_the_answer_and_shows_the_readings_by_weight_in_the_language(session, lang):
    data = judged(session, "698768", "午", "壬寅", "house", lang=lang)
    words = WORDS[lang]
    short = session.judgment_text(lang=lang)[len(session.chart_text(lang=lang)):]
    body = session.judgment_text(lang=lang, every=True)[len(session.chart_text(lang=lang)):]
    assert short.splitlines()[3].startswith(words["answer"] + ": ")
    assert words["more_readings"].split("{}")[0] in short and words["supporting"] not in short.split("\n" + words["timing"])[0].splitlines()
    weights = ("deciding", "supporting", "outweighed", "descriptive")
    shown = [w for w in weights if any(r["weight"] == w for r in data["readings"])]
    at = [body.index("\n" + words[w] + "\n") for w in shown]
    assert at == sorted(at)
    for reading in data["readings"]:
        line = f"  · {reading['conclusion']}  ({data['rules'][reading['rule']]['sources'][0]['place'].rpartition(' ')[0]} "
        group = shown.index(reading["weight"])
        start, end = at[group], at[group + 1] if group + 1 < len(at) else body.index(words["timing"])
        assert line in body[start:end]
        assert (line in short) == (reading["weight"] == "deciding")
    assert f"\n{words['timing']} (" in body and "\n  1. " in body
    if lang != "en":
        assert not [line for line in body.splitlines() if LATIN.search(line)]


def test_the_answer_line_names_the_direction_the_degree_and_the_deciding_factor(session):
    data = judged(session, "787889", "戌", "乙巳", "wealth")
    lines = session.judgment_text(lang="ko").splitlines()
    assert "답: 흉하다 · 小凶" in lines
    assert f"정한 요인: {data['verdict']['factor']['says']}" in lines


def test_the_html_shows_the_readings_and_the_timing(session):
    judged(session, "787889", None, None, "wealth", at="2024-10-08T04:00")
    page = session.judgment_html(lang="en")
    assert "<h4>deciding readings</h4>" in page and "<h4>outweighed readings</h4>" in page
    assert "<h4>timing (day/month, slow)</h4><ol><li>午 day" in page
    assert "2024-10-09" in page and "<script" not in page


def test_timing_dates_follow_the_moment_and_the_horizon(session):
    data = judged(session, "787889", None, None, "wealth", at="2024-10-08T04:00")
    dated = [(t["unit"], t["branch"], t["dates"]) for t in data["timing"]]
    assert dated[0] == ("day", "午", ["2024-10-09", "2024-10-21", "2024-11-02"])
    assert ("month", "午", ["2025-06-05", "2026-06-06", "2027-06-06"]) in dated
    days = judged(session, "787889", None, None, "wealth", horizon="day", at="2024-10-08T04:00")
    assert days["horizon"] == "day" and days["timing_pace"]["unit"] == "day"
    assert session.ask("cast_horizon(C, U)") == [("day",)]
    for item in days["timing"]:
        assert item["unit"] == "day" and len(item["dates"]) == 3
        assert all(date.fromisoformat(d) > date(2024, 10, 8) for d in item["dates"])
    pillars = judged(session, "787889", "戌", "乙巳", "wealth")
    assert pillars["timing"] and all(t["dates"] == [] for t in pillars["timing"])
    assert session.ask("cast_horizon(C, U)") == []


def test_when_lists_every_candidate_with_its_rule(session):
    judged(session, "787889", "戌", "乙巳", "illness", about="father")
    timing = session.when()
    text = session.when_text(lang="ko")
    assert text.splitlines()[0] == "응기 (일/월, 느림)"
    assert len(text.splitlines()) == len(timing["timing"]) + sum(len(t.get("also", ())) for t in timing["timing"]) + 1 > 3
    assert all(f"[{t['rule']}]" in text for t in timing["timing"])
    assert session.explain(timing["timing"][0]["why"]).rule.id == "timing_candidate.1"


def test_a_matter_without_a_day_says_so(session):
    data = judged(session, "986986", "巳", "乙亥", "office", lang="zh")
    assert [b["kind"] for b in data["timing_none"]] == ["到底空"]
    assert f"  {WORDS['zh']['no_day']}: {data['timing_none'][0]['reason']}" in session.judgment_text(lang="zh")
