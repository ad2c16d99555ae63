"""The stars in the reading (kb/judgments/003/stars.dl, facts/star_topic.tsv, queries/star_readings.py):
a star speaks when it falls on the line that matters for the question, of the question's kind,
on a moving line where its text asks it (003:223 占星之法，多視其類 … 各伺其動); it is weighed last
and never decides (000:115 神煞休將定吉凶); year and hour stars are left out when the year or the
hour is unknown."""
import pytest

from queries.chart import cast
from queries.judgment import judge
from queries.star_readings import stars, text


@pytest.fixture(scope="module")
def judged(kb):
    made = {}

    def make(lines, month, day, topic, year=None, conventions=None):
        key = (lines, month, day, topic, year, tuple(sorted((conventions or {}).items())))
        if key not in made:
            made[key] = judge(cast(lines, month=month, day=day, year=year, conventions=conventions, kb=kb), topic)
        return made[key]
    return make


def speaking(j):
    return {(s["star"], s["line"], s["id"]) for s in stars(j)["speaking"]}


def test_a_star_on_the_world_speaks_to_its_own_kind_of_question_only(kb, judged):
    # 000:17 (KO) 녹은 … 봉록과 의식을 주한다: 祿 on the world line 1 of 山火賁
    office = judged("787889", "戌", "乙巳", "office")
    assert ("祿", 1, "star_salary_clothing") in speaking(office)
    assert ("star_salary_clothing",) in set(kb.ask(f"reading_applies('{office.chart.id}', K)"))
    wealth = judged("787889", "戌", "乙巳", "wealth")
    assert ("star_salary_clothing",) not in set(kb.ask(f"reading_applies('{wealth.chart.id}', K)"))
    assert not any(s[2] == "star_salary_clothing" for s in speaking(wealth))


def test_a_star_of_seed_003_speaks_only_on_a_moving_line_unless_the_convention_says_otherwise(judged):
    # 003:99 天馬 此星惟利升遷之卜; 003:223 各伺其動，不動則不伺也
    assert ("天馬", 4, "star_promotion") in speaking(judged("999999", "申", "甲辰", "office"))
    assert not any(s[0] == "天馬" for s in speaking(judged("777777", "申", "甲辰", "office")))
    loose = judged("777777", "申", "甲辰", "office", conventions={"star_motion": "any-line"})
    assert ("天馬", 4, "star_promotion") in speaking(loose)


def test_t14_the_heavenly_virtue_on_a_moving_offspring_wards_off_trouble(judged):
    # 003:63 如寅建丁亥子孫發動，以丁為天德也，利用防非: 兌 line 4 丁亥 子孫 moves in a 寅 month
    j = judged("778978", "寅", "丁亥", "lawsuit")
    assert ("天干天德", 4, "star_virtue_wards_trouble") in speaking(j)
    still = judged("778778", "寅", "丁亥", "lawsuit")
    assert not any(s[2] == "star_virtue_wards_trouble" for s in speaking(still))


def test_stars_never_decide_and_are_outweighed_when_they_point_the_other_way(kb, judged):
    j = judged("999999", "申", "甲辰", "office")
    because = {k for (k,) in kb.ask(f"verdict_because('{j.chart.id}', K)")}
    assert because and not any(k.startswith("star_") for k in because)
    found = stars(j)["speaking"]
    against = [s for s in found if s["polarity"] not in (j.weighing["direction"], "descriptive")]
    assert against and all(s["outweighed"] for s in against)


def test_year_stars_are_left_out_without_the_year(judged):
    # 004:123 如白虎、喪門、弔客、病苻者，須防疾病喪亡 — the 太歲 series keyed by the year (003:219)
    unknown = stars(judged("787889", "戌", "乙巳", "house"))
    assert {"病符", "白虎", "弔客(歲)"} <= set(unknown["left_out"])
    known = stars(judged("787889", "戌", "乙巳", "house", year="甲辰"))
    assert not {"病符", "白虎", "弔客(歲)"} & set(known["left_out"])
    assert ("病符", 1, "star_ghost_illness_death") in {(s["star"], s["line"], s["id"]) for s in known["speaking"]}


def test_the_star_reading_is_cited_and_provable(kb, judged):
    j = judged("787889", "戌", "乙巳", "office")
    (found,) = [s for s in stars(j)["speaking"] if s["star"] == "祿"]
    assert found["source"].startswith("000_122810513125a851.txt:17  녹은")
    proof = kb.explain(f"reading('{j.chart.id}', 'office', 'star_salary_clothing')")
    assert proof.rule.id == found["rule"] == "r003.223.star.office.salary_clothing"


@pytest.mark.parametrize("lang, word", [("en", "line 1"), ("ko", "1효"), ("zh", "第1爻")])
def test_the_text_names_each_star_and_its_line(judged, lang, word):
    shown = text(stars(judged("787889", "戌", "乙巳", "office")), lang)
    assert word in shown and "祿" in shown
    if lang == "ko":
        assert "outweighed" not in shown and "line" not in shown


def test_every_star_topic_row_is_read_once(kb):
    rows = kb.ask("star_topic(S, T, L, M, E, K, Src)")
    read = {(t, k) for _, t, line, _, _, k, _ in rows if line not in ("reading", "palace")}
    clauses = {(r.head.args[1].value, r.head.args[2].value) for r in kb.rules_of("reading")
               if r.where.startswith("kb/judgments/003/stars.dl")}
    assert read == clauses
    polarity = {k: p for k, p, *_ in kb.ask("conclusion(K, P, 'star', Ko, Zh, En)")}
    effect = {"helps": "favourable", "harms": "unfavourable", "marks": "descriptive"}
    assert all(polarity[k] == effect[e] for _, t, line, _, e, k, _ in rows if k in polarity)


def test_judge_with_stars_prints_them_under_the_judgment(capsys):
    from queries.cli import main
    cast_args = ["787889", "--month", "戌", "--day", "乙巳", "--topic", "house"]
    assert main(["judge", *cast_args, "--stars"]) == 0
    out = capsys.readouterr().out
    assert "\n\nStars 神煞 that speak to the question" in out
    assert "left out, the year or the hour not being known: " in out and "病符" in out
    assert main(["judge", *cast_args, "--stars", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert "病符" in data["stars"]["left_out"] and data["readings"]
