"""The pages of their own: every convention with what each value does (/conventions), and the
chart that says only the conventions chosen against the defaults, with a link to them."""
import re

import pytest

from queries.web.words import WORDS
from tests.web.conftest import CAST


@pytest.mark.parametrize("lang", ["ko", "zh", "en"])
def test_every_convention_value_is_said_in_a_sentence(client, lang):
    page = client.get("/conventions", params={"lang": lang}).text
    values = re.findall(r"<li id='value-([^']+)'>(.*?)</li>", page)
    assert len(values) > 70 and WORDS[lang]["conventions_title"] in page
    assert [v for v, said in values if " — " not in said] == []
    if lang == "ko":
        assert "23:00–24:00은 다음 날의 일주를 쓴다" in page


def test_a_chart_at_the_defaults_says_so_and_links_the_conventions(client):
    page = client.get("/chart", params=CAST).text
    line = page.split('id="chart-conventions">')[1].split("</p>")[0]
    assert line.startswith("관례: 기본 관례") and "/conventions?lang=ko" in line
    chosen = client.get("/chart", params={**CAST, "set": "zi_hour=next-day"}).text
    line = chosen.split('id="chart-conventions">')[1].split("</p>")[0]
    assert line.startswith("기본과 다른 관례: 자시의 날=다음 날")
    assert 'id="conv-help-zi_hour">23:00–24:00은 다음 날의 일주를 쓴다' in chosen


def test_topics_and_persons_in_the_order_of_their_korean_names(client):
    page = client.get("/", params={"lang": "ko"}).text
    topics = re.findall(r'<option value="[a-z-]+"(?: selected)?>([^<]+)</option>', page.split('id="f-topic"')[1].split("</select>")[0])
    assert len(topics) > 20 and topics == sorted(topics)
