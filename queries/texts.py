"""The words of the 周易 beside a chart: each hexagram's 卦辭, 彖, 大象, 爻辭 with their 小象, 用九/用六 and
文言 (texts/zhouyi.tsv, from the Kanseki Repository's KR1a0001, CC BY-SA 4.0), our own Korean and Legge's
English of the 卦辭, 爻辭 and 用九/用六, and the Hangul reading (음독) of every character. Read only when
asked, never at the start of a process, and never by a rule: the texts are for study, not for a verdict.

>>> number("賁"), number("山火賁"), number("22"), number("習坎"), number("산화비")
(22, 22, 22, 29, 22)
>>> [p["zh"] for p in hexagram(22)["parts"] if p["part"] == "judgment"]
['亨。小利有攸往。']
>>> reading("利見大人。")
'이견대인.'
>>> reading("見龍在田", 1, "line2"), reading("不寧方來")
('현룡재전', '불녕방래')
"""
from __future__ import annotations

import functools
import re

from .engine.files import read_text
from .engine.tables import read_table
from .knowledge import shipped_dir
from .messages import error

PARTS = ["judgment", "tuan", "image"] + [f"line{p}{s}" for p in range(1, 7) for s in ("", "_image")] + ["use", "use_image", "wenyan"]
TRANSLATED = ("judgment", "line", "use")           # the kinds of words given in Korean and English
PUNCTUATION = {"，": ", ", "。": ". ", "、": ", ", "：": ": ", "；": "; ", "？": "? ", "！": "! "}
SOURCE = {"title": "周易", "id": "KR1a0001", "edition": "TLS",
          "from": "Kanseki Repository (kanripo), KR1a0001", "licence": "CC BY-SA 4.0",
          "korean": "liuyao-kb (our own translation, CC BY-SA 4.0)",
          "english": "James Legge, The Yî King (Sacred Books of the East XVI, 1882; public domain)"}


def _folder():
    return shipped_dir() / "texts"


def _rows(name, hexagram=None):
    """The rows of a table of texts/; with ``hexagram``, only that hexagram's (its number first):
    the other hexagrams' lines are not parsed."""
    if hexagram is None:
        return [row.values for row in read_table(_folder() / name).rows]
    lines = [line for line in _lines(name) if not line[:1].isdigit() or line.startswith(f"{hexagram}\t")]
    return [row.values for row in read_table(_folder() / name, name, text="\n".join(lines)).rows]


@functools.lru_cache(maxsize=None)
def _lines(name) -> tuple:
    return tuple(read_text(_folder() / name, name).splitlines())


@functools.lru_cache(maxsize=None)
def _texts() -> dict:
    """(hexagram, part) -> {"label", "zh", "ko", "en"}, of all 64 (for the names they bear in their
    words; one hexagram's are ``_passages``)."""
    return _words()


@functools.lru_cache(maxsize=None)
def _passages(n) -> dict:
    """part -> {"label", "zh", "ko", "en"} of hexagram ``n``."""
    return {part: found for (_, part), found in _words(n).items()}


def _words(hexagram=None) -> dict:
    """(hexagram, part) -> {"label", "zh", "ko", "en"}: of every hexagram, or of one."""
    found = {(n, part): {"label": label, "zh": zh} for n, part, label, zh in _rows("zhouyi.tsv", hexagram)}
    for lang in ("ko", "en"):
        for n, part, text in _rows(f"zhouyi_{lang}.tsv", hexagram):
            found[(n, part)][lang] = text
    return found


@functools.lru_cache(maxsize=None)
def _readings() -> tuple:
    from .engine.hangul import readings
    table = dict(readings())
    table.update(dict(_rows("hangul_reading.tsv")))
    context = {}
    for n, part, text, said, _why in _rows("hangul_context.tsv"):
        context.setdefault((n, part), []).append((text, said))
    return table, context


@functools.lru_cache(maxsize=None)
def _names() -> dict:
    """Every name of a hexagram -> its King Wen number: full (山火賁), short (賁), number, Korean (산화비), English."""
    names = {}
    for full, short, n, korean, english in _rows_of_knowledge("hexagram_name.tsv"):
        for name in (full, short, str(n), korean, english.lower()):
            names.setdefault(name, n)
        names[full] = names[short] = n
    for (n, part), text in _texts().items():
        if part == "judgment":
            names.setdefault(text["label"], n)    # 習坎, the name 坎 bears in the text
    return names


@functools.lru_cache(maxsize=None)
def _full_names() -> dict:
    return {n: (full, short, korean) for full, short, n, korean, _english in _rows_of_knowledge("hexagram_name.tsv")}


def _rows_of_knowledge(name):
    return [row.values for row in read_table(shipped_dir() / "facts" / name).rows]


@functools.lru_cache(maxsize=None)
def labels() -> dict:
    """part -> {"ko", "zh", "en"}: the names of the parts (texts/part_label.tsv)."""
    return {part: {"ko": ko, "zh": zh, "en": en} for part, ko, zh, en in _rows("part_label.tsv")}


def number(name) -> int:
    """The King Wen number of a hexagram named by any of its names; a user error naming it otherwise."""
    found = _names().get(str(name).strip()) or _names().get(str(name).strip().lower())
    if found is None:
        raise error("texts.unknown_hexagram", name=str(name))
    return found


def kind(part: str) -> str:
    """judgment, tuan, image, line, line_image, use, use_image or wenyan."""
    return re.sub(r"\d", "", part)


def reading(zh: str, hexagram: int = 0, part: str = "") -> str:
    """The Hangul reading of a passage, character by character, each phrase taking the initial-sound rule
    (두음법칙: 利 리 → 이 at the start), 不 read 부 before ㄷ and ㅈ, a phrase of texts/hangul_context.tsv
    as it says; punctuation as in Korean."""
    table, context = _readings()
    out, start = [], True
    chars = [c for c in zh if c not in "「」《》（）『』"]
    given = {}
    for text, said in context.get((hexagram, part), ()):
        at = "".join(chars).find(text)
        while at >= 0:
            given.update({at + k: syllable for k, syllable in enumerate(said)})
            at = "".join(chars).find(text, at + 1)
    for i, char in enumerate(chars):
        if char in PUNCTUATION:
            out.append(PUNCTUATION[char])
            start = True
            continue
        said = given.get(i) or table.get(char, char)
        if char == "不" and i + 1 < len(chars) and _initial(table.get(chars[i + 1], "")) in (3, 12):
            said = "부"
        out.append(_initial_rule(said) if start else said)
        start = False
    return "".join(out).strip()


def _initial(syllable: str) -> int:
    return (ord(syllable[0]) - 0xAC00) // 588 if syllable and "가" <= syllable[0] <= "힣" else -1


def _initial_rule(syllable: str) -> str:
    """ㄹ → ㄴ, and ㄴ (or ㄹ) → ㅇ before ㅣ and the y-vowels, at the start of a phrase."""
    first = _initial(syllable)
    if first not in (2, 5):
        return syllable
    code = ord(syllable[0]) - 0xAC00
    vowel = code % 588 // 28
    to = 11 if vowel in (2, 6, 7, 12, 17, 20) else 2     # ㅑ ㅕ ㅖ ㅛ ㅠ ㅣ take ㅇ, the rest ㄴ
    if first == 2 and to == 2:
        return syllable
    return chr(0xAC00 + to * 588 + code % 588) + syllable[1:]


def passage(n: int, part: str) -> dict:
    """One passage: its part, label, Chinese, reading, and Korean and English where it has them."""
    found = _passages(n)[part]
    said = {"part": part, "kind": kind(part), "label": "" if found["label"] == "-" else found["label"], "zh": found["zh"],
            "reading": reading(found["zh"], n, part)}
    for lang in ("ko", "en"):
        if lang in found:
            said[lang] = found[lang]
    return said


def hexagram(n: int) -> dict:
    """All the words of hexagram ``n`` (King Wen number), in the book's order, with their source."""
    full, short, korean = _full_names()[n]
    return {"number": n, "hexagram": full, "short": short, "korean": korean, "source": dict(SOURCE),
            "parts": [passage(n, part) for part in PARTS if part in _passages(n)]}


def to_read(n_original: int, n_changed: int | None, rows) -> list:
    """The passages a cast reads: ``rows`` are (which, kind, place, order, rule, sentence) from the
    knowledge (text_to_read), each given its passage."""
    out = []
    for which, kinds, place, order, rule, sentence in sorted(rows, key=lambda row: row[3]):
        n = n_original if which == "original" else n_changed
        part = "judgment" if kinds == "judgment" else "use" if kinds == "use" else f"line{place}"
        out.append({"which": which, "order": order, "hexagram": _full_names()[n][0], "rule": rule,
                    "why": sentence, **passage(n, part)})
    return out


def judgment_of(n: int) -> dict:
    """The 卦辭 of hexagram ``n`` as a passage of the original hexagram."""
    return {"which": "original", "order": 0, "hexagram": _full_names()[n][0], **passage(n, "judgment")}
