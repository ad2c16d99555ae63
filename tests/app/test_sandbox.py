"""Sandbox: the Session API from a worker process, with a time limit per call.

No test asserts a duration; the limits are small (2 s) so the suite stays quick.
"""
import os
import pickle
import signal

import pytest

from queries.errors import KnowledgeError, QueryTimeout, UserError
from queries.results import Answers
from queries.sandbox import Sandbox, WorkerError
from queries.session import SERVED, Session

LIMIT = 2.0
CAST = dict(month="戌", day="乙巳")

# Lint-clean, and never ends: left recursion that makes numbers. count/1 depends on no cast,
# so it is computed while the folder loads; tally/2 depends on the cast, so on asking.
COUNT = """\
# @rule count.0 zero
# convention: demo
+ count(0)

# @rule count.1 next
# convention: demo
count(N) <= count(M) & (N == M + 1)
"""
TALLY = """\
# @rule tally.0 start
# convention: demo
tally(C, N) <= cast_line(C, 1, N)

# @rule tally.1 next
# convention: demo
tally(C, N) <= tally(C, M) & (N == M + 1)

# @rule calm.1 a rule that ends
# convention: demo
calm(C, N) <= cast_line(C, 1, N)
"""


@pytest.fixture
def folders(tmp_path):
    made = {}
    for name, text in (("count", COUNT), ("tally", TALLY), ("bad", "p(X) <= branch_ordr(X, _I)\n")):
        (tmp_path / name / "kb").mkdir(parents=True)
        (tmp_path / name / "kb" / f"{name}.dl").write_text(text, encoding="utf-8")
        made[name] = str(tmp_path / name)
    return made


@pytest.fixture(scope="module")
def box():
    with Sandbox(timeout=LIMIT) as sandbox:
        sandbox.cast("787889", **CAST)
        yield sandbox


def test_the_same_answers_as_a_session(box):
    local = Session()
    local.cast("787889", **CAST)
    for goal in ("line_relative(C, 3, R)", "day_break(C, P)", "clash('子', X)"):
        assert box.ask(goal) == local.ask(goal)
        assert box.ask_table(goal) == local.ask_table(goal)
        assert box.explain(goal) == local.explain(goal)
    assert isinstance(box.ask_table("clash('子', X)"), Answers)
    assert box.why_not("hidden_motion(C, 3)") == local.why_not("hidden_motion(C, 3)")
    assert box.rules("clash") == local.rules("clash") and box.facts("branch_order") == local.facts("branch_order")
    assert box.chart_text() == local.chart_text() and box.chart_data() == local.chart_data()
    assert box.chart_text("ko") == local.chart_text("ko") and box.chart_json() == local.chart_json()
    assert box.conventions() == local.conventions() and box.vocabulary() == local.vocabulary()
    assert box.rules(grep="月破") == local.rules(grep="月破") and box.stars() == local.stars()
    assert box.topics() == local.topics()
    assert "<table" in box.chart_html()
    assert box.cast_id == local.cast_id == "c1"


def test_user_errors_cross_the_boundary(box, folders):
    with pytest.raises(UserError, match="did you mean clash"):
        box.ask("clsh('子', X)")
    with pytest.raises(UserError, match="syntax error"):
        box.explain("clash('子', X")
    with pytest.raises(KnowledgeError) as e:
        box.load(folders["bad"])
    assert e.value.problems and e.value.problems[0].startswith(f"{folders['bad']}/kb/bad.dl:1:")
    assert box.extra == [] and box.ask("clash('子', X)") == [("午",)]


@pytest.mark.slow
def test_a_question_that_never_ends_is_stopped_and_the_session_goes_on(folders):
    with Sandbox(timeout=LIMIT) as box:
        box.load(folders["tally"])
        box.set_convention("zi_hour", "next-day")
        box.cast("787889", **CAST)
        box.cast("787889", **CAST)
        with pytest.raises(QueryTimeout) as e:
            box.ask("tally(C, N)")
        message = str(e.value)
        assert "tally(C, N)" in message and "2 s" in message and "\n" not in message
        assert "restored" in message
        # the fresh worker has the folder, the cast (same id) and the conventions
        assert box.extra == [folders["tally"]] and box.cast_id == "c2"
        assert box.ask("calm(C, N)") == [(7,)] and box.ask("line_relative(C, 3, R)") == [("妻財",)]
        assert box.conventions()["zi_hour"]["next"] == "next-day"
        box.cast("787889", **CAST)
        assert box.cast_id == "c3"
        with pytest.raises(QueryTimeout):
            box.explain("tally(C, 100)")
        assert box.ask("calm(C, N)") == [(7,)]


@pytest.mark.slow
def test_a_folder_that_never_finishes_loading_is_stopped_and_left_out(folders):
    with Sandbox(timeout=LIMIT) as box:
        box.cast("787889", **CAST)
        with pytest.raises(QueryTimeout) as e:
            box.load(folders["count"])
        message = str(e.value)
        assert folders["count"] in message and "count" in message and "2 s" in message
        assert box.extra == [] and box.cast_id == "c1"
        assert box.ask("line_relative(C, 3, R)") == [("妻財",)]


@pytest.mark.slow
def test_start_with_folders_that_fail(folders):
    with Sandbox([folders["bad"]], timeout=LIMIT) as box:
        notices = box.notices()
        assert any(n.startswith(f"{folders['bad']}/kb/bad.dl:1:") for n in notices)
        assert box.extra == [] and box.ask("clash('子', X)") == [("午",)]
    with Sandbox([folders["count"]], timeout=LIMIT) as box:
        assert any("could not be loaded" in n for n in box.notices())
        assert box.extra == [] and box.ask("clash('子', X)") == [("午",)]


def test_a_posed_question_sends_back_nothing_and_is_judged_as_a_sessions(box):
    local = Session()
    local.cast("787889", **CAST)
    local.pose("office")
    assert box.pose("office") is None
    assert box.judgment_json() == local.judgment_json() and box.snapshot().question == local.snapshot().question


def test_a_worker_that_dies_is_replaced_with_its_cast_and_question(box):
    box.judge("wealth")
    os.kill(box._process.pid, signal.SIGKILL)
    with pytest.raises(WorkerError, match="restored"):
        box.ask("clash('子', X)")
    assert box.cast_id == "c1" and box.ask("day_break(C, P)") == [(3,)]
    assert box.ask("use_grade(C, G)") == [("受克無救",)] and "topic: seeking wealth" in box.judgment_text()


def test_the_proxy_is_made_from_the_table_of_calls():
    import inspect
    for name in SERVED:
        assert inspect.signature(getattr(Sandbox, name)) == inspect.signature(getattr(Session, name))
        assert getattr(Sandbox, name).__doc__ == getattr(Session, name).__doc__
    with pytest.raises(UserError, match="unknown language"):
        Sandbox(lang="fr")


def test_results_are_plain_data(box):
    for result in (box.explain("day_break(C, 3)"), box.why_not("hidden_motion(C, 3)"),
                   box.rules("clash"), box.facts("cast_line"), box.snapshot()):
        assert pickle.loads(pickle.dumps(result)) == result
