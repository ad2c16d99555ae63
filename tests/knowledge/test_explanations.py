"""Explanations a student can read (issue 17): the account, the levels, why-not that teaches,
proof JSON that shares its sub-proofs."""
import json
import pickle
import re

import pytest

from queries.chart import cast
from queries.engine import render
from queries.engine.oracle import check_data, resolve
from queries.judgment import account, connectives, judge

WORKED = [("illness", "father"), ("wealth", None), ("office", None), ("document", None), ("childbirth", None)]


@pytest.fixture(scope="module")
def judgments(kb):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    made = {}
    for topic, about in WORKED:
        judgment = judge(chart, topic, about=about)
        judgment.proof()
        made[topic] = judgment
    yield made
    chart.forget()


@pytest.mark.parametrize("topic", [topic for topic, _ in WORKED])
def test_a_student_level_proof_fits_in_sixty_lines(judgments, kb, topic):
    proof = judgments[topic].proof()
    student = render.text(proof, "ko", level="student", phrases=connectives(kb))
    full = render.text(proof, "ko")
    assert len(student.splitlines()) <= 60 < len(full.splitlines())
    assert "facts/" not in student and "[사실]" not in student     # table rows fold away


def test_the_account_names_the_decisive_facts_and_their_book_lines(judgments, kb):
    said = account(kb, judgments["illness"].proof(), "ko")
    assert 3 <= len(said) <= 8
    assert said[0].startswith("판정은 「凶」이다") and "(卜筮正宗·안정과 난동 123 " in said[0]
    assert any("「용신이 묘에 들었다」" in s and "卜筮正宗·괘를 보는 차례 55" in s for s in said)   # the deciding factor
    assert any("묘에 들었고(月墓) 여는 것이 없다" in s and "卜筮正宗·지세 91" in s for s in said)   # nothing opens the tomb
    assert any(s.startswith("그러나 有更重者") for s in said)   # no weightier factor


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_the_account_is_in_the_readers_language(judgments, kb, lang):
    for judgment in judgments.values():
        said = " ".join(account(kb, judgment.proof(), lang))
        assert not re.search(r"\b(because|and|but|there is no|On this chart)\b", said)


def test_the_judgment_says_the_account_before_the_verdict(judgments):
    text = judgments["illness"].text("ko")
    assert text.index("답: 흉하다 · 凶") < text.index("판정은 「凶」이다") < text.index("판정: 入墓") \
        < text.index("판정을 정한 판단") < text.index("응기")
    assert judgments["illness"].to_data(proof=False, lang="zh")["account"][0].startswith("斷曰凶")


def test_numbers_are_one_numbering_across_nested_why_nots(judgments):
    proof = judgments["illness"].proof()
    text = render.text(proof, "ko")
    marks = re.findall(r"… (\S+\(.*?\))   \((?:위 참조|펼치기) #(\d+)\)", text)
    assert marks
    names = render.Words(render.number(proof), "ko")
    for statement, n in marks:
        assert names.statement(render.subproof(proof, int(n))) == statement


def test_no_python_value_reaches_a_reader(judgments, kb):
    for judgment in judgments.values():
        proof = judgment.proof()
        for level in render.LEVELS:
            for lang in ("en", "ko", "zh"):
                shown = render.text(proof, lang, level=level) + judgment.text(lang)
                assert "Var(" not in shown and "[2, " not in shown
        assert "Var(" not in judgment.to_json()


def test_a_failed_condition_shows_the_charts_value(kb):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    try:
        why = kb.why_not(f"entombed('{chart.id}', 'line', 5, '月墓', '辰')")
        text = render.why_not_text(why, "en")
        assert "cast_month('c" in text and "here it is 戌, not 辰" in text
        assert "여기서는 辰이 아니라 戌이다" in render.why_not_text(why, "ko")
    finally:
        chart.forget()


def test_a_why_not_says_no_count_of_ways(kb):
    text = render.why_not_text(kb.why_not("relative('土', '木', '父母')"), "en")
    assert "way(s)" not in text and "relative.3 父母" in text
    assert "generates('木', '土') fails" in text


def test_for_which_values_a_rule_holds(kb):
    from queries.engine.explain import Explanation
    from queries.engine.terms import Atom, Const, Var
    why = Explanation(kb).why_not(Atom("relative", (Const("土"), Var("E"), Const("父母"))), 2)
    holding = [f for f in why.failures if not f.literal]
    assert holding and holding[0].holds_for == (("E", ("火",)),)
    assert "it holds, for E = 火" in render.why_not_text(why, "en")


def test_the_judgment_json_shares_and_checks(judgments, oracle):
    for topic, about in WORKED:
        judgment = judge(judgments[topic].chart, topic, about=about)
        document = judgment.to_json()
        assert len(document.encode("utf-8")) < 300_000
        data = resolve(json.loads(document))
        proofs = [data["proof"]] + [r["proof"] for r in data["readings"]]
        for proof in proofs:
            assert check_data(proof, oracle.kb.program, oracle.model()) == []
    assert '"ref"' in document


def test_a_ref_points_back(judgments):
    data = json.loads(judgments["wealth"].to_json())
    seen = set()

    def walk(value):
        if isinstance(value, dict):
            if "ref" in value:
                assert value["ref"] in seen
            elif "id" in value and "kind" in value:
                seen.add(value["id"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(data)
    assert seen


def test_a_proof_crosses_a_process_without_its_hash(judgments):
    proof = judgments["wealth"].proof()
    hash(proof)
    again = pickle.loads(pickle.dumps(proof))
    assert "_hash" not in again.__dict__ and again == proof and hash(again) == hash(proof)


def test_given_follows_the_annotation(kb):
    marked = {r.info.id for r in kb.program.rules if any(n.startswith("@given") for n in r.info.notes)}
    assert {"clash.1", "line_yin_yang.1", "lower_trigram.1", "generates.1"} <= marked
    assert "entombed.2" not in marked and "use_reason.8" not in marked
    assert render.given(kb.explain("clash('子', '午')"))
