"""The question "the life periods 大限/小限 of the person" (seed 001:31–51): the age (or the year
of birth) is asserted as a question fact (``cast_age``, ``cast_birth_year``), the topic ``life``
is put, and the answer is what kb/judgments/001/periods.dl derives: which line of which hexagram
governs which span of years, where the major and the minor period stand at that age, the phases
of life under the scheme 本體/互體/化體, and the readings of the topic life. The count of the age
(convention age_count) and the scheme (convention life_periods) are conventions of the cast.

>>> from queries.chart import cast
>>> p = periods(cast("777788", month="申", day="甲午", year="丁酉"), age=27)    # 大壯, 001:43
>>> [(s["position"], s["from"], s["to"]) for s in p.spans]
[(4, 1, 5), (5, 6, 10), (6, 11, 15), (1, 16, 20), (2, 21, 25), (3, 26, 30)]
>>> p.major["position"], p.minor, [r["id"] for r in p.readings]
(3, 6, ['wife_then_wealth_lost'])
>>> periods(p.chart)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.errors.UserError: give the age (--age 27) or the year of birth (--born 1990), one of them
"""
from __future__ import annotations

import json

from .messages import error
from .judgment import judge
from .readings import cited_lines
from .labels import WORDS, check_lang

TOPIC = "life"
INPUTS = ("cast_age", "cast_birth_year")
STEMS, BRANCHES = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"
OLDEST = 150


def question_year(chart) -> int:
    """The year number of the cast's year pillar: the year of its moment, or the one before when
    the moment falls before 立春 (the pillar says which)."""
    made = chart.cast
    if made.moment is None or not made.year:
        raise error("periods.born_needs_moment")
    for year in (made.moment.year, made.moment.year - 1):
        if STEMS[(year - 4) % 10] + BRANCHES[(year - 4) % 12] == made.year:
            return year
    raise error("periods.year_pillar", year=made.year, date=str(made.moment.date()))


def periods(chart, age=None, born=None) -> "LifePeriods":
    """The life periods of the person at ``age`` (whole years, counted as convention age_count says),
    or born in the year ``born`` (the age then follows from the year of the cast)."""
    if (age is None) == (born is None):
        raise error("periods.age_or_born")
    kb = chart.kb
    for pred in INPUTS:
        for row in kb.match(pred, chart.id, *([None] * (2 if pred == "cast_birth_year" else 1))):
            kb.retract_fact(pred, *row)
    if age is not None:
        if not isinstance(age, int) or not 0 <= age <= OLDEST:
            raise error("periods.age", age=age, oldest=OLDEST)
        kb.assert_fact("cast_age", chart.id, age)
    else:
        asked = question_year(chart)
        if not isinstance(born, int) or not asked - OLDEST < born <= asked:
            raise error("periods.born", born=born, first=asked - OLDEST + 1, last=asked)
        kb.assert_fact("cast_birth_year", chart.id, born, asked)
    return LifePeriods(judge(chart, TOPIC))


class LifePeriods:
    """The spans, the periods at the age, the phases and the readings, as the clauses derive them."""

    def __init__(self, judgment):
        self.judgment, self.chart = judgment, judgment.chart
        kb, c = self.chart.kb, self.chart.id
        ages = [a for _, a in kb.match("reckoned_age", c, None)]
        if not ages:
            raise error("periods.under_one")
        self.age = ages[0]
        self.spans = sorted(({"hexagram": h, "position": p, "from": f, "to": t}
                             for _, h, p, f, t in kb.match("major_period_span", c, None, None, None, None)),
                            key=lambda s: s["from"])
        major = sorted(kb.match("major_period", c, None, None))
        self.major = {"hexagram": major[0][1], "position": major[0][2]} if major else None
        self.minor = next((p for _, p in kb.match("minor_period", c, None)), None)
        order = {"early": 0, "middle": 1, "late": 2}
        self.phases = sorted(({"phase": ph, "hexagram": h} for _, ph, h in kb.match("life_phase", c, None, None)),
                             key=lambda x: order[x["phase"]])
        self.readings = [r for r in judgment.readings() if r["topic"] == TOPIC]

    def to_data(self) -> dict:
        return {"cast": self.chart.id, "age": self.age, "conventions": self.chart.conventions,
                "spans": self.spans, "major": self.major, "minor": self.minor, "phases": self.phases,
                "readings": [{k: r[k] for k in ("id", "rule", "conclusion", "polarity", "says", "sources", "where")}
                             for r in self.readings]}

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False, indent=2)

    def text(self, lang="en") -> str:
        words = WORDS[check_lang(lang)]
        lines = [words["periods.title"].format(age=self.age)]
        lines += ["  " + words["periods.span"].format(f=s["from"], t=s["to"], p=s["position"], h=s["hexagram"])
                  for s in self.spans]
        lines += ["  " + words["periods.phase." + x["phase"]] + ": " + x["hexagram"] for x in self.phases]
        if self.major:
            lines.append(words["periods.major"].format(p=self.major["position"], h=self.major["hexagram"]))
        if self.minor is not None:
            lines.append(words["periods.minor"].format(p=self.minor))
        if not self.readings:
            lines.append(words["periods.none"])
        lines += cited_lines(self.readings, lang, words["periods.because"])
        return "\n".join(lines)

    def __str__(self):
        return self.text()
