"""Every message a reader may see (an error's line, a status line) in Korean, Chinese and
English, from facts/message.tsv: a key, then a template per language with named placeholders.

An error raised by the app or the engine carries its key and values (``queries.engine.errors``);
``line`` says it in the reader's language. The English is the error's own text, so English
output never depends on this table.

>>> text("cast.tz_needs_at", "ko")
'--tz는 --at과 함께 씁니다'
>>> e = error("question.asker", asker="men", choices="man or woman")
>>> str(e)
"asker 'men': use man or woman"
>>> line(e, "zh")
"問者 'men'：請用 man or woman"
>>> line(error("engine.computing", what="p", reason=("engine.goal_deep", {})), "ko")
'p 계산 중: 목표가 너무 깊이 중첩되었습니다'
"""
from __future__ import annotations

import functools
import re
import string

from .engine import LANGS
from .engine.hangul import particles
from .errors import UserError

TABLE = "facts/message.tsv"


@functools.lru_cache(maxsize=None)
def messages() -> dict:
    """key -> lang -> template."""
    from .engine.tables import read_table
    from .knowledge import shipped_dir
    table = read_table(shipped_dir() / TABLE)
    return {key: dict(zip(("ko", "zh", "en"), names)) for key, *names in (row.values for row in table.rows)}


def placeholders(template: str) -> set:
    """The names a template's values go by.

    >>> sorted(placeholders("{a!r} of {b:,} {{c}}"))
    ['a', 'b']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def text(key, lang="en", /, form_words=None, **values) -> str:
    """The message ``key`` in ``lang`` with its values (a value that is a message, a pair (key,
    values), said in the same language); in Korean each particle written in both forms is the
    one that fits the value before it (``engine.hangul.particles``). ``form_words`` (an option
    name -> a form's word for the field) says each ``--option`` by the form's field, as a page
    names it, before the particles are chosen.

    >>> text("cli.holds", "ko", goal="clash('子', X)")
    "clash('子', X)는 성립합니다. liuyao why가 그 증명을 보여 줍니다"
    >>> text("cast.tz_needs_at", "ko", form_words={"tz": "「시간대」", "at": "「양력 시각」"})
    '「시간대」는 「양력 시각」과 함께 씁니다'
    """
    template = messages()[key][lang if lang in LANGS else "en"]
    filled = template.format(**{name: said(value, lang) for name, value in values.items()})
    if form_words:
        filled = _OPTION.sub(lambda m: form_words.get(m.group(1), m.group()), filled)
    return particles(filled) if lang == "ko" else filled


_OPTION = re.compile(r"(?<![\w-])--([a-z][a-z-]*)")


def said(value, lang):
    """A value of a message as it is said: a message (key, values) in ``lang``, else as given."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[1], dict) \
            and value[0] in messages():
        return text(value[0], lang, **value[1])
    return value


def error(key, kind=UserError, /, **values) -> UserError:
    """An error of ``kind`` saying the message ``key``: its text the English, carrying key and values."""
    return kind(text(key, "en", **values), key=key, values=values)


def problem(found, lang="en") -> str:
    """A problem of a knowledge folder (``engine.problem.Problem``) in ``lang``: its own line in
    English, or when it names no message.

    >>> from queries.engine.problem import Problem
    >>> problem(Problem("a.dl:1: a statement must start at column 0", "problem.column_0", where="a.dl:1"), "ko")
    'a.dl:1: 문장은 0열에서 시작해야 합니다'
    """
    return str(found) if lang == "en" or not getattr(found, "key", None) else line(found, lang)


def line(error, lang="en", form_words=None) -> str:
    """What an error says in ``lang`` on one line: its message when it names one this table has,
    else its own text (its own text in English, unless ``form_words`` name its options: ``text``)."""
    key = getattr(error, "key", None)
    if (lang != "en" or form_words) and key in messages():
        try:
            return " ".join(text(key, lang, form_words, **error.values).split())
        except (KeyError, IndexError, ValueError):
            pass
    return " ".join(str(error).split())
