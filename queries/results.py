"""What the service answers with: plain picklable data, each with the text ``liuyao`` and the REPL
print. ``command`` is how a hint names another command: ``":"`` in the REPL (``:facts clash``),
``"liuyao "`` on the command line (``liuyao facts clash``).

>>> print(table(("X", "N"), [("子", 0), ("丑", 12)]))
X   N
──  ──
子  0
丑  12
"""
from __future__ import annotations

import re
from unicodedata import east_asian_width

from .engine.record import record


def table(names, rows) -> str:
    """Rows as an aligned text table; CJK characters count two columns wide."""
    def width(s):
        return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in s)

    cells = [list(names)] + [[v if isinstance(v, str) else repr(v) for v in row] for row in rows]
    widths = [max(width(r[i]) for r in cells) for i in range(len(names))]
    fmt = lambda r: "  ".join(c + " " * (w - width(c)) for c, w in zip(r, widths)).rstrip()
    return "\n".join([fmt(cells[0]), "  ".join("─" * w for w in widths)] + [fmt(r) for r in cells[1:]])


def _count(n, noun, lang="en") -> str:
    """How many of a noun (rule, fact, answer), as the language counts: "2 rules", "규칙 2개"."""
    from .messages import text
    return text(f"count.{noun}", lang, n=n, noun=(f"word.{noun}" + ("" if n == 1 else "s"), {}))


def _words(lang):
    from .engine import render
    return render.WORDS[lang]


def listed(template, lang) -> str:
    """A rule's sentence as a listing shows it, unfilled: in Korean each particle chosen by the
    place's name before it ({B}를, {D}가), so no particle stands in both forms.

    >>> listed("정효인 {P}효의 {B}를(을) 일진 {D}이(가) 충한다", "ko")
    '정효인 {P}효의 {B}를 일진 {D}가 충한다'
    """
    from .engine.render import korean
    return korean(template, lang) if template else template


def _answers_html(answers) -> str:
    from .engine import html
    from .messages import text
    lang = answers.lang
    return html.answers_html(answers, {"yes": text("answer.yes", lang), "no": text("answer.no", lang),
                                       "count": _count(len(answers.rows), "answer", lang)})


@record(frozen=True)
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
    lang: str = "en"        # the language a notebook shows them in

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __bool__(self):
        return bool(self.rows)

    def text(self, lang="en") -> str:
        """yes/no for a ground goal, else a table and a count."""
        from .messages import text
        if not self.names:
            return text("answer.yes" if self.rows else "answer.no", lang)
        return table(self.names, self.rows) + f"\n({_count(len(self.rows), 'answer', lang)})"

    def to_data(self) -> dict:
        return {"goal": self.goal, "variables": list(self.names), "answers": [list(r) for r in self.rows]}

    def _repr_html_(self) -> str:
        return _answers_html(self)


def _placed(source: str, lang: str) -> str:
    """A ``# source:`` line with its book line named by its book and place (``queries.books.place``).

    >>> _placed("000_122810513125a851.txt:147  父動當頭克子孫", "zh")
    '卜筮正宗·六親發動 147  父動當頭克子孫'
    """
    from . import books
    where, gap, rest = source.partition("  ")
    return books.place(where, lang) + gap + rest


@record(frozen=True)
class RuleEntry:
    """One rule, with where it comes from."""
    info: object                  # RuleInfo: id, title, sources, conventions, says, notes, view
    where: str                    # file:line
    origin: str                   # shipped | user
    clause: str                   # the clause as the reader parsed it

    @property
    def path(self) -> str:
        return self.where.rpartition(":")[0]

    @property
    def line(self) -> int:
        return int(self.where.rpartition(":")[2])

    def text(self, lang="en") -> str:
        words = _words(lang)
        user = f" ({words['user']})" if self.origin == "user" else ""
        lines = [f"{self.info.id} {self.info.title}".rstrip() + f"   {self.where}{user}"]
        lines += [f"  {words['source']}: {_placed(s, lang)}" for s in self.info.sources]
        lines += [f"  {words['convention']}: {c}" for c in self.info.conventions]
        said = listed(self.info.template(lang), lang)
        if said:
            lines.append(f"  “{said}”")
        lines += [f"  # {note}" for note in self.info.notes]
        lines.append(f"  {self.clause}")
        return "\n".join(lines)

    def to_data(self) -> dict:
        return {"id": self.info.id, "title": self.info.title, "where": self.where, "origin": self.origin,
                "sources": list(self.info.sources), "conventions": list(self.info.conventions),
                "says": dict(self.info.says), "notes": list(self.info.notes), "view": self.info.view,
                "clause": self.clause}


@record(frozen=True)
class Rules:
    """The rules a search found, in the order of the files: every rule of a predicate (``pred``),
    or the rules of the index matching a search (``search``: (option, value) pairs), or both."""
    entries: tuple
    search: tuple = ()
    pred: str | None = None
    arity: int | None = None
    tables: tuple = ()            # the predicate's fact tables
    facts: int = 0                # how many facts state the predicate

    def __len__(self):
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    def __bool__(self):
        return bool(self.entries)

    def _asked(self) -> str:
        return ", ".join(f"{option} {value}" for option, value in self.search)

    def text(self, lang="en", command=":") -> str:
        from .messages import text
        n = len(self.entries)
        if self.pred is None:
            count = _count(n, "rule", lang)
            head = text("listing.matching", lang, count=count, asked=self._asked()) if self.search else count
        elif self.search:
            head = f"{self.pred}/{self.arity}: " + text("listing.matching", lang, count=_count(n, "rule", lang),
                                                         asked=self._asked())
        elif not self.entries:
            where = dict(name=f"{self.pred}/{self.arity}", command=command, pred=self.pred)
            head = text("listing.no_rules_stated", lang, tables=", ".join(self.tables), **where) if self.tables \
                else text("listing.no_rules_facts", lang, facts=self.facts, **where)
        else:
            head = f"{self.pred}/{self.arity}: {_count(n, 'rule', lang)}"
        lines = [head] + [entry.text(lang) for entry in self.entries]
        if self.pred is not None and self.entries and (self.tables or self.facts):
            lines.append(text("listing.also_stated", lang, count=_count(self.facts, "fact", lang), command=command,
                              pred=self.pred))
        return "\n".join(lines)

    def to_data(self) -> dict:
        return {"predicate": self.pred, "search": dict(self.search),
                "rules": [entry.to_data() for entry in self.entries]}

    def markdown(self) -> str:
        return markdown(self.entries)


@record(frozen=True)
class RuleCheck:
    """One rule put to a cast and its question (``queries.rule_checks``): whether its body holds,
    with the proof through it, or the first condition that fails (a WhyNot of this rule alone);
    for a reading, the topic it speaks to and the question's."""
    rule: object                  # RuleInfo
    where: str
    goal: str                     # the rule's head, the cast bound
    holds: bool
    speaks: str | None = None     # the topic of a reading ('any' for every question), None for another rule
    question: str | None = None   # the topic of the question put to the cast
    failure: object = None        # WhyNot: the failing condition, when it does not hold
    proof: object = None          # Proof through this rule, when it holds
    topics: tuple = ()            # ((topic, {lang: name}), ...) of the two topics, for the text

    @property
    def applies(self) -> bool:
        """A reading that holds and speaks to the question (any rule that holds, for another)."""
        return self.holds and (self.speaks is None or self.speaks in ("any", self.question))

    def _topic_line(self, lang) -> str:
        from .labels import WORDS
        words = WORDS[lang]
        if self.speaks is None:
            return ""
        if self.speaks == "any":
            return words["speaks_any"]
        if self.question is None:
            return words["no_question"]
        names = dict(self.topics)
        name = lambda topic: names.get(topic, {}).get(lang, topic)
        return words["speaks"].format(name(self.speaks), name(self.question))

    def text(self, lang="en", depth=None, level="full", connectives=None) -> str:
        """The rule, whether it holds and to what it speaks, then the proof through it (at a
        level: student or full, after its account, said with ``connectives``) or why not."""
        from .engine import render
        from .labels import WORDS
        words = WORDS[lang]
        head = f"{'✓' if self.holds else '✗'} {self.rule.id} {self.rule.title}".rstrip()
        lines = [f"{head}   {self.where}", f"  {self.goal}: {words['rule_holds' if self.holds else 'rule_fails']}"]
        topic = self._topic_line(lang)
        if topic:
            lines.append(f"  {topic}")
        if self.proof is not None:
            lines += ["  " + said for said in render.account(self.proof, lang, connectives)]
            lines += [f"  {words['proof_follows']}"] + ["    " + line for line in
                                                        render.text(self.proof, lang, depth=depth, level=level,
                                                                    phrases=connectives).splitlines()]
        elif self.failure is not None:
            lines += ["  " + line for line in render.why_not_text(self.failure, lang, level,
                                                                             phrases=connectives).splitlines()[1:]]
        return "\n".join(lines)

    def to_data(self, lang="en") -> dict:
        from .engine import render
        return {"rule": self.rule.id, "title": self.rule.title, "where": self.where, "goal": self.goal,
                "holds": self.holds, "speaks": self.speaks, "question": self.question, "applies": self.applies,
                "proof": render.to_data(self.proof, lang) if self.proof is not None else None,
                "why_not": render.why_not_data(self.failure, lang) if self.failure is not None else None}


def _cell(values) -> str:
    return "<br>".join(str(v).replace("|", "\\|") for v in values)


def markdown(entries) -> str:
    """The index as ``docs/rules.md``: a table per file (files sorted, rules by line)."""
    files = {}
    for entry in entries:
        files.setdefault(entry.path, []).append(entry)
    out = ["# Rule index", "",
           "Every rule of the knowledge base (views left out), a table per clause file: its id and title,",
           "its line, the sources it encodes and the conventions it follows. Generated by",
           "`liuyao rules --markdown > docs/rules.md`; do not edit by hand (a test checks it is current).",
           "`liuyao rules --grep 月破`, `--source 000:55` or `--topic illness` finds rules in one step.",
           "", f"{len(entries)} rules in {len(files)} files."]
    for path in sorted(files):
        out += ["", f"## {path}", "", "| line | id | title | sources | conventions |", "|---|---|---|---|---|"]
        for e in sorted(files[path], key=lambda e: e.line):
            out.append(f"| {e.line} | {_cell([e.info.id])} | {_cell([e.info.title])} | "
                       f"{_cell(e.info.sources)} | {_cell(e.info.conventions)} |")
    return "\n".join(out) + "\n"


@record(frozen=True)
class FactRows:
    """The stated facts of a predicate: its tables (with their # lines) and rows with file:line."""
    pred: str
    arity: int
    columns: tuple                # argument names from the table header (or A1, A2 …)
    tables: tuple                 # ((path, origin, (doc line, ...)), ...)
    rows: tuple                   # ((values, where, origin), ...)
    rules: int = 0                # how many rules also derive the predicate

    def __bool__(self):
        return bool(self.rows)

    def text(self, lang="en", command=":") -> str:
        from .messages import text
        name = f"{self.pred}/{self.arity}"
        derived = f"{command}rules {self.pred}"
        if not self.tables and not self.rows:
            return text("listing.no_facts", lang, name=name, count=_count(self.rules, "rule", lang), derived=derived)
        lines = []
        for path, origin, doc in self.tables:
            lines.append(path + (f" ({_words(lang)['user']})" if origin == "user" else ""))
            lines += [f"  # {d}" for d in _table_doc(path, origin, doc, lang)]
        if self.rows:
            user = f" ({_words(lang)['user']})"
            from .labels import WORDS
            heads = [WORDS[lang].get(f"column.{c}", c) for c in self.columns]
            lines.append(table(heads + [text("listing.where", lang)],
                               [tuple(values) + (where + (user if origin == "user" else ""),)
                                for values, where, origin in self.rows]))
        facts = _count(len(self.rows), "fact", lang)
        lines.append(text("listing.facts_more", lang, facts=facts, count=_count(self.rules, "rule", lang),
                          derived=derived) if self.rules else f"({facts})")
        return "\n".join(lines)

    def to_data(self) -> dict:
        return {"predicate": self.pred, "arity": self.arity, "columns": list(self.columns),
                "tables": [{"path": p, "origin": o, "doc": list(d)} for p, o, d in self.tables],
                "facts": [{"values": list(v), "where": w, "origin": o} for v, w, o in self.rows],
                "rules": self.rules}


def _table_doc(path, origin, doc, lang) -> tuple:
    """A table's ``#`` lines for a reader: the file's own in English and for a user's table; in
    Korean and Chinese what the table holds (``table.NAME`` of facts/word_label.tsv) and the book
    lines it cites, their quotes without the English notes."""
    from .labels import WORDS, table_said
    said = table_said(path).get(lang)
    if lang == "en" or origin == "user" or not said:
        return doc
    cited = [_CITED.match(d) for d in doc]
    return (said,) + tuple(f"{WORDS[lang]['table_cites.' + m['kind']]}: {m['seed']}  {_quote(m['rest'])}"
                           for m in cited if m)


_CITED = re.compile(r"(?P<kind>source|gloss): (?P<seed>\d{3}_[0-9a-f]+\.txt:\d+)\s+(?P<rest>.*)")
_NOTE = re.compile(r"\s*[(（][^)）]*[A-Za-z][^)）]*[)）]")


def _quote(rest: str) -> str:
    """A citation's quote without its English notes: a parenthesis with Latin in it, and from the
    first Latin word on.

    >>> _quote("父母為文書、舟車 (文書 is document) … 衣服（心火）")
    '父母為文書、舟車 … 衣服（心火）'
    """
    return re.split(r"\s*[A-Za-z]", _NOTE.sub("", rest), maxsplit=1)[0].strip()


def conventions_text(conventions: dict, lang="en", vocabulary=None) -> str:
    """``Session.conventions()``: a convention's name, then a line a value, the default first,
    with what it does in a sentence (facts/convention_value_help.tsv, the meaning of
    convention_value.tsv in English) and the next cast's choice; in Korean and Chinese each name
    and value also by its label (``queries.labels.vocabulary``).

    >>> zi_hour = {"zi_hour": {"default": "same-day", "values": ["same-day", "next-day"], "next": "next-day"}}
    >>> print(conventions_text(zi_hour))
    zi_hour
      same-day (default)
      next-day (next cast)
    >>> from queries import KnowledgeBase
    >>> from queries.labels import vocabulary
    >>> print(conventions_text(zi_hour, "ko", vocabulary(KnowledgeBase())))
    zi_hour 자시의 날
      same-day 당일 (기본) — 23:00–24:00은 그 날짜의 일주를 그대로 쓴다
      next-day 다음 날 (다음 괘) — 23:00–24:00은 다음 날의 일주를 쓴다
    """
    from .labels import label
    from .messages import text
    named = lang != "en" and vocabulary is not None
    helps = (vocabulary or {}).get("convention_help", {})
    lines = []
    for name, c in conventions.items():
        values = sorted(c["values"], key=lambda v: (v != c["default"], c["values"].index(v)))
        lines.append(f"{name} {label(name, lang, vocabulary)}" if named else name)
        for v in values:
            tags = [text(t, lang) for t, on in (("listing.default", v == c["default"]),
                                                ("listing.next_cast", v == c["next"])) if on]
            word = f"{v} {label(v, lang, vocabulary, convention=name)}" if named else v
            said = helps.get(name, {}).get(v, {}).get(lang)
            lines.append(f"  {word}" + (f" ({', '.join(tags)})" if tags else "") + (f" — {said}" if said else ""))
    return "\n".join(lines)


def topics_text(topics: dict, lang="en", vocabulary=None) -> str:
    """``Session.topics()`` a line a topic: its use-god, names and aliases; in Korean and Chinese
    the reader's name first and the use-god by its label, without the English gloss."""
    if lang == "en" or vocabulary is None:
        return "\n".join(f"{t}: {v['use']}  {v['chinese']} {v['korean']} — {v['english']}"
                         + (f"  ({', '.join(v['aliases'])})" if v["aliases"] else "") for t, v in topics.items())
    from .labels import label
    first, second = ("korean", "chinese") if lang == "ko" else ("chinese", "korean")
    from .messages import messages, text
    use = {v["use"]: text(f"use.{v['use']}", lang) if f"use.{v['use']}" in messages() else label(v["use"], lang, vocabulary)
           for v in topics.values()}
    return "\n".join(f"{t}: {use[v['use']]}  {v[first]} {v[second]}"
                     + (f"  ({', '.join(a for a in v['aliases'] if not a.isascii())})"
                        if any(not a.isascii() for a in v["aliases"]) else "") for t, v in topics.items())


def stars_data(stars, lines=True) -> list:
    """``Session.stars()`` as ``liuyao stars --json`` prints it (without the lines when the cast
    only gave the pillars)."""
    hidden = () if lines else ("lines", "changed", "hidden", "active")
    return [{k: v for k, v in star.items() if k not in hidden} for star in stars]


def stars_text(stars, lines=True, lang="en") -> str:
    """``Session.stars()`` as a table: where each star falls (and on which lines), by which rule;
    its heads and what places each star in the reader's words (facts/word_label.tsv ``stars.*``)."""
    from .labels import WORDS
    words = WORDS[lang]
    names = [words[f"stars.{n}"] for n in ["star", "key", "falls_on"] + (["lines"] if lines else []) + ["rule"]]
    rows = [(s["name"], words.get(f"stars.key.{s['key']}", s["key"]) if s["key"] else "", " ".join(s["branch"] + s["stem"]))
            + ((" ".join(map(str, s["lines"])),) if lines else ()) + (s["rule"] or "",) for s in stars]
    return table(names, rows)
