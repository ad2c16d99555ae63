"""The views are functions of data; their words have one home; the view tables cover the views."""
import json
import re

import pytest

from queries import UserError, views
from queries.cast_input import coin_values, from_coins, from_names, line_values, parse_lines, random_lines
from queries.chart import cast
from queries.engine import LANGS
from queries.judgment import judge
from queries.labels import WORDS, vocabulary

LATIN = re.compile(r"[A-Za-z]")
CASTS = [("787889", "戌", "乙巳"), ("698768", "子", "甲子"), ("969689", "卯", "丁卯"), ("888888", "午", "癸未")]


@pytest.fixture(scope="module")
def words(kb):
    return vocabulary(kb)


@pytest.fixture(scope="module")
def charts(kb):
    made = [cast(lines, month=month, day=day, kb=kb) for lines, month, day in CASTS]
    yield made
    for chart in made:
        chart.forget()


def test_the_views_render_the_data_alone(charts, words):
    """What crossed a process boundary as JSON renders as the chart and judgment do."""
    again = json.loads(json.dumps(words, ensure_ascii=False))
    for chart in charts:
        data = json.loads(chart.to_json())
        for lang in LANGS:
            assert views.chart_text(data, lang, again) == chart.text(lang, stars=True)
            assert views.chart_html(data, lang, again) == chart.html(lang)
        judgment = judge(chart, "wealth")
        shown = json.loads(json.dumps(chart.to_data(stars=False)))
        facts = {lang: json.loads(judgment.to_json(proof=False, lang=lang)) for lang in ("ko", "zh")}
        assert views.judgment_text(facts["ko"], shown, "ko", again) == judgment.text("ko")
        assert views.judgment_html(facts["zh"], shown, "zh", again) == judgment.html("zh")
        assert judgment._repr_html_() == judgment.html("en") and chart._repr_html_() == chart.html("en")


def test_text_and_html_print_one_layout(charts, words):
    for chart in charts:
        data = chart.to_data()
        for lang in LANGS:
            layout = views.chart_layout(data, lang, words)
            text, page = chart.text(lang), chart.html(lang)
            assert text.splitlines()[0] == layout.title and layout.palace in text and layout.palace in page
            for row, line in zip(layout.rows, text.split("\n\n")[1].splitlines()):
                for cell in ("najia", "bar", "changed", "hidden", "motion", "mark"):
                    assert row[cell] in line and f"<td>{row[cell]}</td>" in page
                for label, rule in row["states"]:
                    assert label in line and f"<span title='{rule}'>{label}</span>" in page


def test_korean_and_chinese_judgments_have_no_english(kb, charts):
    for chart in charts:
        for topic, about, asker in (("wealth", None, None), ("illness", "father", None), ("marriage", None, "man")):
            judgment = judge(chart, topic, about=about, asker=asker)
            for lang in ("ko", "zh"):
                lines = judgment.text(lang).split("\n\n")[-1].splitlines()
                assert lines and not [line for line in lines if LATIN.search(line)], (lang, lines)


def test_korean_and_chinese_charts_have_no_english_but_the_convention_names(charts):
    for chart in charts:
        for lang in ("ko", "zh"):
            lines = chart.text(lang, stars=True).splitlines()
            conventions = [line for line in lines if line.startswith(WORDS[lang]["conventions"] + ":")]
            assert len(conventions) == 1
            assert not [line for line in lines if LATIN.search(line) and line not in conventions]


def test_an_unknown_language_is_a_user_error(charts):
    chart = charts[0]
    for render in (chart.text, chart.html, judge(chart, "wealth").text, judge(chart, "wealth").html):
        with pytest.raises(UserError, match="unknown language 'fr'; use one of en, ko, zh"):
            render("fr")


def test_every_term_a_view_writes_has_a_name_in_every_language(kb, charts, words):
    terms = words["terms"]
    assert all(set(names) == set(LANGS) and all(names.values()) for names in terms.values())
    wanted = {grade for grade, _, _ in kb.match("grade_rank", None, None, None)}
    wanted |= {side for side, _ in kb.match("marriage_use", None, None)}
    wanted |= set(words["marks"].values()) | {"use_god", "source_god", "taboo_god", "enemy_god", "hidden"}
    for chart in charts:
        for line in chart.to_data()["lines"]:
            wanted |= {line["relative"], line["month"]["strength"]}
            wanted |= {state["label"] for node in (line, line["changed"] or {}) for state in node.get("states", [])}
        wanted |= {r["label"] for r in judge(chart, "wealth").reasons}
    assert wanted - set(terms) == set()
    assert set(words["lines"]) == {polarity for polarity, _ in line_values(kb).values()}
    assert set(words["topics"]) == {t for t, *_ in kb.match("topic", None, None, None, None, None, None)}


def test_every_convention_and_value_has_a_name_in_every_language(kb):
    names = {name: rest for name, *rest in kb.match("convention_label", None, None, None, None)}
    values = {(name, value): rest for name, value, *rest in kb.match("convention_value_label", None, None, None, None, None)}
    allowed = {(name, value) for name, value, _ in kb.match("convention_value", None, None, None)}
    assert set(values) == allowed and set(names) == {name for name, _ in allowed}
    assert all(all(cell.strip() for cell in row) for row in [*names.values(), *values.values()])


def test_the_views_are_views_and_their_fields_are_placed(kb):
    views_rules = [r for r in kb.program.rules if r.path.startswith("views/")]
    assert views_rules and all(r.info.view and not r.info.conventions and not r.info.sources for r in views_rules)
    assert not [r for r in kb.program.rules if r.info.view and not r.path.startswith("views/")]
    placed = {(view, field) for view, field, _, _ in kb.match("cell_field", None, None, None, None)}
    written = {(r.head.pred, r.head.args[1].value) for r in views_rules if r.head.pred in ("state_cell", "star_cell")}
    assert written == placed


def test_relations_are_shown_in_the_order_of_the_table(kb, charts):
    order = dict(kb.match("relation_order", None, None))
    for chart in charts:
        for line in chart.to_data()["lines"]:
            for part in ("month", "day"):
                relations = line[part]["relations"]
                assert set(relations) <= set(order) and relations == sorted(relations, key=order.get)


def test_a_frame_names_the_rule_that_forms_it(kb, charts):
    frames = [(chart, p) for chart in charts for p in chart.to_data()["patterns"] if "kind" in p]
    assert frames
    for chart, pattern in frames:
        proof = kb.explain(f"frame('{chart.id}', '{pattern['element']}', '{pattern['kind']}')")
        assert pattern["rule"] == proof.rule.id


def test_line_values_and_coins_come_from_the_tables(kb):
    values, worth = line_values(kb), coin_values(kb)
    assert values == {6: ("陰", "陽"), 7: ("陽", "陽"), 8: ("陰", "陰"), 9: ("陽", "陰")}
    assert worth == {0: 6, 1: 7, 2: 8, 3: 9}          # convention three-coins: heads 3, tails 2
    assert parse_lines(kb, "678977") == (6, 7, 8, 9, 7, 7)
    assert from_coins(kb, "0,1,2,3,TTT,HHH") == (6, 7, 8, 9, 6, 9)
    assert from_names(kb, "乾為天") == (7,) * 6 and from_names(kb, "乾為天", "坤為地") == (9,) * 6
    assert from_names(kb, "坤為地", "乾為天") == (6,) * 6 and from_names(kb, "坤為地") == (8,) * 6
    assert random_lines(kb, 7) == random_lines(kb, 7) and set(random_lines(kb, 7)) <= set(values)
