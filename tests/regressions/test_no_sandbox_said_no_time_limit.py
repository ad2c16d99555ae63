"""``liuyao repl --no-sandbox`` said "no time limit" in its help while the session in this
process had the engine's default of 10 s, whatever ``--timeout`` said. Now ``--timeout`` and
``--memory`` bound it, the help says so, and ``:timeout`` says the limits are fixed."""
import io

from queries.cli import parser

from .programs import COUNT_UP


def test_the_help_says_what_bounds_it():
    (repl,) = [a for a in parser()._subparsers._group_actions[0].choices["repl"]._actions
               if "--no-sandbox" in a.option_strings]
    assert "no time limit" not in repl.help and "--timeout and --memory still bound each question" in repl.help


def test_timeout_bounds_the_session_in_this_process(folder, liuyao, monkeypatch):
    path = folder({"kb/count.dl": COUNT_UP})
    monkeypatch.setattr("sys.stdin", io.StringIO("?- count_up(X).\n"))
    code, out, err = liuyao("repl", "--no-sandbox", "--kb", path, "--timeout", "0.5")
    assert "computing count_up took longer than the limit of 0.5 s" in out + err


def test_timeout_in_the_session_names_the_limits_it_started_with(liuyao, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(":timeout 2\n"))
    code, out, err = liuyao("repl", "--no-sandbox", "--timeout", "3", "--memory", "100")
    assert code == 2 and out == ("error: this session runs without a sandbox, so its limits are those it started with "
                                 "(3 s, 100 MB; --timeout and --memory set them)\n")
