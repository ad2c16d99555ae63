"""A journal's export (``liuyao journal export``, docs/journal.md) read back as the rows of
``liuyao batch`` (queries/batch.py): each ``entry`` line a row, cast and judged again as ``journal
rejudge`` does, with the amendments and the deletion that follow it in the export."""
from __future__ import annotations

import json

from ..errors import UserError
from ..messages import error
from .transfer import KINDS

QUESTION = ("topic", "about", "asker", "horizon", "since", "in_office", "side")
PILLARS = ("year", "month", "day", "hour")
# What a cast's error names (queries.web.cast_form.field_of) is, in a journal's entry, this field.
ENTRY_FIELD = {"values": "cast.lines", "at": "cast.at", "tz": "cast.tz", "longitude": "cast.longitude",
               "set": "conventions", **{name: f"cast.pillars.{name}" for name in PILLARS}}


class Export:
    """What the lines of a journal's export that are no rows say of its entries, by the entry's
    content hash: its amendments (their line in IN and their question), in IN's order, and
    whether it is deleted."""

    def __init__(self):
        self.amendments, self.deleted = {}, set()

    def note(self, n, line: bytes) -> bool:
        """Note line ``n`` if it is an amendment or a deletion; whether it is a line of an export
        that is no row."""
        if b'"kind"' not in line:
            return False
        try:
            said = json.loads(line)
        except (ValueError, RecursionError):
            return False
        if not isinstance(said, dict) or said.get("kind") not in _NOT_ROWS:
            return False
        entry = said.get("entry")
        if type(entry) is str and said["kind"] == "amendment":
            self.amendments.setdefault(entry, []).append((n, said.get("question")))
        elif type(entry) is str and said["kind"] == "deletion":
            self.deleted.add(entry)
        return True

    def read(self, line: dict):
        """An export's line as a row: an entry with its amendments and deletion, None for a line
        of another kind, or the UserError that makes it bad."""
        kind = line["kind"]
        if kind == "entry":
            content = line.get("content")
            known = type(content) is str
            return KeptEntry(line, self.amendments.get(content, []) if known else [],
                              known and content in self.deleted)
        if kind not in KINDS:
            return error("batch.not_a_kind", field="kind", kind=kind, kinds=", ".join(KINDS))
        if kind in ("amendment", "deletion") and type(line.get("entry")) is not str:
            return error("batch.export_needs", field="entry")
        return None


_NOT_ROWS = tuple(kind for kind in KINDS if kind != "entry")
# What an entry's object fields hold, as the message of one not an object says.
_OBJECT_OF = {name: ("batch.kind_object", {"fields": fields}) for name, fields in (
    ("question", ", ".join(QUESTION)), ("cast", "lines, at, tz, longitude, pillars"),
    ("pillars", ", ".join(PILLARS)), ("conventions", "NAME: VALUE"))}


class KeptEntry:
    """An entry of a journal's export, with its amendments (line, question) and whether it is
    deleted."""

    def __init__(self, line, amendments, deleted):
        self.line, self.amendments, self.deleted = line, amendments, deleted

    def name(self) -> dict:
        """The entry's ``id`` and ``content`` hash, which join a line of OUT to the journal."""
        entry_id, content = self.line.get("id"), self.line.get("content")
        if type(entry_id) is not int or entry_id < 1:
            raise error("batch.field_kind", field="id", kind=("batch.kind_entry_id", {}))
        if type(content) is not str:
            raise error("batch.field_kind", field="content", kind=("batch.kind_text", {}))
        return {"id": entry_id, "content": content}

    def question(self) -> tuple:
        """(the arguments of ``Session.cast``, of ``Session.judge``) that cast and judge the entry
        again as ``journal rejudge`` does; a UserError naming the field missing or not of its kind."""
        from .entry import cast_arguments, judged_question
        line = self.line
        for name in ("question", "cast", "conventions"):
            _field(line, name, dict, _OBJECT_OF[name], needed=True)
        question, cast, conventions = line["question"], line["cast"], line["conventions"]
        _texts(question, "question", QUESTION, needed=("topic",))
        _texts(cast, "cast", ("lines", "at", "tz"), needed=("lines",))
        _field(cast, "longitude", (int, float), ("batch.kind_number", {}), within="cast")
        if "at" not in cast:
            _field(cast, "pillars", dict, _OBJECT_OF["pillars"], within="cast", needed=True)
            _texts(cast["pillars"], "cast.pillars", tuple(cast["pillars"]), known=PILLARS)
        _texts(conventions, "conventions", tuple(conventions))
        for n, corrected in self.amendments:
            try:
                if not isinstance(corrected, dict):
                    raise error("batch.field_kind", field="question", kind=_OBJECT_OF["question"])
                _texts(corrected, "question", QUESTION)
            except UserError as e:
                raise error("batch.amendment", field=e.values["field"], line=n, reason=(e.key, e.values)) from None
        judged = judged_question({"question": question, "amendments": [{"question": q} for _, q in self.amendments]})
        if "topic" not in judged:
            raise error("batch.export_needs", field="question.topic")
        return cast_arguments(cast, conventions), judged


def _field(given: dict, name, kinds, kind, within=None, needed=False):
    """A UserError naming ``within.name`` when it is not of ``kinds`` (``kind`` says what to give)
    or, ``needed``, missing."""
    field = f"{within}.{name}" if within else name
    if name not in given:
        if needed:
            raise error("batch.export_needs", field=field)
    elif not isinstance(given[name], kinds) or type(given[name]) is bool:
        raise error("batch.field_kind", field=field, kind=kind)


def _texts(given: dict, within, names, needed=(), known=None):
    """Each of ``names`` in ``given`` a text (those ``needed`` given), each one of ``known`` when
    it says which."""
    for name in names:
        if known is not None and name not in known:
            raise error("batch.not_a_field", field=f"{within}.{name}", fields=", ".join(known))
        _field(given, name, str, ("batch.kind_text", {}), within=within, needed=name in needed)
