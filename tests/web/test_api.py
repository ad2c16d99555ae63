"""The JSON API answers every CLI question with the CLI's JSON, and bad input is a 4xx of one
line naming the field."""
import json
import re
import subprocess
import sys

import pytest

from tests.web.conftest import BROKEN, CAST


def cli_json(*args):
    out = subprocess.run([sys.executable, "-m", "queries.cli", *args, "--json"], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_chart_is_what_the_cli_prints(client):
    answer = client.post("/api/chart", json=CAST)
    assert answer.status_code == 200
    assert answer.json() == cli_json("chart", "787889", "--month", "戌", "--day", "乙巳")


def test_judge_is_what_the_cli_prints(client):
    answer = client.post("/api/judge", json={**CAST, "topic": "wealth"})
    cli = cli_json("judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth")
    assert answer.json()["verdict"] == cli["verdict"]
    assert [r["id"] for r in answer.json()["readings"]] == [r["id"] for r in cli["readings"]]


def test_a_question_fact_reads_the_verses_that_need_it_as_the_cli_does(client):
    answer = client.post("/api/judge", json={**CAST, "topic": "office", "in_office": "yes"}).json()
    cli = cli_json("judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "office", "--in-office", "yes")
    assert answer["facts"] == cli["facts"] == {"in_office": "yes"} and answer["unread"] == cli["unread"] == []
    assert answer["verdict"]["direction"] == cli["verdict"]["direction"]
    refused = client.post("/api/judge", json={**CAST, "topic": "wealth", "since": "recent"})
    assert refused.status_code == 400 and "since" in refused.text


def test_judge_with_its_proofs_is_the_whole_document_the_cli_prints(client):
    answer = client.post("/api/judge", json={**CAST, "topic": "wealth", "proof": True}).json()
    cli = cli_json("judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth", "--proof")
    text = json.dumps(answer, ensure_ascii=False)
    for quote in "\"'":                      # the session's cast has its own id, in values and in literals
        text = text.replace(f"{quote}{answer['cast']}{quote}", f"{quote}{cli['cast']}{quote}")
    same_cast = json.loads(text)
    assert same_cast == cli and {"book_lines", "classes", "rules", "proof"} <= set(answer)


def test_why_and_why_not(client):
    why = client.post("/api/why", json={**CAST, "goal": "line_relative(C, 3, R)", "lang": "ko"}).json()
    assert why["proof"]["rule"] == "line_relative.1" and "妻財" in why["account"][0]
    assert why["proof"]["rules"]["line_relative.1"]["where"].startswith("kb/")
    not_ = client.post("/api/why-not", json={**CAST, "goal": "hidden_motion(C, 3)"}).json()
    assert not_["why_not"]["failures"][0]["rule"] == "hidden_motion.1" and "hidden_motion.1" in not_["why_not"]["rules"]
    rule = client.post("/api/why-not", json={**CAST, "topic": "illness", "goal": "r000.87.offspring_world"}).json()
    assert rule["rule"] == "r000.87.offspring_world" and "holds" in rule
    source = client.post("/api/why-not", json={**CAST, "topic": "illness", "source": "000:87"}).json()
    assert source["source"] == "000:87" and source["rules"]


def test_ask_stars_topics_conventions_rules(client):
    assert client.post("/api/ask", json={"goal": "clash('子', X)"}).json()["answers"] == [["午"]]
    assert client.post("/api/ask", json={**CAST, "goal": "line_relative(C, 3, R)"}).json()["answers"] == [["妻財"]]
    stars = client.post("/api/stars", json={"month": "戌", "day": "乙巳"}).json()
    assert stars and "lines" not in stars[0]
    assert client.get("/api/topics").json()["wealth"]["use"] == "妻財"
    assert "zi_hour" in client.get("/api/conventions").json()
    assert "month_break.1" in [r["id"] for r in client.get("/api/rules", params={"grep": "月破"}).json()["rules"]]


def test_the_schema_and_its_offline_pages(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/chart", "/api/judge", "/api/why", "/api/why-not", "/api/ask", "/api/stars", "/api/topics",
            "/api/conventions", "/api/rules"} <= set(paths)
    docs = client.get("/docs").text
    assert "/static/swagger-ui/swagger-ui-bundle.js" in docs and "cdn" not in docs
    assert client.get("/static/swagger-ui/swagger-ui-bundle.js").status_code == 200


@pytest.mark.parametrize("body, field", [
    ({**CAST, "values": "78788"}, "values"),
    ({**CAST, "month": "X"}, "month"),
    ({**CAST, "day": "乙"}, "day"),
    ({"values": "787889", "at": "2024-13-01T00:00", "tz": "Asia/Seoul"}, "at"),
    ({"values": "787889", "at": "2024-10-01T00:00", "tz": "Mars/X"}, "tz"),
    ({"values": "787889", "lunar": "2024-02-31T00:00"}, "lunar"),
    ({**CAST, "values": None, "coins": "3,2,1"}, "coins"),
    ({**CAST, "set": ["zi_hour=never"]}, "zi_hour"),
    ({**CAST, "seed": "x"}, "seed"),
    ({**CAST, "dayy": "乙巳"}, "dayy"),
    ({"month": "戌"}, "values"),
])
def test_bad_cast_is_one_line_naming_the_field(client, body, field):
    answer = client.post("/api/chart", json=body)
    assert 400 <= answer.status_code < 500
    error = answer.json()
    assert "\n" not in error["error"] and "Traceback" not in error["error"]
    assert error["field"] == field or field in error["error"]


@pytest.mark.parametrize("path, body", [
    ("/api/judge", {**CAST, "topic": "nothing"}),
    ("/api/judge", {**CAST}),
    ("/api/why", {**CAST, "goal": "foo("}),
    ("/api/why", {**CAST, "goal": "clash(X)", "level": "deep"}),
    ("/api/why-not", {**CAST}),
    ("/api/ask", {"goal": "line_relative(C, 3, R)"}),
    ("/api/why", {"goal": "r000.87.offspring_world"}),
    ("/api/why-not", {"source": "000:87"}),
    ("/api/ask", {}),
])
def test_bad_questions_are_4xx(client, path, body):
    answer = client.post(path, json=body)
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.json()["error"] and "\n" not in answer.json()["error"]


def test_bad_json_is_422(client):
    answer = client.post("/api/chart", content=b"{not json", headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "\n" not in answer.json()["error"]


def test_explain_is_what_the_cli_prints(client):
    answer = client.get("/api/explain", params={"term": "월파", **BROKEN})
    assert answer.status_code == 200
    assert answer.json() == cli_json("explain", "월파", "787889", "--month", "申", "--day", "乙巳")
    assert answer.json()["holds"]["month_break"]


def test_explain_without_a_cast_says_nothing_of_holding(client):
    client.post("/api/chart", json=BROKEN)
    entry = client.get("/api/explain", params={"term": "月破"}).json()
    assert entry["term"] == "月破" and entry["holds"] is None
    assert entry["rules"][0]["id"] == "month_break.1"


def test_describe_and_periods_are_what_the_cli_prints(client):
    described = client.post("/api/describe", json={**CAST, "about": "wife"})
    assert described.status_code == 200
    assert described.json() == cli_json("describe", "787889", "--month", "戌", "--day", "乙巳", "--about", "wife")
    periods = client.post("/api/periods", json={**CAST, "age": 27})
    assert periods.status_code == 200
    assert periods.json() == cli_json("periods", "787889", "--month", "戌", "--day", "乙巳", "--age", "27")


@pytest.mark.parametrize("method, route, payload, field", [
    ("get", "/api/explain", {"term": "月坡"}, None),
    ("get", "/api/explain", {"term": "月破", "values": "787889", "month": "X", "day": "乙巳"}, "month"),
    ("get", "/api/explain", {"term": "月破", "dayy": "乙巳"}, "dayy"),
    ("get", "/api/explain", {}, "term"),
    ("post", "/api/describe", {"about": "wife"}, "values"),
    ("post", "/api/describe", {**CAST, "about": "nobody"}, None),
    ("post", "/api/periods", {**CAST}, None),
    ("post", "/api/periods", {**CAST, "age": "old"}, "age"),
    ("post", "/api/periods", {"age": 27}, "values"),
])
def test_glossary_person_and_periods_bad_input(client, method, route, payload, field):
    if method == "get":
        answer = client.get(route, params=payload)
    else:
        answer = client.post(route, json=payload)
    assert answer.status_code in (400, 422), answer.text
    body = answer.json()
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    if field is not None:
        assert body["field"] == field


def test_the_schema_has_the_glossary_person_and_periods(client):
    schema = client.get("/openapi.json").json()
    for path in ("/api/explain", "/api/describe", "/api/periods"):
        assert path in schema["paths"]
    for model in ("GlossaryResponse", "DescriptionResponse", "PeriodsResponse"):
        assert model in schema["components"]["schemas"]


@pytest.mark.parametrize("age", [0, -3])
def test_periods_refuse_an_age_below_one(client, age):
    answer = client.post("/api/periods", json={**CAST, "age": age})
    assert answer.status_code == 400 and answer.json()["field"] == "age"
    assert answer.json()["error"] == f"age '{age}': give a whole number, 1 or more (counted 虛歲, one at birth)"


def test_proofs_name_the_cast_c1_as_the_cli_does(client):
    for _ in range(3):
        client.post("/api/chart", json=CAST)
    why_not = client.post("/api/why-not", json={**CAST, "goal": "hidden_motion(C, 3)"}).json()
    rule = client.post("/api/why-not", json={**CAST, "topic": "illness", "goal": "r000.87.offspring_world"}).json()
    cli = cli_json("why-not", "r000.87.offspring_world", "787889", "--month", "戌", "--day", "乙巳", "--topic", "illness")
    assert rule == cli
    assert set(re.findall(r"'(c\d+)'", json.dumps(why_not))) == {"c1"}


def test_text_is_what_the_cli_prints(client):
    answer = client.post("/api/text", json=CAST)
    assert answer.status_code == 200
    assert answer.json()["texts"] == cli_json("text", "787889", "--month", "戌", "--day", "乙巳")
    named = client.get("/api/text", params={"name": "賁"})
    assert named.json() == cli_json("text", "賁")
    assert client.get("/api/text", params={"name": "乾坤"}).status_code == 400
