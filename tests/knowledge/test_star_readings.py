"""The stars in the reading (kb/judgments/003/stars.dl, facts/star_topic.tsv, queries/star_readings.py):
a star speaks when it falls on the line that matters for the question, of the question's kind,
on a moving line where its text asks it (003:223 占星之法，多視其類 … 各伺其動); it is weighed last
and never decides (000:115 神煞休將定吉凶); year and hour stars are left out when the year or the
hour is unknown; every other condition the text names (facts/star_topic_condition.tsv) is asked."""
import pytest

from queries.chart import cast
from queries.judgment import judge
from queries.star_readings import stars, text


@pytest.fixture(scope="module")
def judged(kb):
    made = {}

    def make(lines, month, day, topic, year=None, conventions=None, about=None, asker=None):
        key = (lines, month, day, topic, year, tuple(sorted((conventions or {}).items())), about, asker)
        if key not in made:
            chart = cast(lines, month=month, day=day, year=year, conventions=conventions, kb=kb)
            made[key] = judge(chart, topic, about=about, asker=asker)
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
    assert j.weighing["factor"]["id"] == "frame_strikes" and not any(k.startswith("star_") for k in because)
    weights = {r["id"]: r["weight"] for r in j.readings() if r["class"] == "star"}
    assert weights and set(weights.values()) == {"descriptive"}
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


# Each condition kind of facts/star_topic_condition.tsv: a chart where the star and the condition hold
# gets the reading; the same star on the same line with only the condition broken does not.
@pytest.mark.parametrize("kind, star, line, meaning, holds, broken", [
    # 004:75 帶青龍貴人: 天風姤, line 1 丑 父母 carries 天乙貴人 on a 甲 day (青龍) and on a 戊 day (勾陳)
    ("spirit", "天乙貴人", 1, "star_noble_new_house",
     dict(lines="877777", month="午", day="甲子", topic="house"), dict(lines="877777", month="午", day="戊子", topic="house")),
    # 004:71 旺相帶貴人: the same 父母 丑 is 相 in a 午 month, 囚 in a 子 month
    ("strength", "天乙貴人", 1, "star_noble_parent_rank",
     dict(lines="877777", month="午", day="甲子", topic="office"), dict(lines="877777", month="子", day="甲子", topic="office")),
    # 004:123 帶殺加羊刃: 坤為地, line 3 卯 官鬼 carries 羊刃 on a 甲 day, with 咸池 in a 寅 month, alone in a 巳 month
    ("malefic", "羊刃", 3, "star_war",
     dict(lines="888888", month="寅", day="甲子", topic="state"), dict(lines="888888", month="巳", day="甲子", topic="state")),
    # 003:187 若男前女後之意: 水澤節, the moving world line 1 巳 carries 孤辰 in a 寅 month; the man's side asks, or the woman's
    ("asker", "孤辰", 1, "star_lonely",
     dict(lines="978878", month="寅", day="甲子", topic="marriage", asker="man"),
     dict(lines="978878", month="寅", day="甲子", topic="marriage", asker="woman")),
    # 004:127 妻占夫: 天風姤, line 4 午 官鬼 carries 天乙貴人 on a 辛 day; the question is about the husband, or the wife
    ("about", "天乙貴人", 4, "star_noble_husband",
     dict(lines="877777", month="午", day="辛丑", topic="illness", about="husband"),
     dict(lines="877777", month="午", day="辛丑", topic="illness", about="wife")),
])
def test_a_star_reading_asks_the_condition_its_text_names(kb, judged, kind, star, line, meaning, holds, broken):
    assert (star, meaning, kind) in {(s, k, kd) for s, _, k, kd, _, _ in kb.ask("star_topic_condition(S, T, K, Kd, V, Src)")}
    for question, speaks in ((holds, True), (broken, False)):
        j = judged(**question)
        assert (star,) in set(kb.ask(f"line_star('{j.chart.id}', {line}, S)"))
        assert ((star, line, meaning) in speaking(j)) is speaks, (kind, question)
        assert (meaning in {k for (k,) in kb.ask(f"reading_applies('{j.chart.id}', K)")}) is speaks, (kind, question)


def test_the_broken_condition_is_named_by_why_not(kb, judged):
    j = judged("877777", "午", "戊子", "house")
    proof = kb.explain(f"star_condition_unmet('{j.chart.id}', '天乙貴人', 'house', 'star_noble_new_house', 1)")
    assert proof.rule.id == "star_condition_unmet.1"


def test_the_pigs_rats_and_oxen_are_worse_on_the_moving_ghost(judged):
    # 003:131 嫌值鬼同發: 離為火, line 3 亥 官鬼 carries 天豬 in a 寅 month; it moves, or it does not
    assert ("天豬", 3, "star_livestock_ghost_moving") in speaking(judged("789787", "寅", "甲子", "livestock"))
    assert not any(s[2] == "star_livestock_ghost_moving" for s in speaking(judged("787787", "寅", "甲子", "livestock")))


def test_every_condition_belongs_to_a_row_it_can_be_asked_of_and_has_a_clause(kb):
    # a condition of the line (spirit, strength, another star) is asked of a line the text names, not of
    # a hidden use-god; who asks and whom it is about hold for any row
    rows = {(s, t, k): line for s, t, line, _, _, k, _ in kb.ask("star_topic(S, T, L, M, E, K, Src)")}
    kinds = {r.head.args[3].value for r in kb.rules_of("star_condition_met")}
    conditions = kb.ask("star_topic_condition(S, T, K, Kd, V, Src)")
    assert {kind for _, _, _, kind, _, _ in conditions} == kinds == {"spirit", "strength", "malefic", "asker", "about"}
    for s, t, k, kind, _, _ in conditions:
        assert rows[(s, t, k)] not in ("reading", "palace"), (s, t, k)
        if kind in ("spirit", "strength", "malefic"):
            assert rows[(s, t, k)] in ("官鬼", "子孫", "父母", "兄弟", "妻財"), (s, t, k)


def test_the_rows_read_elsewhere_and_the_declined_phrases_give_no_star_reading(kb, judged):
    rows = {(s, t): (line, k) for s, t, line, _, _, k, _ in kb.ask("star_topic(S, T, L, M, E, K, Src)")}
    assert rows[("咸池", "appearance")] == ("reading", "charming_and_light")
    assert rows[("天喜", "childbirth")] == ("reading", "womb_blessed")
    assert ("天喜", "office") not in rows and ("天乙貴人", "children") not in rows
    j = judged("999999", "申", "甲辰", "office")
    assert all(s["id"] != "star_noble_small_blemish" for s in stars(j)["speaking"])
