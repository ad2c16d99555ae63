"""``liuyao repl --timeout -5`` (or ``nan``, ``inf``) silently meant no limit, and ``:timeout -5``
too. Now each is a one-line user error, exit status 2, as the other commands give
(``options.limits``); the same for ``--memory`` and ``:memory``."""
import io

import pytest


@pytest.mark.parametrize("option, value, unit", [("--timeout", "-5", "seconds"), ("--timeout", "nan", "seconds"),
                                                 ("--timeout", "inf", "seconds"), ("--memory", "-1", "megabytes")])
def test_the_option_is_refused_in_one_line(liuyao, monkeypatch, option, value, unit):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = liuyao("repl", f"{option}={value}")
    assert (code, out) == (2, "")
    assert err == f"liuyao: {option} {value}: give a positive number of {unit} (0 for none)\n"


@pytest.mark.parametrize("command, value, unit", [("timeout", "-5", "seconds"), ("timeout", "nan", "seconds"),
                                                  ("timeout", "inf", "seconds"), ("memory", "-1", "megabytes"),
                                                  ("memory", "lots", "megabytes")])
def test_the_command_is_refused_and_the_limit_kept(liuyao, monkeypatch, command, value, unit):
    monkeypatch.setattr("sys.stdin", io.StringIO(f":{command} {value}\n:help\n"))
    code, out, err = liuyao("repl", "--timeout", "7", "--memory", "300")
    example = "2" if command == "timeout" else "256"
    assert code == 2 and out.startswith(f"error: :{command} {value}: give a positive number of {unit}, "
                                        f"e.g. :{command} {example} (0 for none)\n")
    assert "(now 7 s)" in out and "(now 300 MB)" in out
