"""Line states against the worked examples of the inventories, plus properties that hold for
every cast. Each golden case also checks its proof with the independent checker."""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from queries import KnowledgeBase
from queries.chart import cast
from queries.engine.oracle import Model


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase()


def states(chart, kind="line"):
    nodes = chart.details["nodes"]
    return {p: {s["label"] for s in nodes.get((kind, p), {"states": []})["states"]} for p in range(1, 7)}


def proved(kb, oracle, goal):
    """The goal's proof, accepted by the independent checker."""
    proof = kb.explain(goal)
    assert proof is not None, goal
    assert oracle.check(proof) == []
    return proof


@pytest.mark.slow
def test_the_shared_oracle_is_the_naive_model_of_everything(kb, oracle):
    """The oracle derives the cast-level clauses over the rest, derived once: the same model, and
    for one cast the same model less the other casts' rows."""
    chart = cast("787889", month="戌", day="乙巳", kb=kb, conventions={"hidden_god": "all-lines"})
    cast("777777", month="子", day="癸未", kb=kb)
    asserted = [key for key, fact in kb._fact_index.items() if fact.origin == "asserted"]
    others = {args[0] for _, args in asserted} - {chart.id}
    whole = {p: rows for p, rows in Model(kb.program, asserted).facts.items() if rows}
    assert {p: rows for p, rows in oracle.model().facts.items() if rows} == whole
    own = {p: {r for r in rows if not (r and r[0] in others)} for p, rows in whole.items()}
    assert {p: rows for p, rows in oracle.model({chart.id}).facts.items() if rows} == {p: r for p, r in own.items() if r}
    assert (chart.id, "line", 1) in oracle.model({chart.id}).relation("void")


# ---- three harmonies: the five 局會 examples of seed 003 (inventory-003a §4 T1–T5) ----------

@pytest.mark.parametrize("original, changed, month, day, element, kind, formed", [
    ("乾為天", "水火既濟", "寅", "戊戌", "火", "動會", True),     # T1 寅建戊戌日 乾之既濟
    ("天山遯", "乾為天", "戌", "甲寅", "火", "變會", True),       # T2 戌建甲寅日 遯之乾
    ("山天大畜", "離為火", "卯", "戊寅", "火", "伏會", True),     # T3 卯建戊寅日 大畜之離
    ("地山謙", "地天泰", "戌", "己酉", "火", "變會", False),      # T4 戌建己酉日 謙之泰
    ("天澤履", "火澤睽", "申", "甲辰", "水", "伏會", True),       # T5 申建甲辰日 履之睽
])
def test_frames_of_seed_003(kb, oracle, original, changed, month, day, element, kind, formed):
    chart = cast(hexagram=original, to=changed, month=month, day=day, kb=kb)
    frames = {(f["element"], k["kind"]): k for f in chart.details["frames"] for k in f["kinds"]}
    assert frames[(element, kind)]["formed"] is formed
    goal = f"frame('{chart.id}', '{element}', '{kind}')"
    if formed:
        proof = proved(kb, oracle, goal)
        assert proof.rule.sources[0].startswith("003_e1b706e8d6bda37c.txt:19")
    else:
        assert kb.explain(goal) is None
        why = kb.why_not(goal)
        assert "frame_fails" in why.failures[0].literal


def test_t4_fails_for_the_hanging_end_and_the_lost_start(kb):
    chart = cast(hexagram="地山謙", to="地天泰", month="戌", day="己酉", kb=kb)
    fire = next(k for f in chart.details["frames"] if f["element"] == "火" for k in f["kinds"])
    assert set(fire["fails"]) == {"懸終失始", "變失始"} and fire["truth"] == "假"


@pytest.mark.parametrize("original, changed, month, day, element", [
    ("山天大畜", "離為火", "卯", "戊寅", "火"),   # 午伏寅者是也
    ("天澤履", "火澤睽", "申", "甲辰", "水"),     # 子伏申下，財乃長生
])
def test_hidden_god_under_its_own_start_makes_a_true_frame(kb, oracle, original, changed, month, day, element):
    chart = cast(hexagram=original, to=changed, month=month, day=day, kb=kb)
    hidden = next(k for f in chart.details["frames"] if f["element"] == element for k in f["kinds"]
                  if k["kind"] == "伏會")
    assert hidden["truth"] == "真"
    proved(kb, oracle, f"frame_truth('{chart.id}', '{element}', '伏會', '真')")


def test_t1_frame_members_and_force(kb):
    chart = cast(hexagram="乾為天", to="水火既濟", month="寅", day="戊戌", kb=kb)
    (fire,) = [f for f in chart.details["frames"] if f["element"] == "火"]
    members = {(m["role"], m["source"], m["position"]) for m in fire["members"]}
    assert {("長生", "moving", 2), ("帝旺", "moving", 4), ("墓", "moving", 6),
            ("長生", "month", 0), ("墓", "day", 0)} <= members
    assert fire["kinds"][0]["strength"] == "大" and fire["kinds"][0]["whole"]


def test_t6_true_punishment_of_kun_to_dui(kb, oracle):
    # 酉建庚申日，用財得困之兌是謂真刑: the day 申 punishes and clashes line 1 寅
    chart = cast(hexagram="澤水困", to="兌為澤", month="酉", day="庚申", kb=kb)
    assert "真刑" in states(chart)[1]
    proof = proved(kb, oracle, f"true_punishment('{chart.id}', 'line', 1)")
    assert [c.statement for c in proof.children[:2]] == [f"day_relation({chart.id}, line, 1, 刑)",
                                                         f"day_relation({chart.id}, line, 1, 沖)"]


# ---- void: inventory-004 §4 E4 and E5 ---------------------------------------------------------

def test_e4_void_line_prosperous_in_the_month_is_a_false_void(kb):
    chart = cast(hexagram="雷天大壯", month="午", day="甲子", kb=kb)
    assert chart.lines[5]["branch"] == "戌" and "假空" in states(chart)[6]
    assert kb.ask(f"void_exempt('{chart.id}', 'line', 6, R)") == [("旺相",)]
    side = cast(hexagram="雷天大壯", month="午", day="甲子", kb=kb,
                conventions={"side_palace_void": "exempt"})
    assert kb.ask(f"void_exempt('{side.id}', 'line', 6, R)") == [("旁宮",), ("旺相",)]


def test_e5_void_line_resting_in_the_month_is_void(kb, oracle):
    chart = cast(hexagram="艮為山", month="酉", day="壬申", kb=kb)
    assert "旬空" in states(chart)[4]
    proof = proved(kb, oracle, f"void('{chart.id}', 'line', 4)")
    assert proof.rule.id == "void.1"
    variant = cast(hexagram="艮為山", month="酉", day="庚申", kb=kb)
    assert "假空" in states(variant)[5] and "旬空" not in states(variant)[5]


def test_static_void_line_overcome_is_void_after_all(kb):
    # 靜空遇克卻為空: 艮為山 in a 寅 month, day 甲辰 (void 寅卯): line 6 丙寅 is void and 旺,
    # but nothing overcomes it; with a 申 month 寅 is broken and overcome
    chart = cast(hexagram="艮為山", month="寅", day="甲辰", kb=kb)
    assert "假空" in states(chart)[6]
    overcome = cast(hexagram="艮為山", month="酉", day="甲辰", kb=kb)
    assert kb.behind("void", (overcome.id, "line", 6))[0].info.id in ("void.1", "void.2")
    assert "旬空" in states(overcome)[6]


def test_true_void_in_its_season(kb):
    # 秋木: 山火賁 in a 戌 month, day 乙巳 (void 寅卯): line 1 己卯 木 is truly void
    chart = cast("787889", month="戌", day="乙巳", kb=kb)
    assert {"旬空", "真空"} <= states(chart)[1]
    apart = cast("787889", month="戌", day="乙巳", kb=kb, conventions={"season_months": "earth-months-apart"})
    assert "真空" not in states(apart)[1] and "旬空" in states(apart)[1]


# ---- motion, breaks and transformations ------------------------------------------------------

def test_day_clash_on_a_static_line_strict_and_always(kb, oracle):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)       # line 3 亥 is weak, clashed by 巳
    assert "日破" in states(chart)[3]
    proved(kb, oracle, f"day_break('{chart.id}', 3)")
    always = cast("787889", month="戌", day="乙巳", kb=kb, conventions={"day_clash_static": "always-hidden-motion"})
    assert "暗動" in states(always)[3] and "日破" not in states(always)[3]


def test_turn_back_overcome_and_its_changed_line(kb, oracle):
    chart = cast("787889", month="戌", day="乙巳", kb=kb)       # 寅 turns into 酉
    assert "回頭克" in states(chart)[6] and "回頭克" in states(chart, "changed")[6]
    proof = proved(kb, oracle, f"turns_back('{chart.id}', 6, L)")
    assert proof.args[2] == "回頭克" and proof.rule.sources[0].startswith("000_122810513125a851.txt:131")


def test_fuyin_and_fanyin(kb):
    fuyin = cast(hexagram="乾為天", to="震為雷", month="子", day="甲子", kb=kb)
    assert {p["label"] for p in fuyin.details["patterns"] if "kind" not in p} == {"伏吟", "伏吟卦"}
    assert all("伏吟" in states(fuyin)[p] for p in (2, 3, 5, 6))
    fanyin = cast(hexagram="坤為地", to="巽為風", month="子", day="甲子", kb=kb)
    assert "反吟卦" in {p["label"] for p in fanyin.details["patterns"]}


def test_six_clash_turning_into_six_harmony(kb):
    chart = cast(hexagram="乾為天", to="天地否", month="子", day="甲子", kb=kb)
    assert {p["label"] for p in chart.details["patterns"]} >= {"六沖變六合"}


def test_advance_and_retreat(kb):
    chart = cast(hexagram="水雷屯", to="水澤節", month="子", day="甲子", kb=kb)   # 寅 → 卯 on line 2
    assert chart.lines[1]["branch"] == "寅" and chart.lines[1]["changed"]["branch"] == "卯"
    assert "進神" in states(chart)[2]


def test_greedy_generation_of_seed_000_75(kb):
    # 乾之既濟 (寅月 戊戌日): line 6 戌 and 暗動 3 辰 overcome 1 子 … and feed 5 申 (static),
    # so the mediator is a static line and 克神得助 stands
    chart = cast(hexagram="乾為天", to="水火既濟", month="寅", day="戊戌", kb=kb)
    assert "克神得助" in states(chart)[1]
    assert kb.ask(f"mediated('{chart.id}', 1, A)") == []


# ---- properties over random casts ------------------------------------------------------------

DAYS = ["甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉", "甲戌", "乙亥",
        "庚辰", "辛巳", "壬午", "癸未", "甲申", "乙酉", "丙戌", "丁亥", "戊子", "己丑"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), month=st.sampled_from("子丑寅卯辰巳午未申酉戌亥"),
       day=st.sampled_from(DAYS))
def test_properties_of_every_cast(kb, seed, month, day):
    chart = cast(seed=seed, month=month, day=day, kb=kb)
    c = chart.id
    for p in range(1, 7):
        assert len(kb.ask(f"month_strength('{c}', 'line', {p}, S)")) == 1
        assert not (kb.ask(f"hidden_motion('{c}', {p})") and kb.ask(f"day_break('{c}', {p})"))
        assert not (kb.ask(f"void('{c}', 'line', {p})") and kb.ask(f"false_void('{c}', 'line', {p})"))
    for p, x, y in kb.ask(f"line_najia('{c}', P, _S, X) & changed_najia('{c}', P, _T, Y) & advances(X, Y)"):
        assert kb.ask(f"retreats('{y}', '{x}')") == [()]
        assert kb.ask(f"turns_into('{c}', {p}, '進神')") == [()]
    chart.forget()


def test_advance_and_retreat_are_inverse(kb):
    advances = set(kb.ask("advances(X, Y)"))
    assert {(y, x) for x, y in advances} == set(kb.ask("retreats(X, Y)"))
    assert {(x, y) for x, y in advances} == {tuple(p) for p in ["亥子", "寅卯", "巳午", "申酉", "丑辰", "辰未", "未戌", "戌丑"]}


def test_e16_official_has_qi_in_spring_and_the_day_combines_it_out(kb, oracle):
    # 001:131 春占剝: 官 (午, hidden under line 4 丙戌) 有氣 in spring (火 相), 日辰合出 on a 未 day
    chart = cast(hexagram="山地剝", month="寅", day="乙未", kb=kb, conventions={"hidden_god": "all-lines"})
    hidden = chart.to_data()["lines"][3]["hidden"]
    assert (hidden["branch"], hidden["month"]["strength"]) == ("午", "相")
    assert "合" in hidden["day"]["relations"]
    proved(kb, oracle, f"day_relation('{chart.id}', 'hidden', 4, '合')")


def test_harm_relations_name_their_kind(kb):
    chart = cast("777777", month="子", day="癸未", kb=kb)       # 乾 line 1 子: the day 未 harms it
    line = chart.to_data()["lines"][0]
    assert {"害", "克害"} <= set(line["day"]["relations"])
