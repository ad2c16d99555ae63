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


def test_the_glossary_lists_every_term_with_its_first_sentence(client):
    page = client.get("/glossary", params={"lang": "ko"}).text
    items = re.findall(r"<li id='term-([^']+)'><a href='(/term\?[^']+)'><b>[^<]*</b>([^<]*)</a> — ([^<]+)</li>", page)
    assert len(items) > 100 and ("旬空", "/term?lang=ko&amp;term=%E6%97%AC%E7%A9%BA") in [i[:2] for i in items]
    assert dict((t, n) for t, _, n, _ in items)["月破"].strip() == "월파"
    entry = client.get("/term", params={"lang": "ko", "term": "月破"})
    assert entry.status_code == 200 and "월파" in entry.text


def test_the_first_page_says_what_it_does_and_links_the_tutorial(client):
    page = client.get("/", params={"lang": "ko"}).text
    intro = page.split('id="intro">')[1].split("</section>")[0]
    assert "괘를 세우면" in intro and "/tutorial?lang=ko" in intro and "/glossary?lang=ko" in intro
    tutorial = client.get("/tutorial", params={"lang": "ko"}).text
    assert "liuyao&gt; :cast" in tutorial or "liuyao&gt;" in tutorial
    assert 'id="intro"' not in client.get("/chart", params=CAST).text          # a chart stands where it was
