"""The page in a real browser: Playwright driving Debian's chromium (/usr/bin/chromium; nothing
is downloaded). Skipped where chromium or Playwright is missing; CI installs both (.ci/run).

Also writes the screenshots of docs/screenshots/ when LIUYAO_SCREENSHOTS=1.
"""
import re

import pytest

from tests.web.browser import browser, server, shot  # noqa: F401  (the fixtures)

BROKEN = "values=787889&month=%E7%94%B3&day=%E4%B9%99%E5%B7%B3"        # 申 month: line 6 寅 is 月破


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def test_cast_from_the_form(page, server):
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(server + "/")
    page.fill("#f-values", "787889")
    page.fill("#f-month", "戌")
    page.fill("#f-day", "乙巳")
    page.click("#cast-button")
    page.wait_for_selector("#chart")
    assert "山火賁" in page.inner_text("#chart h2")
    assert page.locator(".line").first.get_attribute("id") == "line-6"
    assert "set=" not in page.url and "to=" not in page.url and "values=787889" in page.url   # only what was given
    assert missing == []                                                                        # no favicon 404 either
    shot(page, "chart")


def test_click_a_month_break_and_see_its_proof(page, server):
    page.goto(f"{server}/chart?{BROKEN}")
    page.click('#line-6 a.mark[data-mark="月破"]')
    proof = page.locator("#proof section")
    proof.wait_for()
    text = proof.inner_text()
    assert "month_break.1" in text and "卜筮正宗·세효 79 旬空月破達非吉" in text
    assert page.url.startswith(f"{server}/chart?")          # htmx swapped the fragment in
    shot(page, "proof")


def test_open_a_glossary_entry_from_the_chart(page, server):
    page.goto(f"{server}/chart?{BROKEN}")
    page.click('#line-6 a.term[data-term="月破"]')
    entry = page.locator("#proof .glossary")
    entry.wait_for()
    text = entry.inner_text()
    assert text.startswith("月破 — 월파") and "卜筮正宗·세효 79" in text and "month_break.1" in text
    assert "6효" in page.inner_text("#glossary-holds")
    assert page.url.startswith(f"{server}/chart?")          # htmx swapped the entry in
    shot(page, "glossary")


def test_why_not_a_mark(page, server):
    page.goto(f"{server}/chart?{BROKEN}")
    page.select_option("#whynot-pos", "5")
    page.fill("#whynot-value", "月破")
    page.click("#whynot-button")
    page.locator("#proof .whynot").wait_for()
    assert "month_break.1" in page.inner_text("#proof")


def test_switch_language(page, server):
    page.goto(f"{server}/chart?{BROKEN}")
    assert page.inner_text("#cast-button").startswith("괘 세우기")
    page.click("#lang-zh")
    page.wait_for_url(re.compile(r"lang=zh"))
    assert page.inner_text("#cast-button").startswith("起卦") and "山火賁" in page.inner_text("#chart")
    page.click("#lang-en")
    page.wait_for_url(re.compile(r"lang=en"))
    assert page.inner_text("#cast-button").startswith("cast")


def test_ask_a_question_and_judge(page, server):
    page.goto(f"{server}/chart?values=787889&month=%E6%88%8C&day=%E4%B9%99%E5%B7%B3")
    page.select_option("#f-topic", "wealth")
    page.click("#cast-button")
    page.wait_for_selector("#judgment")
    assert "受克無救" in page.inner_text("#judgment")
    shot(page, "judgment", full_page=False)
    page.fill("#f-goal", "line_relative(C, 3, R)")
    page.click("#ask-button")
    page.locator("#answers table").wait_for()
    assert "妻財" in page.inner_text("#answers")


def test_change_a_convention(page, server):
    page.goto(f"{server}/chart?values=787889&month=%E6%88%8C&day=%E4%B9%99%E5%B7%B3")
    assert page.locator('#line-3 a.mark[data-mark="日破"]').count() == 1
    page.click("details.conventions summary")
    page.select_option("#conv-day_clash_static", "day_clash_static=always-hidden-motion")
    page.click("#cast-button")
    page.wait_for_selector('#line-3 a.mark[data-mark="暗動"]')
    assert page.locator('#line-3 a.mark[data-mark="日破"]').count() == 0
    assert "暗動" in page.inner_text("#changes")


def in_view(page, selector) -> dict:
    """Where an element is in the window, and whether it has the focus."""
    return page.locator(selector).first.evaluate(
        "(e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, "
        "right: r.right, height: innerHeight, width: innerWidth, focused: document.activeElement === e}; }")


def test_a_phone_width_layout(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/chart?{BROKEN}&topic=wealth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator('#line-6 a.mark[data-mark="月破"]').scroll_into_view_if_needed()
    page.click('#line-6 a.mark[data-mark="月破"]')
    page.locator("#proof section").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box, mark = in_view(page, "#proof section"), in_view(page, '#line-6 a.mark[data-mark="月破"]')
    assert box["focused"] and 0 <= mark["top"] and mark["bottom"] <= box["top"] and 0 <= box["top"] < box["height"]
    assert page.locator("#line-6 + #proof").count() == 1              # right under the line tapped
    shot(page, "phone", full_page=False)
    context.close()


def test_a_proof_opens_beside_what_was_clicked_on_a_desktop(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/chart?{BROKEN}&topic=illness&about=father")
    link = page.locator("#judgment ul.readings a.why").first
    link.scroll_into_view_if_needed()
    link.click()
    page.locator("#proof section").wait_for()
    box, clicked = in_view(page, "#proof section"), link.evaluate("(e) => e.getBoundingClientRect().toJSON()")
    assert box["focused"] and 0 <= box["top"] and box["bottom"] <= box["height"]
    assert box["left"] >= clicked["right"] and box["top"] <= clicked["bottom"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    shot(page, "desktop-proof-beside", full_page=False)
    context.close()


def test_korean_words_stay_whole(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/chart?{BROKEN}&topic=illness&about=father")
    assert page.evaluate("getComputedStyle(document.body).wordBreak") == "keep-all"
    broken = page.evaluate("[...document.querySelectorAll('.verdict-fields .pair b, th')]"
                           ".filter(e => e.getClientRects().length > 1).map(e => e.textContent)")
    assert broken == [] and "아버지" in page.inner_text(".verdict-fields")
    assert page.locator("#judgment details.more").count() >= 1        # the readings beside the deciding ones fold
    page.locator("#judgment").scroll_into_view_if_needed()
    shot(page, "phone-judgment", full_page=False)
    context.close()


@pytest.mark.parametrize("field, value", [
    ("values", "78788"), ("to", "zzz"), ("coins", "9,9"), ("month", "X"), ("day", "乙"), ("year", "X"),
    ("hour", "X"), ("at", "2024-13-01"), ("tz", "Mars/X"), ("lunar", "2024-02-31T00:00"), ("seed", "x"),
    ("about", "nobody"), ("age", "old"),
])
def test_bad_input_on_every_form_field(page, server, field, value):
    page.goto(f"{server}/chart?values=787889&month=%E6%88%8C&day=%E4%B9%99%E5%B7%B3&topic=illness")
    if field in ("at", "tz", "lunar"):
        page.fill("#f-month", "")
        page.fill("#f-day", "")
        page.fill("#f-at", "2024-10-08T04:00")
        page.fill("#f-tz", "Asia/Seoul")
        if field == "lunar":
            page.fill("#f-at", "")
    if field == "seed":
        page.check("#f-random")
    page.fill(f"#f-{field}", value)
    page.click("#cast-button")
    error = page.locator("#error")
    error.wait_for()
    assert "Traceback" not in error.inner_text() and error.inner_text().count("\n") == 0
    assert page.locator(f"#f-{field}").get_attribute("value") == value
