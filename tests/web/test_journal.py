"""The page's journal (serve --with-journal): the 기록 button beside a judgment, the history and
its search, an entry with its chart and the outcome form, the statistics page with its SVG
plots, /api/journal; every writing form needs the page's token; the journal is served on the
loopback only."""
import re
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from queries.errors import UserError
from queries.web.app import create_app

from .conftest import form

CAST = {"values": "787889", "at": "2024-10-08T12:00", "tz": "Asia/Seoul", "topic": "wealth", "lang": "ko"}


@pytest.fixture(scope="module")
def journal_client(pool, tmp_path_factory):
    path = tmp_path_factory.mktemp("journal") / "journal.sqlite3"
    with TestClient(create_app(pool, journal=path)) as client:
        yield client, path


def test_without_the_journal_the_page_has_no_button_and_no_journal(client):
    assert "keep-button" not in client.get("/chart", params=CAST).text
    assert client.get("/journal").status_code == 404 and client.get("/api/journal").status_code == 404


def test_keep_an_entry_from_the_page_record_its_outcome_and_see_the_statistics(journal_client):
    client, path = journal_client
    page = client.get("/chart", params=CAST).text
    assert "id=\"keep-button\"" in page and ">기록</button>" in page
    refused = client.post("/journal/keep", data={**CAST, "csrf": "not-the-token"}, follow_redirects=False)
    assert refused.status_code == 403
    kept = client.post("/journal/keep", data=form(client, {**CAST, "note": "웹에서"}), follow_redirects=False)
    assert kept.status_code == 303 and kept.headers["location"] == "/journal/1?lang=ko"
    entry = client.get("/journal/1?lang=ko").text
    assert f"의 기록장: {path}" in entry and "<svg" in entry and "메모: 웹에서" in entry and "journal-outcome" in entry
    assert client.post("/journal/1/outcome", data={"happened": "unfavourable", "on": "2024-10-09"},
                       follow_redirects=False).status_code == 403
    check = re.search(r"action='/journal/check/(\d+)'", entry).group(1)
    answered = client.post(f"/journal/check/{check}", data=form(client, {"entry": "1", "happened": "no", "lang": "ko"}),
                           follow_redirects=False)
    assert answered.status_code == 303 and f"/journal/check/{check}'" not in client.get("/journal/1?lang=ko").text
    told = client.post("/journal/1/outcome", data=form(client, {"happened": "unfavourable", "on": "2024-10-09",
                                                                 "lang": "ko"}), follow_redirects=False)
    assert told.status_code == 303 and "결과: 흉하다 (2024-10-09)" in client.get("/journal?lang=ko").text
    assert "<li>" not in client.get("/journal", params={"topic": "illness"}).text
    stats = client.get("/journal/stats?lang=zh").text
    plots = [ET.fromstring(part[:part.index("</svg>") + 6]) for part in stats.split("<svg")[1:] for part in ["<svg" + part]]
    assert len(plots) == 3 and all(p.tag.endswith("svg") for p in plots)


def test_the_api_keeps_an_entry_and_records_what_happened(journal_client):
    client, _ = journal_client
    made = client.post("/api/journal", json={"values": "787889", "month": "戌", "day": "乙巳", "topic": "illness",
                                             "about": "father"})
    assert made.status_code == 200
    number = made.json()["id"]
    shown = client.get(f"/api/journal/{number}").json()
    assert shown["question"] == {"topic": "illness", "about": "father"} and shown["prediction"]["direction"]
    assert client.post(f"/api/journal/{number}/outcome", json={"happened": "mixed"}).status_code == 200
    assert client.post(f"/api/journal/{number}/outcome", json={"happened": "good"}).status_code == 422
    assert client.post("/api/journal", json={"values": "787889", "month": "戌", "day": "乙巳"}).json()["error"] \
        == "a question to keep needs its topic (topic wealth, illness …)"
    listed = client.get("/api/journal", params={"outcome": "mixed"}).json()["entries"]
    assert [e["id"] for e in listed] == [number]


def test_the_journal_is_served_on_the_loopback_only(tmp_path):
    from queries.web.server import serve
    with pytest.raises(UserError) as refused:
        serve("0.0.0.0", 8000, allow_remote=True, journal=tmp_path / "journal.sqlite3")
    assert refused.value.key == "web.journal_loopback" and not (tmp_path / "journal.sqlite3").exists()


@pytest.mark.parametrize("mode", ["positive", "negative"])
def test_the_journals_api_answers_as_its_schema_says(journal_client, mode):
    """schemathesis on /api/journal's routes, as tests/web/test_schema.py on the others (fewer
    examples: a question kept is judged)."""
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, given, settings
    from schemathesis.config import SchemathesisConfig
    from schemathesis.generation.modes import GenerationMode
    from .test_schema import CONFIG
    client, path = journal_client
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app, config=SchemathesisConfig.from_dict(CONFIG))
    operations = [r.ok() for r in schema.get_all_operations() if r.ok().path.startswith("/api/journal")]
    assert len(operations) == 6
    for operation in sorted(operations, key=lambda op: op.label):
        if mode == "negative" and operation.path == "/api/journal/stats":
            continue                                    # it takes nothing: no request it forbids
        @settings(max_examples=3 if operation.label == "POST /api/journal" else 8, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(operation.as_strategy(generation_mode=GenerationMode(mode)))
        def answers(case):
            case.call_and_validate()
        answers()
