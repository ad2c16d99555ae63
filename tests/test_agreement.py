"""pyDatalog against the independent oracle, and every answer's proof against the checker.

The same checks run on the compiled engine (in this process) and on the pure-Python engine
(in a subprocess whose pyDatalog copy has no compiled modules).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from queries import KnowledgeBase
from queries.engine.kb import engine_name
from queries.engine.oracle import Model, check
from queries.engine.syntax import Atom, Var


SAMPLE_CASTS = [  # lines, month, day, conventions: every palace kind and convention value occurs
    ("787889", "戌", "乙巳", {}),
    ("777777", "子", "甲子", {"hidden_god": "jingfang-world-line"}),
    ("777787", "卯", "戊寅", {"hidden_god": "jingfang-world-line", "changed_relative": "changed-palace"}),
    ("696969", "午", "丙寅", {"changed_relative": "changed-palace"}),
    ("888886", "申", "壬戌", {"earth_growth": "yin"}),
    ("978678", "亥", "癸卯", {"hidden_god": "jingfang-world-line"}),
    ("887888", "寅", "甲子", {"hidden_god": "all-lines"}),
]


@pytest.fixture(scope="module")
def kb():
    """A knowledge base of its own holding the sample casts."""
    from queries.chart import cast
    knowledge = KnowledgeBase()
    for lines, month, day, conventions in SAMPLE_CASTS:
        cast(lines, month=month, day=day, conventions=conventions, kb=knowledge)
    return knowledge


@pytest.fixture(scope="module")
def model(kb):
    asserted = [key for key, fact in kb._fact_index.items() if fact.origin == "asserted"]
    return Model(kb.program, asserted)


def derived(kb):
    return sorted({(r.head.pred, len(r.head.args)) for r in kb.program.rules})


def general_goal(pred, arity):
    return (Atom(pred, tuple(Var(f"A{i}") for i in range(arity))),)


def test_engine_is_the_expected_one():
    expected = os.environ.get("LIUYAO_EXPECT_ENGINE")
    assert expected in (None, engine_name())


def test_every_derived_predicate_agrees_with_the_oracle(kb, model):
    assert len(derived(kb)) >= 10
    for pred, arity in derived(kb):
        goal = general_goal(pred, arity)
        assert kb.ask(goal) == model.answers(goal), pred


def test_every_answer_has_a_proof_the_checker_accepts(kb, model):
    used = set()
    for pred, arity in derived(kb):
        answers = kb.ask(general_goal(pred, arity))
        assert answers, f"{pred} derives nothing"
        for args in answers:
            proof = kb.explain((Atom(pred, tuple(_const(a) for a in args)),))
            assert proof is not None, (pred, args)
            assert check(proof, kb.program, model) == [], (pred, args)
            used |= {n.where for n in proof.nodes() if n.kind == "rule"}
    assert used == {r.where for r in kb.program.rules}, "some rule never appears in a proof"


def test_the_checker_rejects_a_tampered_proof(kb, model):
    import dataclasses
    proof = kb.explain("clash('子', '午')")
    fact = dataclasses.replace(proof.children[2], args=("未", 6))
    assert check(dataclasses.replace(proof, children=(proof.children[0], proof.children[1], fact)),
                 kb.program, model)
    assert check(dataclasses.replace(proof, args=("子", "未")), kb.program, model)
    assert check(dataclasses.replace(proof, bindings=(("X", "子"), ("Y", "午"), ("I", 0), ("J", 7))),
                 kb.program, model)


def _const(value):
    from queries.engine.syntax import Const
    return Const(value)


@pytest.mark.skipif(os.environ.get("LIUYAO_EXPECT_ENGINE") == "pure", reason="already the pure run")
def test_the_same_checks_pass_on_the_pure_python_engine(tmp_path):
    import pyDatalog
    source = Path(pyDatalog.__file__).parent
    pure = tmp_path / "pyDatalog"
    shutil.copytree(source, pure, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(root)]),
           "LIUYAO_EXPECT_ENGINE": "pure"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider",
                          "--no-header", str(Path(__file__)), "tests/test_kb.py"],
                         cwd=root, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
