"""The ways of casting that are procedures: yarrow stalks, the moment and numbers.

* **Yarrow stalks 大衍筮法** (周易·繫辭上: 大衍之數五十，其用四十有九。分而為二以象兩，掛一以象三，
  揲之以四以象四時，歸奇於扐以象閏 … 是故四營而成易，十有八變而成卦). Of 50 stalks 49 are used. Each
  change divides them in two heaps (each stalk falls to one hand or the other, as a hand divides
  a bundle), hangs one stalk of the right heap between the fingers, counts each heap by fours and
  sets aside what remains of it (1 to 4: a heap of fours leaves four); three changes make a line,
  and what is left, counted by fours, is its value: 36 (9 老陽), 32 (8 少陰), 28 (7 少陽), 24
  (6 老陰). The numbers are in ``facts/yarrow.tsv``; the odds (1/16, 5/16, 7/16, 3/16 of 6, 7, 8,
  9) are measured in ``bench/yarrow.py``.
* **The moment 時間起卦** (梅花易數, 年月日時起卦): the year's branch (子 1 … 亥 12), the month and
  the day of the lunar date give the upper trigram, their sum with the hour's branch the lower,
  each the remainder of eight by the trigrams' 先天 numbers (乾 1 兌 2 離 3 震 4 巽 5 坎 6 艮 7
  坤 8, ``facts/trigram_number.tsv``; no remainder is 8); that sum's remainder of six (none is 6)
  is the one moving line. Which year and month count is the convention ``time_months``.
* **Numbers 報數起卦** (梅花易數: the first number gives the upper trigram, the second the
  lower; 丈尺占 and 字占 add the hour to find the moving line): the convention
  ``numbers_moving`` says whether the hour's number is added.

>>> from queries import KnowledgeBase
>>> kb = KnowledgeBase()
>>> yarrow_lines(kb, 7)["lines"]
(8, 8, 8, 8, 9, 8)
>>> numbers_lines(kb, (3, 8), "子", "with-hour")["lines"], numbers_lines(kb, (3, 8), None, "numbers-only")["moving"]
((8, 8, 8, 7, 8, 9), 5)
"""
from __future__ import annotations

from datetime import datetime, timedelta

from .messages import error

_MOST = 10 ** 9             # the largest number a numbers cast takes


def _rest(heap: int, by: int) -> int:
    """What counting a heap by fours leaves: 1 to 4 (歸奇於扐; a heap of fours leaves four)."""
    return (heap - 1) % by + 1


def yarrow_change(stalks: int, left: int, hung: int, by: int) -> int:
    """The stalks one change sets aside: the one hung and what each heap leaves counted by fours.

    >>> yarrow_change(49, 21, 1, 4), yarrow_change(49, 24, 1, 4), yarrow_change(44, 21, 1, 4)
    (5, 9, 4)
    """
    return hung + _rest(left, by) + _rest(stalks - left - hung, by)


def yarrow_numbers(kb) -> dict:
    """The numbers of 大衍筮法 from facts/yarrow.tsv: stalks, used, hung, by, changes."""
    return dict(kb.match("yarrow", None, None))


def _split(rng, stalks: int, hung: int) -> int:
    """The left heap of a division: each stalk falls to one hand or the other; both heaps keep
    a stalk once one is hung from the right."""
    while True:
        left = bin(rng.getrandbits(stalks)).count("1")
        if left >= 1 and stalks - left >= hung + 1:
            return left


def yarrow_lines(kb, seed: int) -> dict:
    """Six lines of the yarrow stalks, reproducible from the seed: their values bottom first and,
    for each line, the stalks set aside at each of its three changes."""
    import random                   # only for a cast of the stalks
    numbers, values = yarrow_numbers(kb), _values(kb)
    rng, lines, changes = random.Random(seed), [], []
    for _ in range(6):
        stalks, removed = numbers["used"], []
        for _ in range(numbers["changes"]):
            removed.append(yarrow_change(stalks, _split(rng, stalks, numbers["hung"]), numbers["hung"], numbers["by"]))
            stalks -= removed[-1]
        value = stalks // numbers["by"]
        if value not in values:
            raise error("casting.yarrow_table", left=stalks)
        lines.append(value)
        changes.append(removed)
    return {"lines": tuple(lines), "changes": changes}


def _values(kb) -> dict:
    """(yin or yang, moving) -> line value, from facts/line_value.tsv."""
    return {value: (polarity, polarity != turns) for value, polarity, turns, _ in
            kb.match("line_value", None, None, None, None)}


def _trigram(kb, number: int) -> tuple:
    """The trigram of a number by the 先天 numbers (its remainder of eight; none is eight) and its
    three lines bottom first."""
    count = len(kb.match("trigram_number", None, None))
    (name, _), = kb.match("trigram_number", None, (number - 1) % count + 1)
    (_, *lines), = kb.match("trigram", name, None, None, None)
    return name, tuple(lines)


def _from_trigrams(kb, upper: int, lower: int, moving: int) -> dict:
    """The line values of the hexagram of two trigram numbers with one moving line (a total,
    its remainder of six; none is six)."""
    (up, up_lines), (low, low_lines) = _trigram(kb, upper), _trigram(kb, lower)
    line = (moving - 1) % 6 + 1
    value = {kind: v for v, kind in _values(kb).items()}
    lines = tuple(value[(polarity, p == line)] for p, polarity in enumerate(low_lines + up_lines, 1))
    return {"lines": lines, "upper": up, "lower": low, "moving": line}


def branch_number(branch: str) -> int:
    """A branch counted as 梅花易數 counts it: 子 1 … 亥 12."""
    from .calendar import BRANCHES
    return BRANCHES.index(branch) + 1


def time_lines(kb, moment: datetime, wall: datetime, zi_hour: str, months: str) -> dict:
    """Six lines from the moment (梅花易數 年月日時起卦), on the clock ``wall`` the cast is read on.

    Under ``time_months=lunar`` the year's branch and the month are the lunar date's (a leap
    month counts as the month it repeats); under ``solar-terms`` the year and month pillars' (the
    year from 立春, the month from its 節, 寅 the first); the day is the lunar date's day in both.
    From 23:00 the date is the next day's when ``zi_hour`` is next-day, as the day pillar is.

    >>> from queries import KnowledgeBase
    >>> from queries.calendar import parse_moment
    >>> at = parse_moment("2025-01-16T16:00", "Asia/Shanghai")     # 甲辰年 十二月 十七日 申時 (觀梅占)
    >>> cast = time_lines(KnowledgeBase(), at, at.replace(tzinfo=None), "same-day", "lunar")
    >>> cast["numbers"], cast["upper"], cast["lower"], cast["moving"], cast["lines"]
    ([5, 12, 17, 9], '兌', '離', 1, (9, 8, 7, 7, 7, 8))
    """
    from lunar_python import Solar

    from .calendar import BRANCHES, pillars
    on = wall.date() + timedelta(days=1 if wall.hour == 23 and zi_hour == "next-day" else 0)
    lunar = Solar.fromYmd(on.year, on.month, on.day).getLunar()
    if months == "lunar":
        year, month = branch_number(lunar.getYearZhi()), abs(lunar.getMonth())
    else:
        found = pillars(moment, zi_hour, wall)
        year, month = branch_number(found.year[1]), (BRANCHES.index(found.month[1]) - 2) % 12 + 1
    hour = (wall.hour + 1) // 2 % 12 + 1
    numbers = [year, month, lunar.getDay(), hour]
    total = sum(numbers)
    return {"numbers": numbers, **_from_trigrams(kb, total - hour, total, total)}


def parse_numbers(value) -> tuple:
    """Two whole numbers from '3,8', '3 8' or a list.

    >>> parse_numbers("3, 8"), parse_numbers([12, 7])
    ((3, 8), (12, 7))
    """
    try:
        items = str(value).replace(",", " ").split() if isinstance(value, (str, int)) else list(value)
        numbers = tuple(int(str(v).strip()) for v in items if not isinstance(v, bool))
    except (TypeError, ValueError):
        numbers = ()
    if len(numbers) != 2 or not all(0 < n <= _MOST for n in numbers):
        raise error("casting.numbers", value=str(value)[:60], most=f"{_MOST:,}")
    return numbers


def numbers_lines(kb, numbers: tuple, hour_branch: str | None, moving: str) -> dict:
    """Six lines from two numbers (報數起卦): the first the upper trigram, the second the lower;
    the moving line from their sum, with the hour's number under ``numbers_moving=with-hour``."""
    first, second = numbers
    total = first + second
    if moving == "with-hour":
        if hour_branch is None:
            raise error("casting.numbers_need_hour")
        total += branch_number(hour_branch)
    return {"numbers": list(numbers), **({"hour": branch_number(hour_branch)} if moving == "with-hour" else {}),
            **_from_trigrams(kb, first, second, total)}
