"""A line of a book in its chapter (``Session.source``, ``queries.books.source``): as text for the
command line and the REPL, as HTML for the page. The book and the chapter are named in the reader's
language; every line is given in the book's Chinese and the translator's Korean.
"""
from __future__ import annotations

from html import escape

from ..messages import text as said


def title(data: dict, lang: str) -> str:
    """卜筮正宗·괘를 보는 차례 55: the book, the chapter in ``lang`` and the line."""
    chapter = data["chapter"][lang] if data.get("chapter") else ""
    return f"{data['book']['zh']}{'·' + chapter if chapter else ''} {data['line']}"


def source_text(data: dict, lang: str) -> str:
    """The line in its chapter: a heading (the book in the reader's language too), each line shown by
    its number, the line asked for marked ▶, then the rules that cite it."""
    book = data["book"]
    named = f"{book['zh']} ({book[lang]})" if book[lang] != book["zh"] else book["zh"]
    out = [said("books.heading", lang, book=named, chapter=data["chapter"][lang] if data.get("chapter") else "",
                line=data["line"]), ""]
    for item in data["lines"]:
        mark = "▶" if item["cited"] else " "
        out.append(f"{mark} {item['line']:>3}  {item.get('zh', '')}")
        if item.get("ko"):
            out.append(f"       {item['ko']}")
        out.append("")
    rules = data.get("rules", [])
    if rules:
        out.append(said("books.rules", lang, count=len(rules)))
        out += [f"  {r['id']}  {r['title']}  ({r['where']})" for r in rules]
    else:
        out.append(said("books.no_rules", lang))
    return "\n".join(out)


def source_html(data: dict, lang: str, rule_link=None) -> str:
    """The line in its chapter as a section of the page: the heading, the lines (the one asked
    for marked), the rules that cite it (each a link where ``rule_link`` gives one)."""
    book = data["book"]
    named = f"{book['zh']} ({book[lang]})" if book[lang] != book["zh"] else book["zh"]
    heading = said("books.heading", lang, book=named, chapter=data["chapter"][lang] if data.get("chapter") else "",
                   line=data["line"])
    out = [f"<section class='book' id='book' lang='{lang}'><h3>{escape(heading)}</h3><ol class='book-lines'>"]
    for item in data["lines"]:
        cls = " class='cited'" if item["cited"] else ""
        out.append(f"<li{cls} value='{item['line']}'><p class='zh' lang='zh'>{escape(item.get('zh', ''))}</p>"
                   + (f"<p class='ko' lang='ko'>{escape(item['ko'])}</p>" if item.get("ko") else "") + "</li>")
    out.append("</ol>")
    rules = data.get("rules", [])
    out.append(f"<h4>{escape(said('books.rules', lang, count=len(rules)) if rules else said('books.no_rules', lang))}</h4>")
    if rules:
        out.append("<ul class='book-rules'>" + "".join(
            f"<li>{_linked(r, rule_link, lang)}</li>" for r in rules) + "</ul>")
    out.append("</section>")
    return "".join(out)


def _linked(rule, rule_link, lang) -> str:
    """A rule by its title (the classical phrase it encodes); its id and file only on an English page,
    no Latin word on a Korean or Chinese one."""
    label = escape(rule["title"]) + (f" <code>{escape(rule['id'])}</code> <span class='where'>{escape(rule['where'])}</span>"
                                     if lang == "en" else "")
    href = rule_link(rule["id"]) if rule_link else None
    return f"<a href='{escape(href)}'>{label}</a>" if href else label
