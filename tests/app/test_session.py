"""Session: the API the REPL and notebooks use, in this process."""
import pickle

import pytest

from queries.errors import KnowledgeError, UserError
from queries.results import Answers
from queries.session import SERVED, Session, SessionState

CAST = dict(month="戌", day="乙巳")

# A rule from a commentary the student trusts: a void line combined (合) with the month is
# not void. It adds a rule to the shipped predicate void_exempt/4.
MONTH_HARMONY = """\
# @rule void_exempt.month_harmony 月合不空
# source: my-notes.txt:3  空逢月合，不以空論
# @says en: the {K} {P} ({B}) is void, but the month {M} combines with it: not void
void_exempt(C, K, P, '月合') <= in_void(C, K, P) & cast_month(C, M) & node(C, K, P, B) & combination(M, B)
"""


@pytest.fixture(scope="module")
def session():
    s = Session()
    s.cast("787889", **CAST)
    return s


def test_cast_binds_c(session):
    assert session.cast_id.startswith("c")
    assert session.ask("line_relative(C, 3, R)") == [("妻財",)]
    assert session.ask("day_break(C, 3)") == [()]
    assert "山火賁" in session.chart_text() and "日破" in session.chart_text()
    assert session.chart_data()["hexagram"]["name"] == "山火賁"


def test_ask_table_is_answers(session):
    answers = session.ask_table("clash('子', X)")
    assert isinstance(answers, Answers) and answers.names == ("X",) and answers.rows == (("午",),)
    assert answers.text() == "X\n──\n午\n(1 answer)"
    assert Answers("g", (), ((),)).text() == "yes" and Answers("g", (), ()).text() == "no"
    assert pickle.loads(pickle.dumps(answers)) == answers


def test_explain_and_why_not(session):
    proof = session.explain("day_break(C, 3)")
    assert proof.rule.id == "day_break.1" and proof.args == (session.cast_id, 3)
    assert session.explain("hidden_motion(C, 3)") is None
    why = session.why_not("hidden_motion(C, 3)")
    assert [f.rule.id for f in why.failures] == ["hidden_motion.1", "hidden_motion.2"]
    assert session.why_not("day_break(C, 3)") is None
    assert pickle.loads(pickle.dumps(proof)) == proof and pickle.loads(pickle.dumps(why)) == why


def test_without_a_cast_c_stays_free():
    s = Session()
    assert s.ask("line_relative(C, 3, R)") == []
    with pytest.raises(UserError, match="no cast yet"):
        s.chart_text()


def test_rules_and_facts_cite_file_and_line(session):
    (rule,) = session.rules("clash")
    assert rule.info.id == "clash.1" and rule.where.startswith("kb/base/branches.dl:") and rule.origin == "shipped"
    assert rule.info.sources and rule.clause.startswith("clash(X, Y) <= ")
    facts = session.facts("branch_order")
    assert facts.columns == ("branch", "order") and len(facts.rows) == 12
    assert facts.rows[0] == (("子", 0), "facts/branch_order.tsv:4", "shipped")
    assert [r[1] for r in facts.rows] == sorted((r[1] for r in facts.rows), key=lambda w: int(w.split(":")[1]))
    assert session.facts("clash").rows == () and session.facts("clash").rules == 1
    month = session.facts("cast_month")
    assert ((session.cast_id, "戌"), "asserted", "asserted") in month.rows
    with pytest.raises(UserError, match="did you mean clash"):
        session.rules("clsh")


def test_conventions_apply_to_the_next_cast():
    s = Session()
    s.cast("787889", **CAST)
    s.set_convention("day_clash_static", "always-hidden-motion")
    assert s.conventions()["day_clash_static"]["next"] == "always-hidden-motion"
    assert s.ask("hidden_motion(C, 3)") == []          # the current cast keeps its values
    first = s.cast_id
    s.cast("787889", **CAST)
    assert s.cast_id != first and s.ask("hidden_motion(C, 3)") == [()]
    assert s.ask(f"line_relative('{first}', 3, R)") == []   # the old cast is forgotten
    with pytest.raises(UserError, match="no value 'sometimes'"):
        s.set_convention("day_clash_static", "sometimes")
    with pytest.raises(UserError, match="did you mean zi_hour"):
        s.set_convention("zi_hours", "next-day")


def test_every_cast_form(session):
    s = Session()
    assert s.cast(hexagram="山火賁", to="地火明夷", **CAST) and s.ask("line_relative(C, 3, R)") == [("妻財",)]
    s.cast(coins="3,2,1,0,2,1", **CAST)
    s.cast(seed=7, at="2024-10-08T04:00", tz="Asia/Seoul")
    s.cast("787889", at="2024-10-08T04:00", tz="Asia/Seoul", year=None, conventions={"zi_hour": "next-day"})
    assert s.chart_data()["calendar"]["month_branch"] == "戌"
    for bad in [dict(lines="7878"), dict(lines="787889", month="戌"), dict(hexagram="nope", **CAST),
                dict(lines="787889", coins="1,1,1,1,1,1", **CAST)]:
        with pytest.raises(UserError):
            s.cast(**bad)
    assert s.chart_data()["calendar"]["month_branch"] == "戌"      # a bad cast keeps the last one


def test_user_folder_extends_a_shipped_predicate_and_shows_in_the_proof(folder):
    path = folder({"kb/void.dl": MONTH_HARMONY})
    s = Session()
    s.cast("787889", **CAST)
    assert s.ask("void(C, 'line', 1)") == [()]
    summary = s.load(path)
    assert summary["rules"] == 1 and summary["predicates"] == ["void_exempt"]
    assert s.cast_id == "c1"                              # the cast carries over
    assert s.ask("void(C, 'line', 1)") == [] and s.ask("false_void(C, 'line', 1)") == [()]
    proof = s.explain("void_exempt(C, 'line', 1, R)")
    assert proof.rule.id == "void_exempt.month_harmony" and proof.origin == "user"
    assert proof.where == f"{path}/kb/void.dl:4"
    why = s.why_not("void(C, 'line', 1)")                # ~void_exempt fails: the user rule holds
    holds = [f.holds for f in why.failures if f.holds is not None]
    assert holds and holds[0].rule.id == "void_exempt.month_harmony"
    (rule,) = [r for r in s.rules("void_exempt") if r.origin == "user"]
    assert rule.info.sources == ("my-notes.txt:3  空逢月合，不以空論",)
    assert "假空" in s.chart_text()


def test_a_broken_folder_leaves_the_session_as_it_was(folder):
    path = folder({"kb/bad.dl": "p(X) <= branch_ordr(X, _I)\np2(X) <= clash(X, 午)\n"})
    s = Session()
    s.cast("787889", **CAST)
    with pytest.raises(KnowledgeError) as e:
        s.load(path)
    assert len(e.value.problems) == 2 and s.extra == [] and s.cast_id == "c1"
    with pytest.raises(UserError, match="not a folder"):
        s.load(path / "nope")


def test_reload_reads_edited_files(folder):
    path = folder({"kb/mine.dl": "# @rule mine.1 mine\n# convention: demo\nmine(X) <= clash('子', X)\n"})
    s = Session([path])
    assert s.ask("mine(X)") == [("午",)]
    (path / "kb" / "mine.dl").write_text("# @rule mine.1 mine\n# convention: demo\n"
                                         "mine(X) <= clash('丑', X)\n", encoding="utf-8")
    s.reload()
    assert s.ask("mine(X)") == [("未",)]


def test_snapshot_and_restore(folder):
    path = folder({"kb/void.dl": MONTH_HARMONY})
    s = Session([path], lang="ko")
    s.set_convention("zi_hour", "next-day")
    s.cast("787889", **CAST)
    s.cast("787889", **CAST)
    state = pickle.loads(pickle.dumps(s.snapshot()))
    again, notices = Session.restore(state)
    assert notices == [] and again.cast_id == "c2" and again.lang == "ko" and again.extra == [str(path)]
    assert again.ask("false_void(C, 'line', 1)") == [()]
    assert again.conventions()["zi_hour"]["next"] == "next-day"
    again.cast("787889", **CAST)
    assert again.cast_id == "c3"
    gone, notices = Session.restore(SessionState((str(path / "missing"),)))
    assert gone.extra == [] and "not a folder" in notices[0]


def test_vocabulary_for_completion(session):
    vocab = session.vocabulary()
    preds = {name: (arity, meta) for name, arity, meta in vocab["predicates"]}
    assert preds["clash"] == (2, "六沖") and preds["branch_order"][1] == "table facts/branch_order.tsv"
    for constant in ("子", "甲", "妻財", "山火賁", "青龍", "jingfang-world-line"):
        assert constant in vocab["constants"]
    assert "next-day" in vocab["conventions"]["zi_hour"]


def test_judge_puts_the_question_on_the_cast():
    s = Session()
    with pytest.raises(UserError, match="no cast yet"):
        s.judge("wealth")
    s.cast("787889", **CAST)
    with pytest.raises(UserError, match="no question yet"):
        s.judgment_text()
    data = s.judge("財")                                        # an alias
    verdict = data["verdict"]
    assert data["topic"] == "wealth" and {k: verdict[k] for k in ("strong", "grade", "direction", "degree", "because")} == {
        "strong": False, "grade": "受克無救", "direction": "unfavourable", "degree": "小凶",
        "because": ["hard_to_achieve", "keep_to_your_lot"]}
    assert verdict["factor"]["id"] == "body_hurt" and {"taboo_checked", "use_meets_world"} <= set(verdict["overrides"])
    assert "proof" not in data and pickle.loads(pickle.dumps(data)) == data
    assert s.ask("use_grade(C, G)") == [("受克無救",)] and s.ask("use_god_strong(C)") == []
    assert s.judgment_text().startswith(s.chart_text() + "\n\ntopic: seeking wealth")
    assert s.judgment_proof().statement.startswith("verdict(") and '"proof"' in s.judgment_json()
    assert "<table" in s.judgment_html() and "受克無救" in s.judgment_html()
    assert s.snapshot().question == ("wealth", None, None, None, None, None, None)
    s.cast("787889", **CAST)                                     # a new cast has no question yet
    assert s.ask("use_grade(C, G)") == [] and s.snapshot().question is None
    with pytest.raises(UserError, match="unknown topic 'weather'"):
        s.judge("weather")


def test_pose_puts_the_question_as_judge_does_without_its_data():
    judged, posed = Session(), Session()
    for s in (judged, posed):
        s.cast("787889", **CAST)
    data = judged.judge("illness", about="father")
    assert posed.pose("illness", about="father") is None
    assert posed.judgment_json() == judged.judgment_json() and posed.judgment_text() == judged.judgment_text()
    assert posed.snapshot().question == judged.snapshot().question and posed.judgment.to_data(proof=False) == data
    with pytest.raises(UserError, match="unknown topic 'weather'"):
        posed.pose("weather")


def test_the_question_carries_over_a_load_and_a_restore(folder):
    path = folder({"kb/void.dl": MONTH_HARMONY})
    s = Session()
    s.cast("787889", **CAST)
    s.judge("illness", about="father")
    s.load(path)
    assert s.ask("cast_about(C, P)") == [("father",)] and s.judgment_text() != ""
    again, notices = Session.restore(pickle.loads(pickle.dumps(s.snapshot())))
    assert notices == [] and again.ask("cast_topic(C, T)") == [("illness",)]
    assert again.judgment_text() == s.judgment_text()


def test_rules_of_a_name_a_line_and_a_topic(session):
    named = session.rules(grep="月破")
    assert len(named) >= 5 and all("月破" in " ".join((r.info.id, r.info.title, *r.info.sources)) for r in named)
    assert not any(r.info.view for r in named) and "month_break.1" in [r.info.id for r in named]
    assert [r.info.id for r in session.rules(grep="MONTH_BREAK")] == [r.info.id for r in session.rules(grep="month_break")]
    line = session.rules(source="000:55")
    assert "clash.1" in [r.info.id for r in line]
    assert all(any(s.startswith(("000_122810513125a851.txt:55 ", "000_122810513125a851.txt:57 "))
                   for s in r.info.sources) for r in line)
    assert session.rules(source="000_122810513125a851.txt:55").entries == line.entries
    korean = session.rules(source="000:95")                     # 000:97 is the Korean of line 95
    assert "hidden_motion.2" in [r.info.id for r in korean]
    marriage = session.rules(topic="婚姻")
    assert "use_relative.3" in [r.info.id for r in marriage] and marriage.search == (("topic", "婚姻"),)
    assert session.rules("day_break", grep="日破").pred == "day_break"
    assert len(session.rules()) == len([r for r in session.kb.program.rules if not r.info.view])
    with pytest.raises(UserError, match="unknown topic"):
        session.rules(topic="weather")
    with pytest.raises(UserError, match="SEED:LINE"):
        session.rules(source="000:x")


CONCLUSIONS = ("# @extends: the readings of the test's own\nconclusion\tpolarity\tclass\tko\tzh\ten\n"
               "k1\tunfavourable\tuse_god\t가\t甲\tone\nk2\tfavourable\tuse_god\t나\t乙\ttwo\n")


def test_a_topic_finds_the_readings_that_name_it_in_their_head(folder):
    path = folder({"kb/readings.dl": (
        "# @rule r.illness 父動\n# source: my-notes.txt:1  父動\n"
        "reading(C, 'illness', 'k1') <= moving(C, _P)\n\n"
        "# @rule r.wealth 財動\n# source: my-notes.txt:2  財動\n"
        "reading(C, 'wealth', 'k2') <= moving(C, _P)\n"),
        "facts/conclusion.tsv": CONCLUSIONS})
    s = Session([path])
    illness = s.rules(topic="illness")
    assert [r.info.id for r in illness if r.origin == "user"] == ["r.illness"]
    assert any(r.info.id.startswith("r000.") for r in illness)      # the books' readings too
    assert [r.info.id for r in s.rules(topic="wealth") if r.origin == "user"] == ["r.wealth"]


def test_rules_text_and_data(session):
    found = session.rules("hidden_motion")
    text = found.text()
    assert text.startswith("hidden_motion/2: 2 rules\nhidden_motion.1 暗動   kb/states/motion.dl:")
    assert found.to_data()["rules"][0]["sources"][0].startswith("004_a344116fb00259f2.txt:91")
    assert session.rules("branch_order").text(command="liuyao ") == \
        "branch_order/2 has no rules; it is stated in facts/branch_order.tsv (liuyao facts branch_order)"
    assert session.facts("clash").text(command="liuyao ") == \
        "clash/2 has no stated facts; it is derived by 1 rule (liuyao rules clash)"


def test_stars_and_topics(session):
    stars = session.stars()
    noble = next(s for s in stars if s["name"] == "天乙貴人")
    assert list(noble) == ["name", "key", "branch", "stem", "lines", "changed", "hidden", "active", "rule"]
    assert noble["rule"].startswith("star_branch.")
    topics = session.topics()
    assert topics["wealth"]["use"] == "妻財" and list(topics) == sorted(topics)


def test_every_call_of_the_service_is_served():
    public = {name for name in vars(Session) if not name.startswith("_") and callable(getattr(Session, name))}
    local = {"restore", "notices", "close", "snapshot", "bind"}          # state, or not plain data
    assert public - local == set(SERVED)


def test_one_check_of_the_language():
    with pytest.raises(UserError, match="unknown language 'fr'; use one of en, ko, zh"):
        Session(lang="fr")
    s = Session()
    with pytest.raises(UserError, match="unknown language"):
        s.set_lang("fr")
    assert s.lang == "en"
