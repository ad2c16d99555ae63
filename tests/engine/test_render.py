"""Text, sentences, JSON and DOT of proofs and why-nots on the tests' base program."""
import json
import re

import pytest

from queries.engine import oracle, render

from .programs import with_base


@pytest.fixture(scope="module")
def kb():
    return with_base()


def test_text_tree_golden(kb):
    assert render.text(kb.explain("harm('子', '未')")) == """\
[rule] harm(子, 未)   ⇐ harm.1 六害   kb/branches.dl:19   #1
│  “未 clashes 丑, the partner of 子, so 子 and 未 harm each other”
│  source: test.txt:3  六害
├─ [rule] combination(子, 丑)   ⇐ combination.1 六合   kb/branches.dl:14   #2
│  │  “子 and 丑 combine”
│  │  source: test.txt:2  六合
│  ├─ [fact] branch_order(子, 0)   facts/branch_order.tsv:4
│  ├─ [check] (1 == ((13 - 0) % 12)) ✓
│  └─ [fact] branch_order(丑, 1)   facts/branch_order.tsv:5
└─ [rule] clash(未, 丑)   ⇐ clash.1 六沖   kb/branches.dl:9   #6
   │  “未 and 丑 clash”
   │  source: test.txt:1  六沖
   ├─ [fact] branch_order(未, 7)   facts/branch_order.tsv:11
   ├─ [check] (1 == ((7 + 6) % 12)) ✓
   └─ [fact] branch_order(丑, 1)   facts/branch_order.tsv:5"""


def test_no_proof_in_three_languages():
    assert [render.text(None, lang) for lang in render.LANGS] == [
        "no proof: the goal does not hold", "증명 없음: 목표가 성립하지 않는다", "無證明：目標不成立"]


def test_three_languages(kb):
    proof = kb.explain("clash('子', '午')")
    assert "[규칙]" in render.text(proof, "ko") and "서로 충한다" in render.text(proof, "ko")
    assert "[規則]" in render.text(proof, "zh") and "子與午相沖" in render.text(proof, "zh")


def test_missing_template_falls_back(folder):
    kb = with_base(folder({"r.dl": "# @rule r.1 對沖\n# @says en: {X} faces {Y}\n"
                                   "# convention: t\nfaces(X, Y) <= clash(X, Y)\n"
                                   "# @rule r.2 無言\n# convention: t\nsilent(X) <= clash(X, '午')\n"}))
    assert render.sentence(kb.explain("faces('子', Y)"), "ko") == "子 faces 午"
    assert render.sentence(kb.explain("silent(X)"), "zh") == "無言"


def test_depth_limit_folds_and_expands(kb):
    proof = kb.explain("harm('子', '未')")
    folded = render.text(proof, depth=1)
    assert "… clash(未, 丑)   (expand #6)" in folded and "[fact]" not in folded
    assert render.subproof(proof, 6).statement == "clash(未, 丑)"
    assert render.text(render.subproof(proof, 6)).startswith("[rule] clash(未, 丑)")
    assert render.subproof(proof, 99) is None


def test_repeated_subproof_is_printed_once(folder):
    kb = with_base(folder({"twice.dl": "# @rule twice.1 said twice\n# convention: t\n"
                                       "twice(X) <= clash(X, Y) & clash(X, Y)\n"}))
    tree = render.text(kb.explain("twice('子')"))
    assert tree.count("[rule] clash(子, 午)") == 1 and "… clash(子, 午)   (see #2)" in tree


def test_json_is_valid_and_shares_repeats(kb, folder):
    proof = kb.explain("clash('子', '午')")
    data = json.loads(render.to_json(proof))
    assert data["kind"] == "rule" and data["rule"] == "clash.1"
    assert data["bindings"] == {"X": "子", "Y": "午", "I": 0, "J": 6}
    assert [c["kind"] for c in data["children"]] == ["fact", "check", "fact"]
    assert data["children"][0]["where"] == "facts/branch_order.tsv:4"
    twice = with_base(folder({"twice.dl": "twice(X) <= clash(X, Y) & clash(X, Y)\n"})).explain("twice('子')")
    assert render.to_data(twice)["children"][1] == {"ref": 2}


def test_a_proof_written_alone_carries_its_table_of_rules(kb):
    data = render.to_data(kb.explain("harm('子', '未')"))
    assert data["rule"] == "harm.1" and data["children"][0]["rule"] == "combination.1"
    assert list(data["rules"]) == ["clash.1", "combination.1", "harm.1"] == sorted(oracle.named(data))
    assert data["rules"]["clash.1"] == {"title": "六沖", "where": "kb/branches.dl:9", "origin": "base",
                                        "sources": [{"source": "test.txt:1", "quote": "六沖"}], "conventions": []}
    assert "where" not in data and "statement" not in data
    assert [c.get("statement") for c in data["children"][0]["children"]] == [None, "(1 == ((13 - 0) % 12))", None]
    assert oracle.check_document({"proof": data}, kb.program, oracle.Model(kb.program)) == []
    data["rules"]["clash.1"]["sources"] = []
    assert oracle.check_document({"proof": data}, kb.program, oracle.Model(kb.program)) == \
        ["rules: clash.1 differs from the program in sources"]


def test_a_why_not_written_alone_carries_its_table_of_rules(kb):
    data = render.why_not_data(kb.why_not("harm('子', '午')"))
    assert data["failures"][0]["rule"] == "harm.1" and "where" not in data["failures"][0]
    assert set(data["rules"]) == oracle.named(data) and data["rules"]["harm.1"]["where"] == "kb/branches.dl:19"
    assert oracle.check_document({"why_not": data}, kb.program, oracle.Model(kb.program)) == []


def test_dot_is_a_dag(kb):
    proof = kb.explain("harm('子', '未')")
    dot = render.to_dot(proof)
    assert dot.startswith("digraph proof {") and dot.endswith("}")
    nodes = [l for l in dot.splitlines() if l.strip().startswith("n") and "[" in l]
    assert len(nodes) == len(list(proof.nodes()))
    assert all(re.fullmatch(r'  n\d+ \[shape=\w+, label="(?:[^"\\\n]|\\.)*"\];', l) for l in nodes)


def test_why_not_text(kb):
    text = render.why_not_text(kb.why_not("harm('子', '午')"), "en")
    assert text.splitlines()[0] == "✗ harm('子', '午')"
    assert "harm.1 六害 (kb/branches.dl:19): clash('午', '丑') fails" in text
    assert "given:" in text and "[rule] combination(子, 丑)" in text
    assert "실패" in render.why_not_text(kb.why_not("harm('子', '午')"), "ko")


def test_why_not_data_follows_the_tree(kb):
    data = render.why_not_data(kb.why_not("harm('子', '午')"))
    (failure,) = data["failures"]
    assert failure["literal"] == "clash('午', '丑')" and failure["because"][0]["rule"] == "combination.1"
    assert failure["sub"]["goal"] == "clash('午', '丑')"


def test_sentences_in_order(kb):
    lines = render.sentences(kb.explain("harm('子', '未')"), "en").splitlines()
    assert lines[0].startswith("1. 子 and 丑 combine") and lines[-1].startswith("3. 未 clashes 丑")


def test_an_unknown_language_is_refused(kb):
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        render.text(kb.explain("clash('子', '午')"), "fr")
