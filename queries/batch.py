"""``liuyao batch IN -o OUT.jsonl``: every row of IN judged, each by a worker of a pool, each
line of OUT that row's ``liuyao judge --json`` (without proofs unless ``--proof``) with its row
number, in the order of IN.

IN is JSON Lines (an object a line) or, named ``*.csv``, CSV with a header row; a row holds a
question as ``POST /api/judge`` takes it: the cast's fields (``values``, ``coins``, ``at``,
``month``, ``day``, ``set`` …), the question's (``topic``, ``about`` …), and ``lang`` and
``proof`` when the row's own differ from the command's. A line of JSON Lines with a ``kind`` is
a line of ``liuyao journal export`` (docs/journal.md): an ``entry`` is a row, cast and judged as
``journal rejudge`` does (its line values, its moment or pillars, its conventions, its question as
its amendments corrected it), its line naming the entry (``id``, ``content``); a deleted entry's
line says so and it is not judged; the other kinds are no rows. A row's number is its line in IN
(a CSV row's the line it ends on), as an editor or a spreadsheet counts. A bad row is an error
line naming the row, the field and the reason, and the rest go on; the exit status is 1 when a
row failed. Each row is judged in a sandbox worker (queries/sandbox.py) under the time and memory
limits of ``--timeout`` and ``--memory``: a row past them is an error line, its worker restored.

OUT's first line names what it was made from (IN's SHA-256, ``--proof``, ``--lang``);
``--resume`` goes on after the last complete line of an OUT made from the same IN and options
(a line cut short by a kill is dropped and its row judged again) and refuses another. Without
``--resume`` an OUT that exists is left as it is (a user error). At most ``WINDOW`` rows a worker
are in flight, so memory stays flat however long IN is; an export's amendments and deletions,
which follow their entry, are read first, as IN's hash is, and kept (a journal's are few).
"""
from __future__ import annotations

import csv
import hashlib
import json
import os
import sys
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import options
from .errors import UserError
from .journal.rows import ENTRY_FIELD, QUESTION, Export, KeptEntry
from .messages import error, text

FORMAT = 1
WINDOW = 8                      # rows in flight per worker
def register(sub, lang="en"):
    """Add ``batch`` to the subcommands of ``liuyao`` (queries.cli.parser)."""
    p = sub.add_parser("batch", help=text("help.batch", lang))
    p.add_argument("input", metavar="IN", help=text("help.batch_input", lang))
    p.add_argument("-o", "--output", metavar="OUT", required=True, help=text("help.batch_output", lang))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N", help=text("help.batch_jobs", lang))
    p.add_argument("--proof", action="store_true", help=text("help.batch_proof", lang))
    p.add_argument("--resume", action="store_true", help=text("help.batch_resume", lang))
    p.add_argument("--lang", default=options.default_lang(), metavar="LANG", help=text("help.batch_lang", lang))
    options.add_limits(p)
    p.set_defaults(run=run)
    return p


def run(args) -> int:
    from .session import check_lang
    from .status import DONE, NEGATIVE
    check_lang(args.lang)
    if args.jobs < 1:
        raise error("batch.jobs", jobs=args.jobs)
    limits = options.limits(args)
    source, out = Path(args.input), Path(args.output)
    export = None if _is_csv(source) else Export()
    digest, lines = _digest(source, export)
    header = {"batch": FORMAT, "input": source.name, "sha256": digest, "proof": args.proof, "lang": args.lang}
    after, kept = _resume(out, header) if args.resume else _start(out, header)
    done, failed, began = 0, 0, time.monotonic()
    total = lines - _is_csv(source) - kept
    with _Progress(args.lang, total) as progress, _Pool(args.jobs, limits, args.lang, args.proof) as pool, \
            open(out, "a", encoding="utf-8", newline="\n") as written:
        for line, ok in pool.judged((n, row) for n, row in _rows(source, export) if n > after):
            written.write(line + "\n")
            written.flush()
            done, failed = done + 1, failed + (not ok)
            progress.step(done, failed)
    seconds = time.monotonic() - began
    print(f"liuyao: {text('batch.done', args.lang, rows=done, failed=failed, seconds=f'{seconds:.1f}', rate=f'{done / seconds if seconds else 0:.1f}', out=str(out))}",
          file=sys.stderr)
    return NEGATIVE if failed else DONE


# ---- IN ------------------------------------------------------------------------------------

def _is_csv(source) -> bool:
    return source.suffix.lower() == ".csv"


def _digest(source, export):
    """IN's SHA-256 and its rows, about (its lines that are not blank, less an export's lines that
    are no rows), a journal export's amendments and deletions noted in ``export`` (None for CSV);
    a UserError if IN cannot be read."""
    digest, rows = hashlib.sha256(), 0
    try:
        with open(source, "rb") as f:
            for n, line in enumerate(f, 1):
                digest.update(line)
                rows += bool(line.strip()) and not (export is not None and export.note(n, line))
    except OSError as e:
        raise error("batch.cannot_read", path=str(source), reason=e.strerror or str(e)) from None
    return digest.hexdigest(), rows


def _rows(source, export):
    """(row number, the row's fields, or the UserError that makes it bad) for each row of IN."""
    try:
        with open(source, encoding="utf-8", newline="") as f:
            yield from (_csv_rows(f) if export is None else _json_rows(f, export))
    except UnicodeDecodeError as e:
        raise error("batch.not_utf8", path=str(source), reason=e.reason) from None


def _json_rows(lines, export):
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as e:
            yield n, error("batch.not_json", column=getattr(e, "colno", 1))
            continue
        if not isinstance(row, dict):
            yield n, error("batch.not_an_object")
        elif "kind" not in row:
            yield n, row
        elif (read := export.read(row)) is not None:
            yield n, read


def _csv_rows(lines):
    reader = csv.reader(lines)
    header = next(reader, None)
    if header is None:
        return
    header = [name.strip() for name in header]
    for cells in reader:
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            yield reader.line_num, error("batch.csv_cells", cells=len(cells), columns=len(header))
            continue
        yield reader.line_num, {name: _cell(name, cell.strip()) for name, cell in zip(header, cells) if cell.strip()}


def _cell(name, cell):
    """A CSV cell as the value a JSON row would give: true or false for a box to tick, a number
    for the seed, a list of NAME=VALUE for set (separated by spaces or ;), else text."""
    from .web.cast_form import FLAGS
    if name in FLAGS + ("proof",):
        return {"true": True, "false": False, "1": True, "0": False}.get(cell.lower(), cell)
    if name == "seed":
        try:
            return int(cell)
        except ValueError:
            return cell
    if name == "set":
        return [v for v in cell.replace(";", " ").split() if v]
    return cell


def _question(row: dict):
    """(the cast's fields, the question's fields, lang, proof) of a row; a UserError naming the
    field that is not one, or not of its kind."""
    from .web.cast_form import FIELDS, FLAGS
    known = FIELDS + QUESTION + ("lang", "proof")
    for name, value in row.items():
        if name not in known:
            raise error("batch.not_a_field", field=name, fields=", ".join(known))
        if name in FLAGS + ("proof",):
            ok, kind = type(value) is bool, "batch.kind_flag"
        elif name == "seed":
            ok, kind = type(value) is int, "batch.kind_number"
        elif name == "set":
            ok, kind = type(value) is list and all(type(v) is str for v in value), "batch.kind_list"
        else:
            ok, kind = type(value) is str, "batch.kind_text"
        if not ok:
            raise error("batch.field_kind", field=name, kind=(kind, {}))
    cast = {k: v for k, v in row.items() if k in FIELDS}
    question = {k: v for k, v in row.items() if k in QUESTION and v}
    if "topic" not in question:
        raise error("batch.needs_topic", field="topic")
    return cast, question, row.get("lang"), row.get("proof")


# ---- OUT -----------------------------------------------------------------------------------

def _start(out, header) -> int:
    """A new OUT holding the header; refused when OUT exists (it is never overwritten)."""
    try:
        with open(out, "x", encoding="utf-8", newline="\n") as f:
            f.write(_line(header) + "\n")
    except FileExistsError:
        raise error("batch.out_exists", out=str(out)) from None
    except OSError as e:
        raise error("batch.cannot_write", path=str(out), reason=e.strerror or str(e)) from None
    return 0, 0


def _resume(out, header):
    """The last row an OUT made from the same IN and options holds and how many rows it holds,
    after cutting a line a kill left unfinished; a UserError for an OUT of another IN (or of
    other options)."""
    if not out.exists():
        return _start(out, header)
    try:
        with open(out, "r+b") as f:
            first = f.readline()
            try:
                made = json.loads(first) if first.endswith(b"\n") else None
            except ValueError:
                made = None
            if not isinstance(made, dict) or made.get("batch") != FORMAT:
                raise error("batch.not_a_batch", out=str(out))
            if made.get("sha256") != header["sha256"]:
                raise error("batch.other_input", out=str(out), input=str(made.get("input")))
            if (made.get("proof"), made.get("lang")) != (header["proof"], header["lang"]):
                raise error("batch.other_options", out=str(out))
            last, kept, end = 0, 0, f.tell()
            for line in iter(f.readline, b""):
                try:
                    row = json.loads(line) if line.endswith(b"\n") else None
                except ValueError:
                    row = None
                if not isinstance(row, dict) or type(row.get("row")) is not int:
                    break
                last, kept, end = row["row"], kept + 1, f.tell()
            f.truncate(end)
    except OSError as e:
        raise error("batch.cannot_write", path=str(out), reason=e.strerror or str(e)) from None
    return last, kept


# ---- the pool ------------------------------------------------------------------------------

class _Pool:
    """``jobs`` sandbox workers, one a thread, each judging the rows it is handed (in ``lang``,
    with the proofs when ``proof``, unless a row says its own)."""

    def __init__(self, jobs, limits, lang, proof):
        self.jobs, self.limits, self.lang, self.proof = jobs, limits, lang, proof
        self._local, self._boxes, self._lock = threading.local(), [], threading.Lock()
        self._threads = ThreadPoolExecutor(max_workers=jobs)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._threads.shutdown(wait=True, cancel_futures=True)
        for box in self._boxes:
            box.close()

    def judged(self, rows):
        """(the output line, whether the row was judged) of each row, in the order given; at
        most WINDOW rows a worker in flight."""
        pending = deque()
        for n, row in rows:
            pending.append(self._threads.submit(self._judge, n, row))
            if len(pending) >= WINDOW * self.jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def _box(self):
        box = getattr(self._local, "box", None)
        if box is None:
            from .sandbox import Sandbox
            box = self._local.box = Sandbox(timeout=self.limits.seconds, memory_mb=self.limits.memory_mb,
                                            lang=self.lang)
            with self._lock:
                self._boxes.append(box)
        return box

    def _judge(self, n, row):
        from .web.service import judge_data
        lang = self.lang
        try:
            if isinstance(row, UserError):
                raise row
            if isinstance(row, KeptEntry):
                return self._judge_entry(n, row)
            cast, question, own_lang, proof = _question(row)
            lang = own_lang or lang
            from .session import check_lang
            check_lang(lang)
            data = judge_data(self._box(), cast, question, proof=self.proof if proof is None else proof, lang=lang)
            return _line({"row": n, **data}), True
        except Exception as e:          # a bad row (or a bug it met) is its line; the rest go on
            return _line({"row": n, "error": _error(e, lang)}), False

    def _judge_entry(self, n, kept):
        """A journal's entry judged (or marked deleted), its line naming the entry; an error of
        its cast named by the entry's field (``ENTRY_FIELD``), of its question by ``question``."""
        from .sandbox import WorkerError
        from .web.service import judgment_data
        named, stage = {}, None
        try:
            named = {"entry": kept.name()}
            if kept.deleted:
                return _line({"row": n, **named, "deleted": True}), True
            cast, question = kept.question()
            box = self._box()
            stage = "cast"
            box.cast(**cast)
            stage = "question"
            box.pose(**question)
            stage = None
            return _line({"row": n, **named, **judgment_data(box, proof=self.proof, lang=self.lang)}), True
        except Exception as e:
            said = _error(e, self.lang)
            if stage and isinstance(e, UserError) and not isinstance(e, WorkerError):
                said["field"] = ENTRY_FIELD.get(said["field"], "cast") if stage == "cast" else "question"
            return _line({"row": n, **named, "error": said}), False


def _error(e, lang) -> dict:
    """A row's error as data: the field it names (or None) and the message in ``lang``."""
    from .status import message
    from .web.cast_form import field_of
    values = getattr(e, "values", None) or {}
    return {"field": values.get("field") or (field_of(str(e)) if isinstance(e, UserError) else None),
            "message": message(e, lang)}


def _line(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# ---- progress ------------------------------------------------------------------------------

class _Progress:
    """On a terminal, the rows done of about ``total`` and the rate: rich's progress bar when
    rich is installed, else a line of text written over; nothing when standard error is not a
    terminal."""

    def __init__(self, lang, total):
        self.lang, self.total, self.bar, self.began, self.shown = lang, total, None, time.monotonic(), 0.0
        self.on = sys.stderr.isatty()

    def __enter__(self):
        if self.on:
            try:
                from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
            except ImportError:
                return self
            self.bar = Progress(BarColumn(), TextColumn("{task.description}"), TimeRemainingColumn(), transient=True)
            self.bar.__enter__()
            self.task = self.bar.add_task("", total=self.total)
        return self

    def step(self, done, failed):
        if not self.on:
            return
        now = time.monotonic()
        said = text("batch.progress", self.lang, rows=done, failed=failed,
                    rate=f"{done / max(now - self.began, 1e-9):.1f}")
        if self.bar is not None:
            self.bar.update(self.task, completed=done, description=said)
        elif now - self.shown > 0.5:
            self.shown = now
            print(f"\r{said}", end="", file=sys.stderr, flush=True)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        elif self.on and self.shown:
            print(file=sys.stderr)
