"""The glossary on the page: which values the chart shows are glossary terms
(``facts/glossary.tsv``), and a term's box as ``liuyao explain`` prints it: the term and its
name, its definition, the book lines with their text, the rules that derive it and, on the
current cast, where it holds; all in the page's language.

>>> "月破" in terms(), "妻財" in terms(), "787889" in terms()
(True, True, False)
>>> html = linked("정효인 3효는 일파(日破)이다", "values=787889", {"glossary_link": "용어 풀이: {}"})
>>> html.startswith("정효인 3효는 일파(<a class='term-word' href='/term?values=787889&amp;term=%E6%97%A5%E7%A0%B4'")
True
>>> re.sub("<[^>]*>", "", html)
'정효인 3효는 일파(日破)이다'
"""
from __future__ import annotations

import functools
import re
from html import escape
from urllib.parse import quote

from ..engine.tables import read_table
from ..glossary import defined_text, row_words, where_said
from ..knowledge import shipped_dir
from ..labels import label


@functools.cache
def terms() -> frozenset:
    """The glossary's terms (hanzi), the values of the chart that get a glossary link."""
    return frozenset(row.values[0] for row in read_table(shipped_dir() / "facts" / "glossary.tsv").rows)


def names_in(vocabulary: dict, lang: str) -> tuple:
    """(name, term) of the glossary's terms a Korean text names by their Hangul names (처재,
    and 처재(妻財) as one), longest first; none in the other languages, which name a term by
    its hanzi (the term itself).

    >>> names_in({"terms": {"妻財": {"ko": "처재"}, "世": {"ko": "세"}}}, "ko")
    (('처재(妻財)', '妻財'), ('처재', '妻財'))
    """
    if lang != "ko":
        return ()
    found = [(n["ko"], t) for t, n in vocabulary["terms"].items() if t in terms() and len(n.get("ko") or "") >= 2]
    return tuple(sorted([(f"{name}({term})", term) for name, term in found] + found, key=lambda p: (-len(p[0]), p)))


@functools.lru_cache(maxsize=8)
def _pattern(names: tuple):
    words = {**{t: t for t in terms() if len(t) > 1}, **dict(names)}
    return words, re.compile("|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))))


def linked(text: str, query: str, words: dict, names: tuple = ()) -> str:
    """Escaped text with each glossary term it names (by its hanzi, two or more: a single
    character such as 沖 is too often part of other words; or by a name of ``names``) a link
    to the term's box (``/term``, the cast in ``query``; with htmx, into ``#term-box``).
    The text reads as before."""
    known, pattern = _pattern(names)

    def link(found):
        said, term = found.group(0), known[found.group(0)]
        href = escape(f"/term?{query}&term={quote(term)}")
        title = escape(words["glossary_link"].format(term))
        return (f"<a class='term-word' href='{href}' hx-get='{href}' hx-target='#term-box' data-term='{term}' "
                f"title='{title}'>{said}</a>")
    return pattern.sub(link, text)


def linked_html(html: str, query: str, words: dict, names: tuple = ()) -> str:
    """A proof's HTML with the terms of its steps' sentences linked (``linked``)."""
    return re.sub(r"(<b class='statement'>)([^<]*)(</b>)",
                  lambda m: m.group(1) + linked(m.group(2), query, words, names) + m.group(3), html)


def _seed_text(source, lang) -> list:
    seed = source["text"]
    return [seed[k] for k in (("ko", "zh") if lang == "ko" else ("zh",)) if k in seed]


def box_html(entry: dict, lang: str, vocabulary: dict, words: dict, after: str = "") -> str:
    """A glossary entry (``Session.glossary``) as the page's box (``after``: HTML at its end).

    >>> from queries.labels import WORDS
    >>> entry = {"term": "月破", "names": {"ko": "월파"}, "definition": {"ko": "월건이 효를 충한다"},
    ...          "sources": [], "predicates": ["month_break"], "rules": [], "holds": {"month_break": []}}
    >>> html = box_html(entry, "ko", {}, WORDS["ko"])
    >>> "월파" in html and "성립하는 곳이 없다" in html
    True
    """
    name = entry["names"].get(lang, entry["term"])
    title = f"{entry['term']} — {name}" if name != entry["term"] else entry["term"]
    out = [f"<section class='glossary' id='glossary' aria-label='{escape(title)}'><h3>{escape(title)}</h3>",
           f"<p class='definition'>{escape(entry['definition'][lang])}</p>"]
    if entry.get("defined"):
        out.append(f"<p class='defined'>{escape(defined_text(entry['defined'], lang, vocabulary))}</p>")
    sources = []
    for source in entry["sources"]:
        where = where_said(source["where"], lang, vocabulary)
        quoted = "".join(f"<blockquote>{escape(line)}</blockquote>" for line in _seed_text(source, lang))
        sources.append(f"<li><span class='where'>{escape(where)}</span>{quoted}</li>")
    out.append(f"<h4>{escape(words['glossary_sources'])}</h4><ul class='sources'>{''.join(sources)}</ul>")
    if entry["rules"]:
        rules = "".join(f"<li><code>{escape(r['id'])}</code> {escape(r['title'])} "
                        f"<span class='where'>{escape(r['where'])}</span></li>" for r in entry["rules"])
        out.append(f"<h4>{escape(words['glossary_rules'])}</h4><ul class='rules'>{rules}</ul>")
    if entry.get("holds") is not None:
        holds = []
        for pred, rows in entry["holds"].items():
            found = "; ".join(row_words(row, lang, vocabulary) for row in rows) or words["glossary_nowhere"]
            holds.append(f"<li><code>{escape(pred)}</code>: {escape(found)}</li>")
        out.append(f"<h4>{escape(words['glossary_on_cast'])}</h4><ul class='holds' id='glossary-holds'>"
                   f"{''.join(holds)}</ul>")
    return "".join(out) + after + "</section>"
