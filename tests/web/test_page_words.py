"""The page speaks the page: its messages name the form's fields in the page's language and mark
the field at fault, a paste over the limit leaves the form as it was, a pasted rule's lines are
the student's own, a rule that adds to a shipped predicate is said so, and every API route takes
``lang``."""
import re

import pytest

from tests.web.conftest import CAST, form

ERROR = re.compile(r'id="error">([^<]*)')


def test_a_missing_month_names_the_forms_fields_and_marks_the_month(client):
    page = client.get("/chart", params={"values": "787889", "day": "乙巳"}).text
    said = ERROR.search(page).group(1)
    assert "「월건」" in said and "「양력 시각」" in said and "--" not in said
    assert re.findall(r'<label class="field bad">([^<]*)', page)[0].startswith("월건")
    english = client.get("/chart", params={"values": "787889", "day": "乙巳", "lang": "en"}).text
    assert "“moment”" in ERROR.search(english).group(1) and "--at" not in english.split('id="error">')[1][:300]


def test_a_paste_over_the_limit_leaves_the_form_as_it_was(client):
    came_from = "http://testserver/chart?values=787889&month=%E6%88%8C&day=%E4%B9%99%E5%B7%B3"
    page = client.post("/rule", data=form(client, {**CAST, "rule": "x" * 300_000}), headers={"referer": came_from})
    assert page.status_code == 400 and "built-in method" not in page.text and "object at 0x" not in page.text
    assert 'id="f-values" value="787889"' in page.text and 'id="f-month" value="戌"' in page.text
    assert "256킬로바이트" in ERROR.search(page.text).group(1)


def test_a_pasted_rules_line_is_the_students(client):
    page = client.post("/rule", data=form(client, {**CAST, "rule": "foo(X) <= bar(X"}))
    said = ERROR.search(page.text).group(1)
    assert page.status_code == 400 and "오류: 붙인 규칙 1행:" in said and "user.dl" not in said
    assert 'class="field wide bad"><textarea name="rule"' in page.text


def test_a_rule_adding_to_a_shipped_predicate_is_said_so(client):
    page = client.post("/rule", data=form(client, {**CAST, "rule": "clash(X, Y) <= clash(Y, X)"}), follow_redirects=True)
    assert page.status_code == 200 and "clash는 지식에 이미 있는 술어입니다" in page.text
    client.post("/rule/forget", data=form(client, CAST))


@pytest.mark.parametrize("method, route, body", [
    ("post", "/api/chart", CAST), ("post", "/api/judge", {**CAST, "topic": "wealth"}),
    ("post", "/api/why", {**CAST, "goal": "clash('子', X)"}), ("post", "/api/why-not", {**CAST, "goal": "clash('子', '丑')"}),
    ("post", "/api/ask", {**CAST, "goal": "clash('子', X)"}), ("post", "/api/stars", CAST),
    ("post", "/api/describe", CAST), ("post", "/api/periods", {**CAST, "age": 27}),
    ("get", "/api/topics", {}), ("get", "/api/conventions", {}), ("get", "/api/rules", {"pred": "clash"}),
    ("get", "/api/explain", {"term": "月破"}),
])
def test_every_api_route_takes_lang(client, method, route, body):
    if method == "post":
        answer = client.post(route, json={**body, "lang": "ko"})
    else:
        answer = client.get(route, params={**body, "lang": "ko"})
    assert answer.status_code == 200, answer.text


def test_an_api_error_is_said_in_the_language_asked(client):
    said = client.post("/api/chart", json={**CAST, "month": "X", "lang": "ko"}).json()
    assert said == {"error": "월 'X': 지지(子 … 亥)나 甲戌 같은 간지를 주십시오", "field": "month"}


def test_a_marks_proof_names_the_pasted_rule_that_made_it(client):
    rule = "void_exempt(C, K, P, '月合') <= in_void(C, K, P) & cast_month(C, M) & node(C, K, P, B) & combination(M, B)"
    made = client.post("/rule", data=form(client, {**CAST, "rule": rule}), follow_redirects=False)
    assert made.status_code == 303
    proof = client.get("/mark", params={**CAST, "field": "state", "kind": "line", "pos": "1", "value": "假空"},
                       headers={"HX-Request": "true"}).text
    assert "나의 규칙 user.1 rule 1 (my-rules/kb/user.dl:" in proof and "거친다" in proof
    client.post("/rule/forget", data=form(client, CAST))


def test_hangul_pillars_and_korean_names_on_the_page_and_the_api(client):
    page = client.get("/chart", params={"values": "787889", "month": "술", "day": "을사", "topic": "질병", "about": "아버지"})
    assert page.status_code == 200 and "일 乙巳" in page.text and 'id="judgment"' in page.text
    chart = client.post("/api/chart", json={"values": "787889", "month": "술", "day": "을사"}).json()
    assert chart["calendar"]["day"] == "乙巳" and chart["calendar"]["month_branch"] == "戌"
    judged = client.post("/api/judge", json={"values": "787889", "month": "술", "day": "을사", "topic": "질병",
                                             "about": "아버지"}).json()
    assert (judged["topic"], judged["about"]) == ("illness", "father")
