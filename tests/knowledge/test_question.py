"""The question decides the reading: the patient is the use-god of an illness, not the illness;
facts/topic_about.tsv decides what --about a topic takes and how it reads the person; a relative
missing from the hexagram is taken from a changed line before the hidden god (000:135); the
horizon is one of the table's units."""
import pytest

from queries import KnowledgeBase, UserError
from queries.chart import cast
from queries.cli import main
from queries.judgment import judge


@pytest.fixture(scope="module")
def ghost_flourishes(kb):
    """澤火革 in a 午 month on a 丁未 day: the 官鬼 on lines 2 and 6 are prosperous (鬼旺), the world
    line 4 is 兄弟 亥, weak."""
    chart = cast("787776", month="午", day="丁未", kb=kb)
    yield chart
    chart.forget()


def test_the_patient_is_the_use_god_and_a_flourishing_illness_is_against_him(kb, ghost_flourishes):
    chart = ghost_flourishes
    assert kb.ask(f"ghost_flourishes('{chart.id}', P)") == [(2,), (6,)]
    j = judge(chart, "illness")
    assert (j.use_god["relative"], j.use_god["position"], j.use_god["world"]) == ("兄弟", 4, True)
    assert j.taboo_god == [2, 6]                  # the illness 官鬼 (土) overcomes the patient (水)
    assert not j.verdict["strong"] and j.weighing["direction"] == "unfavourable"
    polarity = {r["id"]: r["polarity"] for r in j.readings()}
    assert polarity["delirium"] == "unfavourable" and "use_god_strong" not in polarity
    assert kb.explain(f"use_god('{chart.id}', 'line', 4)").rule.id == "use_god.1"


def test_the_patient_asked_about_is_the_relative_of_that_person(kb, ghost_flourishes):
    j = judge(ghost_flourishes, "illness", about="father")
    assert j.use_god["relative"] == "父母" and j.about == "father"
    assert kb.explain(f"use_relative('{ghost_flourishes.id}', '父母')").rule.id == "use_relative.1"


def test_a_matter_asked_for_another_keeps_its_use_god(kb, ghost_flourishes):
    c = ghost_flourishes.id
    j = judge(ghost_flourishes, "wealth", about="father")           # the father's wealth: 代占同
    assert j.use_god["relative"] == "妻財" and j.to_data(proof=False)["about"] == "father"
    assert kb.ask(f"cast_about('{c}', W)") == [("father",)] and kb.ask(f"about_named('{c}')") == []
    assert kb.explain(f"use_relative('{c}', '妻財')").rule.id == "use_relative.2"
    assert judge(ghost_flourishes, "lawsuit", about="other-party").use_god["position"] == ghost_flourishes.response


def test_a_topic_that_takes_no_about_refuses_one_in_one_line(kb, ghost_flourishes, capsys):
    with pytest.raises(UserError, match=r"--about father: the topic self takes no --about .*topics that take "
                                        r"one: appearance, audience, bridge, burial"):
        judge(ghost_flourishes, "self", about="father")
    code = main(["judge", "787776", "--month", "午", "--day", "丁未", "--topic", "self", "--about", "father"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "illness" in err


def test_the_table_decides_what_about_a_topic_takes(folder):
    path = folder({"facts/topic_about.tsv": "# @extends\ntopic\treads\tbasis\nself\tperson\tproxy-question\n"})
    kb = KnowledgeBase(extra=[path])
    j = judge(cast("787776", month="午", day="丁未", kb=kb), "self", about="father")
    assert j.use_god["relative"] == "父母"


def test_a_relative_on_a_changed_line_is_the_use_god_before_the_hidden_god(kb):
    moving = cast("698768", month="午", day="壬寅", kb=kb)        # 父母 missing; line 1 寅 turns into 子 父母
    j = judge(moving, "house")
    assert (j.use_god["kind"], j.use_god["position"], j.use_god["branch"]) == ("changed", 1, "子")
    assert kb.explain(f"use_god('{moving.id}', 'changed', 1)").rule.id == "use_god.5"
    assert "父母 庚子水 (the changed line of line 1)" in j.text()
    still = cast("898768", month="午", day="壬寅", kb=kb)          # line 1 still: the hidden god is taken
    j = judge(still, "house")
    assert j.use_god["kind"] == "hidden" and kb.ask(f"use_god('{still.id}', 'changed', P)") == []
    assert kb.explain(f"use_god('{still.id}', 'hidden', {j.use_god['position']})").rule.id == "use_god.4"
    for chart in (moving, still):
        chart.forget()


def test_the_horizon_is_a_unit_of_the_table(kb, ghost_flourishes, capsys):
    with pytest.raises(UserError, match="--horizon 'week': use one of hour, day, month, year"):
        judge(ghost_flourishes, "wealth", horizon="week")
    j = judge(ghost_flourishes, "wealth", horizon="year")
    assert j.horizon == "year" and kb.ask(f"timing_unit('{ghost_flourishes.id}', U)") == [("year",)]
    assert main(["judge", "787776", "--month", "午", "--day", "丁未", "--topic", "wealth", "--horizon", "week"]) == 2
    assert capsys.readouterr().err.startswith("liuyao: --horizon 'week'")
    assert main(["ask", "clash('子', X)", "--horizon", "day"]) == 2
    assert "go with --topic" in capsys.readouterr().err


def test_the_proof_of_every_reading_through_its_clause_passes_the_checker(kb, oracle, ghost_flourishes):
    from queries.rule_checks import find_rule, rule_check
    j = judge(ghost_flourishes, "illness", about="father")
    found = j.readings()
    assert len(found) > 5
    for reading in found:
        check = rule_check(kb, find_rule(kb, reading["rule"]), ghost_flourishes.id, "illness")
        assert check.holds and oracle.check(check.proof) == [], reading["rule"]
