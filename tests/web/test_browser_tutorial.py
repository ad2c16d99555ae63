"""The tutorial (docs/tutorial.ko.md, docs/tutorial.md) done in the browser, section by section,
as a student would: on a phone (390×844), in Korean. Each test does one section's steps on the
page and checks what the student sees: the Korean words, no horizontal overflow, and no Latin
word in the Korean text but rule ids, predicate names and file names (the check of
tests/app/test_labels.py; code the student typed or reads as code, in <code>, is left out).
"""
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.web.browser import browser, server, shot  # noqa: F401  (the fixtures)
from tests.app.test_labels import latin_words

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "my-rules"
CAST = {"values": "787889", "month": "戌", "day": "乙巳", "lang": "ko"}
# The visible text of an element, without what is code (a clause, a goal as typed).
# A book line's English gloss in parentheses ("右畔親爻以伏名 (relatives are named against the
# palace)") is the knowledge's source phrase, printed so by the CLI in every language: left out too.
TEXT = "(e) => { const c = e.cloneNode(true); c.querySelectorAll('code, input, textarea, select, datalist, style')" \
       ".forEach(x => x.remove()); document.body.appendChild(c); " \
       "const t = c.innerText.replace(/(?<=[\\u3400-\\u9fff])\\s*[(][A-Za-z][^()]*[)]/g, ''); c.remove(); return t; }"


@pytest.fixture(scope="module")
def allowed(kb):
    """The Latin words a Korean page may show: rule ids, predicate names, table names."""
    rules = kb.program.rules
    return {r.info.id for r in rules} | {r.head.pred for r in rules} | set(kb.program.tables)


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  locale="ko-KR")
    page = context.new_page()
    yield page
    context.close()


def chart_url(server, **more) -> str:
    return f"{server}/chart?{urlencode({**CAST, **more})}"


def korean(page, selector, allowed, also=()) -> str:
    """The element's visible text, checked: it fits the phone and has no stray Latin word."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    text = page.locator(selector).first.evaluate(TEXT)
    assert latin_words(text, allowed | set(also)) == []
    return text


def ask(page, goal) -> str:
    """Ask a goal in the ask box; the answers' text once they are the goal's."""
    page.fill("#f-goal", goal)
    page.click("#ask-button")
    page.locator("#answers caption code", has_text=goal).wait_for()
    return page.inner_text("#answers")


def test_1_cast_a_chart(phone, server, allowed):
    phone.goto(f"{server}/?lang=ko")
    phone.fill("#f-values", "787889")
    phone.fill("#f-month", "戌")
    phone.fill("#f-day", "乙巳")
    phone.click("#cast-button")
    phone.wait_for_selector("#chart")
    korean(phone, "main", allowed)                        # the whole page: the form, its boxes, the chart
    chart = korean(phone, "#chart", allowed)
    assert "山火賁 (22) [六合]" in chart and "地火明夷 (36)" in chart
    assert phone.locator(".line").first.get_attribute("id") == "line-6"
    line3 = phone.inner_text("#line-3")
    assert "勾陳" in line3 and "妻財" in line3 and "己亥" in line3 and "복신" in line3 and "日破" in line3
    assert "世" in phone.inner_text("#line-1") and "旬空" in phone.inner_text("#line-1")
    phone.locator("#chart").scroll_into_view_if_needed()
    shot(phone, "tutorial-cast", full_page=False)
    phone.fill("#f-values", "山火賁")
    phone.fill("#f-to", "地火明夷")
    phone.click("#cast-button")
    phone.wait_for_selector("#chart")
    assert "地火明夷 (36)" in korean(phone, "#chart", allowed)
    phone.fill("#f-values", "787889")
    phone.fill("#f-to", "")
    phone.fill("#f-month", "")
    phone.fill("#f-day", "")
    phone.fill("#f-at", "2024-10-08T04:00")
    phone.fill("#f-tz", "Asia/Seoul")
    phone.click("#cast-button")
    phone.wait_for_selector("#chart")
    assert "戌" in phone.inner_text("#chart .info") and "乙巳" in phone.inner_text("#chart .info")


def test_2_ask_and_ask_why(phone, server, allowed):
    phone.goto(chart_url(server))
    answers = ask(phone, "line_relative(C, 3, R)")
    assert "妻財" in answers and "답 1개" in answers
    korean(phone, "#answers", allowed)
    phone.fill("#f-goal", "line_relative(C, 3)")
    phone.click("#ask-button")
    phone.locator("#answers .error").wait_for()
    said = phone.inner_text("#answers")
    assert "인수는 3개인데" in said and "line_relative(C, P, R)" in said and said.count("\n") == 0
    phone.click('#line-3 .relative a.mark')
    phone.locator("#proof section").wait_for()
    proof = korean(phone, "#proof section", allowed)
    assert "본괘 山火賁의 3효는 妻財이다" in proof and "論伏神·복신론 3" in proof
    phone.click('#line-3 a.mark[data-mark="日破"]')
    phone.locator("#proof h3:has-text('日破')").wait_for()
    proof = korean(phone, "#proof section", allowed)
    assert "정효인 3효가 일진의 충을 받았는데 약하므로 일파(日破)이다" in proof and "論伏神·복신론 59 大忌日破" in proof
    assert "day_break.1" in proof


def test_3_why_not(phone, server, allowed):
    phone.goto(chart_url(server))
    phone.select_option("#whynot-pos", "3")
    phone.fill("#whynot-value", "暗動")
    phone.click("#whynot-button")
    phone.locator("#proof .whynot").wait_for()
    why = korean(phone, "#proof .whynot", allowed)
    assert "hidden_motion.1" in why and "hidden_motion.2" in why and "성립하지 않는다" in why and "실패" not in why
    assert "「언제나 암동」" in why and set(re.findall(r"'(c\d+)'", phone.inner_text("#proof .whynot"))) == {"c1"}
    phone.fill("#f-why-goal", "hidden_motion(C, 3)")
    phone.click("#why-not-button")
    phone.locator("#why-answer .whynot").wait_for()
    assert "strong_against_clash" in korean(phone, "#why-answer", allowed)
    phone.fill("#f-grep", "hidden_motion")
    phone.click("#rules-button")
    phone.locator("#rules-answer .rules-found").wait_for()
    korean(phone, "#rules-answer", allowed)
    rules = phone.inner_text("#rules-answer")
    assert "hidden_motion.1" in rules and "hidden_motion.2" in rules and "정효인 {P}효가 일진의 충을 받아" in rules
    assert "000_122810513125a851.txt:95" in rules and "규칙 2개" in rules
    phone.fill("#f-grep", "暗動")
    phone.click("#rules-button")
    phone.locator("#rules-answer li", has_text="acting.2").wait_for()
    assert re.search(r"규칙 \d+개", phone.inner_text("#rules-answer h3"))


def test_4_rules_of_ones_own(phone, server, allowed):
    phone.goto(chart_url(server, topic="wealth"))
    assert "답 1개" in ask(phone, "void(C, K, P)")
    phone.set_input_files("#f-file", [str(EXAMPLES / "kb" / "void.dl"), str(EXAMPLES / "kb" / "lucky.dl"),
                                      str(EXAMPLES / "facts" / "lucky_branch.tsv")])
    phone.click("#rule-button")
    phone.wait_for_selector("section.rules")
    assert "kb/void.dl" in phone.inner_text("section.rules") and "facts/lucky_branch.tsv" in phone.inner_text("section.rules")
    line1 = phone.inner_text("#line-1")
    assert "假空" in line1 and "旬空" not in line1 and "真空" not in line1
    assert "답 0개" in ask(phone, "void(C, K, P)")
    phone.fill("#f-why-goal", "void_exempt(C, 'line', 1, R)")
    phone.click("#why-button")
    phone.locator("#why-answer .proof").wait_for()
    proof = korean(phone, "#why-answer", allowed, also={"line", "void_exempt.month_harmony"})   # the goal's atom, the rule's id
    assert "1효 자리의 卯는 공망이지만 월건 戌과 합하므로 공으로 보지 않는다" in proof and "my-notes.txt:12" in proof
    assert "my-rules/kb/void.dl:7" in phone.inner_html("#why-answer") and "liuyao-web" not in proof
    answers = ask(phone, "lucky_day(C, B)")
    assert "子" in answers and "답 1개" in answers
    phone.locator("#why-answer").scroll_into_view_if_needed()
    shot(phone, "tutorial-rules", full_page=False)
    phone.click("#forget-button")
    phone.wait_for_selector("#chart")
    assert "旬空" in phone.inner_text("#line-1") and phone.locator("section.rules").count() == 0


def test_5_conventions(phone, server, allowed):
    phone.goto(chart_url(server))
    phone.click("details.conventions summary")
    phone.select_option("#conv-day_clash_static", "day_clash_static=always-hidden-motion")
    phone.click("#cast-button")
    phone.wait_for_selector('#line-3 a.mark[data-mark="暗動"]')
    assert "克神得助" in phone.inner_text("#line-4") and "克神得助" in phone.inner_text("#line-2")
    assert phone.locator('#line-3 a.mark[data-mark="日破"]').count() == 0
    changes = korean(phone, "#changes", allowed)
    assert "3효" in changes and "暗動" in changes and "日破" in changes
    assert "언제나 암동" in korean(phone, "#chart .where", allowed)


def test_6_a_question_its_verdict_readings_and_timing(phone, server, allowed):
    phone.goto(chart_url(server, set="day_clash_static=always-hidden-motion"))
    phone.select_option("#f-topic", "wealth")
    phone.click("#cast-button")
    phone.wait_for_selector("#judgment")
    assert phone.locator("#judgment details.more[open]").count() == 0        # only the deciding readings open
    for more in phone.locator("#judgment details.more summary").all():
        more.click()
    judgment = korean(phone, "#judgment", allowed)
    for said in ("受克無救", "흉하다", "판정을 정한 판단", "뒷받침하는 판단", "저울질에서 진 판단", "서술하는 판단",
                 "기신이 극을 받으니 용신이 안전하다", "卜筮正宗·기신과 원신 127 忌神急要逢傷克", "응기", "巳일", "해가 오는 때"):
        assert said in judgment, said
    phone.locator("#judgment").scroll_into_view_if_needed()
    shot(phone, "tutorial-judgment", full_page=False)
    phone.click('#judgment a.why[data-rule="r000.55.use_god.weak"]')
    phone.locator("#proof .proof").wait_for()
    assert "r000.55.use_god.weak" in korean(phone, "#proof", allowed)
    phone.fill("#f-why-goal", "r000.87.offspring_world")
    phone.click("#why-not-button")
    phone.locator("#why-answer .whynot").wait_for()
    why = korean(phone, "#why-answer", allowed)
    assert "r000.87.offspring_world 子身持世事無憂" in why and "holds_world" in why and "官鬼" in why
    phone.fill("#f-why-goal", "use_grade(C, G)")
    phone.click("#why-button")
    phone.locator("#why-answer .proof").wait_for()
    assert "용신의 판정은 受克無救이다" in korean(phone, "#why-answer", allowed)
    assert "受克無救" in ask(phone, "use_grade(C, G)")


def test_7_the_words_of_the_books(phone, server, allowed):
    phone.goto(chart_url(server, set="day_clash_static=always-hidden-motion"))
    phone.fill("#f-term", "암동")
    phone.click("#term-button")
    phone.locator("#term-answer .glossary").wait_for()
    entry = korean(phone, "#term-answer", allowed)
    assert entry.startswith("暗動 — 암동") and "암동(暗動)은 움직이지 않는 효가 일진에게 충을 받아" in entry
    assert "hidden_motion.1" in phone.inner_text("#term-answer") and "卜筮正宗·지세 95" in entry
    assert "3효" in phone.inner_text("#glossary-holds")
    phone.click('#line-3 a.mark[data-mark="暗動"]')
    phone.locator("#proof section").wait_for()
    sentence = phone.locator("#proof .account li").first
    before = sentence.inner_text()
    sentence.locator('a.term-word[data-term="暗動"]').first.click()
    phone.locator("#term-box .glossary").wait_for()
    assert phone.inner_text("#term-box h3").startswith("暗動 — 암동")
    assert sentence.inner_text() == before and "정효인 3효가" in before          # the proof stays, as it read
    korean(phone, "#term-box", allowed)
    phone.locator("#term-box").scroll_into_view_if_needed()
    shot(phone, "tutorial-glossary", full_page=False)


def test_the_tutorial_reads_the_same_in_english(phone, server):
    phone.goto(chart_url(server, lang="en"))
    assert "answers: 1" in ask(phone, "line_relative(C, 3, R)")
    phone.fill("#f-why-goal", "hidden_motion(C, 3)")
    phone.click("#why-not-button")
    phone.locator("#why-answer .whynot").wait_for()
    assert "“always moves in secret”" in phone.inner_text("#why-answer")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_first_page_and_the_glossary_on_a_phone(phone, server, allowed):
    phone.goto(f"{server}/?lang=ko")
    intro = korean(phone, "#intro", allowed)
    assert "괘를 세우면" in intro
    phone.click("#glossary-link")
    phone.wait_for_selector("#glossary")
    listed = korean(phone, "#glossary", allowed)
    assert "月破 월파" in listed and "旬空 공망" in listed
    phone.click("#term-月破 a")
    phone.locator("#proof .glossary").wait_for()
    assert korean(phone, "#proof .glossary", allowed, also={"month_break"}).startswith("月破 — 월파")
    phone.locator("#proof").scroll_into_view_if_needed()
    shot(phone, "phone-glossary", full_page=False)
