"""Proofs and why-nots for people and programs: text tree, sentences, JSON, Graphviz DOT.

Each distinct sub-proof gets a number (depth first). In the text tree a repeated sub-proof is
printed once and referred to later as ``(see #n)``; below the depth limit a sub-proof is folded
into ``… (expand #n)`` and ``subproof(proof, n)`` gives it back.
"""
from __future__ import annotations

import json
import re
from functools import reduce
from pathlib import Path

from .hangul import because, particles
from .tables import read_table
from .terms import GLOSS, Var, show

LANGS = ("en", "ko", "zh")


def _words(path=Path(__file__).with_name("words.tsv")) -> tuple:
    """KIND (lang -> kind of step -> word) and WORDS (lang -> key -> word), from the engine's own
    table beside this module (``\\s`` a space at a word's edge, ``-`` no word).

    >>> kind, words = _words()
    >>> kind["ko"]["fact"], words["zh"]["expand"], words["en"]["or"], words["en"]["cast"]
    ('사실', '展開', ', ', '')
    """
    table = read_table(path, label=f"queries/engine/{path.name}")
    langs = [column.name for column in table.columns[1:]]
    kind, words = ({lang: {} for lang in LANGS} for _ in range(2))
    for key, *cells in (row.values for row in table.rows):
        for lang, cell in zip(langs, cells):
            word = "" if cell == "-" else cell.replace("\\s", " ")
            if key.startswith("kind."):
                kind[lang][key.removeprefix("kind.")] = word
            else:
                words[lang][key] = word
    return kind, words


KIND, WORDS = _words()


def _lang(lang):
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang


LEVELS = ("student", "full")


def number(proof) -> dict:
    """Node -> its number, depth first, each distinct sub-proof once; the proofs inside a
    negation's why-not are numbered where they hang (before the node's premises), so a number
    means the same node everywhere in one output."""
    ids = {}

    def visit(node):
        if node in ids:
            return
        ids[node] = len(ids) + 1
        if node.why is not None:
            visit_why(node.why)
        for child in node.children:
            visit(child)

    def visit_why(why):
        for f in why.failures:
            for p in ((f.holds,) if f.holds is not None else ()) + f.because:
                visit(p)
            if f.sub is not None:
                visit_why(f.sub)

    if hasattr(proof, "failures"):
        visit_why(proof)
    else:
        visit(proof)
    return ids


def subproof(proof, n: int):
    """The sub-proof numbered n (in ``number``), or None."""
    return next((node for node, k in number(proof).items() if k == n), None)


def given(node) -> bool:
    """Whether a student takes the node as given: a table row, a comparison, or a rule marked
    ``# @given`` (docs/knowledge-format.md)."""
    if node.kind in ("fact", "check"):
        return True
    return node.kind == "rule" and any(note.startswith("@given") for note in node.rule.notes)


def _check_level(level):
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    return level


def sentence(node, lang: str = "en") -> str:
    """The rule's @says template with the bindings filled in (in Korean, each particle written in
    both forms chosen by the value before it, ``hangul.particles``), or the rule title."""
    return rule_sentence(node.rule, node.bindings, lang) if node.kind == "rule" else ""


def rule_sentence(rule, bindings, lang: str = "en") -> str:
    """``sentence`` of a rule (its annotations, a RuleInfo) under the bindings of its variables."""
    template = rule.template(lang) or rule.template("en")
    if not template:
        return rule.title
    values = {k: show(v) for k, v in bindings}
    try:
        said = template.format_map(_Missing(values))
    except (ValueError, IndexError):
        return rule.title
    return korean(said, lang)


def korean(text: str, lang: str) -> str:
    """A filled Korean text with each particle chosen (``hangul.particles``) and each reason in
    the noun form ``때문이다`` wants (``hangul.because``); other languages as they are."""
    return particles(because(text)) if lang == "ko" else text


class _Missing(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def book(source: str, words: "Words | None" = None) -> str:
    """A rule's source as a reader cites it: by its place where ``words`` names one
    (``Words.place``), else ``000:91 入墓愁疑無散日``.

    >>> book("000_122810513125a851.txt:91  入墓愁疑無散日，逢沖轉禍變成歡")
    '000:91 入墓愁疑無散日，逢沖轉禍變成歡'
    >>> book("000_0a.txt:91  入墓", Words((), "zh", {"place.000_0a.txt:79": {"zh": "卜筮正宗·世爻"}}))
    '卜筮正宗·世爻 91 入墓'
    """
    where, _, quote = source.partition("  ")
    file, _, line = where.partition(":")
    named = words.place(where) if words is not None and line else None
    if named:
        return f"{named} {quote.strip()}".strip()
    short = file[:3] if file[:3].isdigit() and line else file
    return f"{short}:{line} {quote.strip()}".strip() if line else source


def cited(source: str, words: "Words") -> str:
    """A source at full length: by its place where ``words`` names one (``book``), else as written.

    >>> cited("000_0a.txt:91  入墓", Words((), "en"))
    '000_0a.txt:91  入墓'
    """
    return book(source, words) if words.place(source.partition("  ")[0]) else source


class Words:
    """How one output names things in a language: the cast (the partition its ``nodes``'
    asserted facts name, "c1") by the language's word for it, a value by its ``label.<value>``
    name in ``phrases`` (a convention's value by ``label.<convention>=<value>``), else as it is.

    >>> from queries.engine.proof import Proof
    >>> fact = Proof("fact", "cast_topic", ("c1", "wealth"), where="asserted", origin="asserted")
    >>> words = Words((fact,), "ko", {"label.wealth": {"ko": "구재"}})
    >>> words.statement(fact), words.name("wealth"), Words((fact,), "en").statement(fact)
    ('cast_topic(이 괘, wealth)', '구재', 'cast_topic(c1, wealth)')
    """

    def __init__(self, nodes, lang, phrases=None):
        self.lang, self.phrases, self._places = lang, phrases or {}, None
        word = WORDS[lang]["cast"]
        self.casts = {n.args[0]: word for n in nodes if word and n.kind == "fact" and n.origin == "asserted"
                      and n.args}

    def source(self, text: str) -> str:
        """A ``# source:`` line with the note that ends it said in the language (``note.<note>`` in
        the phrases, from facts/source_note.tsv), as written where the phrases have none.

        >>> Words((), "ko", {"note.a pair suffices": {"ko": "둘이면 족하다"}}).source("000_0a.txt:9  二者 (a pair suffices)")
        '000_0a.txt:9  二者 (둘이면 족하다)'
        """
        note = _NOTE.search(text)
        return f"{text[:note.start()]} ({self.note(note.group(1))})" if note else text

    def place(self, where: str) -> str | None:
        """A book line ``file:line`` named by its place: the phrase ``place.<file>:<first>`` of the
        last first line at or before it, then the line (卜筮正宗·世爻 91); None where none names it.

        >>> Words((), "ko", {"place.a.txt:3": {"ko": "책·장"}, "place.a.txt:9": {"ko": "책·다음 장"}}).place("a.txt:7")
        '책·장 7'
        """
        file, _, line = where.rpartition(":")
        if not line.isdigit():
            return None
        if self._places is None:
            self._places = {}
            for key, said in self.phrases.items():
                if key.startswith("place.") and said.get(self.lang):
                    named, _, first = key[6:].rpartition(":")
                    self._places.setdefault(named, []).append((int(first), said[self.lang]))
            for items in self._places.values():
                items.sort()
        found = [said for first, said in self._places.get(file, ()) if first <= int(line)]
        return f"{found[-1]} {int(line)}" if found else None

    def note(self, note: str) -> str:
        """A source line's note in the language, as written where the phrases have none; a gloss's
        (``terms.gloss_source``) says both of its parts.

        >>> Words((), "ko", {"note.the translator's gloss": {"ko": "역자의 풀이"}}).note("the translator's gloss: x")
        '역자의 풀이: x'
        """
        if note.startswith(f"{GLOSS}: "):
            return f"{self.note(GLOSS)}: {self.note(note[len(GLOSS) + 2:])}"
        return self.phrases.get(f"note.{note}", {}).get(self.lang) or note

    def name(self, value, convention=None) -> str:
        key = f"label.{convention}={value}" if convention else f"label.{show(value)}"
        return self.phrases.get(key, {}).get(self.lang) or show(value)

    def statement(self, node) -> str:
        """The node's statement, the cast named in the language."""
        if node.kind == "check" or not self.casts or not any(a in self.casts for a in node.args):
            return node.statement
        body = f"{node.pred}({', '.join(self.casts.get(a) or show(a) for a in node.args)})"
        return "¬" + body if node.kind == "not" else body

    def literal(self, text) -> str:
        """A why-not's literal (a string, its constants quoted) with the cast named."""
        for cast, word in self.casts.items():
            text = text.replace(f"'{cast}'", word)
        return text

    def convention_value(self, convention, value) -> str:
        """A convention's value by its label (``convention.<name>=<value>`` in the phrases), quoted
        as the language quotes, else as it is.

        >>> Words((), "ko", {"convention.zi_hour=next-day": {"ko": "다음 날"}}).convention_value("zi_hour", "next-day")
        '「다음 날」'
        """
        name = self.phrases.get(f"convention.{convention}={value}", {}).get(self.lang)
        if not name:
            return show(value)
        return f"“{name}”" if self.lang == "en" else f"「{name}」"

    def conventions(self, used) -> str:
        """The conventions a proof rests on, name=value, apart by a semicolon (a name may hold a
        comma).

        >>> Words((), "en", {"label.a": {"en": "x, y"}}).conventions([("a", "1"), ("b", "2")])
        'x, y=1; b=2'
        """
        return WORDS[self.lang]["conventions_sep"].join(f"{self.name(k)}={self.name(v, convention=k)}"
                                                         for k, v in used)


def _head(node, lang: str, sources: bool, words: Words) -> list:
    tag = f"[{KIND[lang][node.kind]}]"
    user = f" ({WORDS[lang]['user']})" if node.origin == "user" else ""
    statement = words.statement(node)
    if node.kind == "fact":
        where = WORDS[lang]["asserted"] if node.origin == "asserted" else node.where
        return [f"{tag} {statement}   {where}{user}"]
    if node.kind == "check":
        return [f"{tag} {statement} ✓"]
    if node.kind == "not":
        mine = own_rules(node)
        return [f"{tag} {statement}   {WORDS[lang]['not_derivable']}"
                + (korean(" — " + WORDS[lang]["own_rule"].format("; ".join(mine)), lang) if mine else "")]
    title = f"{node.rule.id} {node.rule.title}".strip()
    lines = [f"{tag} {statement}   ⇐ {title}   {node.where}{user}"]
    said = sentence(node, lang)
    if said and said != node.rule.title:
        lines.append(f"  “{said}”")
    if sources:
        lines += [f"  {WORDS[lang]['source']}: {cited(words.source(s), words)}" for s in node.rule.sources]
        lines += [f"  {WORDS[lang]['convention']}: {words.name(c)}" for c in node.rule.conventions]
    return lines


def own_rules(node) -> list:
    """"id title (file:line)" of every rule of one's own (origin user) a proof stands on, in the
    order met, once: its steps, and under a negation the rule of one's own that holds where the
    negation needed a condition to fail (a why-not's ``holds``), so a conclusion a user's rule
    made by blocking another is named too.

    >>> from queries.engine.proof import Failure, Proof, WhyNot
    >>> from queries.engine.terms import RuleInfo
    >>> mine = Proof("rule", "void_exempt", (), where="my-rules/kb/void.dl:7", origin="user", rule=RuleInfo("v.m", "月合不空"))
    >>> why = WhyNot("void(…)", failures=(Failure(RuleInfo("void.1"), "void.dl:1", "~void_exempt(…)", 1, 1, holds=mine),))
    >>> own_rules(Proof("rule", "false_void", (), origin="shipped", rule=RuleInfo("f.1"), children=(Proof("not", "void", (), why=why),)))
    ['v.m 月合不空 (my-rules/kb/void.dl:7)']
    """
    found, stack, seen = [], [node], set()
    while stack:
        n = stack.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        if n.kind == "rule" and n.origin == "user":
            found.append(f"{n.rule.id} {n.rule.title} ({n.where})".replace("  ", " "))
        if n.kind == "not" and n.why is not None:
            stack += [f.holds for f in reversed(n.why.failures)]
        stack += list(reversed(n.children))
    return list(dict.fromkeys(found))


def _missing_titles(node) -> list:
    """The titles of the rules a negation's why-not tried, in order (the title once)."""
    if node.why is None:
        return []
    return list(dict.fromkeys(f.rule.title or f.rule.id for f in node.why.failures))


def student_head(node, lang, n, words, sources=True) -> list:
    """A node at student level, no atom in it: a rule's sentence, then the rule and its books; a
    negation by the rules that do not give it (their titles); a fact by its phrase."""
    w = WORDS[lang]
    if node.kind == "fact":
        return [fact_phrase(node, lang, words.phrases)]
    if node.kind == "check":
        return _head(node, lang, False, words)
    if node.kind == "not":
        titles = _missing_titles(node)
        said = w["none_of"].format(w["or"].join(titles)) if titles else w["not_derivable"]
        mine = own_rules(node)
        return [said + (korean(" — " + w["own_rule"].format("; ".join(mine)), lang) if mine else "")]
    lines = [f"“{sentence(node, lang)}”   #{n}"]
    cited = ([book(words.source(s), words) for s in node.rule.sources[:1]]
             or [words.name(c) for c in node.rule.conventions[:1]]) if sources else []     # no book: the practice
    lines.append(f"  {node.rule.id} {node.rule.title}".rstrip() + "".join(f" · {c}" for c in cited))
    return lines


def chart_facts(node, lang, ids, phrases=None) -> list:
    """The folded premises of a node as one line: a given rule's sentence (with its number to
    expand), a fact of the cast (an asserted one) by its phrase; table rows, comparisons and
    conventions left out (the conventions end the proof)."""
    items = []
    for child in node.children:
        if child.kind == "rule" and not given(child) or child.kind in ("check", "not") or \
                child.kind == "fact" and (child.origin != "asserted" or child.pred == "convention"):
            continue
        if child.kind == "rule":
            items.append(f"{sentence(child, lang)} #{ids[child]}")
        else:
            items.append(fact_phrase(child, lang, phrases))
    return list(dict.fromkeys(items))


def fact_phrase(node, lang, phrases=None) -> str:
    """A fact as the account and the student level say it: its phrase when ``phrases`` (from
    facts/connective.tsv, ``fact.<pred>``) has one, its values by their names (``label.<value>``),
    else its statement."""
    words = Words((node,), lang, phrases)
    template = words.phrases.get(f"fact.{node.pred}", {}).get(lang)
    if not template:
        return words.statement(node)
    return korean(template.format(*(words.name(a) for a in node.args)), lang)


def text(proof, lang: str = "en", depth: int | None = None, sources: bool = True, level: str = "full",
         numbers: dict | None = None, phrases: dict | None = None) -> str:
    """An indented tree with box-drawing characters, one node a line (plus its sentence).

    At ``level="student"`` what a student takes as given (``given``) folds into one line of
    chart facts under the step that rests on it, each folded rule with the number that expands
    it, a negation names the rules that do not give its atom, and no atom prints: a step says
    its sentence (the conventions are the chart's header's). ``numbers`` (``number`` of an
    enclosing proof) keeps the numbers of a sub-proof shown on its own. ``phrases`` (as for
    ``fact_phrase``) names the values, the conventions of the last line among them; the cast
    reads in the language (``Words``)."""
    lang, level = _lang(lang), _check_level(level)
    if proof is None:
        return WORDS[lang]["no_proof"]
    ids, shown, out = numbers or number(proof), set(), []
    words = Words(ids, lang, phrases)
    _tree(proof, lang, depth, sources, level, ids, shown, out, words)
    used = conventions_used(proof)
    if used and level == "full":
        out.append(f"{WORDS[lang]['convention']}: " + words.conventions(used))
    return "\n".join(out)


def _tree(proof, lang, depth, sources, level, ids, shown, out, words):
    student = level == "student"

    def walk(node, lead, tail, height):
        first, rest = (lead + ("└─ " if tail else "├─ "), lead + ("   " if tail else "│  ")) \
            if height else ("", "")
        n = ids[node]
        said = f"“{sentence(node, lang)}”" if student and node.kind == "rule" else words.statement(node)
        if node.kind == "rule" and node in shown:
            out.append(f"{first}… {said}   ({WORDS[lang]['see']} #{n})")
            return
        if node.kind == "rule" and depth is not None and height >= depth and node.children:
            out.append(f"{first}… {said}   ({WORDS[lang]['expand']} #{n})")
            return
        shown.add(node)
        children = [c for c in node.children if not (student and given(c))]
        if student:
            head = student_head(node, lang, n, words, sources)
            facts = chart_facts(node, lang, ids, words.phrases) if node.kind == "rule" else []
            if facts:
                head.append(f"  {WORDS[lang]['chart_facts']}: " + " · ".join(facts))
        else:
            head = _head(node, lang, sources, words)
            head[0] += f"   #{n}" if node.kind == "rule" else ""
        out.append(first + head[0])
        bar = rest + ("│  " if children else "   ")
        out.extend(bar + line.strip() for line in head[1:])
        if node.why is not None and not student:
            lines = _why_lines(node.why, lang, "full", ids, shown, words)[1:]
            out.extend(f"{rest}   ┆ {line}" for line in lines)
        for i, child in enumerate(children):
            walk(child, rest, i == len(children) - 1, height + 1)

    walk(proof, "", True, 0)


def conventions_used(proof) -> list:
    """(name, value) of every fact the proof rests on that states a convention's choice, sorted
    (the knowledge base marks them: see ``Options.conventions``)."""
    return sorted({n.convention for n in proof.nodes() if n.kind == "fact" and n.convention})


def sentences(proof, lang: str = "en") -> str:
    """The proof as numbered sentences, conclusions last (for students)."""
    lang = _lang(lang)
    steps, seen = [], set()

    def walk(node):
        if node in seen:
            return
        seen.add(node)
        for child in node.children:
            walk(child)
        if node.kind == "rule":
            steps.append(f"{sentence(node, lang)}  [{node.rule.id}: {', '.join(node.rule.sources) or ', '.join(node.rule.conventions)}]")

    walk(proof)
    return "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))


# ---- the account ---------------------------------------------------------------------------

ACCOUNT_MAX = 8


def decisive(proof) -> list:
    """(node, depth) of the decisive steps: the conclusion, then breadth first the steps a
    student is not taking as given (``given``) that it rests on, two levels down; negations
    among them too. Table rows, comparisons and @given rules are never decisive."""
    steps, seen, frontier = [(proof, 0)], {proof}, [proof]
    for height in (1, 2):
        following = []
        for node in frontier:
            for child in node.children:
                if child.kind in ("rule", "not") and not given(child) and child not in seen:
                    seen.add(child)
                    steps.append((child, height))
                    if child.kind == "rule":
                        following.append(child)
        frontier = following
    return steps


def account(proof, lang: str = "en", connectives: dict | None = None) -> list:
    """Three to eight sentences in the reader's language that say what the proof decided and why,
    built from the proof: the conclusion's @says sentence, the decisive steps under it
    (``decisive``) joined by the connectives of facts/connective.tsv (``connectives``: word ->
    {lang: template}), each with the book line it rests on, the rules a decisive negation found
    no way through, and the chart's facts the decisive steps read (asserted facts)."""
    lang = _lang(lang)
    if proof is None:
        return [WORDS[lang]["no_proof"]]
    words = {k: v.get(lang) or v.get("en", "{0}") for k, v in (connectives or {}).items()}
    say = lambda word, *args: words.get(word, DEFAULT_CONNECTIVES[word]).format(*args)
    join = lambda word, items: reduce(lambda a, b: say(word, a, b), items)
    named = Words((), lang, connectives)
    cited = lambda node: say("book", sentence(node, lang), book(named.source(node.rule.sources[0]), named)) if node.rule.sources \
        else sentence(node, lang)
    steps = decisive(proof)
    out = [say("end", cited(proof)) if proof.kind == "rule" else
           say("end", fact_phrase(proof, lang, connectives))]
    reasons, missing, chart = [], [], []
    for node, height in steps[1:]:
        if node.kind == "rule":
            reasons.append(cited(node))
        else:
            titles = _missing_titles(node)
            if titles:
                missing.append(say("but", say("none_of", join("or", titles))))
    for node, _ in steps:
        for child in node.children:
            if child.kind == "fact" and child.origin == "asserted" and f"fact.{child.pred}" in words:
                chart.append(fact_phrase(child, lang, connectives))
    room = ACCOUNT_MAX - len(out) - len(missing[:2]) - (1 if chart else 0)
    out += [say("because" if i == 0 else "and", r) for i, r in enumerate(reasons[:max(room, 1)])]
    out += missing[:2]
    mine = own_rules(proof)
    if mine:
        out = out[:ACCOUNT_MAX - 1 - (1 if chart else 0)] + [say("own", join("list", mine))]
    if chart:
        out.append(say("chart", join("list", list(dict.fromkeys(chart)))))
    return [korean(said, lang) for said in out[:ACCOUNT_MAX]]


DEFAULT_CONNECTIVES = {"because": "That is because {0}.", "and": "And {0}.", "but": "But {0}.",
                       "none_of": "none of {0} holds", "or": "{0} or {1}", "list": "{0}, {1}",
                       "chart": "On this chart: {0}.", "book": "{0} ({1})", "end": "{0}.",
                       "own": "This passes through your own rule {0}."}


# ---- as data -------------------------------------------------------------------------------

def _value(v):
    return {"var": v.name} if isinstance(v, Var) else v


_SOURCE = re.compile(r"\s*(\S+?\.txt):(\d+)\s*(.*)$")
_NOTE = re.compile(r"\s*\(([^()]*[A-Za-z][^()]*)\)\s*$")


def source_parts(text: str) -> dict:
    """A rule's ``# source:`` line as data: {source, quote} and a ``note`` when the line ends with
    one in parentheses; ``source`` is the book line's ``file:line`` (the text as written, and an
    empty quote, for a source that names no book line).

    >>> source_parts("000_0a.txt:3  父動當頭克子孫 (the first strike)")
    {'source': '000_0a.txt:3', 'quote': '父動當頭克子孫', 'note': 'the first strike'}
    >>> source_parts("Huang Jinji, oral tradition")
    {'source': 'Huang Jinji, oral tradition', 'quote': ''}
    """
    m = _SOURCE.match(text)
    if m is None:
        return {"source": text.strip(), "quote": ""}
    quote = m.group(3).strip()
    item = {"source": f"{m.group(1)}:{int(m.group(2))}", "quote": quote}
    note = _NOTE.search(quote)
    if note:
        item["quote"], item["note"] = quote[:note.start()].strip(), note.group(1)
    return item


class Shared:
    """The numbering of one JSON document and its table of rules: every proof written through it
    shares its sub-proofs by reference (``{"ref": id}``) with every proof written before, why-nots
    included, and names its rules by id in ``rules`` (``rule_table``), which the document writes
    once."""

    def __init__(self):
        self.ids, self.rules = {}, {}

    def rule(self, info, where, origin=None) -> str:
        """The rule's id, its entry kept for the table (``origin`` from its first proof node)."""
        known = self.rules.get(info.id)
        if known is None or known[2] is None:
            self.rules[info.id] = (info, where, origin)
        return info.id

    def rule_table(self, words: "Words | None" = None) -> dict:
        """rule id -> {title, where, origin, sources, conventions} of every rule the document
        names, by id; a source as ``source_parts`` reads it, its note said in ``words``' language."""
        return {k: {"title": info.title, "where": where, "origin": origin,
                    "sources": [_noted(source_parts(s), words) for s in info.sources],
                    "conventions": list(info.conventions)}
                for k, (info, where, origin) in sorted(self.rules.items())}


def _noted(parts: dict, words: "Words | None") -> dict:
    """``source_parts`` with its note said in ``words``' language and its ``place`` where ``words``
    names one (``Words.place``)."""
    if words is None:
        return parts
    place = words.place(parts["source"])
    return {**parts, **({"note": words.note(parts["note"])} if "note" in parts else {}),
            **({"place": place} if place else {})}


def to_data(proof, lang: str = "en", shared: Shared | None = None) -> dict:
    """The proof as JSON-ready data (schema: docs/proof-json.md); through ``shared`` it refers
    to the sub-proofs of the proofs written through it before, and the document that owns
    ``shared`` writes its ``rule_table``; without it the proof is the document, and its root
    carries the table (``rules``).

    >>> from queries.engine.proof import Proof
    >>> from queries.engine.terms import RuleInfo
    >>> fact = Proof("fact", "edge", ("a", "b"), where="edge.tsv:2", origin="shipped")
    >>> rule = Proof("rule", "path", ("a", "b"), where="path.dl:1", origin="shipped", rule=RuleInfo("path.1"),
    ...              bindings=(("X", "a"), ("Y", "b")), children=(fact,))
    >>> data = to_data(rule)
    >>> data["rule"], list(data["rules"]), data["children"][0]["where"]
    ('path.1', ['path.1'], 'edge.tsv:2')
    """
    own = shared is None
    shared = shared or Shared()
    ids = shared.ids

    def node(p):
        n = ids.get(p)
        if n is not None:
            return {"ref": n}
        n = ids[p] = len(ids) + 1
        data = {"id": n, "kind": p.kind}
        if p.kind == "check":
            data["statement"] = p.statement
        else:
            data["pred"], data["args"] = p.pred, [_value(a) for a in p.args]
        if p.kind == "fact" and p.where:
            data["where"], data["origin"] = p.where, p.origin
        if p.kind == "rule":
            data["rule"] = shared.rule(p.rule, p.where, p.origin)
            data["bindings"] = {k: v for k, v in p.bindings}
            data["sentence"] = sentence(p, lang)
        if p.why is not None:
            data["why_not"] = _why_data(p.why, lang, node, shared)
        data["children"] = [node(c) for c in p.children]
        return data

    data = node(proof)
    data["conventions"] = dict(conventions_used(proof))
    if own:
        data["rules"] = shared.rule_table()
    return data


def to_json(proof, lang: str = "en") -> str:
    return json.dumps(to_data(proof, lang), ensure_ascii=False, separators=(",", ":"))


def _dot_label(s):
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def to_dot(proof, lang: str = "en") -> str:
    """A Graphviz digraph; a sub-proof used twice is one node with two incoming edges."""
    ids = number(proof)
    lines = ["digraph proof {", '  rankdir=BT; node [shape=box, fontname="Noto Sans CJK SC"];']
    for node, n in sorted(ids.items(), key=lambda item: item[1]):
        label = node.statement
        if node.kind == "rule":
            label += f"\n{node.rule.id} {node.rule.title}\n{node.where}"
        elif node.kind == "fact":
            label += f"\n{node.where}"
        shape = {"rule": "box", "fact": "note", "not": "octagon", "check": "ellipse"}[node.kind]
        lines.append(f'  n{n} [shape={shape}, label="{_dot_label(label)}"];')
    edges = sorted({(ids[c], n) for node, n in ids.items() for c in node.children})
    lines += [f"  n{a} -> n{b};" for a, b in edges]
    lines.append("}")
    return "\n".join(lines)


# ---- why not -------------------------------------------------------------------------------

def _values(values) -> str:
    return ", ".join(show(v) for v in values)


_CONVENTION = re.compile(r"convention\('[^']*', '([^']+)', '[^']*'\)")


def failure_parts(f, lang: str = "en", words: "Words | None" = None) -> tuple:
    """(rule, file:line, what it lacks) of one rule of a why-not: its first failing literal with
    the chart's value, or, when its body holds, for which values it holds. A convention's
    values are named by their labels when ``words`` has them (``Words.convention_value``)."""
    w = WORDS[_lang(lang)]
    title = f"{f.rule.id} {f.rule.title}".strip()
    if not f.literal:
        found = "; ".join(f"{k} = {_values(vals)}" for k, vals in f.holds_for)
        return title, f.where, w["holds_for"].format(found) if found else w["rule_holds"]
    line = _continued(f, w, words, f"{f.literal} {w['fails']}")
    tried = "; ".join(f"{k} ∈ {{{_values(vals)}}}" for k, vals in f.tried)
    return title, f.where, korean(line, lang) + (f"  [{w['tried']} {tried}]" if tried else "")


_COMPARISON = re.compile(r"^\((.+?) (not in|in|==|!=|<=|>=|<|>) (.+)\)$")
_SAID_OP = {"in": "say.in", "not in": "say.not_in", "==": "say.eq", "!=": "say.ne"}


def _plain(text) -> str:
    """A literal's value as a student reads it: '旺' as 旺, ('旺', '相') as 旺·相."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        return "·".join(_plain(part) for part in text[1:-1].split(",") if part.strip())
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] == "'" else text


def said_literal(f, lang: str = "en", words: "Words | None" = None) -> str:
    """What a rule lacks as a student reads it, no atom in it (the student level of a why-not):
    a comparison said in words (死은 旺·相 가운데 하나가 아니다), a negation by the sentence of
    what holds against it, a derived condition by the titles of its rules, then the chart's
    value; a condition of a table by what the table holds and the values it lacks (``_no_row``),
    else as it is written.

    >>> from queries.engine.proof import Failure
    >>> from queries.engine.terms import RuleInfo
    >>> said_literal(Failure(RuleInfo("r.1"), "a.dl:1", "('死' in ('旺', '相'))", 0, 0), "ko")
    '死는 旺·相 가운데 하나가 아니다'
    """
    w = WORDS[_lang(lang)]
    found = _COMPARISON.match(f.literal)
    if found:
        left, op, right = found.groups()
        key = _SAID_OP.get(op, "say.compare")
        return korean(w[key].format(_plain(left), _plain(right), op=op), lang)
    if f.literal.startswith("~") and f.holds is not None:
        said = w["say.holds"].format(sentence(f.holds, lang) if f.holds.kind == "rule" else f.literal[1:])
    elif f.sub is not None and f.sub.failures:
        said = w["say.lacks"].format("·".join(dict.fromkeys(x.rule.title or x.rule.id for x in f.sub.failures)))
    else:
        said = _no_row(f.literal, w, words) or f"{f.literal} {w['fails']}"
    if f.actual and words is not None and _CONVENTION.fullmatch(f.literal):
        said = w["say.convention"]
    return korean(_continued(f, w, words, said), lang)


_ROW = re.compile(r"(\w+)\((.*)\)")


def _no_row(literal, w, words):
    """A table's condition said by what the table holds (``table.<pred>`` in the phrases) and
    the values it lacks, an open one as any; None for what is not a table's.

    >>> words = Words((), "ko", {"table.branch_order": {"ko": "열두 지지의 차례"}})
    >>> _no_row("branch_order('丑', 6)", WORDS["ko"], words), _no_row("walk(X)", WORDS["ko"], words)
    ('「열두 지지의 차례」에 丑·6인 행이 없다', None)
    """
    row = _ROW.fullmatch(literal)
    held = row and words is not None and words.phrases.get(f"table.{row.group(1)}", {}).get(words.lang)
    if not held:
        return None
    values = [v.strip() for v in row.group(2).split(",")]
    shown = [v.strip("'") if v.startswith("'") or not (v[:1].isalpha() or v[:1] == "_") else w["say.any"]
             for v in values]
    return w["say.no_row"].format(held, w["or"].join(shown))


def _continued(f, w, words, said) -> str:
    """What a failing literal lacks, continued: the chart's value (a convention's by its
    labels) and the rule of one's own that holds against it."""
    if f.actual:
        wanted, found = f.actual
        convention = _CONVENTION.fullmatch(f.literal)
        if convention and words is not None:
            name = convention.group(1)
            wanted, found = words.convention_value(name, wanted), [words.convention_value(name, v) for v in found]
        said += " — " + w["actual"].format(found=_values(found), wanted=show(wanted))
    mine = own_rules(f.holds) if f.holds is not None else []
    if mine:
        said += " — " + w["own_rule_holds"].format("; ".join(mine))
    return said


def failure_line(f, lang: str = "en", words: "Words | None" = None) -> str:
    """``failure_parts`` as one line: ``rule (file:line): what it lacks``."""
    title, where, lacks = failure_parts(f, lang, words)
    return f"{title} ({where}): {lacks}"


def why_not_text(why, lang: str = "en", level: str = "full", numbers: dict | None = None,
                 shown: set | None = None, phrases: dict | None = None) -> str:
    """Why a goal has no answer: per rule, the condition that failed with the chart's actual
    value, the proofs it stood on (numbered as in ``number``), nested for derived literals. At
    student level the proofs it stood on are left out."""
    lang, level = _lang(lang), _check_level(level)
    shown = set() if shown is None else shown
    ids = numbers or number(why)
    return "\n".join(_why_lines(why, lang, level, ids, shown, Words(ids, lang, phrases)))


def _why_lines(why, lang, level, ids, shown, words) -> list:
    w = WORDS[lang]
    out = []

    def proof_lines(proof, pad, depth):
        lines = []
        _tree(proof, lang, depth, False, "full", ids, shown, lines, words)
        return [f"{pad}{line}" for line in lines]

    def goal(node, indent):
        """The goal a why-not is of; at student level a nested one by its rules' titles."""
        if level == "student" and indent and node.failures:
            return korean(w["say.goal"].format("·".join(dict.fromkeys(f.rule.title or f.rule.id for f in node.failures))),
                          lang)
        return words.literal(node.goal)

    def walk(node, indent):
        pad = "   " * indent
        if node.seen:
            out.append(f"{pad}✗ {goal(node, indent)}   ({w['above']})")
            return
        out.append(f"{pad}✗ {goal(node, indent)}")
        if node.table and not node.failures:
            out.append(f"{pad}   · {w['no_rows'] if node.table != 'no rows' else w['no_rule']} "
                       f"{node.table if node.table != 'no rows' else ''}".rstrip())
        for f in node.failures:
            if level == "student":
                title = f"{f.rule.id} {f.rule.title}".strip()
                lacks = said_literal(f, lang, words) if f.literal else failure_parts(f, lang, words)[2]
                out.append(f"{pad}   · {title}: {words.literal(lacks)}")
            else:
                out.append(f"{pad}   · {words.literal(failure_line(f, lang, words))}")
            if level == "full":
                for proof in f.because:
                    out.append(f"{pad}      {w['because']}")
                    out.extend(proof_lines(proof, pad + "      ", 1))
                if f.holds is not None:
                    out.append(f"{pad}      {w['holds']}")
                    out.extend(proof_lines(f.holds, pad + "      ", 2))
            if f.sub is not None:
                walk(f.sub, indent + 2)

    walk(why, 0)
    return out


def _why_data(why, lang, write, shared):
    if why.seen:
        return {"goal": why.goal, "seen": True}
    return {"goal": why.goal, "table": why.table or None, "failures": [
        {"rule": shared.rule(f.rule, f.where), "literal": f.literal, "satisfied": f.satisfied, "ways": f.ways,
         "tried": {k: list(v) for k, v in f.tried},
         "actual": {"wanted": f.actual[0], "found": list(f.actual[1])} if f.actual else None,
         "holds_for": {k: list(v) for k, v in f.holds_for},
         "holds": write(f.holds) if f.holds is not None else None,
         "because": [write(p) for p in f.because],
         "sub": _why_data(f.sub, lang, write, shared) if f.sub is not None else None}
        for f in why.failures]}


def why_not_data(why, lang: str = "en", shared: Shared | None = None) -> dict:
    """A why-not as JSON-ready data (docs/proof-json.md); its proofs share sub-proofs by
    reference, through ``shared`` with the proofs written before; without ``shared`` it is the
    document and carries the table of the rules it names (``rules``)."""
    own = shared is None
    shared = shared or Shared()
    data = _why_data(why, lang, lambda proof: _strip(to_data(proof, lang, shared)), shared)
    if own:
        data["rules"] = shared.rule_table()
    return data


def _strip(data):
    """A proof inside a why-not carries no conventions of its own (its root's are the document's)."""
    data.pop("conventions", None)
    return data
