"""Korean particles chosen by the word they follow.

A Korean template writes a particle in both forms, the one after a final consonant first:
``{X}이(가)``, ``{X}은(는)``, ``{X}을(를)``, ``{X}과(와)``, ``{X}(으)로``, ``{X}(이)다`` (either
order: ``가(이)`` is the same particle). ``particles`` keeps the one form that fits what stands
before it, read in Hangul: a Hangul syllable by its final consonant (ㄹ takes 로 and drops the
으 of ``(으)``), a Chinese character, a digit, a Latin word or letter by its reading in
facts/hangul_reading.tsv (子 자, 10 십, not 낫, P 피), a number by its last place (10 십, 100 백).
Spaces and punctuation before the particle are passed over; a quote or bracket is read by what
it closes; a parenthesis glossing the word right before it, by that word (처재(妻財), 刑(형)).
A character the table does not know counts as ending in a consonant.

>>> particles("子이(가) 午와(과) 충하고 戌은(는) 火(으)로 간다")
'子가 午와 충하고 戌은 火로 간다'
>>> particles("3효이(가) 10을(를) 「다음 날」(으)로 month_break(C, P)은(는)")
'3효가 10을 「다음 날」로 month_break(C, P)는'

A sentence said as a reason (``… 때문이다``) ends in the noun form of its verb, its book line after:

>>> because("왜냐하면 용신이 묘에 들었고 여는 것이 없다 (000:91 入墓) 때문이다.")
'왜냐하면 용신이 묘에 들었고 여는 것이 없기 때문이다 (000:91 入墓).'
>>> because("일진 巳가 충한다 때문이다."), because("극을 받는다 때문이다."), because("순공에 든다 때문이다.")
('일진 巳가 충하기 때문이다.', '극을 받기 때문이다.', '순공에 들기 때문이다.')
"""
from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from .tables import read_table

TABLE = "facts/hangul_reading.tsv"
FORMS = {"이(가)": ("이", "가"), "가(이)": ("이", "가"), "은(는)": ("은", "는"), "는(은)": ("은", "는"),
         "을(를)": ("을", "를"), "를(을)": ("을", "를"), "과(와)": ("과", "와"), "와(과)": ("과", "와"),
         "(으)": ("으", ""), "(이)": ("이", "")}
PATTERN = re.compile("|".join(re.escape(form) for form in FORMS))
CLOSING = {")": "(", "）": "（"}
RIEUL = 8


@functools.lru_cache(maxsize=None)
def readings() -> dict:
    """Character (or a power of ten) -> its Hangul reading, from facts/hangul_reading.tsv (in the
    shipped knowledge, where queries.knowledge finds it too)."""
    package = Path(__file__).resolve().parents[1]
    root = package / "_knowledge" if (package / "_knowledge").is_dir() else package.parent
    return {text: reading for text, reading in (row.values for row in read_table(root / TABLE).rows)}


def particles(text: str) -> str:
    """``text`` with each particle written in both forms reduced to the one that fits."""
    def choose(match):
        after_consonant, after_vowel = FORMS[match.group()]
        final = _final(syllable(text[:match.start()]))
        if match.group() == "(으)" and final == RIEUL:
            return after_vowel
        return after_vowel if final == 0 else after_consonant
    return PATTERN.sub(choose, text)


_REASON = re.compile(r"([가-힣])다(\s*\((?:[^()]|\([^()]*\))*\))?\s*때문이다")
NIEUN = 4
RIEUL_STEMS = set("든연논운분판건")     # a verb's ㄴ that stands for the ㄹ of its stem (들다, 열다 …)


def because(text: str) -> str:
    """``text`` with each sentence before ``때문이다`` made a noun (…없다 → …없기, …한다 → …하기,
    …받는다 → …받기), the parenthesis after it (its book line) moved after ``때문이다``."""
    def noun(match):
        before, last = text[:match.start()], match.group(1)
        if last == "는" and before and "가" <= before[-1] <= "힣":
            return "기 때문이다" + (match.group(2) or "")
        if last in RIEUL_STEMS:                       # 든다 → 들기, 연다 → 열기
            last = chr(ord(last) - NIEUN + RIEUL)
        elif _final(last) == NIEUN:
            last = chr(ord(last) - NIEUN)
        return last + "기 때문이다" + (match.group(2) or "")
    return _REASON.sub(noun, text)


def syllable(text: str) -> str:
    """The Hangul syllable the end of ``text`` is read with ('' when no letter or digit ends it).

    >>> syllable("妻財"), syllable("처재(妻財)"), syllable("'子'"), syllable("100"), syllable("0")
    ('재', '재', '자', '백', '영')
    >>> syllable("liuyao why-not"), syllable("--topic"), syllable("DIR")
    ('낫', '픽', '알')
    """
    end = _deciding(text, len(text))
    if end is None:
        return ""
    char = text[end]
    if "가" <= char <= "힣":
        return char
    if char in "0123456789":
        return _number(text, end)
    if char.isascii():
        start = end
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        word = readings().get(text[start:end + 1].lower()) if end > start else None
        return (word or readings().get(char.upper(), ""))[-1:]
    return readings().get(char, "")[-1:]


def _deciding(text, end):
    """The index of the letter or digit that decides the particle after ``text[:end]``."""
    i = end - 1
    while i >= 0:
        char = text[i]
        if char in CLOSING:
            opening = text.rfind(CLOSING[char], 0, i)
            if opening > 0 and unicodedata.category(text[opening - 1])[0] in "LN":
                i = opening - 1
                continue
        if unicodedata.category(char)[0] in "LN":
            return i
        i -= 1
    return None


def _number(text, end):
    """The reading of the number ending at ``text[end]``: its last digit, or the place of its
    trailing zeros (10 십, 1000 천, 100000 만)."""
    start = end
    while start > 0 and text[start - 1] in "0123456789":
        start -= 1
    digits = text[start:end + 1]
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0 or zeros == len(digits):
        return readings()[digits[-1]][-1]
    place = max((k for k in readings() if k.isdigit() and len(k) > 1 and len(k) - 1 <= zeros), key=len)
    return readings()[place][-1]


def _final(char: str) -> int:
    """The final consonant of a Hangul syllable: 0 none, 8 ㄹ, other numbers the others; a
    character that is not a Hangul syllable counts as a final consonant."""
    return (ord(char) - ord("가")) % 28 if char and "가" <= char <= "힣" else 1
