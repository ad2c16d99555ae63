"""The words of the interface in Korean, Chinese and English (the views' headers, field names and
messages), and the vocabulary a view takes from the knowledge: the names of its terms, topics and
persons (facts/term_label.tsv, topic.tsv, person.tsv), the marks a chart writes and how it draws
a line (views/chart_mark.tsv, views/line_symbol.tsv).

>>> WORDS["ko"]["void"], WORDS["zh"]["void"]
('공망', '旬空')
>>> from queries import KnowledgeBase
>>> words = vocabulary(KnowledgeBase())
>>> words["terms"]["source_god"]["ko"], words["topics"]["wealth"]["zh"], words["marks"]["world"]
('원신', '求財', '世')
"""
from __future__ import annotations

from .engine import LANGS
from .errors import UserError

WORDS = {
    "en": {
        "year": "year", "month": "month", "day": "day", "hour": "hour", "void": "void",
        "palace": "{} palace", "conventions": "conventions", "nuclear": "nuclear", "hidden": "hidden",
        "columns": ("line", "spirit", "relative", "najia", "", "", "世應", "changed", "hidden", "month",
                    "day", "states"),
        "topic": "topic", "about": "about", "asker": "asker", "reasons": "reasons", "verdict": "verdict",
        "line": "line {}", "hidden_under": "hidden under line {}", "none": "—",
        "strong": "the use-god is strong", "not_strong": "the use-god is not strong",
    },
    "ko": {
        "year": "년", "month": "월", "day": "일", "hour": "시", "void": "공망",
        "palace": "{}궁", "conventions": "관례", "nuclear": "호괘", "hidden": "복신",
        "columns": ("효", "육신", "육친", "납갑", "", "", "세응", "변효", "복신", "월", "일", "상태"),
        "topic": "주제", "about": "대상", "asker": "묻는 쪽", "reasons": "이유", "verdict": "판정",
        "line": "{}효", "hidden_under": "{}효 아래 복신", "none": "—",
        "strong": "용신이 유력하다", "not_strong": "용신이 무력하다",
    },
    "zh": {
        "year": "年", "month": "月", "day": "日", "hour": "時", "void": "旬空",
        "palace": "{}宮", "conventions": "約定", "nuclear": "互卦", "hidden": "伏",
        "columns": ("爻", "六神", "六親", "納甲", "", "", "世應", "變爻", "伏神", "月", "日", "狀態"),
        "topic": "所占", "about": "所占之人", "asker": "占者", "reasons": "理由", "verdict": "斷",
        "line": "第{}爻", "hidden_under": "伏於第{}爻下", "none": "—",
        "strong": "用神有力", "not_strong": "用神無力",
    },
}


def check_lang(lang) -> str:
    """The language itself when the views speak it, else a UserError naming the choices.

    >>> check_lang("fr")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    queries.errors.UserError: unknown language 'fr'; use one of en, ko, zh
    """
    if lang not in LANGS:
        raise UserError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang


def vocabulary(kb) -> dict:
    """What the views need from the knowledge, as plain data (so it crosses the sandbox): term,
    topic and person -> {lang: name}; chart mark -> the term it writes; polarity -> its bar and
    the mark of its moving line."""
    terms = {term: {"ko": ko, "zh": zh, "en": en}
             for term, ko, zh, en in kb.match("term_label", None, None, None, None)}
    topics = {topic: {"ko": ko, "zh": zh, "en": en}
              for topic, _, zh, ko, en, _ in kb.match("topic", None, None, None, None, None, None)}
    persons = {person: {"ko": ko, "zh": zh, "en": person}
               for person, _, zh, ko, _ in kb.match("person", None, None, None, None, None)}
    return {"terms": terms, "topics": topics, "persons": persons,
            "marks": dict(kb.match("chart_mark", None, None)),
            "lines": {yin_yang: {"bar": bar, "moving": moving}
                      for yin_yang, bar, moving in kb.match("line_symbol", None, None, None)}}
