"""The words of the web page in Korean, Chinese and English (facts/web_label.tsv), and the
language a request asks for.

>>> WORDS["ko"]["cast"], WORDS["zh"]["cast"], WORDS["en"]["cast"]
('괘를 세우기', '起卦', 'cast a chart')
>>> page_lang(None), page_lang("zh"), page_lang("fr")
('ko', 'zh', 'ko')
"""
from __future__ import annotations

import functools
import re

from ..engine import LANGS
from ..engine.tables import read_table
from ..knowledge import shipped_dir
from ..labels import WORDS as VIEW_WORDS

FIRST = "ko"           # the page speaks Korean first


def _words() -> dict:
    table = read_table(shipped_dir() / "facts" / "web_label.tsv")
    words = {lang: dict(VIEW_WORDS[lang]) for lang in LANGS}
    for key, *names in (row.values for row in table.rows):
        for lang, name in zip(("ko", "zh", "en"), names):
            words[lang][key] = name
    return words


WORDS = _words()


# The page's field of each option a message may name (``--by-time`` is the box 시각으로).
_FIELD_WORDS = {"random": "by.random", "yarrow": "by.yarrow", "by-time": "by.time", "set": "conventions",
                "zi-hour": "conventions"}
_ON_PAGE = ("to", "coins", "numbers", "seed", "at", "tz", "longitude", "lunar", "month", "day", "year", "hour",
            "topic", "about", "asker", "horizon", "since", "in-office", "side", "age", "born")


@functools.cache
def form_words(lang) -> dict:
    """Each option a message names (``--at``) -> the page's name of its field in ``lang``, in
    brackets and without its example: {"at": "「양력 시각」", "month": "「월건」", …}.

    >>> form_words("ko")["month"], form_words("en")["at"]
    ('「월건」', '“moment”')
    """
    w = WORDS[lang]
    keys = {**{name: name.replace("-", "_") for name in _ON_PAGE}, **_FIELD_WORDS}
    quote = ("“{}”" if lang == "en" else "「{}」")
    return {name: quote.format(re.sub(r"\s*\([^()]*\)$", "", w[key])) for name, key in keys.items() if key in w}


def page_lang(asked) -> str:
    """The language of a page: the one asked for when the page speaks it, else Korean."""
    return asked if asked in LANGS else FIRST
