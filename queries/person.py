"""The question "describe the person asked about" 形性 (seed 001:3–27): the chart is judged for
the topic ``appearance`` about that person, and the description is the descriptive readings that
apply (kb/judgments/001/person.dl, household.dl), each with the verse it comes from. Python
chooses nothing: which trigram, element or line says what is in the clauses.

>>> from queries.chart import cast
>>> d = describe(cast("787889", month="戌", day="乙巳"), about="wife")
>>> [r["id"] for r in d.traits][:3]
['big_feet', 'form_gen', 'great_capacity']
>>> print(d.text("en").splitlines()[0])
形性 — the person asked about: wife (妻財, line 5)
>>> describe(d.chart, about="nobody")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.errors.UserError: unknown person 'nobody': use one of …
"""
from __future__ import annotations

import json

from .judgment import judge
from .readings import cited_lines
from .labels import WORDS, check_lang

TOPIC = "appearance"


def describe(chart, about="self") -> "Description":
    """Describe the person ``about`` (a person of facts/person.tsv: self, wife, son, maid …) from
    the chart: their looks and temperament, as the readings of the topic appearance give them."""
    return Description(judge(chart, TOPIC, about=about))


class Description:
    """The descriptive readings of an appearance question, in the order of the books."""

    def __init__(self, judgment):
        self.judgment, self.chart = judgment, judgment.chart
        self.traits = [r for r in judgment.readings() if r["topic"] == TOPIC and r["polarity"] == "descriptive"]

    def to_data(self) -> dict:
        return {"about": self.judgment.about, "cast": self.chart.id, "use_god": self.judgment.use_god,
                "conventions": self.chart.conventions,
                "traits": [{k: r[k] for k in ("id", "rule", "conclusion", "says", "sources", "where")}
                           for r in self.traits]}

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False, indent=2)

    def text(self, lang="en") -> str:
        words, god = WORDS[check_lang(lang)], self.judgment.use_god
        who = self.chart.vocabulary()["persons"].get(self.judgment.about, {}).get(lang, self.judgment.about)
        where = ""
        if god and god.get("position"):
            place = words["person.hidden"] if god["hidden"] else words["person.line"]
            where = f", {place} {god['position']}" if lang == "en" else f", {god['position']}{place}"
        lines = [f"{words['person.title']}: {who} ({god['relative'] if god else '—'}{where})"]
        if not self.traits:
            return lines[0] + "\n  " + words["person.none"]
        lines += cited_lines(self.traits, lang, words["person.because"])
        return "\n".join(lines)

    def __str__(self):
        return self.text()
