"""The glossary: a classical term's definition in the reader's language, the book lines that
define it (with the seed's text, when the seeds are beside the checkout), the rules that derive
it and, on a cast, whether it holds there (facts/glossary.tsv, facts/term_label.tsv, star.tsv).

A term is found by its hanzi, its Korean or its English name (月破, 월파, month-broken).

>>> from queries import KnowledgeBase
>>> kb = KnowledgeBase()
>>> entry = lookup(kb, "월파")
>>> entry["term"], entry["names"]["en"], entry["predicates"]
('月破', 'month-broken', ['month_break'])
>>> entry["sources"][0]["where"], entry["rules"][0]["id"]
('000_122810513125a851.txt:79, 81', 'month_break.1')
>>> lookup(kb, "月坡")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.errors.UserError: no glossary term '月坡'; close: 月破, 日破 (liuyao explain TERM: hanzi, Hangul or English)
"""
from __future__ import annotations

import difflib
import re

from .labels import WORDS, check_lang, label
from .messages import error

SHOWN = 160                 # characters of a seed line shown beside its reference
NAMED = " (named, not defined)"    # the note of a defining quote that only names its term (glossary.tsv)
_HANGUL = re.compile(r"^([\uac00-\ud7a3]+)\(")
_SEED_KOREAN = re.compile(r"[\uac00-\ud7a3]")
_ENDS = ("。", "；", ". ", "? ", "! ")          # where a sentence of a seed line ends


def names(kb) -> dict:
    """glossary term -> {lang: name}: its term_label row (by the term or its Chinese name), a
    star's reading, else the Korean name that opens its Korean definition."""
    labels = {}
    for term, ko, zh, en in kb.match("term_label", None, None, None, None):
        labels.setdefault(term, {"ko": ko, "zh": zh, "en": en})
        labels.setdefault(zh, {"ko": ko, "zh": zh, "en": en})
    stars = {star: {"ko": ko, "zh": star, "en": en} for star, ko, en, *_ in kb.match("star", *[None] * 6)}
    names = {}
    for term, ko, _zh, _en, _defined, _sources, _preds in kb.match("glossary", *[None] * 7):
        opening = _HANGUL.match(ko)
        names[term] = labels.get(term) or stars.get(term) or {"ko": opening.group(1) if opening else term,
                                                               "zh": term, "en": term}
    return names


def _index(names) -> dict:
    """Every way of writing a term (hanzi, Hangul, English, case-folded) -> the terms so written
    (a Korean reading may be two terms': 수 is 囚 and 水)."""
    index = {}
    for term, by_lang in sorted(names.items()):
        for written in dict.fromkeys((term, *by_lang.values())):
            index.setdefault(written.casefold(), []).append(term)
    return {written: terms if written not in names else [written] for written, terms in index.items()}


def find(kb, word: str) -> str:
    """The glossary term written ``word`` (hanzi, Hangul or English), else a UserError naming
    the close ones, or the terms a reading names.

    >>> from queries import KnowledgeBase
    >>> find(KnowledgeBase(), "수")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    queries.errors.UserError: '수' names 囚, 水: write the hanzi
    """
    index = _index(names(kb))
    found = index.get(str(word).strip().casefold())
    if found is not None and len(found) == 1:
        return found[0]
    if found:
        raise error("glossary.ambiguous", word=word, terms=", ".join(found))
    close = difflib.get_close_matches(str(word).casefold(), list(index), n=5, cutoff=0.4)
    near = list(dict.fromkeys(term for c in close for term in index[c]))
    raise error("glossary.unknown", word=word, hint=("glossary.close", {"terms": ", ".join(near)}) if near else "")


def _seed_text(kb, name: str, n: int, words=()) -> dict:
    """A seed's line N and the line two below it (its Korean twin for a Chinese line), from the
    shipped books (``queries.books``): of a line that says one of ``words`` (the term, its Korean
    name), the sentence that says it."""
    from . import books
    lines = books.lines_of(name)
    text = {"zh": lines[n]} if n in lines else {}
    if n + 2 in lines:
        text["ko"] = lines[n + 2]
    text = {lang: _sentence(t, words) for lang, t in text.items()}
    return {lang: t if len(t) <= SHOWN else t[:SHOWN] + "…" for lang, t in text.items() if t}


def _sentence(text: str, words) -> str:
    """The sentence of a line that says the first of ``words`` it says (… where it is cut), else the line.

    >>> _sentence("世爻旺相最為強。旬空月破達非吉。克害刑沖遇不良。", ["月破"])
    '…旬空月破達非吉。…'
    """
    at = min((text.find(w) for w in words if w and w in text), default=-1)
    if at < 0:
        return text
    start = max(text.rfind(mark, 0, at) for mark in _ENDS) + 1
    ends = [e for e in (text.find(mark, at) for mark in _ENDS) if e >= 0]
    end = min(ends) + 1 if ends else len(text)
    said = text[start:end].strip()
    return ("…" if start > 0 else "") + said + ("…" if end < len(text) else "")


def _korean_line(kb, name, n) -> bool:
    return bool(_SEED_KOREAN.search(_seed_text(kb, name, n).get("zh", "")))


def _sources(kb, sources: str, words=()) -> list:
    """The sources of a glossary row, a Chinese seed line and its Korean twin (N+2) as one,
    each with the seed's text (the sentence that says one of ``words``); a convention as it is."""
    cited = [s for s in sources.split(",") if s]
    out = []
    for where in cited:
        name, _, number = where.partition(":")
        if not (name.endswith(".txt") and number.isdigit()):
            out.append({"where": where, "text": {}})
            continue
        n = int(number)
        if f"{name}:{n - 2}" in cited and not _korean_line(kb, name, n - 2):
            continue                                 # the Korean twin of the line before
        text = _seed_text(kb, name, n, words)
        if _korean_line(kb, name, n):                # a Korean line cited alone
            text, twin = {"ko": text["zh"]}, ""
        else:
            twin = f", {n + 2}" if f"{name}:{n + 2}" in cited else ""
        out.append({"where": where + twin, "text": text})
    return out


def _defined(defined: str) -> dict:
    """The line that defines a term: {source, quote, place {lang}, names} (``names``: the line only
    names the term, the seeds defining it nowhere, as glossary.tsv notes it), or {convention}."""
    from . import books
    if defined.startswith("convention:"):
        return {"convention": defined.partition(":")[2]}
    source, _, quote = defined.partition("  ")
    named = quote.endswith(NAMED)
    return {"source": source, "quote": quote.removesuffix(NAMED).strip(),
            "place": {lang: books.place(source, lang) for lang in books.LANGS}, "names": named}


def _per_cast(kb, pred) -> bool:
    """Whether a predicate is asked of a cast: its clauses' first argument is the cast C."""
    rules = kb.rules_for(pred)
    return bool(rules) and all(r.head.args and getattr(r.head.args[0], "name", None) == "C" for r in rules)


def _takes(kb, pred, term) -> bool:
    """Whether the knowledge writes the term as an argument of the predicate somewhere
    (line_relative(C, P, '父母')): then only its answers with the term are the term's."""
    return any(lit.pred == pred and any(getattr(a, "value", None) == term for a in lit.args)
               for r in kb.program.rules for lit in (r.head, *r.body) if hasattr(lit, "args"))


def _holds(kb, pred, cast_id, arity) -> list:
    from .engine import Atom, Const, Var
    goal = Atom(pred, (Const(cast_id),) + tuple(Var(f"A{i}") for i in range(1, arity)))
    return [list(row) for row in kb.ask((goal,))]


def lookup(kb, word: str, cast_id=None) -> dict:
    """A glossary entry as plain data: term, names {lang}, definition {lang}, sources (each
    where, with the seed's text {lang} when known), predicates, rules (id, title, where) and,
    with a cast, holds: for each predicate asked of a cast, its answers there (rows without C).
    Of a predicate only some of whose rules name the term in their title (use_reason: 入墓), the
    rules are those of the term, and the answers those with the term (none shown without it);
    of a predicate the knowledge writes with the term as a constant, the answers with the term."""
    term = find(kb, word)
    _, ko, zh, en, defined, sources, predicates = kb.match("glossary", term, *[None] * 6)[0]
    preds = [p for p in predicates.split(",") if p]
    rules, narrowed = [], set()
    for p in preds:
        of = [r for r in kb.rules_for(p) if not r.info.view]
        titled = [r for r in of if term in r.info.title]
        if titled and len(titled) < len(of):
            of, narrowed = titled, narrowed | {p}
        rules += [{"id": r.info.id, "title": r.info.title, "where": r.where} for r in of]
    entry = {"term": term, "names": names(kb)[term], "definition": {"ko": ko, "zh": zh, "en": en},
             "defined": _defined(defined), "sources": _sources(kb, sources, (term, names(kb)[term].get("ko"))), "predicates": preds,
             "rules": rules}
    if cast_id is not None:
        entry["holds"] = {}
        for p in filter(lambda p: _per_cast(kb, p), preds):
            found = _holds(kb, p, cast_id, kb.program.arity(p))
            mine = [row for row in found if term in row]
            if p in narrowed and not mine:
                continue                             # its answers do not say which rule gave them
            entry["holds"][p] = mine if mine or _takes(kb, p, term) else found
    return entry


_PLACES = {"line": "line", "hidden": "hidden_under", "changed": "changed_of"}


def row_words(row, lang, vocabulary) -> str:
    """An answer without its cast in words: a place and a line number as the chart says them
    (line 3, hidden under line 2), other values by their names; an empty row: it holds."""
    words = WORDS[lang]
    if not row:
        return words["rule_holds"]
    if len(row) >= 2 and row[0] in _PLACES and isinstance(row[1], int):
        place = words[_PLACES[row[0]]].format(words.get(f"number.{row[1]}", row[1]) if lang == "zh" else row[1])
        return " ".join([place, *(label(v, lang, vocabulary) for v in row[2:])])
    return " ".join(label(v, lang, vocabulary) for v in row)


def where_said(where: str, lang: str, vocabulary: dict) -> str:
    """A source of an entry as a reader reads it: a book line by its book and place (卜筮正宗·空亡 139,
    139 and 141 as 139, 141), a convention by its name."""
    from . import books
    words = WORDS[check_lang(lang)]
    if where.startswith("convention:"):
        return f"{words['glossary_convention']} {label(where.partition(':')[2], lang, vocabulary)}"
    first, _, twin = where.partition(", ")
    return books.place(first, lang) + (f", {twin}" if twin else "")


def defined_text(defined: dict, lang: str, vocabulary: dict) -> str:
    """The line that defines a term (or names it, or the convention that fixes it), in a sentence."""
    words = WORDS[check_lang(lang)]
    if "convention" in defined:
        return f"{words['glossary_defined']}: {words['glossary_convention']} {label(defined['convention'], lang, vocabulary)}"
    key = "glossary_named" if defined.get("names") else "glossary_defined"
    return f"{words[key]}: {defined['place'][lang]} 「{defined['quote']}」"


def text(entry: dict, lang: str, vocabulary: dict) -> str:
    """A glossary entry as a reader reads it: the term and its name, the definition, the book
    lines with their text, the rules, and on a cast where the term holds.

    >>> from queries import KnowledgeBase
    >>> from queries.labels import vocabulary
    >>> kb = KnowledgeBase()
    >>> print(text(lookup(kb, "month-broken"), "en", vocabulary(kb)).splitlines()[0])
    月破 — month-broken
    """
    words = WORDS[check_lang(lang)]
    name = entry["names"].get(lang, entry["term"])
    out = [f"{entry['term']} — {name}" if name != entry["term"] else entry["term"], "",
           entry["definition"][lang], ""]
    if entry.get("defined"):
        out += [f"{defined_text(entry['defined'], lang, vocabulary)}", ""]
    out.append(words["glossary_sources"])
    for source in entry["sources"]:
        seed = source["text"]
        said = [seed[k] for k in (("ko", "zh") if lang == "ko" else ("zh",)) if k in seed]
        out.append(f"  {where_said(source['where'], lang, vocabulary)}" + "".join(f"\n      {line}" for line in said))
    if entry["rules"]:
        out += ["", words["glossary_rules"]]
        out += [f"  {r['id']}  {r['title']}  ({r['where']})" for r in entry["rules"]]
    if "holds" in entry:
        out += ["", words["glossary_on_cast"]]
        for pred, rows in entry["holds"].items():
            found = "; ".join(row_words(row, lang, vocabulary) for row in rows)
            out.append(f"  {pred}: {found or words['glossary_nowhere']}")
    return "\n".join(out)
