"""The shipped knowledge through queries.KnowledgeBase: its proofs cite the classics, its
why-nots and its output do not depend on the hash seed."""
import os
import subprocess
import sys

from queries.engine import render


def test_proof_cites_rule_and_rows(kb):
    proof = kb.explain("clash('子', X)")
    assert proof.statement == "clash(子, 午)"
    assert proof.rule.id == "clash.1" and proof.rule.sources[0].startswith("000_122810513125a851.txt:55")
    assert dict(proof.bindings) == {"X": "子", "Y": "午", "I": 0, "J": 6}
    assert [c.kind for c in proof.children] == ["fact", "check", "fact"]
    assert proof.children[0].where == "facts/branch_order.tsv:4"
    assert proof.height == 1


def test_why_not_summarises_tried_bindings(kb):
    why = kb.why_not("harm_kind('子', '未', '生害')")
    assert [(f.rule.id, f.literal) for f in why.failures] == [
        ("harm_kind.1", "generates('水', '土')"), ("harm_kind.2", "generates('土', '水')")]
    assert why.failures[0].sub.failures[0].literal == "element_order('土', 0)"
    (failure,) = kb.why_not("clash(X, '甲')").failures
    assert failure.literal == "branch_order('甲', J)" and failure.ways == 12
    assert dict(failure.tried)["J"] == tuple(range(12))
    assert "J ∈ {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}" in render.why_not_text(kb.why_not("clash(X, '甲')"))


def test_a_cast_id_is_a_known_word_and_conventions_are_marked():
    from queries import KnowledgeBase
    from queries.chart import cast
    kb = KnowledgeBase()
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    assert kb.unknown_constants(f"hidden('{chart.id}', 3, S, B)") == []
    assert kb.unknown_constants("clash('子', '宇')")[0][0] == "宇"
    proof = kb.explain(f"hidden('{chart.id}', 3, S, B)")
    marked = [(n.pred, n.convention) for n in proof.nodes() if n.convention]
    assert marked == [("convention", ("hidden_god", "palace-pure-same-line"))]
    assert render.text(proof).endswith("\nconvention: hidden_god=palace-pure-same-line")


def test_output_is_identical_under_different_hash_seeds():
    code = ("from queries import KnowledgeBase; from queries.engine import render; kb = KnowledgeBase();"
            "print(kb.ask('harm_kind(X, Y, K)')); print(render.text(kb.explain(\"harm_kind('子', Y, K)\")));"
            "print(render.why_not_text(kb.why_not(\"punishment('子', '午', G)\")))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(outs) == 1
