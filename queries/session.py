"""The one service behind ``liuyao``, the REPL, a notebook and the web page.

A session holds the knowledge (shipped plus user folders), the current cast bound to ``C`` and
the question put to it, and the conventions chosen for the next cast. Every result is plain
data that the sandbox's JSON wire carries (``queries.engine.wire``: ``Proof``, ``WhyNot``,
``queries.results`` values and the other records the sandbox lists, tuples, lists, dicts,
strings, numbers), so ``queries.sandbox.Sandbox`` offers the same calls from a worker process
with a time and memory limit each: the calls marked ``@served`` (the table ``SERVED``).

>>> s = Session()
>>> s.cast("787889", month="戌", day="乙巳")
'c1'
>>> s.ask("line_relative(C, 3, R)")
[('妻財',)]
>>> print(s.ask_table("clash('子', X)").text())
X
──
午
(1 answer)
>>> s.explain("line_relative(C, 3, R)").rule.id
'line_relative.1'
>>> s.why_not("hidden_motion(C, 3)").failures[0].rule.id
'hidden_motion.1'
>>> verdict = s.judge("wealth")["verdict"]
>>> verdict["grade"], verdict["direction"], verdict["because"]
('受克無救', 'unfavourable', ['hard_to_achieve', 'keep_to_your_lot'])
>>> s.ask("use_grade(C, G)")                     # the question stays on the cast
[('受克無救',)]
>>> "day_break.1" in [r.info.id for r in s.rules(grep="日破")]
True
>>> s.set_convention("day_clash_static", "always-hidden-motion")
>>> s.cast("787889", month="戌", day="乙巳")
'c2'
>>> s.ask("hidden_motion(C, 3)")
[()]
"""
from __future__ import annotations

import os
from pathlib import Path

from .engine.record import record
from .errors import UserError
from .messages import error, text


@record(frozen=True)
class Served:
    """A call a sandbox worker offers: how a time-out message names it ({0}: its first argument),
    and whether it loads knowledge (the limit then applies to each predicate computed)."""
    what: str
    loading: bool = False


SERVED = {}


def served(what="{0}", loading=False):
    """Mark a method of Session as a call of the service (a Sandbox offers it by this name)."""
    def mark(method):
        SERVED[method.__name__] = Served(what, loading)
        return method
    return mark


def _around(value) -> int:
    """How many paragraphs to show on each side of a book line: a whole number from 0 to 20."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = -1
    if not 0 <= n <= 20:
        raise error("books.around", value=value)
    return n


def check_lang(lang) -> str:
    """The one check of a language: one of ``queries.engine.LANGS``."""
    from .engine import LANGS
    if lang not in LANGS:
        raise error("unknown_language", lang=lang, choices=", ".join(LANGS))
    return lang


@record(frozen=True)
class SessionState:
    """What a session needs to be rebuilt elsewhere (a fresh sandbox worker)."""
    extra: tuple = ()
    lang: str = "en"
    conventions: tuple = ()       # ((name, value), ...) chosen for the next cast
    cast: object = None           # the Cast value of the current cast
    cast_id: str | None = None
    casts: int = 0                # casts made so far (the next id is c{casts + 1})
    question: tuple | None = None  # (topic, about, asker, horizon) put to the current cast


class Session:
    """The knowledge base of a session, its current cast (bound to ``C``) and its question, and
    the conventions for the next cast.

    ``progress``, when given, is called with the name of each predicate computed while
    knowledge loads (the sandbox uses it to tell slow loading from a rule that never ends).
    """

    def __init__(self, extra=(), *, lang="en", conventions=None, progress=None, limits=None):
        self._progress = progress
        self.limits = limits
        self.lang = check_lang(lang)
        self.extra = [_folder(d) for d in extra]
        self.kb = self._make_kb(self.extra)
        self._conventions = {}
        for name, value in dict(conventions or {}).items():
            self.set_convention(name, value)
        self.chart = None
        self.judgment = None
        self._casts = 0
        self._notices = []
        self._read = []               # (key, values): how the last cast's input was read, said when asked

    @classmethod
    def restore(cls, state: SessionState, progress=None, before_cast=None, limits=None):
        """A session rebuilt from a state, and the notices of what could not be restored.

        A folder that no longer loads is left out (its problems are the notices), and so is a
        cast that no longer casts.
        """
        from .messages import line, problem
        notices, lang = [], state.lang
        try:
            session = cls(state.extra, lang=state.lang, progress=progress, limits=limits)
        except UserError as e:
            notices += [problem(p, lang) for p in getattr(e, "problems", None) or ()] or [line(e, lang)]
            notices.append(text("session.continuing_without", lang, folders=", ".join(state.extra)))
            session = cls(lang=state.lang, progress=progress, limits=limits)
        for name, value in state.conventions:
            try:
                session.set_convention(name, value)
            except UserError as e:
                notices.append(line(e, lang))
        session._casts = state.casts
        session._notices = notices
        if state.cast is not None:
            if before_cast is not None:
                before_cast()
            try:
                session._set_chart(state.cast, state.cast_id)
            except Exception as e:  # a user rule may break the chart: report it, keep the session
                notices.append(text("session.cast_not_restored", lang, cast=state.cast_id, reason=line(e, lang)))
            else:
                try:
                    if state.question is not None:
                        session.judge(*state.question)
                except Exception as e:
                    notices.append(text("session.question_not_restored", lang, topic=state.question[0],
                                        reason=line(e, lang)))
        return session, notices

    def notices(self) -> list:
        """Lines about what ``restore`` could not restore, and about how a cast's input was read
        (a moment read on another zone's clock); each is returned once."""
        notices, self._notices = self._notices, []
        return notices + self.cast_notes()

    @served("the notes of the cast")
    def cast_notes(self, lang=None) -> list:
        """How the last cast's input was read (a moment on another zone's clock, a boundary near),
        in ``lang`` (default the session's); each is returned once."""
        said, self._read = self._read, []
        return [text(key, check_lang(lang or self.lang), **values) for key, values in said]

    def close(self) -> None:
        """Nothing to stop in this process (a Sandbox stops its worker)."""

    def snapshot(self) -> SessionState:
        return SessionState(tuple(self.extra), self.lang, tuple(sorted(self._conventions.items())),
                            self.chart.cast if self.chart else None, self.cast_id, self._casts,
                            self._question())

    def _make_kb(self, extra):
        from .knowledge import KnowledgeBase
        return KnowledgeBase(extra=extra, progress=self._progress, limits=self.limits)

    # ---- knowledge -------------------------------------------------------------------------

    @served("loading {0}", loading=True)
    def load(self, folder) -> dict:
        """Add a user knowledge folder (or re-read it if loaded); the cast and question carry over.

        Raises KnowledgeError listing every problem; the session is then unchanged.
        Returns counts of what the folder adds and its lint warnings.
        """
        folder = _folder(folder)
        self._rebuild(self.extra + ([folder] if folder not in self.extra else []))
        from .catalog import folder_summary
        return folder_summary(self.kb, folder)

    @served("reloading the folders", loading=True)
    def reload(self) -> list:
        """Read every folder again (after editing a file); the cast and question carry over."""
        self._rebuild(self.extra)
        from .catalog import folder_summary
        return [folder_summary(self.kb, folder) for folder in self.extra]

    def _rebuild(self, extra):
        kb, question = self._make_kb(extra), self._question()
        if self.chart is not None:
            from .chart import Chart
            if self._progress is not None:
                self._progress("the cast")
            self.chart = Chart(kb, self.chart.cast, self.chart.id)
        self.kb, self.extra = kb, list(extra)
        if question is not None:
            self.judge(*question)

    @served("setting the language")
    def set_lang(self, lang) -> None:
        self.lang = check_lang(lang)

    # ---- casting ---------------------------------------------------------------------------

    @served("reading the conventions")
    def conventions(self) -> dict:
        """name -> {"default", "values", "next"}: "next" is the value :set chose, or None."""
        from .chart import conventions
        defaults, allowed = conventions(self.kb)
        return {name: {"default": defaults.get(name), "values": list(values),
                       "next": self._conventions.get(name)}
                for name, values in sorted(allowed.items())}

    @served("setting a convention")
    def set_convention(self, name, value) -> None:
        """Choose a convention value for the next cast (the current cast keeps its own)."""
        from .cast_input import check_convention
        from .chart import conventions
        check_convention(name, value, conventions(self.kb)[1])
        self._conventions[name] = value

    @served("casting")
    def cast(self, lines=None, *, coins=None, hexagram=None, to=None, seed=None, yarrow=False, by_time=False,
             numbers=None, at=None, tz=None, longitude=None, month=None, day=None, year=None, hour=None,
             conventions=None) -> str:
        """Cast a chart (the arguments of ``queries.chart.cast``); it becomes ``C``, with no
        question yet. Returns its id. The conventions chosen with ``set_convention`` apply, then
        those given here."""
        from .chart import prepare
        made = prepare(lines, coins=coins, hexagram=hexagram, to=to, seed=seed, yarrow=yarrow, by_time=by_time,
                       numbers=numbers, at=at, tz=tz, longitude=longitude, month=month, day=day, year=year,
                       hour=hour, kb=self.kb, conventions={**self._conventions, **dict(conventions or {})})
        self._set_chart(made, f"c{self._casts + 1}")
        self._casts += 1
        self._read = list(made.notes)
        return self.cast_id

    def _set_chart(self, made, cast_id):
        from .chart import Chart
        old, question = self.chart, self._question()
        if old is not None:
            old.forget()
        self.judgment = None
        try:
            self.chart = Chart(self.kb, made, cast_id)
        except BaseException:
            from .cast_input import retract_cast
            retract_cast(self.kb, made, cast_id)
            self.chart = None
            if old is not None:
                self.chart = Chart(self.kb, old.cast, old.id)
                if question is not None:
                    self.judge(*question)
            raise

    @served("forgetting the cast")
    def uncast(self) -> None:
        """Forget the current cast and its question (their facts retracted): C names no cast
        again. A worker shared by several users forgets each one's cast after the request."""
        if self.chart is not None:
            self.chart.forget()
        self.chart = self.judgment = self.description = self.life = None

    @property
    def cast_id(self):
        return self.chart.id if self.chart is not None else None

    def _chart(self):
        if self.chart is None:
            raise error("session.no_cast")
        return self.chart

    @served("the chart")
    def chart_text(self, lang=None, stars=False) -> str:
        return self._chart().text(check_lang(lang or self.lang), stars=stars)

    @served("the dates of the pillars")
    def dates(self, month, day, year=None, years=None, tz=None) -> dict:
        """The dates that have the pillars given, in a range of years (``queries.dates``)."""
        from .dates import YEARS, dates, parse_years
        first, last = parse_years(years) if years is not None else YEARS
        return {"month": month, "day": day, "year": year, "years": [first, last],
                "dates": dates(month, day, year, first, last, tz=tz)}

    @served("the dates of the pillars")
    def dates_text(self, month, day, year=None, years=None, tz=None, lang=None) -> str:
        from .dates import dates_text
        found = self.dates(month, day, year, years, tz)
        return dates_text(found["dates"], check_lang(lang or self.lang), *found["years"])

    @served("the chart")
    def casting(self) -> dict:
        """How the current cast's lines were cast: the method and its inputs (``Cast.casting``)."""
        return dict(self._chart().cast.casting)

    @served("the chart")
    def casting_text(self, lang=None) -> str:
        """How the current cast's lines were cast and, on a solar clock, the time its day and hour
        were read at: the chart's lines of it, for a proof printed without its chart."""
        return self._chart().casting_text(check_lang(lang or self.lang))

    @served("the chart")
    def chart_data(self, stars=True) -> dict:
        return self._chart().to_data(stars=stars)

    @served("the words of the Changes")
    def words(self) -> dict:
        """The words of the 周易 beside the current cast and those it reads, each with the rule that chose it (``Chart.words``)."""
        return self._chart().words()

    @served("the words of the Changes")
    def words_text(self, lang=None) -> str:
        return self._chart().words_text(check_lang(lang or self.lang))

    @served("the words of the Changes")
    def texts_of(self, name) -> dict:
        """All the words of a hexagram named by any of its names (``queries.texts.hexagram``)."""
        from . import texts
        return texts.hexagram(texts.number(name))

    @served("the words of the Changes")
    def texts_of_text(self, name, lang=None) -> str:
        from .views import hexagram_words_text
        return hexagram_words_text(self.texts_of(name), check_lang(lang or self.lang))

    @served("the chart")
    def chart_json(self) -> str:
        return self._chart().to_json()

    @served("the chart")
    def chart_svg(self, lang=None) -> str:
        """The chart drawn, a file of its own (``views.svg.chart_svg``): its yin and yang lines, the
        moving marks, 世 and 應, the changed hexagram beside."""
        from .views.svg import chart_svg
        chart = self._chart()
        return chart_svg(chart.to_data(stars=False), check_lang(lang or self.lang), chart.vocabulary(), standalone=True)

    @served("the chart")
    def chart_html(self, lang=None) -> str:
        return self._chart().html(check_lang(lang or self.lang))

    @served("the stars")
    def stars(self) -> list:
        """Where each star falls for the current cast and which lines carry it."""
        fields = {"key": None, "branch": [], "stem": [], "lines": [], "changed": [], "hidden": [],
                  "active": [], "rule": None}
        return [{"name": star["name"], **{k: star.get(k, empty) for k, empty in fields.items()}}
                for star in self._chart().to_data(stars=True)["stars"]]

    # ---- the question ----------------------------------------------------------------------

    @served("judging {0}")
    def judge(self, topic, about=None, asker=None, horizon=None, since=None, in_office=None, side=None) -> dict:
        """Put a question to the current cast: its use-god, states, readings, verdict and timing
        (as data, without the proofs). The question stays on the cast, so ``use_god_strong(C)``
        answers for it. ``horizon`` sets the unit of the timing (hour, day, month, year); ``since``,
        ``in_office`` and ``side`` are facts of the question (``queries.judgment.judge``)."""
        self.pose(topic, about=about, asker=asker, horizon=horizon, since=since, in_office=in_office, side=side)
        return self.judgment.to_data(proof=False)

    @served("judging {0}")
    def pose(self, topic, about=None, asker=None, horizon=None, since=None, in_office=None, side=None) -> None:
        """Put a question to the current cast as ``judge`` does, without making its data: for a
        caller that says the judgment another way next (its text, its JSON, its page)."""
        from .judgment import judge
        judged = judge(self._chart(), topic, about=about, asker=asker, horizon=horizon, since=since,
                       in_office=in_office, side=side)
        if self.kb.user:            # a rule of one's own may give a relation the judgment reads a second value
            self.kb.check_shapes(self.chart.id)
        self.judgment = judged

    def _judgment(self):
        self._chart()
        if self.judgment is None:
            raise error("session.no_question")
        return self.judgment

    def _question(self):
        j = self.judgment
        if j is None:
            return None
        from .judgment import FACTS
        return j.topic, j.about, j.asker, j.horizon, *(j.facts.get(k) for k in FACTS)

    @served("the judgment")
    def judgment_text(self, lang=None, proof=False, level="full", depth=None, every=False) -> str:
        return self._judgment().text(check_lang(lang or self.lang), proof=proof, level=level, depth=depth,
                                     every=every)

    @served("the judgment")
    def judgment_markdown(self, lang=None, every=False) -> str:
        """The judgment under its chart as Markdown (``views.markdown``), to paste into notes."""
        from .views.markdown import judgment_markdown
        j, lang = self._judgment(), check_lang(lang or self.lang)
        return judgment_markdown(j.to_data(proof=False, lang=lang), j.chart.to_data(stars=False), lang,
                                 j.chart.vocabulary(), every)

    @served("the judgment")
    def judgment_json(self, lang=None, proof=True) -> str:
        return self._judgment().to_json(proof=proof, lang=check_lang(lang or self.lang))

    @served("the judgment's stars")
    def judgment_stars(self) -> list:
        """The stars 神煞 that speak to the question put, as data (see ``queries.star_readings``)."""
        return self._judgment().stars()

    @served("keeping the judgment")
    def journal_record(self) -> dict:
        """What the journal keeps of the question judged: the question, the cast, the conventions,
        the knowledge and the prediction (``queries.journal.entry.record``)."""
        from .journal.entry import record
        return record(self._chart(), self._judgment())

    @served("the judgment")
    def judgment_html(self, lang=None) -> str:
        return self._judgment().html(check_lang(lang or self.lang))

    @served("the proof of the verdict")
    def judgment_proof(self):
        return self._judgment().proof()

    @served("the timing")
    def when(self) -> dict:
        """When the question's matter comes: every candidate (ranked, with dates, rule and reason),
        the pace, and why it has no day if it has none."""
        return self._judgment().timing()

    @served("the timing")
    def when_text(self, lang=None) -> str:
        """``when`` as text: a line a candidate with its dates, reason and rule."""
        from . import views
        chart = self._chart()
        return views.timing_text(self.when(), check_lang(lang or self.lang), chart.vocabulary())

    @served("describing {0}")
    def describe(self, about="self") -> dict:
        """Describe the person asked about 形性 (seed 001:3–27): the descriptive readings of the
        topic appearance about ``about`` (``queries.person``); the question stays on the cast."""
        from .person import describe
        self.description = describe(self._chart(), about=about)
        self.judgment = self.description.judgment
        return self.description.to_data()

    @served("the description")
    def description_text(self, lang=None) -> str:
        return self._description().text(check_lang(lang or self.lang))

    def _description(self):
        self._chart()
        if getattr(self, "description", None) is None or self.description.chart is not self._chart():
            raise error("session.no_description")
        return self.description

    @served("the life periods")
    def periods(self, age=None, born=None) -> dict:
        """The life periods 大限/小限 (seed 001:31–51) at ``age`` or for a person born in ``born``
        (``queries.periods``); the question (topic life) stays on the cast."""
        from .periods import periods
        self.life = periods(self._chart(), age=age, born=born)
        self.judgment = self.life.judgment
        return self.life.to_data()

    @served("the life periods")
    def periods_text(self, lang=None) -> str:
        self._chart()
        if getattr(self, "life", None) is None or self.life.chart is not self._chart():
            raise error("session.no_periods")
        return self.life.text(check_lang(lang or self.lang))

    @served("reading the conventions")
    def conventions_text(self, lang=None) -> str:
        """The conventions a line each, in the reader's language (``liuyao conventions``)."""
        from .labels import vocabulary
        from .results import conventions_text
        return conventions_text(self.conventions(), check_lang(lang or self.lang), vocabulary(self.kb))

    @served("reading the topics")
    def topics_text(self, lang=None) -> str:
        """The topics a line each, in the reader's language (``liuyao topics``)."""
        from .labels import vocabulary
        from .results import topics_text
        return topics_text(self.topics(), check_lang(lang or self.lang), vocabulary(self.kb))

    @served("reading the topics")
    def topics(self) -> dict:
        """topic id -> {"use", "chinese", "korean", "english", "aliases"}, sorted."""
        from .judgment import topics
        return {t: {"use": v[0], "chinese": v[1], "korean": v[2], "english": v[3], "aliases": v[4]}
                for t, v in sorted(topics(self.kb).items())}

    # ---- asking ----------------------------------------------------------------------------

    def bind(self, goal) -> tuple:
        """The goal's literals, with C bound to the current cast (left free when there is none)."""
        from .engine import substitute
        body = self.kb.parse(goal)
        if self.chart is None:
            return body
        return tuple(substitute(lit, {"C": self.chart.id}) for lit in body)

    @served()
    def ask(self, goal) -> list:
        """Sorted answer tuples, as ``KnowledgeBase.ask`` (``[()]`` yes, ``[]`` no)."""
        return self.kb.ask(self.bind(goal))

    @served()
    def ask_table(self, goal) -> Answers:
        from .results import Answers
        body = self.bind(goal)
        return Answers(str(goal).strip(), tuple(self.kb.variables(body)), tuple(self.kb.ask(body)), self.lang)

    @served()
    def ask_page(self, goal, start=0, most=1000) -> dict:
        """A page of ``ask_table``: the answers from row ``start`` (0 first), ``most`` of them,
        and how many there are in all ({"answers": Answers, "total": n})."""
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in (start, most)):
            raise error("session.page", start=start, most=most)
        from .results import Answers
        answers = self.ask_table(goal)
        return {"answers": Answers(answers.goal, answers.names, answers.rows[start:start + most], answers.lang),
                "total": len(answers.rows)}

    @served()
    def explain(self, goal, expand_negations=False):
        """A Proof of the goal (of its first answer), or None; with folders of one's own, every
        negation is expanded, so the proof names one's own rule where it blocks one."""
        return self.kb.explain(self.bind(goal), expand_negations=expand_negations or bool(self.extra))

    @served()
    def why_not(self, goal, depth=4):
        """A WhyNot of the goal, or None when it holds."""
        return self.kb.why_not(self.bind(goal), depth=depth)

    @served("checking {0}")
    def check_rule(self, rule_id):
        """One rule put to the current cast and question (``queries.results.RuleCheck``): its
        proof through that rule when its body holds, else its first failing condition."""
        from .rule_checks import find_rule, rule_check
        return rule_check(self.kb, find_rule(self.kb, rule_id), self.cast_id, self._topic())

    @served("checking {0}")
    def check_source(self, source) -> tuple:
        """Every reading of a book line (``000:87``) put to the current cast and question."""
        from .rule_checks import source_checks
        return source_checks(self.kb, source, self.cast_id, self._topic())

    def _topic(self):
        return self.judgment.topic if self.judgment is not None else None

    @served()
    def unknown_constants(self, goal) -> list:
        """(constant, nearest known constants) for each string of the goal the knowledge never uses."""
        return self.kb.unknown_constants(self.bind(goal))

    # ---- reading the knowledge -------------------------------------------------------------

    @served("the rules")
    def rules(self, pred=None, *, grep=None, source=None, topic=None) -> Rules:
        """Rules with their sources and file:line, in file order: every rule of a predicate, and
        (or) the rules of the index (views left out) whose title, id or source quote contains
        ``grep``, that cite ``source`` (``000:55``: that line or its Korean twin, 57), or that
        name ``topic`` (or an alias) as a constant."""
        from .catalog import known, seed_line, select
        search = tuple((k, v) for k, v in (("grep", grep), ("source", source), ("topic", topic)) if v)
        if pred is not None:
            pred = known(self.kb, pred)
            rules = self.kb.rules_for(pred)
        else:
            rules = self.kb.program.rules
        if search:
            rules = select(rules, grep=grep, source=seed_line(source) if source else None,
                           names=self._topic_names(topic) if topic else ())
        elif pred is None:
            rules = select(rules)
        from .results import RuleEntry, Rules
        entries = tuple(RuleEntry(r.info, r.where, r.origin, str(r)) for r in rules)
        if pred is None:
            return Rules(entries, search)
        stated = self.facts(pred)
        return Rules(entries, search, pred, stated.arity, tuple(t[0] for t in stated.tables), len(stated.rows))

    def _topic_names(self, name) -> set:
        """The topic's id, names and aliases, and 'any': the readings for every question."""
        for topic, v in self.topics().items():
            names = {topic, v["chinese"], v["korean"], *v["aliases"]}
            if name in names or str(name).casefold() == v["english"].casefold():
                return names | {"any"}
        raise error("question.unknown_topic_listed", name=name, choices=", ".join(self.topics()))

    @served("the facts of {0}")
    def facts(self, pred) -> FactRows:
        """The facts stated for a predicate: table rows, clause-file facts and the cast's inputs."""
        from .catalog import fact_rows
        return fact_rows(self.kb, pred, self.extra)

    @served("the book line {0}")
    def source(self, cited, around=None) -> dict:
        """A line of a book (``000:55``) in its chapter, with ``around`` paragraphs on each side,
        Chinese and Korean (``queries.books.source``), and the rules that cite it (or its Korean
        twin): {id, title, where} each, in file order."""
        from . import books
        from .catalog import select
        found = books.source(cited, books.AROUND if around is None else _around(around))
        rules = select(self.kb.program.rules, source=(found["seed"], found["line"]))
        return {**found, "rules": [{"id": r.info.id, "title": r.info.title, "where": r.where} for r in rules]}

    @served("the book line {0}")
    def source_text(self, cited, around=None, lang=None) -> str:
        from .views.book import source_text
        return source_text(self.source(cited, around), check_lang(lang or self.lang))

    @served("counting the encoded phrases")
    def coverage(self, seed=None, seeds=None) -> list:
        """Per line of the seeds (of one seed, e.g. ``000``): its phrases, each encoded (by which
        rules or table rows), declined (with the reason) or missing (``queries.coverage``)."""
        from .coverage import coverage, default_seeds
        folder = Path(seeds) if seeds else default_seeds()
        if folder is not None and not folder.is_dir():
            raise error("session.no_seeds", folder=folder)
        lines = coverage(folder)
        if seed is not None:
            lines = [entry for entry in lines if entry["seed"] == str(seed)]
            if not lines:
                from . import books
                known = sorted({path.name[:3] for path in folder.glob("*.txt")}) if folder else sorted(books.files())
                raise error("session.no_seed", seed=seed, choices=", ".join(known))
        return lines

    @served("reading the connectives")
    def connectives(self) -> dict:
        """The words of an account, the phrases of the chart's facts and the labels a proof names
        (``judgment.connectives``)."""
        from .judgment import connectives
        return connectives(self.kb)

    @served("the glossary entry of {0}")
    def glossary(self, term) -> dict:
        """A classical term (hanzi, Hangul or English) explained (``queries.glossary.lookup``):
        its definition, the book lines and rules behind it and, with a cast, where it holds."""
        from .glossary import lookup
        return lookup(self.kb, term, self.cast_id)

    @served("the glossary entry of {0}")
    def glossary_text(self, term, lang=None) -> str:
        from .glossary import text
        from .labels import vocabulary
        return text(self.glossary(term), check_lang(lang or self.lang), vocabulary(self.kb))

    @served("reading the labels")
    def labels(self) -> dict:
        """The names the views give the knowledge's terms (``queries.labels.vocabulary``): what a
        page needs to label a chart, without knowledge of its own."""
        from .labels import vocabulary
        return vocabulary(self.kb)

    @served("reading the vocabulary")
    def vocabulary(self) -> dict:
        """What completion offers: predicates (name, arity, meta), constants, conventions, topics,
        the units of a horizon, the glossary's terms (term -> {lang: name})."""
        from .catalog import vocabulary
        from .judgment import horizons
        from .glossary import names
        return {**vocabulary(self.kb), "conventions": {k: v["values"] for k, v in self.conventions().items()},
                "topics": list(self.topics()), "horizons": horizons(self.kb), "glossary": names(self.kb)}


def _folder(folder) -> str:
    """A user folder as proofs will name it (no trailing slash); it must exist."""
    if not os.path.isdir(folder):
        raise error("cli.not_a_folder", folder=folder)
    return str(Path(folder))
