"""A question put to a chart as data: the use-god 用神 and its grade, read from the judgment view
of views/chart.dl; the readings of the books that apply and the verdict they weigh to
(``queries.readings``); and when it happens (``queries.timing``).

>>> from queries.chart import cast
>>> j = judge(cast("787889", month="戌", day="乙巳"), "wealth")
>>> j.use_god["relative"], j.use_god["position"], j.verdict, j.weighing["direction"], j.weighing["degree"]
('妻財', 5, {'strong': False, 'grade': '受克無救'}, 'unfavourable', '小凶')
>>> [line for line in j.text("ko").splitlines() if line.startswith("답")]
['답: 흉하다 · 小凶']
>>> judge(j.chart, "wealth", horizon="week")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.errors.UserError: --horizon 'week': use one of hour, day, month, year
"""
from __future__ import annotations

import json

from . import readings as reading_layer, timing as timing_layer, views
from .engine import LANGS, Memo, Var, goal, render
from .messages import error
from .labels import check_lang, convention_phrases, table_said, vocabulary
from .rule_checks import READING

QUESTION = ("cast_topic", "cast_about", "cast_asker", "cast_horizon")
FACTS = ("since", "in_office", "side")     # facts of the question the chart cannot know (facts/question_option.tsv)


def topics(kb) -> dict:
    """topic id -> (use, Chinese, Korean, English, aliases)."""
    aliases = {}
    for alias, topic in kb.match("topic_alias", None, None):
        aliases.setdefault(topic, []).append(alias)
    return {t: (use, zh, ko, en, sorted(aliases.get(t, [])))
            for t, use, zh, ko, en, _ in kb.match("topic", None, None, None, None, None, None)}


def _topic(kb, name):
    known = topics(kb)
    if name in known:
        return name
    for topic, (_, zh, ko, en, aliases) in known.items():
        if name in (zh, ko) or name in aliases or name.casefold() == en.casefold():
            return topic
    listing = "; ".join(f"{t} ({', '.join(dict.fromkeys([known[t][1], known[t][2], *known[t][4]]))})"
                        for t in sorted(known))
    raise error("question.unknown_topic", name=name, listing=listing)


def _person(kb, name):
    people = {p: (zh, ko) for p, _, zh, ko, _ in kb.match("person", None, None, None, None, None)}
    for person, (zh, ko) in people.items():
        if name in (person, zh, ko):
            return person
    raise error("question.unknown_person", name=name,
                choices=", ".join(f"{p} ({ko}, {zh})" for p, (zh, ko) in sorted(people.items())))


def about_readings(kb) -> dict:
    """topic -> how it reads the person it is about: 'person' (the person is the use-god) or
    'matter' (the topic's use-god stays: 代占); a topic missing takes no --about."""
    return {topic: reads for topic, reads, _ in kb.match("topic_about", None, None, None)}


def _about(kb, topic, about):
    person = _person(kb, about)
    reads = about_readings(kb)
    if topic not in reads:
        takes = ", ".join(sorted(reads))
        raise error("question.no_about", about=about, topic=topic, takes=takes)
    return person


def horizons(kb) -> list:
    """The units an asker may set the timing in, nearest first (facts/timing_unit_name.tsv)."""
    return [u for u, _ in sorted(((u, order) for u, order, *_ in
                                  kb.match("timing_unit_name", None, None, None, None, None)), key=lambda r: r[1])]


def connectives(kb) -> dict:
    """word -> {lang: template}: the words that join an account's sentences and the phrases of
    the chart's facts (facts/connective.tsv), and ``label.<value>`` -> {lang: name} for the
    topics and persons a phrase names (``queries.labels.vocabulary``) and the conventions a proof
    names (``queries.labels.convention_phrases``), ``note.<note>`` -> {lang: note} for the
    notes that end the rules' source lines (facts/source_note.tsv), ``table.<pred>`` ->
    {lang: what the table holds} for a why-not's condition of a table (facts/word_label.tsv), and
    ``place.<file>:<line>`` -> {lang: book·chapter} for the chapters of the books
    (``queries.books.places``)."""
    from . import books
    names = vocabulary(kb)
    labels = {f"label.{value}": name for kind in ("topics", "persons") for value, name in names[kind].items()}
    notes = {f"note.{note}": {"ko": ko, "zh": zh, "en": en}
             for note, ko, zh, en in kb.match("source_note", None, None, None, None)}
    labels.update({f"label.{d}": {"ko": ko, "zh": zh, "en": en} for d, ko, zh, en in kb.match("direction", *[None] * 4)})
    labels.update({f"label.{g}": {"ko": ko, "zh": zh, "en": en} for g, _, _, ko, zh, en, _ in kb.match("degree", *[None] * 7)})
    labels.update({f"table.{pred}": said for pred, path in kb.program.table_paths.items()
                   if (said := table_said(path))})
    return {**labels, **convention_phrases(kb), **notes, **books.places(), **{word: {"ko": ko, "zh": zh, "en": en}
                         for word, ko, zh, en in kb.match("connective", None, None, None, None)}}


def account(kb, proof, lang="en") -> list:
    """The account of a proof in a language (``render.account`` with the knowledge's connectives).

    >>> from queries.chart import cast
    >>> j = judge(cast("787889", month="戌", day="乙巳"), "illness", about="father")
    >>> print(account(j.chart.kb, j.proof(), "en")[1])
    That is because what decides is “the use-god lies in its tomb” (卜筮正宗·The order of reading a chart 55 始須論用神，次必看原神).
    """
    return render.account(proof, check_lang(lang), connectives(kb))


def in_language(value, lang):
    """``value`` with each text written in three languages (a {ko, zh, en} dict) its ``lang`` one.

    >>> in_language({"rank": 1, "reason": {"ko": "정", "zh": "靜", "en": "still"}}, "en")
    {'rank': 1, 'reason': 'still'}
    """
    if isinstance(value, dict):
        return value[lang] if value.keys() == set(LANGS) else {k: in_language(v, lang) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [in_language(v, lang) for v in value]
    return value


def question_options(kb) -> dict:
    """option -> {"facts": the fact it is asserted as, "topics": the topics it belongs to,
    "values": value -> {lang: name}}, from facts/question_option.tsv."""
    out = {}
    for option, value, topic, fact, ko, zh, en in kb.match("question_option", *[None] * 7):
        entry = out.setdefault(option, {"fact": fact, "topics": set(), "values": {}})
        entry["topics"].add(topic)
        entry["values"][value] = {"ko": ko, "zh": zh, "en": en}
    return out


def _facts(kb, topic, given) -> dict:
    """The question's facts (since, in_office, side) checked against the topics and values of
    facts/question_option.tsv: fact predicate -> value."""
    known, out = question_options(kb), {}
    for option, value in given.items():
        if value is None:
            continue
        entry = known[option]
        if value not in entry["values"]:
            raise error("question.option_value", option=option.replace("_", "-"), value=value,
                        choices=", ".join(sorted(entry["values"])))
        if topic not in entry["topics"]:
            raise error("question.option_topic", option=option.replace("_", "-"), topic=topic,
                        topics=", ".join(sorted(entry["topics"])))
        out[entry["fact"]] = value
    return out


def _needs(rule, fact, value) -> bool:
    """Whether a clause's body asks the question's fact ``fact`` to be ``value``."""
    return any(getattr(lit, "pred", None) == fact and not getattr(lit, "negated", False) and len(lit.args) == 2 and getattr(lit.args[1], "value", None) == value
               for lit in rule.body)


def judge(chart, topic, about=None, asker=None, horizon=None, since=None, in_office=None, side=None) -> "Judgment":
    """Ask a chart a question: the topic (wealth, office, …), whom it is about, the asker's side
    in a marriage (or wherever a verse needs the asker's sex), the unit the asker wants the timing
    in (``horizon``: hour, day, month, year), and the facts of the question a verse may need and
    the chart cannot know: a recent or a long illness (``since``), whether the asker already holds
    office (``in_office``: yes or no), the asker's side in a lawsuit (``side``: plaintiff or
    defendant)."""
    kb = chart.kb
    topic = _topic(kb, topic)
    use = topics(kb)[topic][0]
    about = _about(kb, topic, about) if about is not None else None
    sides = [side for side, _ in kb.match("marriage_use", None, None)]
    if asker is not None and asker not in sides:
        raise error("question.asker", asker=asker, choices=" or ".join(sides))
    if horizon is not None and horizon not in horizons(kb):
        raise error("question.horizon", horizon=horizon, choices=", ".join(horizons(kb)))
    if use == "asker" and about is None and asker is None:
        raise error("question.needs_asker")
    if use == "about" and about is None:
        raise error("question.needs_about", topic=topic)
    given = dict(zip(FACTS, (since, in_office, side)))
    facts = _facts(kb, topic, given)
    for pred in QUESTION + tuple(entry["fact"] for entry in question_options(kb).values()):
        for row in kb.match(pred, chart.id, None):
            kb.retract_fact(pred, *row)
    kb.assert_fact("cast_topic", chart.id, topic)
    for pred, value in (("cast_about", about), ("cast_asker", asker), ("cast_horizon", horizon), *facts.items()):
        if value is not None:
            kb.assert_fact(pred, chart.id, value)
    return Judgment(chart, topic, about, asker, horizon, given)


class Judgment:
    """The use-god of a question, its states and helpers, the readings that apply, the verdict
    they weigh to, the timing, and their proofs."""

    def __init__(self, chart, topic, about, asker, horizon=None, facts=None):
        self.chart, self.topic, self.about, self.asker, self.horizon = chart, topic, about, asker, horizon
        self.facts = {k: v for k, v in (facts or {}).items() if v is not None}
        self.memo = Memo()          # the rule instances its proofs share (queries.engine.explain)
        kb, c = chart.kb, chart.id
        cells = {}
        for _, field, position, a, b in kb.match("judgment_cell", c, None, None, None, None):
            cells.setdefault(field, []).append((position, a, b))
        get = lambda field: cells.get(field, [])
        gods, relatives = get("use_god"), [a for _, a, _ in get("use_relative")]
        self.use_god = None
        if gods:
            position, kind, _ = gods[0]
            line = chart.lines[position - 1]
            node = line if kind == "line" else line[kind]          # the hidden god, or the changed line
            self.use_god = {"relative": relatives[0] if relatives else line["relative"],
                            "position": position, "hidden": kind == "hidden", "kind": kind,
                            "stem": node["stem"], "branch": node["branch"], "element": node["element"],
                            "world": line["world"] and kind == "line"}
        elif relatives:
            self.use_god = {"relative": relatives[0], "position": None, "hidden": None, "kind": None}
        self.candidates = [p for p, _, _ in get("candidate")]
        self.source_god = [p for p, _, _ in get("source")]
        self.taboo_god = [p for p, _, _ in get("taboo")]
        self.enemy_god = [p for p, _, _ in get("enemy")]
        grades = [a for _, a, _ in get("grade")]
        self.verdict = {"strong": bool(get("strong")), "grade": grades[0] if grades else None}
        self.weighing = reading_layer.verdict(self)
        self.reasons = [{"label": a, "rule": kb.behind("use_reason", (c, a))[0].info.id} for _, a, _ in get("reason")]
        self.hidden = None
        if gods and gods[0][1] == "hidden":
            self.hidden = {"flying": [a for _, a, _ in get("flying")],
                           "comes_out": [a for _, a, _ in get("emerges")],
                           "verse": [b for _, _, b in get("verse")],
                           "judgment": [a for _, a, _ in get("hidden_judgment")]}
        self.context = {
            "body": {"branch": [a for _, a, _ in get("body_branch")], "lines": [p for p, _, _ in get("body_line")],
                     "states": [a for _, a, _ in get("body_state")]},
            "middle": {"lines": [p for p, _, _ in get("middle")],
                       "roles": [{"position": p, "role": a} for p, a, _ in get("middle_role")]},
            "world_response": [a for _, a, _ in get("world_response")],
            "quiet": bool(get("quiet")), "restless": bool(get("restless")),
            "strikes": [{"position": p, "target": a} for p, a, _ in get("strikes")],
            "hook": [{"element": a, "relative": b} for _, a, b in get("hook")],
            "hook_unfit": [a for _, a, _ in get("hook_unfit")],
        }
        self._proof = None
        self._readings = self._timing = self._phrases = None

    @property
    def goal(self):
        return f"use_god_strong('{self.chart.id}')"

    def proof(self):
        """The proof of the verdict: the weighing that reaches its direction and degree."""
        if self._proof is None:
            self._proof = self.chart.kb.explain(goal("verdict", self.chart.id, Var("D"), Var("G")), expand_negations=True,
                                                memo=self.memo)
        return self._proof

    def grade_proof(self):
        """The proof of the use-god's grade (``verdict.grade``): why it is strong, or its weightiest reason."""
        goal = self.goal if self.verdict["strong"] else f"use_grade('{self.chart.id}', G)"
        return self.chart.kb.explain(goal, expand_negations=True, memo=self.memo)

    def unread(self) -> list:
        """The verses this question did not read for want of a fact only the asker knows: for each
        option of the question's topic not given (facts/question_option.tsv), each of its values
        and the rules of the readings that need it ({option, value, name, rules}), sorted."""
        kb, out = self.chart.kb, []
        for option, entry in sorted(question_options(kb).items()):
            if self.topic not in entry["topics"] or option in self.facts:
                continue
            for value, name in sorted(entry["values"].items()):
                rules = sorted({rule.info.id for topic in (self.topic, "any")
                                for rule in kb.program.rules_naming(READING, 1, topic) if _needs(rule, entry["fact"], value)})
                if rules:
                    out.append({"option": option.replace("_", "-"), "value": value, "name": name, "rules": rules})
        return out

    def why_not_strong(self):
        return None if self.verdict["strong"] else self.chart.kb.why_not(self.goal)

    def readings(self, proofs=False) -> list:
        """The readings that apply (``queries.readings.readings``); with ``proofs``, each with its
        proof (a ``Proof``) under ``proof``."""
        if proofs:
            return reading_layer.readings(self, proofs=True)
        if self._readings is None:
            self._readings = reading_layer.readings(self)
        return self._readings

    def stars(self) -> dict:
        """The stars that speak to the question and those left out (``queries.star_readings``)."""
        from .star_readings import stars
        return stars(self)

    def timing(self) -> dict:
        """When it happens: the ranked candidates with their dates, the pace (unit and speed) and
        why the matter has no day, if it has none (``queries.timing``)."""
        if self._timing is None:
            self._timing = {"timing": timing_layer.candidates(self), "timing_pace": timing_layer.pace(self),
                            "timing_none": timing_layer.blocked(self)}
        return self._timing

    def first_timing(self) -> dict:
        """``timing()`` with the candidates a judgment lists first (``queries.timing.listed``)."""
        timing = self.timing()
        return {**timing, "timing": timing_layer.listed(timing["timing"])}

    def connectives(self) -> dict:
        """The knowledge's ``connectives``, read once for this judgment."""
        if self._phrases is None:
            self._phrases = connectives(self.chart.kb)
        return self._phrases

    def account(self, lang="en") -> list:
        """At most eight sentences: what the verdict's proof decided and why (``account``), then
        the first factor the deciding one outweighed, as its own proof says it."""
        lang = check_lang(lang)
        said = render.account(self.proof(), lang, self.connectives())
        outweighed = self.weighing["outweighs"]
        if outweighed:
            proof = self.chart.kb.explain(goal("factor_outweighed", self.chart.id, outweighed[0]), memo=self.memo)
            said = said[:render.ACCOUNT_MAX - 1] + [render.account(proof, lang, self.connectives())[0]]
        return said

    def to_data(self, proof=True, lang="en") -> dict:
        """Every field as plain data in one language: the account, each reading's conclusion and
        what it says, the classes' labels and the timing's texts in ``lang``. Each reading names
        its rule in the table of rules (``rules``: title, where, sources); with ``proof`` the
        proof of each reading (``readings[i].proof``) and of the grade (``proof``), written in
        that order and sharing their sub-proofs by reference, their rules in the same table; the
        book lines the readings cite (``book_lines``: their Korean, in a Korean document) and the
        readings' classes (``classes``), each once (docs/proof-json.md)."""
        lang = check_lang(lang)
        shared = render.Shared()
        found, lines, classes = reading_layer.tables(self.readings(proofs=True) if proof else self.readings(), lang,
                                                     shared, self.chart.kb)
        for r in found:
            if "outweighed_by" in r:
                r["outweighed_by"] = in_language(r["outweighed_by"], lang)
            if proof:
                r["proof"] = render.to_data(r["proof"], lang, shared)
        data = {"topic": self.topic, "about": self.about, "asker": self.asker, "horizon": self.horizon,
                "facts": dict(sorted(self.facts.items())), "unread": in_language(self.unread(), lang),
                "cast": self.chart.id, "account": self.account(lang),
                "use_god": self.use_god,
                "candidates": self.candidates,
                "source_god": self.source_god, "taboo_god": self.taboo_god, "enemy_god": self.enemy_god,
                "verdict": in_language({**self.verdict, **self.weighing}, lang), "reasons": self.reasons, "hidden": self.hidden,
                "context": self.context,
                "conventions": self.chart.conventions, "casting": self.chart.cast.casting,
                "readings": found, **in_language(self.first_timing(), lang), "book_lines": lines, "classes": classes}
        if proof:
            data["proof"] = render.to_data(self.proof(), lang, shared)
        data["rules"] = shared.rule_table(render.Words((), lang, self.connectives()))
        return data

    def to_json(self, proof=True, lang="en") -> str:
        return json.dumps(self.to_data(proof, lang), ensure_ascii=False, separators=(",", ":"))

    def text(self, lang="en", proof=False, level="full", depth=None, every=False) -> str:
        """The chart, then the judgment: the answer and its degree, the account, the verdict, the
        deciding readings (``every``: all the readings that apply, by weight), the timing and, with
        ``proof``, the proof of the verdict at a level (student or full)."""
        chart = self.chart
        out = views.judgment_text(self.to_data(proof=False, lang=lang), chart.to_data(stars=False), check_lang(lang),
                                  chart.vocabulary(), every)
        if not proof:
            return out
        return out + "\n\n" + render.text(self.proof(), lang, depth=depth, level=level,
                                           phrases=self.connectives())

    def html(self, lang="en") -> str:
        """The chart and the judgment as HTML (one self-contained div); the proof on demand is
        ``proof()``, which a notebook shows as a folded tree."""
        chart = self.chart
        return views.judgment_html(self.to_data(proof=False, lang=lang), chart.to_data(stars=False), check_lang(lang),
                                   chart.vocabulary())

    def __str__(self):
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()
