"""The shipped proofs rendered: a golden tree, folds and repeats, DOT, why-not and sentences."""
from queries.engine import render


def test_text_tree_golden(kb):
    assert render.text(kb.explain("clash('子', '午')")) == """\
[rule] clash(子, 午)   ⇐ clash.1 六沖   kb/base/branches.dl:13   #1
│  “子 and 午 clash (six places apart in the branch order)”
│  source: 000_122810513125a851.txt:55  六沖主沖並，刑剋俱主傷
│  source: 003_e1b706e8d6bda37c.txt:43  相合曰好，相沖曰奪
├─ [fact] branch_order(子, 0)   facts/branch_order.tsv:4
├─ [check] (6 == ((0 + 6) % 12)) ✓
└─ [fact] branch_order(午, 6)   facts/branch_order.tsv:10"""


def test_depth_limit_folds_and_expands(kb):
    proof = kb.explain("harm_kind('子', '未', K)")
    folded = render.text(proof, depth=1)
    assert "… harm(子, 未)   (expand #2)" in folded
    assert render.subproof(proof, 2).statement == "harm(子, 未)"
    assert render.text(render.subproof(proof, 2)).startswith("[rule] harm(子, 未)")


def test_repeated_subproof_is_printed_once(kb):
    proof = kb.explain("harm_kind('卯', '辰', K)")
    tree = render.text(proof)
    assert tree.count("[rule] harm(卯, 辰)") == 1


def test_dot_is_a_dag(kb):
    proof = kb.explain("growth_stage('火', '午', S)")
    dot = render.to_dot(proof)
    assert dot.startswith("digraph proof {") and dot.endswith("}")
    nodes = [l for l in dot.splitlines() if l.strip().startswith("n") and "[" in l]
    assert len(nodes) == len(list(proof.nodes()))
    import re
    assert all(re.fullmatch(r'  n\d+ \[shape=\w+, label="(?:[^"\\\n]|\\.)*"\];', l) for l in nodes)


def test_why_not_text(kb):
    text = render.why_not_text(kb.why_not("harm('子', '午')"), "en")
    assert text.splitlines()[0] == "✗ harm('子', '午')"
    assert "harm.1 六害 (kb/base/branches.dl:29): clash('午', '丑') fails — here it is 子, not 丑" in text
    assert "branch_order('丑', 0) fails — here it is 1, not 0" in text


def test_sentences_in_order(kb):
    lines = render.sentences(kb.explain("harm('子', '未')"), "en").splitlines()
    assert lines[0].startswith("1. 子 and 丑 combine") and lines[-1].startswith("3. 未 clashes 丑")
