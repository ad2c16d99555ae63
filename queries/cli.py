"""The ``liuyao`` command: each subcommand parses its options, makes one request of the service
(``queries.session.Session``) and prints the answer.

Exit status (``queries.status``): 0 done; 1 a negative answer (no answer, no proof, no rule
found, problems found); 2 a user error, printed as one line; 3 an internal error, also one line.
"""
from __future__ import annotations

import gc
import json
import re
import sys
from importlib import import_module

from . import options
from .engine.limits import GC_THRESHOLD
from .messages import error, problem, text
from .options import CAST, DEPTH, LEVEL, PROOF, QUESTION, SEARCH, Parser, add_common
from .status import DONE, NEGATIVE, lang_of, run

HINT = "liuyao "            # how an answer names another command: liuyao facts PRED


def _session(args):
    from .session import Session
    session = Session(args.kb, lang=args.lang, limits=options.limits(args))
    _settle()
    return session


_frozen = False


def _settle() -> None:
    """Once a process has loaded the knowledge, the garbage collector leaves what is loaded
    alone (a command then spends a fifth less CPU; bench/README.md); once per process, so a
    caller that runs many commands in one (tests, bench/fuzz.py) freezes only the first load."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


def _say_notes(session):
    """On stderr: how the input was read, when it needs saying (a moment on another zone's clock)."""
    for note in session.notices():
        print(f"liuyao: {text('status.note', session.lang, text=note)}", file=sys.stderr)


def _cast(session, args) -> bool:
    """Cast what the options give, and put their question (--topic) to it; False without a cast."""
    values, question = options.given(args, CAST), options.given(args, QUESTION)
    if question and "topic" not in question:
        raise error("cli.question_needs_topic")
    if not options.has_cast(values):
        if question:
            raise error("cli.topic_needs_cast")
        return False
    kwargs, _ = options.cast_arguments(values, spell=options.dashed)
    session.cast(**kwargs)
    _say_notes(session)
    if question:
        session.pose(**question)
    return True


def _print_json(data):
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _hint(session, goal):
    """On stderr: constants of a goal the knowledge never uses, with the nearest it does."""
    for value, near in session.unknown_constants(goal):
        suggestion = ("did_you_mean", {"names": ", ".join(near)}) if near else ""
        note = text("cli.unknown_constant", session.lang, value=value, suggestion=suggestion)
        print(f"liuyao: {text('status.note', session.lang, text=note)}", file=sys.stderr)


# ---- the commands --------------------------------------------------------------------------

def cmd_ask(args):
    s = _session(args)
    _cast(s, args)
    answers = s.ask_table(args.goal)
    if args.json:
        _print_json({**answers.to_data(), "goal": args.goal})
    else:
        print(answers.text(s.lang))
    if not answers:
        _hint(s, args.goal)
    return DONE if answers else NEGATIVE


def _rule_word(goal) -> bool:
    """A goal without a parenthesis names a rule: r000.87.offspring_world."""
    return goal is not None and "(" not in goal


def _print_check(s, check, args) -> None:
    if args.json:
        _print_json(check.to_data(s.lang))
    else:
        print(check.text(s.lang, depth=getattr(args, "depth", None), level=_level(args), connectives=s.connectives()))


def cmd_why(args):
    from .engine import render
    s = _session(args)
    _cast(s, args)
    if _rule_word(args.goal):
        check = s.check_rule(args.goal)
        _print_check(s, check, args)
        return DONE if check.holds else NEGATIVE
    proof = s.explain(args.goal, expand_negations=args.expand_negations or _level(args) == "student")
    if proof is None:
        if args.json:
            _print_json({"goal": args.goal, "proof": None})
        else:
            print(text("cli.does_not_hold", s.lang, goal=args.goal))
        _hint(s, args.goal)
        return NEGATIVE
    words, casting = s.connectives(), _casting(s)
    if args.json:
        _print_json({"goal": args.goal, "account": render.account(proof, s.lang, words),
                     "proof": render.to_data(proof, s.lang), **casting})
    elif args.dot:
        print(render.to_dot(proof, s.lang))
    elif args.sentences:
        print(render.sentences(proof, s.lang))
    else:
        print("\n".join(render.account(proof, s.lang, words)) + "\n")
        print(render.text(proof, s.lang, depth=args.depth, level=_level(args), phrases=words))
        if casting:
            print(s.casting_text())
    return DONE


def _casting(session) -> dict:
    """How the cast a proof is about was cast ({"casting": …}), or nothing without a cast."""
    return {"casting": session.casting()} if session.cast_id else {}


def _level(args) -> str:
    from .engine.render import LEVELS
    if args.level not in LEVELS:
        raise error("cli.level", level=args.level, choices=", ".join(LEVELS))
    return args.level


def cmd_why_not(args):
    from .engine import render
    if args.source is not None and args.goal is not None and args.lines is None:
        args.lines, args.goal = args.goal, None          # why-not --source 000:87 787889 …: the lines
    s = _session(args)
    _cast(s, args)
    if (args.goal is None) == (args.source is None):
        raise error("cli.why_not_needs_goal")
    if args.source is not None:
        checks = s.check_source(args.source)
        if args.json:
            _print_json({"source": args.source, "rules": [c.to_data(s.lang) for c in checks]})
        else:
            print("\n\n".join(c.text(s.lang, depth=1, connectives=s.connectives()) for c in checks))
        return DONE
    if _rule_word(args.goal):
        check = s.check_rule(args.goal)
        _print_check(s, check, args)
        return NEGATIVE if check.holds else DONE
    why = s.why_not(args.goal, depth=args.depth)
    if why is None:
        if args.json:
            _print_json({"goal": args.goal, "why_not": None})
        else:
            print(text("cli.holds", s.lang, goal=args.goal))
        return NEGATIVE
    if args.json:
        _print_json({"goal": args.goal, "why_not": render.why_not_data(why, s.lang)})
    else:
        print(render.why_not_text(why, s.lang, level=_level(args), phrases=s.connectives()))
    _hint(s, args.goal)
    return DONE


def cmd_chart(args):
    s = _session(args)
    s.cast(**options.cast_arguments(options.given(args, CAST), spell=options.dashed)[0])
    _say_notes(s)
    if args.png:
        from .views.svg import png
        sys.stdout.buffer.write(png(s.chart_svg()))
    elif args.svg:
        print(s.chart_svg())
    elif args.json:
        _print_json(s.chart_data(stars=args.stars))
    else:
        print(s.chart_text(stars=args.stars))
    return DONE


def cmd_text(args):
    """The words of the 周易: all of a hexagram's by any of its names, or those a cast reads."""
    s = _session(args)
    values = options.given(args, CAST)
    named = values.get("lines")
    if named is not None and not re.fullmatch(r"[6-9]{6}", str(named)) and \
            not any(values.get(way) not in (None, False) for way in options.WAYS if way != "lines"):
        found = s.texts_of(named)
        _print_json(found) if args.json else print(s.texts_of_text(named))
        return DONE
    s.cast(**options.cast_arguments(values, spell=options.dashed)[0])
    _say_notes(s)
    _print_json(s.words()) if args.json else print(s.words_text())
    return DONE


def cmd_dates(args):
    s = _session(args)
    values = options.given(args, options.DATES)
    if args.json:
        _print_json(s.dates(**values))
        return DONE
    print(s.dates_text(**values))
    return DONE


def cmd_stars(args):
    from .results import stars_data, stars_text
    s = _session(args)
    values = options.given(args, CAST)
    lines = options.has_cast(values)
    if not lines:                        # the stars follow the pillars; lines only for where they land
        values["lines"] = "777777"
    s.cast(**options.cast_arguments(values, spell=options.dashed)[0])
    _say_notes(s)
    if args.json:
        _print_json(stars_data(s.stars(), lines))
    else:
        print(stars_text(s.stars(), lines, s.lang))
    return DONE


def cmd_judge(args):
    s = _session(args)
    if not options.has_cast(options.given(args, CAST)):
        raise error("cli.judge_needs_cast")
    _cast(s, args)
    if args.stars:
        from .star_readings import text
        found = s.judgment_stars()
        if args.json:
            _print_json({**json.loads(s.judgment_json(proof=args.proof)), "stars": found})
        else:
            print(s.judgment_text(proof=args.proof, level=_level(args), depth=args.depth, every=args.all) + "\n\n"
                  + text(found, s.lang))
    elif args.markdown:
        print(s.judgment_markdown(every=args.all), end="")
    else:
        print(s.judgment_json(proof=args.proof) if args.json else
              s.judgment_text(proof=args.proof, level=_level(args), depth=args.depth, every=args.all))
    if args.keep:
        from .journal.command import keep_judged
        keep_judged(s, args)
    return DONE


def cmd_when(args):
    s = _session(args)
    if not options.has_cast(options.given(args, CAST)):
        raise error("cli.needs_cast", example="liuyao when 787889 --at 2024-10-08T04:00 --tz Asia/Seoul --topic wealth")
    _cast(s, args)
    print(json.dumps(s.when(), ensure_ascii=False, indent=2) if args.json else s.when_text())
    return DONE


def _cast_session(args, example):
    """A session holding the cast the arguments give (the question is the command's own)."""
    s = _session(args)
    if not options.has_cast(options.given(args, CAST)):
        raise error("cli.needs_cast", example=example)
    s.cast(**options.cast_arguments(options.given(args, CAST), spell=options.dashed)[0])
    return s


def cmd_describe(args):
    s = _cast_session(args, "liuyao describe 787889 --month 戌 --day 乙巳 --about wife")
    data = s.describe(args.about or "self")
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else s.description_text())
    return DONE


def cmd_periods(args):
    s = _cast_session(args, "liuyao periods 777788 --month 申 --day 甲午 --age 27")
    data = s.periods(age=args.age, born=args.born)
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else s.periods_text())
    return DONE


def cmd_coverage(args):
    from .coverage import text
    lines = _session(args).coverage(seed=args.seed, seeds=args.seeds)
    only = "missing" if args.missing else "declined" if args.declined else None
    if args.json:
        _print_json([{**entry, "phrases": [p for p in entry["phrases"] if only is None or p["status"] == only]}
                     for entry in lines])
    else:
        print(text(lines, args.lang, only=only))
    return NEGATIVE if args.missing and any(p["status"] == "missing" for e in lines for p in e["phrases"]) else DONE


def cmd_source(args):
    """A line of a book in its chapter, Chinese and Korean, and the rules that cite it."""
    s = _session(args)
    _print_json(s.source(args.line, args.around)) if args.json else print(s.source_text(args.line, args.around))
    return DONE


def cmd_conventions(args):
    s = _session(args)
    if args.json:
        _print_json({name: {"default": c["default"], "values": c["values"]} for name, c in s.conventions().items()})
    else:
        print(s.conventions_text())
    return DONE


def cmd_topics(args):
    s = _session(args)
    if args.json:
        _print_json(s.topics())
    else:
        print(s.topics_text())
    return DONE


def cmd_rules(args):
    s = _session(args)
    found = s.rules(args.pred, grep=args.grep, source=args.source, topic=args.topic)
    if args.markdown:
        sys.stdout.write(found.markdown())
    elif args.json:
        _print_json(found.to_data())
    else:
        print(found.text(s.lang, command=HINT))
    return DONE if found else NEGATIVE


def cmd_facts(args):
    s = _session(args)
    stated = s.facts(args.pred)
    if args.json:
        _print_json(stated.to_data())
    else:
        print(stated.text(s.lang, command=HINT))
    return DONE if stated else NEGATIVE


def cmd_explain(args):
    s = _session(args)
    _cast(s, args)
    if args.json:
        _print_json(s.glossary(args.term))
    else:
        print(s.glossary_text(args.term))
    return DONE


def cmd_check(args):
    import os
    from .knowledge import check_folder
    if not os.path.isdir(args.dir):
        raise error("cli.not_a_folder", folder=args.dir)
    problems = check_folder(args.dir, options.limits(args))
    errors = [p for p in problems if not p.endswith("(warning)")]
    if args.json:
        _print_json({"folder": args.dir, "problems": problems})
    else:
        for p in problems:
            print(problem(p, args.lang))
        warnings = len(problems) - len(errors)
        print(text("cli.check_count", args.lang, errors=len(errors), warnings=warnings,
                   errors_word=("word.error" if len(errors) == 1 else "word.errors", {}),
                   warnings_word=("word.warning" if warnings == 1 else "word.warnings", {})))
    return NEGATIVE if errors else DONE


def cmd_serve(args):
    try:
        from .web.server import serve
    except ImportError as e:
        raise error("cli.serve_needs_web", reason=str(e)) from None
    limits = options.limits(args)
    from .session import check_lang
    check_lang(args.lang)
    journal = None
    if args.with_journal:
        from .journal import path_of
        journal = path_of(args.journal_file)
    serve(args.host, args.port, workers=args.workers, timeout=limits.seconds, memory_mb=limits.memory_mb,
          allow_remote=args.allow_remote, lang=args.lang, journal=journal)
    return DONE


# ---- the parser ----------------------------------------------------------------------------

def _command(sub, name, help, run, *, goal=False, cast=False, lines_required=False, question=False, asks=True):
    lang = getattr(sub, "lang", "en")           # the language of the cast options' help (parser)
    p = sub.add_parser(name, help=help)
    if asks:
        options.add_limits(p)
    if goal:
        p.add_argument("goal", nargs="?" if goal == "optional" else None, default=None,
                       help="a goal: a predicate and its arguments, e.g. \"clash('子', X)\"")
    if cast:
        options.add_options(p, CAST, title=text("cli.cast_group", lang), positional="lines",
                            required=("lines",) if lines_required else (), lang=lang)
    if question:
        options.add_options(p, QUESTION, title="the question (for use-god goals such as use_god_strong(C))",
                            required=("topic",) if question == "required" else ())
    p.set_defaults(run=run)
    return p


def _later(sub, name, help, register):
    """A command whose module is heavy, imported only when that command is built: else its name
    and help alone, as the list of commands shows them."""
    if isinstance(sub, options.OneCommand) and not sub.builds(name):
        sub.add_parser(name, help=help)
    else:
        register()


def parser(lang="en", command=None):
    """The command line; the help of a cast's options and of the newer ones in ``lang`` (``--lang`` of the
    command line, facts/message.tsv). With ``command``, only that command's options are built
    (``options.OneCommand``)."""
    from .version import VERSION
    p = Parser(prog="liuyao", description="六爻納甲 knowledge base: ask, prove, explain.")
    p.add_argument("--version", action="version", version=f"liuyao-kb {VERSION}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    sub.lang = lang
    if command:
        sub = options.OneCommand(sub, command)
    ch = _command(sub, "chart", "cast and show a chart, e.g. 787889 --month 戌 --day 乙巳", cmd_chart, cast=True)
    ch.add_argument("--stars", action="store_true", help="show the stars 神煞 of each line")
    drawn = ch.add_mutually_exclusive_group()
    drawn.add_argument("--svg", action="store_true", help=text("help.chart_svg", lang))
    drawn.add_argument("--png", action="store_true", help=text("help.chart_png", lang))
    add_common(ch)
    add_common(_command(sub, "text", text("cli.text", lang), cmd_text, cast=True))
    add_common(_command(sub, "stars", "where the stars 神煞 fall, e.g. --month 戌 --day 乙巳 --year 甲辰", cmd_stars,
                        cast=True))
    j = _command(sub, "judge", "judge a question: the use-god, its states and verdict", cmd_judge, cast=True,
                 question="required")
    options.add_options(j, (PROOF, options.ALL, LEVEL, DEPTH))
    j.set_defaults(level="full")
    j.add_argument("--stars", action="store_true", help="also show the stars 神煞 that speak to the question")
    j.add_argument("--markdown", action="store_true", help=text("help.judge_markdown", lang))
    options.add_keep(j, lang)
    add_common(j)
    add_common(_command(sub, "when", "when it happens: every timing candidate 應期 of a question, with dates, "
                        "reasons and rules", cmd_when, cast=True, question="required"))
    d = _command(sub, "describe", "describe the person asked about 形性: looks and temperament (seed 001:3–27)",
                 cmd_describe, cast=True)
    options.add_options(d, options.DESCRIBE, title="the person")
    add_common(d)
    lp = _command(sub, "periods", "the life periods 大限/小限 of the person at an age (seed 001:31–51)",
                  cmd_periods, cast=True)
    options.add_options(lp, options.PERIODS, title="the person's age")
    add_common(lp)
    dt = _command(sub, "dates", "the dates that have the pillars given, e.g. --month 戌 --day 乙巳 --year 甲辰",
                  cmd_dates)
    options.add_options(dt, options.DATES, required=("month", "day"), lang=lang)
    add_common(dt)
    add_common(_command(sub, "topics", "list the topics, their use-gods and aliases", cmd_topics))
    add_common(_command(sub, "conventions", "list the named conventions and their values", cmd_conventions))
    add_common(_command(sub, "ask", "answer a goal, e.g. \"clash('子', X)\"", cmd_ask, goal=True, cast=True,
                        question=True))
    w = _command(sub, "why", "prove a goal, or a rule's head through that rule (a rule id: r000.87.offspring_world)",
                 cmd_why, goal=True, cast=True, question=True)
    options.add_options(w, (LEVEL, DEPTH))
    w.set_defaults(level="full")
    w.add_argument("--dot", action="store_true", help="print a Graphviz graph")
    w.add_argument("--sentences", action="store_true", help="print numbered sentences")
    w.add_argument("--expand-negations", action="store_true",
                   help="under each ¬ leaf, show why its atom does not hold")
    add_common(w)
    wn = _command(sub, "why-not", "why a goal has no answer, or why a rule (a rule id) or the readings of a book "
                  "line (--source 000:87) do not apply: the first failing condition", cmd_why_not, goal="optional",
                  cast=True, question=True)
    wn.add_argument("--source", metavar="SEED:LINE", help="every reading of a line of a book, e.g. 000:87")
    wn.add_argument("--level", default="full", metavar="LEVEL", help=LEVEL.help)
    wn.add_argument("--depth", type=int, default=4, metavar="N", help="follow a failing derived condition N levels down")
    add_common(wn)
    r = _command(sub, "rules", "find rules: of a predicate, a classical name (--grep 月破), a line of a book "
                 "(--source 000:55) or a topic (--topic illness)", cmd_rules)
    options.add_options(r, SEARCH, positional="pred")
    r.add_argument("--markdown", action="store_true", help="print the index as docs/rules.md (a table per file)")
    add_common(r)
    cv = _command(sub, "coverage", "per seed line, which phrases are encoded (by which rule or fact row) and "
                  "which are declined and why", cmd_coverage)
    cv.add_argument("--seed", metavar="SEED", help="one seed only, e.g. 000")
    shown = cv.add_mutually_exclusive_group()
    shown.add_argument("--missing", action="store_true", help="only the phrases neither encoded nor declined")
    shown.add_argument("--declined", action="store_true", help=text("help.coverage_declined", lang))
    cv.add_argument("--seeds", metavar="DIR", help="the folder of the seed texts (default: ../shared/seeds)")
    add_common(cv)
    so = _command(sub, "source", text("help.source", lang), cmd_source)
    so.add_argument("line", metavar="SEED:LINE", help=text("help.source_line", lang))
    so.add_argument("--around", metavar="N", help=text("help.source_around", lang))
    add_common(so)
    e = sub.add_parser("explain", help="a classical term explained: its definition, the book lines and rules "
                       "behind it and, with a cast, where it holds, e.g. 月破 787889 --month 戌 --day 乙巳")
    e.add_argument("term", metavar="TERM", help="a term in hanzi, Hangul or English: 月破, 월파, month-broken")
    options.add_options(e, CAST, title=text("cli.cast_group_term", lang), positional="lines", lang=lang)
    options.add_options(e, QUESTION, title="the question (for the terms of a use-god)")
    e.set_defaults(run=cmd_explain)
    add_common(e)
    f = _command(sub, "facts", "the stated facts of a predicate, each with file:line", cmd_facts)
    f.add_argument("pred", metavar="PRED", help="the name of a predicate, e.g. najia")
    add_common(f)
    _later(sub, "repl", options.REPL_HELP, lambda: import_module(".repl", __package__).register(sub))
    _later(sub, "journal", text("help.journal", lang),
           lambda: import_module(".journal.command", __package__).register(sub, lang))
    _later(sub, "batch", text("help.batch", lang), lambda: import_module(".batch", __package__).register(sub, lang))
    sv = sub.add_parser("serve", help="serve the web page and the JSON API, e.g. --port 8000 (docs/web.md)")
    sv.add_argument("--host", default="127.0.0.1", help=text("help.serve_host", lang))
    sv.add_argument("--port", type=int, default=8000, help=text("help.serve_port", lang))
    sv.add_argument("--workers", type=int, default=2, help=text("help.serve_workers", lang))
    sv.add_argument("--allow-remote", action="store_true", help=text("help.serve_allow_remote", lang))
    sv.add_argument("--lang", default=options.default_lang(), metavar="LANG", help=text("help.serve_lang", lang))
    sv.add_argument("--with-journal", action="store_true", help=text("help.serve_with_journal", lang))
    options.add_journal_file(sv, lang)
    options.add_limits(sv)
    sv.set_defaults(run=cmd_serve)
    c = _command(sub, "check", "lint a user knowledge folder and list every problem", cmd_check)
    c.add_argument("dir", metavar="DIR", help="the folder to check")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.add_argument("--lang", default=options.default_lang(), metavar="LANG", help="language of the messages: en, ko, zh")
    options.localize(p, lang)
    return p


def main(argv=None):
    gc.set_threshold(*GC_THRESHOLD)

    def command():
        words = list(sys.argv[1:] if argv is None else argv)
        args = parser(lang_of(argv), command=words[0] if words and not words[0].startswith("-") else None
                      ).parse_args(argv)
        return args.run(args)
    return run(command, lang=lang_of(argv))


def console():
    """The ``liuyao`` command: ``main``, then an exit that does not walk every object the process
    made (the collector's last pass at exit took a third of a judgment's time): they are frozen."""
    status = main()
    gc.freeze()
    sys.exit(status)


if __name__ == "__main__":
    console()
