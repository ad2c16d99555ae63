"""The Python service on calls drawn at random: each one answers or raises a UserError."""
import random

from hypothesis import given, strategies as st

from queries.engine.limits import Limits
from queries.errors import UserError
from queries.session import Session

from . import inputs
from .conftest import drawn

ODD_VALUES = [None, 0, -1, 7, 2 ** 80, 1.5, True, b"787889", ["子"], {"a": 1}, ("乙", "巳"), object()]


def _value(rng, text):
    """Mostly the text given, sometimes a value of another type."""
    return rng.choice(ODD_VALUES) if rng.random() < 0.2 else text


def _call(rng, words, session):
    """One call of the service with drawn arguments: (its name, a function making it)."""
    goal = inputs.goal(rng, words)
    cast = inputs.cast_words(rng)
    lines = None if cast[0].startswith("--") else cast[0]
    cast_kwargs = {flag[2:]: value for flag, value in zip(cast, cast[1:])
                   if flag.startswith("--") and not value.startswith("--")}
    calls = {
        "cast": lambda: session.cast(_value(rng, lines), **{k: _value(rng, v) for k, v in cast_kwargs.items()
                                                             if k in ("month", "day", "year", "hour", "at", "tz",
                                                                      "coins", "to")}),
        "ask": lambda: session.ask(_value(rng, goal)),
        "explain": lambda: session.explain(_value(rng, goal), expand_negations=rng.random() < 0.3),
        "why_not": lambda: session.why_not(_value(rng, goal), depth=_value(rng, rng.choice([0, 1, 4]))),
        "judge": lambda: session.judge(rng.choice(inputs.TOPICS), about=rng.choice(inputs.PEOPLE + [None]),
                                       asker=rng.choice(["man", "woman", None])),
        "set_convention": lambda: session.set_convention(_value(rng, rng.choice(["zi_hour", "body", "nope"])),
                                                         _value(rng, rng.choice(["next-day", "world-body", "x"]))),
        "unknown_constants": lambda: session.unknown_constants(_value(rng, goal)),
        "chart_text": lambda: session.chart_text(rng.choice(["en", "ko", "zh", "fr"]), stars=rng.random() < 0.3),
        "judgment_text": lambda: session.judgment_text(rng.choice(["en", "ko"]), proof=rng.random() < 0.5),
        "facts": lambda: session.facts(rng.choice(words.predicates)[0]),
        "rules": lambda: session.rules(grep=rng.choice(["月破", "x", "", "%"])),
    }
    name = rng.choice(sorted(calls))
    return name, calls[name]


@drawn(200)
@given(st.randoms(use_true_random=False))
def test_every_call_answers_or_raises_a_user_error(words, rng):
    session = _shared(words)
    for _ in range(3):
        name, call = _call(rng, words, session)
        try:
            call()
        except UserError as e:
            assert str(e) and "\n" not in " ".join(str(e).split("\n")), name


_SESSIONS = {}


def _shared(words):
    """One session for the whole test, with a cast to ask about."""
    if "s" not in _SESSIONS:
        s = Session(limits=Limits(seconds=2))
        s.cast("787889", month="戌", day="乙巳")
        _SESSIONS["s"] = s
    return _SESSIONS["s"]


def test_the_calls_cover_the_service(words):
    names = {_call(random.Random(seed), words, _shared(words))[0] for seed in range(200)}
    assert len(names) == 11
