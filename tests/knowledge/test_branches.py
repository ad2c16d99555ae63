"""The first slice of knowledge against the tables the seeds state (inventory-000-001 T06–T09, T14, T15)."""
import pytest

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"


def test_clash_pairs_bg4_and_symmetry(kb):
    pairs = {frozenset(p) for p in kb.ask("clash(X, Y)")}
    assert pairs == {frozenset(p) for p in ["子午", "丑未", "寅申", "卯酉", "辰戌", "巳亥"]}
    for x, y in kb.ask("clash(X, Y)"):
        assert kb.ask(f"clash('{y}', '{x}')") == [()]


def test_six_combinations_bg5(kb):
    pairs = {frozenset(p) for p in kb.ask("combination(X, Y)")}
    assert pairs == {frozenset(p) for p in ["子丑", "寅亥", "卯戌", "辰酉", "巳申", "午未"]}


def test_harm_t15_and_its_kinds_003_47(kb):
    kinds = {frozenset((x, y)): k for x, y, k in kb.ask("harm_kind(X, Y, K)")}
    assert kinds == {frozenset("子未"): "克害", frozenset("丑午"): "生害", frozenset("寅巳"): "生害",
                     frozenset("卯辰"): "克害", frozenset("申亥"): "生害", frozenset("酉戌"): "生害"}


def test_punishment_construction_of_003_31_gives_the_table_of_000_27(kb):
    # 寅刑巳，巳刑申 (申刑寅 in the Korean), 丑戌未 in a circle, 子卯 both ways, 辰午酉亥 自刑
    expected = {("寅", "巳", "無恩"), ("巳", "申", "無恩"), ("申", "寅", "無恩"),
                ("丑", "戌", "恃勢"), ("戌", "未", "恃勢"), ("未", "丑", "恃勢"),
                ("子", "卯", "無禮"), ("卯", "子", "無禮"),
                ("辰", "辰", "自刑"), ("午", "午", "自刑"), ("酉", "酉", "自刑"), ("亥", "亥", "自刑")}
    assert set(kb.ask("punishment(X, Y, G)")) == expected


T09 = {  # the stage matrix of inventory-000-001 T09, 長生 … 養 from 長生's branch on
    "木": "亥子丑寅卯辰巳午未申酉戌", "火": "寅卯辰巳午未申酉戌亥子丑", "金": "巳午未申酉戌亥子丑寅卯辰",
    "水": "申酉戌亥子丑寅卯辰巳午未", "土": "申酉戌亥子丑寅卯辰巳午未"}
STAGES = ["長生", "沐浴", "官帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養"]


@pytest.mark.parametrize("element", sorted(T09))
def test_twelve_stages_t09(kb, element):
    got = dict(kb.ask(f"growth_stage('{element}', B, S)"))
    assert got == {b: s for b, s in zip(T09[element], STAGES)}


def test_frames_agree_with_the_stages_t06(kb):
    for element, role, branch in kb.ask("three_harmony(E, R, B)"):
        assert kb.ask(f"growth_stage('{element}', '{branch}', S)") == [(role,)]


def test_earth_growth_convention_yin_starts_earth_with_fire(kb):
    assert kb.ask("growth_stage_by('yin', '土', B, '長生')") == [("寅",)]
    assert kb.ask("growth_stage_by('shen', '土', B, '長生')") == [("申",)]
    proof = kb.explain("growth_stage('土', '申', S)")
    assert proof.rule.conventions == ("earth_growth",)
    assert ("convention_default(earth_growth, shen)", "facts/convention_default.tsv:6") in proof.facts()


def test_generating_and_overcoming_cycles(kb):
    assert set(kb.ask("generates(A, B)")) == {tuple(p) for p in ["木火", "火土", "土金", "金水", "水木"]}
    assert set(kb.ask("overcomes(A, B)")) == {tuple(p) for p in ["木土", "土水", "水火", "火金", "金木"]}


def test_every_convention_named_in_the_rules_is_documented(kb):
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "conventions.md").read_text(encoding="utf-8")
    named = {c.split()[0] for r in kb.program.rules for c in r.info.conventions}
    assert named and all(f"`{name}`" in doc for name in named), sorted(n for n in named if f"`{n}`" not in doc)


def test_every_shipped_rule_has_an_id_and_a_source_or_convention(kb):
    shipped = [r for r in kb.program.rules if r.origin == "shipped"]
    assert all(r.info.id != r.where and r.info.title for r in shipped)
    assert all(r.info.sources or r.info.conventions for r in shipped if not r.info.view)    # a view decides nothing
    for rule in shipped:
        for source in rule.info.sources:
            seed, _, rest = source.partition(":")
            line = int(rest.split()[0])
            assert seed.endswith(".txt") and line > 0, source
