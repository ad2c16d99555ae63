"""The words of the web page in Korean, Chinese and English (facts/web_label.tsv), and the
language a request asks for.

>>> WORDS["ko"]["cast"], WORDS["zh"]["cast"], WORDS["en"]["cast"]
('괘를 세우기', '起卦', 'cast a chart')
>>> page_lang(None), page_lang("zh"), page_lang("fr")
('ko', 'zh', 'ko')
"""
from __future__ import annotations

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


def page_lang(asked) -> str:
    """The language of a page: the one asked for when the page speaks it, else Korean."""
    return asked if asked in LANGS else FIRST
