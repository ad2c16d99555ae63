"""The JSON document of a judgment with every proof (docs/proof-json.md): each book line the
readings cite is written once with its Korean, each rule once in the table the nodes name it
from, each sub-proof once with every reference pointing back to it, and the document as read
back passes the independent checker; a document altered in any of these ways does not."""
import copy
import json

import pytest

from queries.chart import cast
from queries.engine import oracle as checker
from queries.judgment import judge

QUESTIONS = {"wealth": ("787889", "戌", "乙巳", None), "illness": ("787889", "戌", "乙巳", "father"),
             "return": ("689777", "酉", "壬辰", "father")}


@pytest.fixture(scope="module", params=sorted(QUESTIONS))
def document(request, kb, oracle):
    lines, month, day, about = QUESTIONS[request.param]
    chart = cast(lines, month=month, day=day, kb=kb)
    text = judge(chart, request.param, about=about).to_json(proof=True)
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


def test_each_cited_line_is_written_once_with_its_korean(document):
    text, data, _ = document
    cited = {s["source"] for r in data["readings"] for s in r["sources"]}
    assert cited == set(data["book_lines"]) and cited
    assert all("korean" not in s for r in data["readings"] for s in r["sources"])
    book, order = data["book_lines"], list(data["book_lines"])
    for line, entry in book.items():
        if "korean_as" in entry:
            assert book[entry["korean_as"]]["korean"] and order.index(entry["korean_as"]) < order.index(line)
        elif entry["korean"]:
            assert text.count(json.dumps(entry["korean"], ensure_ascii=False)) == 1, line
    assert any("korean_as" in entry for entry in book.values())       # a Chinese line and its Korean twin


def test_each_rule_is_written_once_and_every_node_names_one(document):
    text, data, _ = document
    rules = data["rules"]
    assert set(rules) == checker.named(data) and list(rules) == sorted(rules)
    for node in nodes_in_order(data):
        if node.get("kind") == "rule":
            assert isinstance(node["rule"], str) and "where" not in node and "statement" not in node
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
    moved = copy.deepcopy(data)
    moved["rules"][some]["where"] = "kb/elsewhere.dl:1"
    assert f"rules: {some} differs from the program in where" in checker.check_document(moved, kb.program, model)
    renamed = copy.deepcopy(data)
    renamed["readings"][0]["proof"]["rule"] = some if some != data["readings"][0]["rule"] else sorted(data["rules"])[-1]
    assert any(p.startswith("reading(") for p in checker.check_document(renamed, kb.program, model))
