"""``liuyao journal …`` and ``liuyao judge … --keep``: each subcommand opens the journal (to
write only when it writes), does one thing and prints its answer as text or JSON.

Copying the journal's file alone while a process writes it can lose the last writes (they may
still be in its ``-wal`` file): ``liuyao journal backup PATH`` copies it whole through SQLite's
backup API.
"""
from __future__ import annotations

import json
import sys
from datetime import date

from .. import options
from ..messages import error, text
from ..options import CAST, QUESTION, Option, add_journal_file, words_options
from ..status import DONE, NEGATIVE
from . import entry as entries
from . import outcome as outcomes
from . import text as said
from .store import Journal


def _print_json(data):
    print(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True))


KEEP = (Option("words", "the asker's own words", "TEXT", "돈을 받을까"), Option("note", "a note", "TEXT", "first try"),
        Option("journal_file", "the journal file", "PATH", "my.sqlite3"))


def keep_record(kept, words=None, note=None, journal_file=None) -> tuple:
    """Keep what a session's ``journal_record`` gave; (the entry's id, the journal's path)."""
    with Journal(journal_file, write=True) as journal:
        return entries.keep(journal, kept, words=words, note=note), str(journal.path)


def keep_judged(session, args) -> int:
    """Keep the question a session has just judged (``judge --keep``, ``journal add``); its id,
    said on stderr with the journal's path."""
    entry_id, path = keep_record(session.journal_record(), getattr(args, "words", None), getattr(args, "note", None),
                                 getattr(args, "journal_file", None))
    print(f"liuyao: {text('journal.kept', session.lang, id=entry_id, path=path)}", file=sys.stderr)
    return entry_id


def run_words(words: str, lang: str) -> str:
    """``liuyao journal WORDS`` run in this process (the REPL's ``:journal``): what it printed."""
    import contextlib
    import io
    import shlex
    from ..cli import parser
    try:
        argv = ["journal", *shlex.split(words)]
    except ValueError as e:
        raise error("options.quoting", command=":journal", text=words, reason=str(e)) from None
    if "--lang" not in argv:
        argv += ["--lang", lang]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            args = parser(lang).parse_args(argv)
            args.run(args)
        except SystemExit:                      # --help said its piece
            pass
    return out.getvalue().rstrip("\n").removeprefix("liuyao: ")


def cmd_add(args):
    from ..cli import _cast, _session
    s = _session(args)
    if not options.has_cast(options.given(args, CAST)):
        raise error("cli.judge_needs_cast")
    _cast(s, args)
    entry_id = keep_judged(s, args)
    with Journal(args.journal_file) as journal:
        found = entries.find(journal, entry_id)
    _print_json(found) if args.json else print(said.entry_text(found, args.lang))
    return DONE


def cmd_list(args):
    with Journal(args.journal_file) as journal:
        found = entries.listing(journal, deleted=args.all, **_filters(args))
    _print_json(found) if args.json else print(said.list_text(found, args.lang))
    return DONE if found else NEGATIVE


def _filters(args) -> dict:
    for day in (args.since, args.until):
        if day:
            outcomes.parse_date(day)
    if args.outcome and args.outcome not in outcomes.HAPPENED + ("none",):
        raise error("journal.bad_happened", value=args.outcome, choices=", ".join(outcomes.HAPPENED + ("none",)))
    return {"topic": args.topic, "hexagram": args.hexagram, "since": args.since, "until": args.until,
            "outcome": args.outcome, "words": getattr(args, "words", None)}


def cmd_show(args):
    with Journal(args.journal_file) as journal:
        found = entries.find(journal, args.id)
    _print_json(found) if args.json else print(said.entry_text(found, args.lang))
    return DONE


def cmd_outcome(args):
    with Journal(args.journal_file, write=True) as journal:
        outcome_id, answered = outcomes.record_outcome(journal, args.id, args.happened, args.on, args.note)
    print(text("journal.outcome_kept", args.lang, id=args.id, answered=answered))
    return DONE


def cmd_due(args):
    today = outcomes.parse_date(args.today) if args.today else date.today()
    with Journal(args.journal_file) as journal:
        found = outcomes.due(journal, today)
    _print_json(found) if args.json else print(said.due_text(found, args.lang))
    return DONE if found else NEGATIVE


def cmd_check(args):
    with Journal(args.journal_file, write=True) as journal:
        outcomes.answer_check(journal, args.id, args.happened)
    print(text("journal.check_kept", args.lang, id=args.id))
    return DONE


def cmd_stats(args):
    from .stats import stats
    with Journal(args.journal_file) as journal:
        found = stats(journal)
    _print_json(found) if args.json else print(said.stats_text(found, args.lang))
    return DONE if found else NEGATIVE


def cmd_rejudge(args):
    from ..cli import _session
    from .rejudge import rejudge
    conventions = options.cast_arguments({"set": args.set}, spell=options.dashed)[0].get("conventions", {})
    s = _session(args)
    with Journal(args.journal_file) as journal:
        report = rejudge(journal, s, conventions)
    _print_json(report) if args.json else print(said.rejudge_text(report, args.lang))
    return DONE


def cmd_export(args):
    from .transfer import export_csv, export_jsonl
    write = export_csv if args.format == "csv" else export_jsonl
    with Journal(args.journal_file) as journal:
        if args.output:
            try:
                out = open(args.output, "x", encoding="utf-8", newline="")
            except OSError as e:
                raise error("journal.cannot_write", path=args.output, reason=e.strerror or str(e)) from None
            with out:
                count = write(journal, out)
            print(text("journal.exported", args.lang, count=count, path=args.output), file=sys.stderr)
        else:
            write(journal, sys.stdout)
    return DONE


def cmd_import(args):
    from .transfer import import_lines
    with Journal(args.journal_file, write=True) as journal:
        report = import_lines(journal, args.file)
    if args.json:
        _print_json(report)
    else:
        added = report["added"]
        print(text("journal.imported", args.lang, entries=added["entry"], outcomes=added["outcome"],
                   checks=added["check"], others=added["amendment"] + added["deletion"],
                   skipped=sum(report["skipped"].values()) - report["skipped"]["prediction"]))
    return DONE


def cmd_backup(args):
    with Journal(args.journal_file) as journal:
        target = journal.backup(args.target)
    print(text("journal.backed_up", args.lang, path=str(target)))
    return DONE


def cmd_verify(args):
    from .chain import problems
    with Journal(args.journal_file) as journal:
        damage = [row[0] for row in journal.conn.execute("PRAGMA integrity_check")]
        found = [("journal.integrity", {"reason": d}) for d in damage if d != "ok"] + problems(journal.conn)
        seq, head = journal.head()
    if args.json:
        _print_json({"ok": not found, "rows": seq, "head": head,
                     "problems": [text(key, "en", **values) for key, values in found]})
    else:
        for key, values in found:
            print(text(key, args.lang, **values))
        if not found:
            print(text("journal.verified", args.lang, rows=seq, head=head))
    return NEGATIVE if found else DONE


def cmd_amend(args):
    changes = {"note": args.note, "words": args.words, **options.given(args, QUESTION)}
    with Journal(args.journal_file, write=True) as journal:
        entries.amend(journal, args.id, changes)
    print(text("journal.amended", args.lang, id=args.id))
    return DONE


def cmd_delete(args):
    with Journal(args.journal_file, write=True) as journal:
        entries.delete(journal, args.id, args.reason)
    print(text("journal.deleted_now", args.lang, id=args.id))
    return DONE


# ---- the parser ----------------------------------------------------------------------------

def _plain(sub, name, run, lang, json_option=True):
    p = sub.add_parser(name, help=text(f"help.journal_{name}", lang))
    add_journal_file(p, lang)
    p.add_argument("--lang", default=options.default_lang(), metavar="LANG", help=text("help.journal_lang", lang))
    if json_option:
        p.add_argument("--json", action="store_true", help=text("help.journal_json", lang))
    p.set_defaults(run=run)
    return p


def _search_options(p, lang) -> None:
    p.add_argument("--topic", metavar="TOPIC", help=text("help.journal_topic", lang))
    p.add_argument("--hexagram", metavar="NAME", help=text("help.journal_hexagram", lang))
    p.add_argument("--since", metavar="DATE", help=text("help.journal_since", lang))
    p.add_argument("--until", metavar="DATE", help=text("help.journal_until", lang))
    p.add_argument("--outcome", metavar="HAPPENED", help=text("help.journal_outcome_filter", lang))


def register(subparsers, lang="en"):
    """Add ``journal`` and its subcommands to ``liuyao`` (queries.cli.parser)."""
    from ..options import Parser, add_common, add_limits
    p = subparsers.add_parser("journal", help=text("help.journal", lang), description=text("help.journal_about", lang))
    sub = p.add_subparsers(dest="journal_command", metavar="SUBCOMMAND", parser_class=Parser)
    sub.required = True
    a = sub.add_parser("add", help=text("help.journal_add", lang))
    add_limits(a)
    options.add_options(a, CAST, title=text("cli.cast_group", lang), positional="lines", lang=lang)
    options.add_options(a, QUESTION, title=text("help.journal_question", lang), required=("topic",))
    words_options(a, lang)
    add_journal_file(a, lang)
    add_common(a)
    a.set_defaults(run=cmd_add)
    li = _plain(sub, "list", cmd_list, lang)
    _search_options(li, lang)
    li.add_argument("--all", action="store_true", help=text("help.journal_all", lang))
    sh = _plain(sub, "show", cmd_show, lang)
    sh.add_argument("id", metavar="ID", help=text("help.journal_id", lang))
    se = _plain(sub, "search", cmd_list, lang)
    _search_options(se, lang)
    se.add_argument("--words", metavar="TEXT", help=text("help.journal_search_words", lang))
    se.set_defaults(all=False)
    o = _plain(sub, "outcome", cmd_outcome, lang, json_option=False)
    o.add_argument("id", metavar="ID", help=text("help.journal_id", lang))
    o.add_argument("--happened", required=True, metavar="HAPPENED", help=text("help.journal_happened", lang))
    o.add_argument("--on", metavar="DATE", help=text("help.journal_on", lang))
    o.add_argument("--note", metavar="TEXT", help=text("help.journal_outcome_note", lang))
    d = _plain(sub, "due", cmd_due, lang)
    d.add_argument("--today", metavar="DATE", help=text("help.journal_today", lang))
    c = _plain(sub, "check", cmd_check, lang, json_option=False)
    c.add_argument("id", metavar="ID", help=text("help.journal_check_id", lang))
    c.add_argument("--happened", required=True, metavar="YES_NO", help=text("help.journal_check_happened", lang))
    _plain(sub, "stats", cmd_stats, lang)
    r = _plain(sub, "rejudge", cmd_rejudge, lang)
    r.add_argument("--kb", action="append", default=[], metavar="DIR", help=text("help.journal_kb", lang))
    r.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help=text("help.journal_set", lang))
    add_limits(r)
    e = _plain(sub, "export", cmd_export, lang, json_option=False)
    e.add_argument("--format", default="jsonl", choices=("jsonl", "csv"), help=text("help.journal_format", lang))
    e.add_argument("--output", metavar="PATH", help=text("help.journal_output", lang))
    i = _plain(sub, "import", cmd_import, lang)
    i.add_argument("file", metavar="FILE", help=text("help.journal_import_file", lang))
    b = _plain(sub, "backup", cmd_backup, lang, json_option=False)
    b.add_argument("target", metavar="PATH", help=text("help.journal_backup_path", lang))
    _plain(sub, "verify", cmd_verify, lang)
    m = _plain(sub, "amend", cmd_amend, lang, json_option=False)
    m.add_argument("id", metavar="ID", help=text("help.journal_id", lang))
    options.add_options(m, QUESTION, title=text("help.journal_question", lang))
    words_options(m, lang)
    x = _plain(sub, "delete", cmd_delete, lang, json_option=False)
    x.add_argument("id", metavar="ID", help=text("help.journal_id", lang))
    x.add_argument("--reason", metavar="TEXT", help=text("help.journal_reason", lang))
    return p
