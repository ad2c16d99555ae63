"""A session: the knowledge (shipped plus user folders), the current cast bound to ``C``, and
the conventions chosen for the next cast. The REPL talks to one; so can a notebook.

Every result is plain picklable data (``Proof``, ``WhyNot``, ``Answers``, tuples, dicts), so
``queries.sandbox.Sandbox`` offers the very same methods from a worker process with a time
limit per call.

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
>>> s.set_convention("day_clash_static", "always-hidden-motion")
>>> s.cast("787889", month="戌", day="乙巳")
'c2'
>>> s.ask("hidden_motion(C, 3)")
[()]
"""
from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path

from .errors import UserError

NO_CAST = "no cast yet; cast one first, e.g. :cast 787889 month 戌 day 乙巳"


# ---- results -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Answers:
    """The answers to a goal: one row a solution, one column a variable.

    >>> a = Answers("clash('子', X)", ("X",), (("午",),))
    >>> len(a), a.rows[0], bool(Answers("clash('子', '丑')", (), ()))
    (1, ('午',), False)
    >>> "<td>午</td>" in a._repr_html_()
    True
    """
    goal: str
    names: tuple
    rows: tuple

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __bool__(self):
        return bool(self.rows)

    def text(self) -> str:
        """As ``liuyao ask`` prints it: yes/no for a ground goal, else a table and a count."""
        from .cli import table
        if not self.names:
            return "yes" if self.rows else "no"
        n = len(self.rows)
        return table(self.names, self.rows) + f"\n({n} answer{'s' if n != 1 else ''})"

    def to_data(self) -> dict:
        return {"goal": self.goal, "variables": list(self.names), "answers": [list(r) for r in self.rows]}

    def _repr_html_(self) -> str:
        from .html import answers_html
        return answers_html(self)


@dataclass(frozen=True)
class RuleEntry:
    """One rule (or clause-file fact) of a predicate, with where it comes from."""
    info: object                  # RuleInfo: id, title, sources, conventions, says, notes
    where: str                    # file:line
    origin: str                   # shipped | user
    clause: str                   # the clause as the reader parsed it


@dataclass(frozen=True)
class FactRows:
    """The stated facts of a predicate: its tables (with their # lines) and rows with file:line."""
    pred: str
    arity: int
    columns: tuple                # argument names from the table header (or A1, A2 …)
    tables: tuple                 # ((path, origin, (doc line, ...)), ...)
    rows: tuple                   # ((values, where, origin), ...)
    rules: int = 0                # how many rules also derive the predicate


@dataclass(frozen=True)
class SessionState:
    """What a session needs to be rebuilt elsewhere (a fresh sandbox worker)."""
    extra: tuple = ()
    lang: str = "en"
    conventions: tuple = ()       # ((name, value), ...) chosen for the next cast
    cast: object = None           # queries.cast_input.Cast of the current cast
    cast_id: str | None = None
    casts: int = 0                # casts made so far (the next id is c{casts + 1})


# ---- the session ---------------------------------------------------------------------------

class Session:
    """The knowledge base of a session, its current cast (bound to ``C``) and its conventions.

    ``progress``, when given, is called with the name of each predicate computed while
    knowledge loads (the sandbox uses it to tell slow loading from a rule that never ends).
    """

    def __init__(self, extra=(), *, lang="en", conventions=None, progress=None):
        self._progress = progress
        self.extra = [_folder(d) for d in extra]
        self.lang = _check_lang(lang)
        self.kb = self._make_kb(self.extra)
        self._conventions = {}
        for name, value in dict(conventions or {}).items():
            self.set_convention(name, value)
        self.chart = None
        self._casts = 0
        self._notices = []

    @classmethod
    def restore(cls, state: SessionState, progress=None, before_cast=None):
        """A session rebuilt from a state, and the notices of what could not be restored.

        A folder that no longer loads is left out (its problems are the notices), and so is a
        cast that no longer casts.
        """
        notices = []
        try:
            session = cls(state.extra, lang=state.lang, progress=progress)
        except UserError as e:
            notices += getattr(e, "problems", None) or [str(e)]
            notices.append(f"continuing without {', '.join(state.extra)}")
            session = cls(lang=state.lang, progress=progress)
        for name, value in state.conventions:
            try:
                session.set_convention(name, value)
            except UserError as e:
                notices.append(str(e))
        session._casts = state.casts
        session._notices = notices
        if state.cast is not None:
            if before_cast is not None:
                before_cast()
            try:
                session._set_chart(state.cast, state.cast_id)
            except Exception as e:  # a user rule may break the chart: report it, keep the session
                notices.append(f"the cast {state.cast_id} could not be restored: {e}")
        return session, notices

    def notices(self) -> list:
        """Lines about what ``restore`` could not restore; each is returned once."""
        notices, self._notices = self._notices, []
        return notices

    def close(self) -> None:
        """Nothing to stop in this process (a Sandbox stops its worker)."""

    def snapshot(self) -> SessionState:
        return SessionState(tuple(self.extra), self.lang, tuple(sorted(self._conventions.items())),
                            self.chart.cast if self.chart else None, self.cast_id, self._casts)

    def _make_kb(self, extra):
        from .knowledge import KnowledgeBase
        return KnowledgeBase(extra=extra, progress=self._progress)

    # ---- knowledge -------------------------------------------------------------------------

    def load(self, folder) -> dict:
        """Add a user knowledge folder (or re-read it if loaded); the cast carries over.

        Raises KnowledgeError listing every problem; the session is then unchanged.
        Returns counts of what the folder adds and its lint warnings.
        """
        folder = _folder(folder)
        extra = self.extra + ([folder] if folder not in self.extra else [])
        self._rebuild(extra)
        return self._summary(folder)

    def reload(self) -> list:
        """Read every folder again (after editing a file); the cast carries over."""
        self._rebuild(self.extra)
        return [self._summary(folder) for folder in self.extra]

    def _rebuild(self, extra):
        kb = self._make_kb(extra)
        if self.chart is not None:
            from .chart import Chart
            if self._progress is not None:
                self._progress("the cast")
            self.chart = Chart(kb, self.chart.cast, self.chart.id)
        self.kb, self.extra = kb, list(extra)

    def _summary(self, folder) -> dict:
        program = self.kb.program
        rules = [r for r in program.rules if r.path.startswith(folder + "/")]
        facts = [f for f in program.facts if f.path.startswith(folder + "/")]
        warnings = [w for w in program.warnings if w.startswith(folder + "/")]
        return {"folder": folder, "rules": len(rules), "facts": len(facts),
                "predicates": sorted({r.head.pred for r in rules} | {f.atom.pred for f in facts}),
                "warnings": warnings}

    def set_lang(self, lang) -> None:
        self.lang = _check_lang(lang)

    # ---- casting ---------------------------------------------------------------------------

    def conventions(self) -> dict:
        """name -> {"default", "values", "next"}: "next" is the value :set chose, or None."""
        from .chart import conventions
        defaults, allowed = conventions(self.kb)
        return {name: {"default": defaults.get(name), "values": list(values),
                       "next": self._conventions.get(name)}
                for name, values in sorted(allowed.items())}

    def set_convention(self, name, value) -> None:
        """Choose a convention value for the next cast (the current cast keeps its own)."""
        from .cast_input import check_convention
        from .chart import conventions
        check_convention(name, value, conventions(self.kb)[1])
        self._conventions[name] = value

    def cast(self, lines=None, *, coins=None, hexagram=None, to=None, seed=None, at=None, tz=None,
             month=None, day=None, year=None, hour=None, conventions=None) -> str:
        """Cast a chart (the arguments of ``queries.chart.cast``); it becomes ``C``. Returns its id.

        The conventions chosen with ``set_convention`` apply, then those given here.
        """
        from .chart import prepare
        made = prepare(lines, coins=coins, hexagram=hexagram, to=to, seed=seed, at=at, tz=tz, month=month,
                       day=day, year=year, hour=hour, kb=self.kb,
                       conventions={**self._conventions, **dict(conventions or {})})
        self._set_chart(made, f"c{self._casts + 1}")
        self._casts += 1
        return self.cast_id

    def _set_chart(self, made, cast_id):
        from .chart import Chart
        old = self.chart
        if old is not None:
            old.forget()
        try:
            self.chart = Chart(self.kb, made, cast_id)
        except BaseException:
            from .cast_input import retract_cast
            retract_cast(self.kb, made, cast_id)
            self.chart = None
            if old is not None:
                self.chart = Chart(self.kb, old.cast, old.id)
            raise

    @property
    def cast_id(self):
        return self.chart.id if self.chart is not None else None

    def _chart(self):
        if self.chart is None:
            raise UserError(NO_CAST)
        return self.chart

    def chart_text(self, lang=None) -> str:
        return self._chart().text(lang or self.lang)

    def chart_data(self) -> dict:
        return self._chart().to_data()

    def chart_json(self) -> str:
        return self._chart().to_json()

    def chart_html(self, lang=None) -> str:
        from .html import chart_html
        return chart_html(self.chart_data(), lang or self.lang)

    # ---- asking ----------------------------------------------------------------------------

    def bind(self, goal) -> tuple:
        """The goal's literals, with C bound to the current cast (left free when there is none)."""
        from .engine import substitute
        body = self.kb.parse(goal)
        if self.chart is None:
            return body
        return tuple(substitute(lit, {"C": self.chart.id}) for lit in body)

    def ask(self, goal) -> list:
        """Sorted answer tuples, as ``KnowledgeBase.ask`` (``[()]`` yes, ``[]`` no)."""
        return self.kb.ask(self.bind(goal))

    def ask_table(self, goal) -> Answers:
        body = self.bind(goal)
        return Answers(str(goal).strip(), tuple(self.kb.variables(body)), tuple(self.kb.ask(body)))

    def explain(self, goal, expand_negations=False):
        """A Proof of the goal (of its first answer), or None."""
        return self.kb.explain(self.bind(goal), expand_negations=expand_negations)

    def why_not(self, goal, depth=4):
        """A WhyNot of the goal, or None when it holds."""
        return self.kb.why_not(self.bind(goal), depth=depth)

    # ---- reading the knowledge -------------------------------------------------------------

    def _known(self, pred):
        pred = str(pred).strip().rstrip(".")
        pred = pred.split("(")[0].split("/")[0].strip()
        if self.kb.program.arity(pred) is None:
            near = get_close_matches(pred, sorted(self.kb.program.declared), n=3)
            raise UserError(f"unknown predicate {pred!r}" + (f"; did you mean {', '.join(near)}?" if near else ""))
        return pred

    def rules(self, pred) -> list:
        """The rules of a predicate (RuleEntry: info, file:line, origin, clause), in file order."""
        pred = self._known(pred)
        return [RuleEntry(r.info, r.where, r.origin, str(r)) for r in self.kb.rules_for(pred)]

    def facts(self, pred) -> FactRows:
        """The facts stated for a predicate: table rows, clause-file facts and the cast's inputs."""
        pred = self._known(pred)
        program = self.kb.program
        arity = program.arity(pred)
        tables = program.tables.get(pred, ())
        columns = tuple(c.name for c in tables[0].columns) if tables else tuple(f"A{i}" for i in range(1, arity + 1))
        rows = []
        stated = bool(tables) or any(f.atom.pred == pred for f in program.facts)
        for values in self.kb.match(pred, *[None] * arity) if stated else ():
            fact = self.kb.fact(pred, values)
            if fact is not None:
                rows.append((values, fact.where, fact.origin))
        rows.sort(key=lambda r: (r[1].rpartition(":")[0], int(r[1].rpartition(":")[2] or 0)
                                 if r[1].rpartition(":")[2].isdigit() else 0, r[1]))
        described = tuple((t.path, "user" if any(t.path.startswith(d + "/") for d in self.extra) else "shipped",
                           tuple(t.doc)) for t in tables)
        return FactRows(pred, arity, columns, described, tuple(rows), len(self.kb.rules_for(pred)))

    def vocabulary(self) -> dict:
        """What completion offers: predicates (name, arity, meta), constants, conventions."""
        program = self.kb.program
        preds = []
        for pred, (arity, where) in sorted(program.declared.items()):
            rules = self.kb.rules_for(pred)
            if rules:
                meta = next((r.info.title for r in rules if r.info.title), "") or rules[0].info.id
            elif pred in program.tables:
                meta = "table " + program.tables[pred][0].path
            else:
                meta = "facts " + where
            preds.append((pred, arity, meta))
        from .engine import Atom, Const
        values = [a.value for f in program.facts for a in f.atom.args]
        for rule in program.rules:                 # constants in clauses: relatives, labels …
            for lit in (rule.head, *rule.body):
                if isinstance(lit, Atom):
                    values += [a.value for a in lit.args if isinstance(a, Const)]
        constants = {v for v in values if isinstance(v, str) and v and not any(ch.isspace() for ch in v)}
        return {"predicates": preds, "constants": sorted(constants),
                "conventions": {k: v["values"] for k, v in self.conventions().items()}}


def _check_lang(lang):
    from .engine import LANGS
    if lang not in LANGS:
        raise UserError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang


def _folder(folder) -> str:
    """A user folder as proofs will name it (no trailing slash); it must exist."""
    if not Path(folder).is_dir():
        raise UserError(f"{folder}: not a folder (give a folder with facts/ and kb/, or *.tsv and *.dl)")
    return str(Path(folder))

