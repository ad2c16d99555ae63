"""Every page answers as plain GETs and form posts (no JavaScript), in the three languages, and
bad input shows the form again with one line at its field."""
import re

import pytest

from queries.web.words import WORDS
from tests.web.conftest import BROKEN, CAST, form

HX = {"HX-Request": "true"}
HANGUL_PAGE_LATIN = re.compile(r">[^<]*\b(the|of|and|cast|chart|line)\b[^<]*<")


def test_the_form_alone(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="cast-form"' in page.text and "htmx.min.js" in page.text


def test_a_chart_is_a_link(client):
    page = client.get("/chart", params=CAST)
    assert page.status_code == 200
    assert "山火賁 (22) [六合]" in page.text and page.text.index('id="line-6"') < page.text.index('id="line-1"')
    for mark in ("玄武", "官鬼", "丙寅木", "○", "世", "應", "旬空", "日破", "복신"):
        assert mark in page.text


def test_a_korean_page_has_no_english_labels(client):
    page = client.get("/chart", params={**CAST, "topic": "wealth"}).text
    assert not HANGUL_PAGE_LATIN.search(page.split("<main>")[1])
    assert WORDS["ko"]["question"] in page


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_other_languages(client, lang):
    page = client.get("/chart", params={**CAST, "lang": lang}).text
    assert f'<html lang="{lang}">' in page and WORDS[lang]["cast"] in page


def test_a_mark_opens_its_proof_with_the_book_line(client):
    query = {**BROKEN, "field": "state", "kind": "line", "pos": "6", "value": "月破"}
    fragment = client.get("/mark", params=query, headers=HX).text
    assert fragment.startswith("<section") and "month_break.1" in fragment and "卜筮正宗·세효 79 旬空月破達非吉" in fragment
    page = client.get("/mark", params=query).text
    assert "<html" in page and "month_break.1" in page and 'id="chart"' in page


def test_why_not_on_demand(client):
    query = {**BROKEN, "field": "state", "kind": "line", "pos": "5", "value": "月破"}
    fragment = client.get("/whynot", params=query, headers=HX).text
    assert "month_break.1" in fragment and "✗" in fragment


def test_the_question_and_a_reading(client):
    page = client.get("/chart", params={**CAST, "topic": "wealth"}).text
    assert 'id="judgment"' in page and "受克無救" in page and "/reading?" in page
    reading = client.get("/reading", params={**CAST, "topic": "wealth", "rule": "r000.55.use_god.weak"},
                         headers=HX).text
    assert "r000.55.use_god.weak" in reading and "卜筮正宗·괘를 보는 차례 55" in reading


def test_ask_box(client):
    fragment = client.get("/ask", params={**CAST, "goal": "line_relative(C, 3, R)"}, headers=HX).text
    assert "妻財" in fragment
    page = client.get("/ask", params={"goal": "clash('子', X)", "lang": "en"}).text
    assert "午" in page and "<html" in page


def test_a_convention_changes_the_chart(client):
    plain = client.get("/chart", params=CAST).text
    changed = client.get("/chart", params={**CAST, "set": "day_clash_static=always-hidden-motion"}).text
    assert 'data-mark="日破" data-line="3"' in plain and 'data-mark="暗動" data-line="3"' in changed
    assert 'value="day_clash_static=always-hidden-motion" selected' in changed
    changes = re.search(r'<div class="changes" id="changes">(.*?)</div>', changed, re.S).group(1)
    assert "3효" in changes and "暗動" in changes and "日破" in changes
    judged = client.get("/chart", params={**CAST, "topic": "wealth", "set": "day_clash_static=always-hidden-motion"})
    assert 'id="changes"' in judged.text


def test_persons_in_the_language(client):
    assert '<option value="father">아버지</option>' in client.get("/", params={"lang": "ko"}).text


def test_hexagram_names_in_the_language(client):
    assert '<option value="산화비">山火賁 22</option>' in client.get("/", params={"lang": "ko"}).text
    assert '<option value="Grace">山火賁 22</option>' in client.get("/", params={"lang": "en"}).text
    assert "山火賁" in client.get("/chart", params={"values": "산화비", "to": "지화명이", "month": "戌", "day": "乙巳"}).text


def test_casting_by_coins_random_moment_and_lunar(client):
    assert 'id="chart"' in client.get("/chart", params={"coins": "2,1,2,3,1,1", "month": "戌", "day": "乙巳"}).text
    page = client.get("/chart", params={"random": "1", "month": "戌", "day": "乙巳"}).text
    assert re.search(r"seed=\d+", page)
    moment = client.get("/chart", params={"values": "787889", "at": "2024-10-08T04:00", "tz": "Asia/Seoul"}).text
    lunar = client.get("/chart", params={"values": "787889", "lunar": "2024-09-06T04:00", "tz": "Asia/Seoul"}).text
    pillars = lambda page: re.search(r'<p class="info">(.*?)</p>', page, re.S).group(1)
    assert pillars(moment) == pillars(lunar) and "乙巳" in pillars(lunar)


@pytest.mark.parametrize("name, value", [
    ("values", "78788"), ("to", "zzz"), ("coins", "9,9"), ("seed", "x"), ("month", "X"), ("day", "乙"),
    ("year", "X"), ("hour", "X"), ("at", "2024-13-01"), ("tz", "Mars/X"), ("lunar", "2024-02-31T00:00"),
    ("set", "zi_hour=never"), ("topic", "nothing"), ("about", "nobody"),
])
def test_bad_input_on_every_field(client, name, value):
    query = {**CAST, name: value}
    if name == "seed":
        query["random"] = "1"
    if name == "about":
        query["topic"] = "illness"
    if name in ("at", "tz", "lunar"):
        query = {"values": "787889", "at": "2024-10-08T04:00", "tz": "Asia/Seoul", name: value}
        if name == "lunar":
            query.pop("at")
    page = client.get("/chart", params=query)
    assert page.status_code == 400
    error = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', page.text).group(1)
    assert "Traceback" not in error and "\n" not in error
    assert re.search("[가-힣]", error), error            # the Korean page says it in Korean


@pytest.mark.parametrize("path, query", [
    ("/mark", {**CAST, "field": "state", "pos": "9", "value": "月破"}),
    ("/mark", {**CAST, "field": "nothing", "pos": "1"}),
    ("/mark", {**CAST, "field": "state", "pos": "1", "value": "x') & y('"}),
    ("/whynot", {**CAST, "field": "state", "pos": "1", "value": "a b"}),
    ("/reading", {**CAST, "rule": ""}),
    ("/ask", {**CAST, "goal": ""}),
    ("/ask", {**CAST, "goal": "foo("}),
])
def test_bad_fragments(client, path, query):
    answer = client.get(path, params=query, headers=HX)
    assert answer.status_code == 400 and answer.text.startswith("<p class='error'")


@pytest.mark.parametrize("path, query", [
    ("/reading", {**CAST, "rule": ""}), ("/ask", {**CAST, "goal": ""}), ("/why", {**CAST, "goal": ""}),
    ("/term", {**CAST, "term": ""}), ("/rules", {**CAST, "grep": ""}),
])
def test_an_empty_box_is_said_in_the_pages_language(client, path, query):
    korean = client.get(path, params={**query, "lang": "ko"}, headers=HX)
    chinese = client.get(path, params={**query, "lang": "zh"}, headers=HX)
    assert korean.status_code == chinese.status_code == 400
    assert re.search("[가-힣]", korean.text) and "give" not in korean.text and "give" not in chinese.text


def test_a_rule_of_ones_own(client, pool):
    answer = client.post("/rule", data=form(client, {**CAST, "rule": "my_mark(C, P) <= line_relative(C, P, '妻財')"}),
                         follow_redirects=False)
    assert answer.status_code == 303 and "liuyao_session" in answer.cookies
    session = answer.cookies["liuyao_session"]
    folder = pool._private[session].folder
    page = client.get("/chart", params=CAST).text
    assert "my_mark(C, P)" in page
    asked = client.get("/ask", params={**CAST, "goal": "my_mark(C, P)"}, headers=HX).text
    assert ">3<" in asked and ">5<" in asked
    bad = client.post("/rule", data=form(client, {**CAST, "rule": "broken(C <= "}))
    assert bad.status_code == 400 and "role=\"alert\"" in bad.text
    client.post("/rule/forget", data=form(client, CAST))
    assert not folder.exists() and not pool.has_session(session)
    client.cookies.clear()


def test_every_term_of_the_chart_links_its_glossary_entry(client):
    page = client.get("/chart", params=BROKEN).text
    linked = set(re.findall(r'data-term="([^"]+)"', page))
    assert {"月破", "妻財", "世", "應", "動爻"} <= linked
    assert 'href="/term?values=787889' in page


def test_a_glossary_entry_in_korean_with_where_it_holds(client):
    box = client.get("/term", params={**BROKEN, "term": "月破"}, headers=HX)
    assert box.status_code == 200 and box.text.startswith("<section class='glossary'")
    assert "월파" in box.text and "month_break.1" in box.text and "卜筮正宗·세효 79" in box.text and ".txt:" not in box.text
    assert WORDS["ko"]["glossary_on_cast"] in box.text and "6효" in box.text
    assert not HANGUL_PAGE_LATIN.search(box.text)
    whole = client.get("/term", params={**BROKEN, "term": "月破", "lang": "en"})
    assert 'id="chart"' in whole.text and "month-broken" in whole.text


def test_a_glossary_entry_without_a_cast_says_nothing_of_holding(client):
    box = client.get("/term", params={"term": "month-broken"}, headers=HX).text
    assert "month_break.1" in box and "glossary-holds" not in box


@pytest.mark.parametrize("term", ["月坡", ""])
def test_a_glossary_term_not_known_is_one_line(client, term):
    box = client.get("/term", params={**CAST, "term": term}, headers=HX)
    assert box.status_code == 400 and box.text.startswith("<p class='error'") and box.text.count("\n") == 0


def test_the_person_and_the_life_periods_are_sections_of_the_question(client):
    page = client.get("/chart", params={**CAST, "describe": "1", "about": "wife", "age": "27"}).text
    description = page.split('id="description"')[1].split("</section>")[0]
    assert WORDS["ko"]["description"] in description and "아내" in description and "r001.27.woman_water" in description
    periods = page.split('id="periods"')[1].split("</section>")[0]
    assert "27세" in periods and "대한" in periods
    assert not HANGUL_PAGE_LATIN.search(description + periods)
    english = client.get("/chart", params={**CAST, "describe": "1", "lang": "en"}).text
    assert 'id="description"' in english and 'id="periods"' not in english


@pytest.mark.parametrize("query, field", [
    ({"age": "old"}, "age"),
    ({"born": "1990"}, "at"),
    ({"describe": "1", "about": "nobody"}, None),
])
def test_the_person_bad_input(client, query, field):
    page = client.get("/chart", params={**CAST, **query})
    assert page.status_code == 400 and 'id="error"' in page.text and "Traceback" not in page.text
    if field is not None:
        assert f'id="f-{field}" value' in page.text and 'aria-invalid="true"' in page.text.split(f'id="f-{field}"')[1][:80]


@pytest.mark.parametrize("age", ["0", "-3"])
def test_an_age_from_one_named_as_the_page_names_it(client, age):
    page = client.get("/chart", params={**CAST, "age": age})
    error = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', page.text).group(1)
    assert page.status_code == 400 and f"나이 &#39;{age}&#39;" in error and "--age" not in error
    assert 'aria-invalid="true"' in page.text.split('id="f-age"')[1][:80]
    english = client.get("/chart", params={**CAST, "age": age, "lang": "en"}).text
    assert f"age &#39;{age}&#39;: give a whole number, 1 or more" in english


def test_proofs_name_the_cast_c1_as_the_cli_does(client):
    for _ in range(3):                                    # the workers have cast many times before
        client.get("/chart", params=CAST)
    why_not = client.get("/whynot", params={**CAST, "goal": "hidden_motion(C, 3)"}, headers=HX).text
    reading = client.get("/whynot", params={**CAST, "topic": "wealth", "goal": "r000.87.offspring_world"},
                         headers=HX).text
    assert set(re.findall(r"&#x27;(c\d+)&#x27;", why_not + reading)) == {"c1"}


def test_the_terms_of_a_proof_and_a_reading_link_the_glossary(client):
    proof = client.get("/mark", params={**CAST, "field": "state", "kind": "line", "pos": "3", "value": "日破"},
                       headers=HX).text
    account = proof.split("<ul class='account'>")[1].split("</ul>")[0]
    assert "data-term='日破'" in account and "/term?values=787889" in account
    assert "data-term='日破' title='용어 풀이: 日破'>일파(日破)</a>" in account
    assert re.sub("<[^>]+>", "", account.split("</li>")[0]) == \
        "정효인 3효가 일진의 충을 받았는데 약하므로 일파(日破)이다 (論伏神·복신론 59 大忌日破)."     # the sentence reads as before
    statement = proof.split("<b class='statement'>")[1].split("</b>")[0]
    assert "class='term-word'" in statement and re.sub("<[^>]+>", "", statement).startswith("“정효인 3효가")
    page = client.get("/chart", params={**CAST, "topic": "wealth"}).text
    readings = page.split('id="judgment"')[1].split("</section>")[0]
    assert "class='term-word'" in readings and "hx-target='#term-box'" in readings
    term = client.get("/term", params={**CAST, "term": "日破"}, headers=HX)
    assert term.status_code == 200 and "일파" in term.text


def test_why_and_why_not_of_a_goal_or_a_rule_id(client):
    why = client.get("/why", params={**CAST, "goal": "use_grade(C, G)", "topic": "wealth"}, headers=HX).text
    assert "용신의 판정은 受克無救이다" in re.sub("<[^>]+>", "", why) and "<code>use_grade(C, G)</code>" in why
    no_proof = client.get("/why", params={**CAST, "goal": "hidden_motion(C, 3)"}, headers=HX).text
    assert "class='whynot'" in no_proof and "hidden_motion.1" in no_proof
    rule = client.get("/why", params={**CAST, "goal": "r000.87.offspring_world", "topic": "wealth"}, headers=HX).text
    assert "r000.87.offspring_world 子身持世事無憂" in rule and "holds_world" in rule
    uncast = client.get("/why", params={"goal": "day_break(C, 3)"}, headers=HX)
    assert uncast.status_code == 400 and uncast.text.startswith("<p class='error'")


def test_the_rules_of_a_predicate_or_of_words(client):
    pred = client.get("/rules", params={"grep": "hidden_motion"}, headers=HX).text
    assert "규칙 2개" in pred and "hidden_motion.2" in pred and "<code>{P}</code>효가" in pred
    words = client.get("/rules", params={"grep": "暗動", "lang": "en"}, headers=HX).text
    assert "acting.2" in words and "hidden_motion.1" in words


def test_the_labels_are_the_workers(client, pool, monkeypatch):
    from queries import knowledge

    def refused(*args, **kwargs):
        raise AssertionError("the page process loads no knowledge")
    monkeypatch.setattr(knowledge.KnowledgeBase, "__init__", refused)
    page = client.get("/chart", params={**CAST, "topic": "wealth", "describe": "1", "age": "27"})
    assert page.status_code == 200 and '<option value="father">아버지</option>' in page.text
    assert 'id="judgment"' in page.text and 'id="periods"' in page.text
    assert pool.labels(pool._all[0])["persons"]["father"]["ko"] == "아버지"      # asked once: no worker needed now


def _upload(client, files, rule=""):
    sent = [("file", (name, text.encode("utf-8"), "application/octet-stream")) for name, text in files.items()]
    return client.post("/rule", data=form(client, {**CAST, "topic": "wealth", "rule": rule}), files=sent,
                       follow_redirects=False)


def test_rule_files_of_ones_own(client, pool):
    from pathlib import Path
    folder = Path(__file__).resolve().parents[2] / "examples" / "my-rules"
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*/*")) if p.suffix in (".dl", ".tsv")}
    answer = _upload(client, files)
    assert answer.status_code == 303 and "topic=wealth" in answer.headers["location"]
    session = answer.cookies["liuyao_session"]
    assert sorted(pool.rules(session)) == ["facts/lucky_branch.tsv", "kb/lucky.dl", "kb/void.dl"]
    lucky = client.get("/ask", params={**CAST, "topic": "wealth", "goal": "lucky_day(C, B)"}, headers=HX).text
    assert ">子<" in lucky
    why = client.get("/why", params={**CAST, "goal": "void_exempt(C, 'line', 1, R)"}, headers=HX).text
    assert "my-rules/kb/void.dl:7" in why and str(pool.root) not in why and session not in why
    page = client.get("/chart", params=CAST).text
    assert 'data-mark="假空" data-line="1"' in page and 'data-mark="旬空" data-line="1"' not in page
    client.post("/rule/forget", data=form(client, CAST))
    client.cookies.clear()


def test_an_uploaded_files_path_is_cut_to_its_name(client, pool):
    answer = _upload(client, {"../../evil.dl": "+ my_fact('a')"})
    assert answer.status_code == 303 and pool.rules(answer.cookies["liuyao_session"]) == ["kb/evil.dl"]
    client.post("/rule/forget", data=form(client, CAST))
    client.cookies.clear()


@pytest.mark.parametrize("files, field", [
    ({"my table.tsv": "my_x\n1\n"}, "file"),
    ({"user.dl": "+ my_fact('a')"}, "file"),
    ({"notes.txt": "hello"}, "file"),
    ({"bad.dl": "# @rule my.1 demo\nmy_head(X) <= branch_ordr(X, _I)\n"}, None),
])
def test_rule_files_refused_leave_no_trace(client, pool, files, field):
    answer = _upload(client, files)
    assert answer.status_code == 400
    error = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', answer.text).group(1)
    assert "\n" not in error and "Traceback" not in error and re.search("[가-힣]", error)
    if field is not None:
        assert re.search(r'class="field wide bad">[^<]*<input type="file"', answer.text)
    for private in list(pool._private.values()):
        assert not any(p.name in files for p in private.folder.rglob("*"))
    client.cookies.clear()


def test_a_sessions_labels_are_asked_of_its_own_worker_again_after_each_rule(pool):
    session = pool.add_rule(None, "my_mark(C, P) <= line_relative(C, P, '妻財')")["session"]
    box, asked = pool._private[session].box, []
    box.labels = lambda: asked.append(box) or {"persons": {"x": {"ko": "첫째"}}}
    assert pool.labels(box)["persons"]["x"]["ko"] == "첫째"
    assert pool.labels(box)["persons"]["x"]["ko"] == "첫째" and asked == [box]          # asked once
    pool.add_rule(session, "my_other(C) <= my_mark(C, 3)")
    again = pool._private[session].box                                              # the rules changed: a new worker
    assert again is not box and pool.labels(again)["persons"]["father"]["ko"] == "아버지"
    pool.forget(session)


def test_the_words_of_the_changes_are_folded_under_the_chart(client):
    page = client.get("/chart", params={**CAST, "lang": "ko"}).text
    folded = page[page.index("<details class='texts'"):]
    assert "亨。小利有攸往。" in folded and "白賁，无咎。" in folded and "희게 꾸미니, 허물이 없다." in folded
