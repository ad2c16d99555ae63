"""The sandbox sent pickles over the pipe to its own worker, so ``queries`` still held pickle
(issue 19 asks for none). Its messages are JSON of the types a session hands out
(``queries.engine.wire``, the types listed in ``sandbox._kinds``), checked on receipt: a malformed message, a pickle included, is a
one-line error and is never run."""
import io
import pickle
import queue
import re
from pathlib import Path

import pytest

import queries
from queries import sandbox
from queries.engine import wire
from queries.sandbox import Sandbox

_SERIALISERS = r"pickle|cPickle|_pickle|marshal|shelve|dill|cloudpickle|jsonpickle"


def test_no_module_of_queries_imports_or_calls_pickle():
    root = Path(queries.__file__).parent
    pattern = re.compile(rf"^\s*(import|from)\s+({_SERIALISERS})\b|\b({_SERIALISERS})\.(loads?|dumps?|Unpickler|Pickler)\b",
                         re.M)
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if pattern.search(p.read_text(encoding="utf-8")))
    assert users == []


class _Plant:
    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


def _framed(data):
    return sandbox._HEADER.pack(len(data)) + data


def test_a_pickle_from_the_worker_is_a_malformed_answer_never_run(tmp_path):
    marker, inbox = tmp_path / "marker", queue.Queue()
    Sandbox._read(io.BytesIO(_framed(pickle.dumps(_Plant(marker)))), inbox)
    kind, text = inbox.get_nowait()
    assert (kind, text) == ("malformed", "a message that is not JSON (UnicodeDecodeError)") and not marker.exists()


@pytest.mark.parametrize("message, said", [
    (b'{"c": "Popen", "n": 0, "f": {}}', "an object of unknown kind 'Popen'"),
    (b'{"t": ["ok", 1]}', "a 'ok' answer of another shape"),
    (b'{"t": ["ok", 1, {"c": "SessionState", "n": 0, "f": {"extra": 1}}]}', "a SessionState with the fields extra"),
    (b'[1, 2]', "an answer of no known kind"),
    (b'{"r": 3}', "a reference to no earlier object (3)"),
])
def test_a_malformed_answer_is_named_in_one_line(message, said):
    with pytest.raises(wire.Malformed, match=re.escape(said)):
        sandbox._receive(io.BytesIO(_framed(message)), sandbox._check_answer)


def test_a_malformed_request_is_a_one_line_error_and_the_worker_goes_on():
    with Sandbox(timeout=30) as box:
        box._ready()
        box._process.stdin.write(_framed(b'{"t": ["ask", {"t": []}, {"d": [[1, 2]]}]}'))
        box._process.stdin.flush()
        assert box._wait("ask", loading=False) == (
            "error", "UserError", "a malformed request: a request whose keyword names are not strings", None, None, None)
        assert box.ask("clash('子', X)") == [("午",)]


def test_what_a_session_hands_out_comes_back_equal():
    with Sandbox(timeout=30) as box:
        box.cast("787889", at="2024-10-08T04:00", tz="Asia/Seoul")
        state, proof = box.snapshot(), box.explain("line_relative(C, 3, R)")
    again = wire.decode(wire.encode((state, proof), sandbox._kinds()), sandbox._kinds())
    assert again == (state, proof) and again[0].cast.moment.tzinfo.key == "Asia/Seoul"


@pytest.mark.parametrize("value", [object(), {1, 2}, 10 ** 5000], ids=["object", "set", "long number"])
def test_a_value_no_message_can_hold_is_unsendable_not_written(value):
    with pytest.raises(wire.Unsendable):
        wire.encode(("ok", value, None), sandbox._kinds())
