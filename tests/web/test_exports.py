"""Keep and share: the chart as an SVG file, a judgment as Markdown, from the page's address; the
page links them, a share link reopens the same question, and the style sheet prints."""
import re
import xml.dom.minidom

from .conftest import CAST


def test_the_chart_drawn_is_an_svg_file_of_its_own(client):
    answer = client.get("/chart.svg", params={**CAST, "lang": "ko"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    drawn = xml.dom.minidom.parseString(answer.content)           # well formed
    assert drawn.documentElement.tagName == "svg" and "<style>" in answer.text
    assert answer.text.count("<rect") == 20 and "地火明夷" in answer.text      # a white ground, 5 yang, 7 yin of two


def test_a_judgment_as_markdown_and_without_a_question_one_line(client):
    answer = client.get("/judgment.md", params={**CAST, "topic": "illness", "about": "father", "lang": "ko"})
    text = answer.text
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/markdown")
    assert text.startswith("# 주제: 질병") and "| 6 | 玄武 | 官鬼 | 丙寅木 |" in text and "卜筮正宗·" in text
    assert ".txt" not in text
    assert client.get("/judgment.md", params=CAST).status_code == 400


def test_the_page_links_the_drawing_the_markdown_and_a_share_link_that_reopens_the_question(client):
    page = client.get("/chart", params={**CAST, "topic": "illness", "about": "father", "lang": "ko"}).text
    share = re.search(r'id="share-link">', page) and re.search(r'<a href="(/chart\?[^"]+)" id="share-link"', page).group(1)
    assert "topic=illness" in share and "about=father" in share
    assert 'id="chart-svg"' in page and 'id="judgment-markdown"' in page and "data-print" in page
    again = client.get(share.replace("&amp;", "&")).text
    assert 'id="judgment"' in again and "질병" in again


def test_the_style_sheet_prints_the_chart_and_the_judgment(client):
    css = client.get("/static/style.css").text
    printed = css[css.index("@media print"):]
    assert "form" in printed and ".keep" in printed and "display:none" in printed


def test_the_chart_as_png_or_one_line_saying_what_it_needs(client):
    answer = client.get("/chart.png", params={**CAST, "lang": "ko"})
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        assert answer.status_code == 400 and "cairosvg" in answer.text
        return
    assert answer.status_code == 200 and answer.content.startswith(b"\x89PNG")
