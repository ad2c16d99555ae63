"""``queries/session.py`` said a session's results were "plain picklable data" after the sandbox's
messages became JSON (``queries.engine.wire``). It now says what they are, and every kind it names
is one the wire carries."""
import queries.session
from queries.sandbox import _kinds


def test_the_docstring_names_the_json_wire():
    doc = queries.session.__doc__
    assert "pickl" not in doc and "the sandbox's JSON wire carries" in doc and "queries.engine.wire" in doc


def test_the_kinds_it_names_go_over_the_wire():
    assert {"Proof", "WhyNot", "Answers", "Rules"} <= set(_kinds())
