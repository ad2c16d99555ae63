"""The journal's answers as text in Korean, Chinese or English: the list, an entry, the due
checks, the statistics and a rejudge. Every sentence is a message of facts/message.tsv; the
names of topics, directions and units come from their tables (facts/topic.tsv, direction.tsv,
timing_unit_name.tsv), read without loading the knowledge."""
from __future__ import annotations

import functools

from ..engine.tables import read_table
from ..knowledge import shipped_dir
from ..messages import text



@functools.lru_cache(maxsize=None)
def _names(table: str, columns: tuple) -> dict:
    """value -> lang -> name of a label table (the columns of ko, zh, en)."""
    rows = read_table(shipped_dir() / "facts" / f"{table}.tsv").rows
    return {row.values[0]: dict(zip(("ko", "zh", "en"), (row.values[c] for c in columns))) for row in rows}


def topic(value, lang) -> str:
    return _names("topic", (3, 2, 4)).get(value, {}).get(lang, value)


def direction(value, lang) -> str:
    return _names("direction", (1, 2, 3)).get(value, {}).get(lang, value) if value else "—"


def unit(value, lang) -> str:
    return _names("timing_unit_name", (3, 2, 4)).get(value, {}).get(lang, value)


def reading_class(value, lang) -> str:
    return _names("reading_class", (3, 4, 5)).get(value, {}).get(lang, value)


def casting(cast: dict, lang) -> str:
    """How the lines were cast, in the chart's words (facts/word_label.tsv ``casting.*``)."""
    from ..labels import WORDS
    given = cast["casting"]
    template = WORDS[lang].get(f"casting.{given.get('method')}")
    try:
        return template.format(**{"hour": "", **given})
    except (AttributeError, KeyError, IndexError, ValueError):
        return WORDS[lang]["casting.values"].format(values=cast["lines"])


def moment(cast: dict, lang) -> str:
    pillars = " ".join(cast["pillars"].get(p, "") for p in ("year", "month", "day", "hour")).strip()
    if "at" in cast:
        return text("journal.entry_moment", lang, at=f"{cast['at']} {cast.get('tz', '')}".strip(), pillars=pillars)
    return text("journal.entry_pillars", lang, pillars=pillars)


def percent(share) -> str:
    return "—" if share["rate"] is None else f"{share['rate']:.0%}"


def said_share(share, lang) -> str:
    """``6 of 8 (75%, 95% 41–93%)``, or the count alone and a word that it is too few."""
    if share["count"] == 0:
        return text("journal.share_none", lang)
    key = "journal.share_few" if share["few"] else "journal.share"
    return text(key, lang, agreed=share["agreed"], count=share["count"], rate=percent(share),
                low=f"{share['low']:.0%}", high=f"{share['high']:.0%}")


def _outcome(entry, lang) -> str:
    last = entry.get("happened")
    if not last:
        return text("journal.outcome_none", lang)
    return text("journal.outcome_is", lang, happened=direction(last, lang), on=entry.get("on_date") or "—")


def list_text(entries, lang) -> str:
    if not entries:
        return text("journal.empty", lang)
    lines = []
    for e in entries:
        change = f" → {e['changed']}" if e["changed"] else ""
        lines.append(text("journal.list_line", lang, id=e["id"], made=e["made"][:10], topic=topic(e["topic"], lang),
                          hexagram=e["hexagram"] + change, direction=direction(e["direction"], lang),
                          degree=e["degree"] or "—", outcome=_outcome(e, lang),
                          deleted=" " + text("journal.deleted_mark", lang) if e.get("deleted") else ""))
    return "\n".join(lines)


def entry_text(e, lang) -> str:
    said, cast, question = e["prediction"], e["cast"], e["now"]
    asked = ", ".join(f"{k} {v}" for k, v in sorted(question.items()) if k not in ("topic", "words", "note"))
    lines = [text("journal.entry_head", lang, id=e["id"], made=e["made"][:19], version=e["version"],
                  knowledge=e["knowledge"][:12]),
             text("journal.entry_question", lang, topic=topic(question["topic"], lang), asked=asked or "—"),
             text("journal.entry_cast", lang, casting=casting(cast, lang),
                  hexagram=e["hexagram"] + (f" → {e['changed']}" if e["changed"] else ""), when=moment(cast, lang))]
    if question.get("words"):
        lines.append(text("journal.entry_words", lang, words=question["words"]))
    if question.get("note"):
        lines.append(text("journal.entry_note", lang, note=question["note"]))
    god = said["use_god"] or {}
    lines.append(text("journal.entry_prediction", lang, direction=direction(said["direction"], lang),
                      degree=said["degree"] or "—", grade=said["grade"] or "—",
                      use_god=f"{god.get('relative', '—')} {god.get('position') or ''}".strip(),
                      factor=said["factor"] or "—"))
    for r in said["deciding"]:
        lines.append("  " + text("journal.entry_deciding", lang, rule=r["rule"], klass=reading_class(r["class"], lang),
                          polarity=direction(r["polarity"], lang)))
    for t in said["timing"]:
        lines.append("  " + text("journal.entry_timing", lang, rank=t["rank"], unit=unit(t["unit"], lang), branch=t["branch"],
                          kind=t["kind"], rule=t["rule"], dates=", ".join(t["dates"]) or "—"))
    for c in e["checks"]:
        state = ("journal.check_open", {}) if c["happened"] is None else \
            ("journal.check_hit" if c["happened"] else "journal.check_miss", {"by": (f"journal.by_{c['by']}", {})})
        lines.append("  " + text("journal.entry_check", lang, id=c["id"], date=c["on_date"], unit=unit(c["unit"], lang),
                          branch=c["branch"], rank=c["rank"], state=state))
    for a in e["amendments"]:
        lines.append(text("journal.entry_amendment", lang, made=a["made"][:19],
                          changes=", ".join(f"{k} {v}" for k, v in sorted(a["question"].items()))))
    for o in e["outcomes"]:
        lines.append(text("journal.entry_outcome", lang, made=o["made"][:19], happened=direction(o["happened"], lang),
                          on=o["on_date"] or "—", note=o["note"] or ""))
    for d in e["deleted"]:
        lines.append(text("journal.entry_deletion", lang, made=d["made"][:19], reason=d["reason"] or "—"))
    return "\n".join(lines)


def due_text(checks, lang) -> str:
    if not checks:
        return text("journal.nothing_due", lang)
    return "\n".join(text("journal.due_line", lang, id=c["id"], entry=c["entry"], date=c["on_date"],
                          branch=c["branch"], unit=unit(c["unit"], lang), topic=topic(c["topic"], lang),
                          hexagram=c["hexagram"], rank=c["rank"]) for c in checks)


def stats_text(groups, lang) -> str:
    if not groups:
        return text("journal.empty", lang)
    out = []
    for g in groups:
        out.append(text("journal.stats_head", lang, version=g["version"], knowledge=g["knowledge"][:12],
                        entries=g["entries"], told=g["with_outcome"]))
        out.append(text("journal.stats_direction", lang, share=said_share(g["direction"], lang)))
        timing = g["timing"]
        out.append(text("journal.stats_timing", lang, first=said_share(timing["first"], lang),
                        any=said_share(timing["any"], lang)))
        for name, share in timing["units"].items():
            out.append("  " + text("journal.stats_unit", lang, unit=unit(name, lang), share=said_share(share, lang)))
        for title, table, name_of in (("journal.stats_rules", g["rules"], str),
                                      ("journal.stats_classes", g["classes"], lambda c: reading_class(c, lang))):
            if table:
                out.append(text(title, lang))
                width = max(len(name_of(name)) for name in table)
                out += [f"  {name_of(name).ljust(width)}  "
                        + text("journal.stats_decided", lang, decided=share["decided"], share=said_share(share, lang))
                        for name, share in table.items()]
        out.append("")
    return "\n".join(out).rstrip()


def rejudge_text(report, lang) -> str:
    out = [text("journal.rejudge_head", lang, entries=report["entries"], changed=len(report["changed"]))]
    for c in report["changed"]:
        parts = []
        if "direction" in c:
            parts.append(text("journal.rejudge_direction", lang, then=direction(c["direction"][0], lang),
                              now=direction(c["direction"][1], lang)))
        if "degree" in c:
            parts.append(text("journal.rejudge_degree", lang, then=c["degree"][0] or "—", now=c["degree"][1] or "—"))
        if "deciding" in c:
            parts.append(text("journal.rejudge_deciding", lang, added=" ".join(c["deciding"]["added"]) or "—",
                              removed=" ".join(c["deciding"]["removed"]) or "—"))
        if "first_timing" in c:
            first = lambda t: "—" if t is None else f"{unit(t['unit'], lang)} {t['branch']} {t['kind']}"
            parts.append(text("journal.rejudge_timing", lang, then=first(c["first_timing"][0]),
                              now=first(c["first_timing"][1])))
        out.append(f"#{c['id']}: " + "; ".join(parts))
    for f in report["failed"]:
        out.append(text("journal.rejudge_failed", lang, id=f["id"], reason=f["reason"]))
    out.append(text("journal.rejudge_direction_score", lang, then=said_share(report["direction"]["then"], lang),
                    now=said_share(report["direction"]["now"], lang)))
    out.append(text("journal.rejudge_timing_score", lang, then=said_share(report["timing_first"]["then"], lang),
                    now=said_share(report["timing_first"]["now"], lang)))
    return "\n".join(out)
