"""The books on the page and in the API: /api/source gives a line in its chapter, /source shows it
(Chinese and Korean, the rules that cite it), and a reading's book line on the judgment opens it."""
import re

import pytest

from .conftest import CAST

pytest.importorskip("fastapi")


def test_the_api_gives_a_line_in_its_chapter_with_the_rules_that_cite_it(client):
    found = client.get("/api/source", params={"line": "000:87", "around": 1}).json()
    assert found["source"] == "000_122810513125a851.txt:87" and found["chapter"]["zh"] == "持世"
    assert [item["line"] for item in found["lines"]] == [83, 87, 91]
    assert any(r["id"] == "r000.87.offspring_world" for r in found["rules"])


@pytest.mark.parametrize("params", [{"line": "000:2"}, {"line": "x"}, {"line": "000:55", "around": 21}])
def test_a_line_the_books_have_not_is_a_user_error(client, params):
    assert client.get("/api/source", params=params).status_code in (400, 422)


def test_the_book_view_in_korean_has_the_chinese_the_korean_and_no_latin_word(client):
    page = client.get("/source", params={"line": "000:147", "lang": "ko"}, headers={"HX-Request": "true"}).text
    assert "卜筮正宗 (복서정종) · 육친 발동 · 147번째 줄" in page and "父動當頭克子孫" in page and "부모효가 발동하면" in page
    assert "class='cited'" in page
    said = re.sub(r"<[^>]+>|href='[^']*'", " ", page)
    assert not re.search(r"[A-Za-z]{2,}", said.replace("&#x27;", "")), said


def test_a_readings_book_line_opens_the_book(client):
    page = client.get("/chart", params={**CAST, "topic": "illness", "about": "father", "lang": "ko"}).text
    links = re.findall(r"<a class=\"book\" href=\"(/source\?[^\"]+)\"[^>]*>([^<]+)</a>", page)
    assert links and all(".txt" not in text for _, text in links) and links[0][1].startswith("卜筮正宗·")
    opened = client.get(links[0][0].replace("&amp;", "&"))
    assert opened.status_code == 200 and "class='cited'" in opened.text
