"""What happened: an outcome of an entry (favourable, unfavourable or mixed, on a date) and the
answers to its pending checks, one for each date of each timing candidate ("did it happen on
2025-03-14, a 寅 day?").

An outcome with a date answers every check of its entry still open: a hit where the candidate's
day, month or year holds that date (the month from its 節, the year from its 立春, read by
``queries.calendar``), a miss elsewhere; an hour's check is left for ``check`` to answer, a
date naming no hour. 吉凶 is scored from the outcomes, 應期 from the answers (``stats``).
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from ..messages import error
from .entry import content_hash, find, number
from .store import now

HAPPENED = ("favourable", "unfavourable", "mixed")
ANSWERS = {"yes": 1, "no": 0}
_SPAN = {"day": timedelta(days=1), "month": timedelta(days=32), "year": timedelta(days=367)}


def parse_date(text) -> date:
    try:
        return date.fromisoformat(str(text))
    except ValueError:
        raise error("journal.bad_date", value=text) from None


def record_outcome(journal, entry_id, happened, on=None, note=None) -> tuple:
    """Write an outcome and the answers its date gives; (its id, the checks it answered)."""
    if happened not in HAPPENED:
        raise error("journal.bad_happened", value=happened, choices=", ".join(HAPPENED))
    entry = find(journal, entry_id)
    if entry["deleted"]:
        raise error("journal.deleted", id=entry["id"])
    day = parse_date(on).isoformat() if on else None
    zone = entry["cast"].get("tz")
    made, answered = now(), 0
    with journal.transaction():
        outcome = journal.append("outcome", {"entry": entry["id"], "made": made, "happened": happened,
                                             "on_date": day, "note": note,
                                             "content": content_hash("outcome", entry["content"], made, happened,
                                                                     day, note)})
        if day is not None:
            for check in entry["checks"]:
                if check["happened"] is None and check["unit"] != "hour":
                    hit = covers(check, date.fromisoformat(day), zone)
                    _answer(journal, {**check, "content": entry["content"]}, hit, "outcome", made)
                    answered += 1
    return outcome, answered


def covers(check, day: date, zone=None) -> bool:
    """Whether a date falls in a check's day, month or year."""
    from ..calendar import pillars
    start = date.fromisoformat(check["on_date"][:10])
    if not start <= day < start + _SPAN[check["unit"]]:
        return False
    if check["unit"] == "day":
        return True
    found = pillars(datetime.combine(day, time(12), ZoneInfo(zone or "Asia/Shanghai")))
    return (found.month if check["unit"] == "month" else found.year)[1] == check["branch"]


def answer_check(journal, check_id, happened) -> int:
    """Answer one pending check yes or no: the hit or miss of its candidate on its date."""
    if happened not in ANSWERS:
        raise error("journal.bad_answer", value=happened, choices=", ".join(ANSWERS))
    found = journal.rows("SELECT * FROM check_date WHERE id = ?", (number(check_id),))
    if not found:
        raise error("journal.no_check", id=check_id)
    check = found[0]
    entry = find(journal, check["entry"])
    if entry["deleted"]:
        raise error("journal.deleted", id=entry["id"])
    with journal.transaction():
        return _answer(journal, {**check, "content": entry["content"]}, ANSWERS[happened] == 1, "check", now())


def _answer(journal, check, hit, by, made) -> int:
    key = content_hash("answer", check.get("content"), check["rank"], check["on_date"], made, hit, by)
    return journal.append("answer", {"check_date": check["id"], "made": made, "happened": int(hit), "by": by,
                                     "content": key})


def due(journal, today: date) -> list:
    """The open checks whose date has come, of entries neither deleted nor given an outcome,
    oldest first."""
    return journal.rows(
        "SELECT c.*, e.topic, e.hexagram FROM check_date c JOIN entry e ON e.id = c.entry "
        "WHERE substr(c.on_date, 1, 10) <= ? AND NOT EXISTS (SELECT 1 FROM answer a WHERE a.check_date = c.id) "
        "AND NOT EXISTS (SELECT 1 FROM deletion d WHERE d.entry = c.entry) "
        "AND NOT EXISTS (SELECT 1 FROM outcome o WHERE o.entry = c.entry AND o.on_date IS NOT NULL) "
        "ORDER BY c.on_date, c.entry, c.rank", (today.isoformat(),))

