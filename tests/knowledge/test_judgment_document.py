"""The JSON document of a judgment with every proof (docs/proof-json.md): it is in one language;
each reading names its rule in the table of rules, where its title and book lines are; each
book line the readings cite is written once with its Korean (in a Korean document), each rule
once in the table the readings and nodes name it from, each sub-proof once with every reference
pointing back to it, and the document as read back passes the independent checker; a document
altered in any of these ways does not."""
import copy
import json

import pytest

from queries.chart import cast
from queries.engine import oracle as checker
from queries.judgment import judge
from queries.readings import OWN

QUESTIONS = {"wealth": ("787889", "戌", "乙巳", None), "illness": ("787889", "戌", "乙巳", "father"),
             "return": ("689777", "酉", "壬辰", "father")}


@pytest.fixture(scope="module", params=sorted(QUESTIONS))
def document(request, kb, oracle):
    lines, month, day, about = QUESTIONS[request.param]
    chart = cast(lines, month=month, day=day, kb=kb)
    text = judge(chart, request.param, about=about).to_json(proof=True, lang="ko")
    yield text, json.loads(text), oracle.model({chart.id})
    chart.forget()


def nodes_in_order(value, out=None):
    """Every written node and every reference, in the order of the text."""
    out = [] if out is None else out
    if isinstance(value, list):
        for v in value:
            nodes_in_order(v, out)
    elif isinstance(value, dict):
        if "ref" in value or {"id", "kind"} <= value.keys():
            out.append(value)
        for k, v in value.items():
            if k != "rules":
                nodes_in_order(v, out)
    return out


def three_languages(value) -> list:
    """Every {ko, zh, en} dict in a document, which a document in one language has none of."""
    if isinstance(value, list):
        return [d for v in value for d in three_languages(v)]
    if isinstance(value, dict):
        return [value] if value.keys() == {"ko", "zh", "en"} else [d for v in value.values() for d in three_languages(v)]
    return []


def book_lines_cited(data) -> set:
    return {s["source"] for r in data["readings"] for rule in r["rules"] for s in data["rules"][rule]["sources"]
            if s["source"].rpartition(":")[2].isdigit()}


def test_each_cited_line_is_written_once_with_its_korean(document):
    text, data, _ = document
    cited = book_lines_cited(data)
    assert cited == set(data["book_lines"]) and cited
    book, order = data["book_lines"], list(data["book_lines"])
    for line, entry in book.items():
        if "korean_as" in entry:
            assert book[entry["korean_as"]]["korean"] and order.index(entry["korean_as"]) < order.index(line)
        elif entry["korean"]:
            assert text.count(json.dumps(entry["korean"], ensure_ascii=False)) == 1, line
    assert any("korean_as" in entry for entry in book.values())       # a Chinese line and its Korean twin


def test_a_reading_names_its_rule_and_keeps_only_its_own_fields(document):
    _, data, _ = document
    for reading in data["readings"]:
        assert set(reading) <= set(OWN) and {"id", "rule", "conclusion", "says", "why", "proof"} <= set(reading)
        entry = data["rules"][reading["rule"]]
        assert entry["title"] and entry["where"].startswith("kb/") and entry["sources"]
        assert all(set(s) <= {"source", "quote", "note", "place"} for s in entry["sources"])
        assert all(s["place"].startswith(("卜筮正宗·", "火珠林·", "易冒·", "論伏神·")) for s in entry["sources"] if ".txt:" in s["source"])
    assert any("note" in s for entry in data["rules"].values() for s in entry["sources"])


def test_the_document_is_in_the_language_asked(document):
    _, data, _ = document
    assert three_languages({k: v for k, v in data.items() if k != "rules"}) == []
    assert all(isinstance(s, str) for s in data["account"]) and data["account"]
    assert all(isinstance(r["conclusion"], str) and isinstance(r["says"], str) for r in data["readings"])
    assert all(label is None or isinstance(label, str) for label in data["classes"].values())
    assert any("\uac00" <= c <= "\ud7a3" for c in data["readings"][0]["conclusion"])      # Hangul


def test_a_chinese_or_english_document_gives_the_original_line_and_no_korean(kb, oracle):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    try:
        for lang in ("en", "zh"):
            data = json.loads(judge(chart, "wealth").to_json(proof=True, lang=lang))
            assert data["book_lines"] == {} and book_lines_cited(data)
            assert three_languages({k: v for k, v in data.items() if k != "rules"}) == []
            assert checker.check_document(data, kb.program, oracle.model({chart.id})) == []
        english = judge(chart, "wealth").to_data(proof=False, lang="en")
        assert english["readings"][0]["conclusion"] == "the body is hurt: the matter is hard to bring about" and "rules" in english
    finally:
        chart.forget()


def test_each_rule_is_written_once_and_every_node_names_one(document):
    text, data, _ = document
    rules = data["rules"]
    assert set(rules) == checker.named(data) | {x for r in data["readings"] for x in r["rules"]} and list(rules) == sorted(rules)
    for node in nodes_in_order(data):
        if node.get("kind") == "rule":
            assert isinstance(node["rule"], str) and "where" not in node and "statement" not in node
        assert "height" not in node                                   # a reader recomputes it from the children
    for entry in rules.values():
        assert set(entry) == {"title", "where", "origin", "sources", "conventions"}
    assert all(text.count(json.dumps(rule, ensure_ascii=False) + ":{") == 1 for rule in rules)


def test_every_reference_points_back_to_a_node_written_before(document):
    _, data, _ = document
    written = []
    for node in nodes_in_order(data):
        if "ref" in node:
            assert node["ref"] in written and set(node) == {"ref"}
        else:
            written.append(node["id"])
    assert written == list(range(1, len(written) + 1)) and len(written) < len(nodes_in_order(data))


def test_the_document_passes_the_checker(kb, document):
    _, data, model = document
    assert checker.check_document(data, kb.program, model) == []


def test_the_checker_refuses_an_altered_document(kb, document):
    _, data, model = document
    forward = copy.deepcopy(data)
    forward["readings"][0]["proof"]["children"][0] = {"ref": 10 ** 6}
    assert checker.check_document(forward, kb.program, model) == ["ref 1000000 names no node written before it"]
    some = next(iter(data["rules"]))
    missing = copy.deepcopy(data)
    del missing["rules"][some]
    assert f"rule {some} is named but not in the table of rules" in checker.check_document(missing, kb.program, model)
    unnamed = copy.deepcopy(data)
    reading = data["readings"][0]["rule"]
    del unnamed["rules"][reading]
    assert f"rule {reading} is named but not in the table of rules" in checker.check_document(unnamed, kb.program, model)
    moved = copy.deepcopy(data)
    moved["rules"][some]["where"] = "kb/elsewhere.dl:1"
    assert f"rules: {some} differs from the program in where" in checker.check_document(moved, kb.program, model)
    renamed = copy.deepcopy(data)
    renamed["readings"][0]["proof"]["rule"] = some if some != data["readings"][0]["rule"] else sorted(data["rules"])[-1]
    assert any(p.startswith("reading(") for p in checker.check_document(renamed, kb.program, model))
