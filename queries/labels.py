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
        "line": "line {}", "hidden_under": "hidden under line {}", "changed_of": "the changed line of line {}", "none": "—",
        "strong": "the use-god is strong", "not_strong": "the use-god is not strong",
        "direction": "direction", "because": "decided by", "overrides": "outweighed",
        "favourable": "favourable readings", "unfavourable": "unfavourable readings",
        "mixed": "mixed readings", "descriptive": "descriptive readings",
        "timing": "timing", "at": "{branch} {unit}", "join": " ", "against": "(danger)", "no_day": "no day",
        "rule_holds": "holds", "rule_fails": "does not hold", "speaks": "it speaks to {0}; the question is about {1}",
        "speaks_any": "it speaks to any question", "no_question": "no question put (give --topic)",
        "proof_follows": "the proof through this rule:",
    },
    "ko": {
        "year": "년", "month": "월", "day": "일", "hour": "시", "void": "공망",
        "palace": "{}궁", "conventions": "관례", "nuclear": "호괘", "hidden": "복신",
        "columns": ("효", "육신", "육친", "납갑", "", "", "세응", "변효", "복신", "월", "일", "상태"),
        "topic": "주제", "about": "대상", "asker": "묻는 쪽", "reasons": "이유", "verdict": "판정",
        "line": "{}효", "hidden_under": "{}효 아래 복신", "changed_of": "{}효의 변효", "none": "—",
        "strong": "용신이 유력하다", "not_strong": "용신이 무력하다",
        "direction": "길흉", "because": "정한 판단", "overrides": "밀린 판단",
        "favourable": "길한 판단", "unfavourable": "흉한 판단", "mixed": "길흉이 섞인 판단",
        "descriptive": "서술하는 판단",
        "timing": "응기", "at": "{branch}{unit}", "join": "·", "against": "(흉한 때)", "no_day": "응할 날이 없다",
        "rule_holds": "성립한다", "rule_fails": "성립하지 않는다", "speaks": "{0}에 대한 판단이고 물음은 {1}이다",
        "speaks_any": "어떤 물음에나 적용되는 판단이다", "no_question": "물음이 없다 (--topic을 주라)",
        "proof_follows": "이 규칙을 거친 증명:",
    },
    "zh": {
        "year": "年", "month": "月", "day": "日", "hour": "時", "void": "旬空",
        "palace": "{}宮", "conventions": "約定", "nuclear": "互卦", "hidden": "伏",
        "columns": ("爻", "六神", "六親", "納甲", "", "", "世應", "變爻", "伏神", "月", "日", "狀態"),
        "topic": "所占", "about": "所占之人", "asker": "占者", "reasons": "理由", "verdict": "斷",
        "line": "第{}爻", "hidden_under": "伏於第{}爻下", "changed_of": "第{}爻之變", "none": "—",
        "strong": "用神有力", "not_strong": "用神無力",
        "direction": "吉凶", "because": "所以斷", "overrides": "所奪",
        "favourable": "吉斷", "unfavourable": "凶斷", "mixed": "吉凶參半之斷", "descriptive": "所言之斷",
        "timing": "應期", "at": "{branch}{unit}", "join": "·", "against": "（凶期）", "no_day": "無應期",
        "rule_holds": "成立", "rule_fails": "不成立", "speaks": "此斷言{0}，所占為{1}",
        "speaks_any": "此斷不分所占", "no_question": "未有所占（須給 --topic）",
        "proof_follows": "由此規則之證明：",
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
    topic, person, verdict direction, timing unit and speed -> {lang: name}; chart mark -> the
    term it writes; polarity -> its bar and the mark of its moving line."""
    terms = {term: {"ko": ko, "zh": zh, "en": en}
             for term, ko, zh, en in kb.match("term_label", None, None, None, None)}
    topics = {topic: {"ko": ko, "zh": zh, "en": en}
              for topic, _, zh, ko, en, _ in kb.match("topic", None, None, None, None, None, None)}
    persons = {person: {"ko": ko, "zh": zh, "en": person}
               for person, _, zh, ko, _ in kb.match("person", None, None, None, None, None)}
    directions = {d: {"ko": ko, "zh": zh, "en": en} for d, ko, zh, en in kb.match("direction", None, None, None, None)}
    units = {u: {"ko": ko, "zh": zh, "en": en}
             for u, _, zh, ko, en in kb.match("timing_unit_name", None, None, None, None, None)}
    speeds = {s: {"ko": ko, "zh": s, "en": en} for s, ko, en in kb.match("timing_speed_name", None, None, None)}
    return {"terms": terms, "topics": topics, "persons": persons, "directions": directions, "units": units,
            "speeds": speeds,
            "marks": dict(kb.match("chart_mark", None, None)),
            "lines": {yin_yang: {"bar": bar, "moving": moving}
                      for yin_yang, bar, moving in kb.match("line_symbol", None, None, None)}}
