"""The ``liuyao`` command.

Exit status: 0 done; 1 a negative answer (no answer, no proof, problems found);
2 a user error, printed as one line; 3 an internal error, also one line.
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import KnowledgeError, UserError

LANGS = ("en", "ko", "zh")


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UserError(f"{message} (see {self.prog} --help)")


def _common(p):
    p.add_argument("--kb", action="append", default=[], metavar="DIR",
                   help="also load a user knowledge folder (repeatable)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of explanations")
    p.add_argument("--json", action="store_true", help="print JSON")


def _kb(args):
    from .knowledge import KnowledgeBase
    try:
        return KnowledgeBase(extra=args.kb)
    except KnowledgeError as e:
        more = f" (and {len(e.problems) - 1} more; run liuyao check DIR)" if len(e.problems) > 1 else ""
        raise UserError(e.problems[0] + more) from None


def _cast_options(p, lines_required=False):
    g = p.add_argument_group("the cast (binds C in the goal)")
    g.add_argument("lines", nargs=None if lines_required else "?", default=None,
                   help="six line values bottom first (787889) or a hexagram name (山火賁, 22)")
    g.add_argument("--to", metavar="HEXAGRAM", help="the changed hexagram, with a hexagram name")
    g.add_argument("--coins", help="coin tosses bottom first: heads counted (3,2,1,0,2,1) or faces (HHT,…)")
    g.add_argument("--random", action="store_true", help="cast three coins at random (see --seed)")
    g.add_argument("--seed", type=int, help="the seed of a random cast")
    g.add_argument("--at", metavar="ISO", help="the moment of the cast, e.g. 2024-10-08T04:00")
    g.add_argument("--tz", help="IANA time zone of --at (default: this machine's)")
    g.add_argument("--month", help="the month branch 月建 (or month pillar), instead of --at")
    g.add_argument("--day", help="the day pillar 日辰, e.g. 乙巳, instead of --at")
    g.add_argument("--year", help="the year pillar (optional with --day)")
    g.add_argument("--hour", help="the hour pillar (optional with --day)")
    g.add_argument("--zi-hour", choices=("same-day", "next-day"), help="convention zi_hour")
    g.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="choose a convention value (repeatable); see liuyao conventions")


def _question_options(p, required=False):
    g = p.add_argument_group("the question (for use-god goals such as use_god_strong(C))")
    g.add_argument("--topic", required=required, help="wealth, office, exam, document, illness, childbirth, "
                   "marriage, lost, travel, return, lawsuit, house, trade … (liuyao topics)")
    g.add_argument("--about", help="whom the question is about: self, father, mother, teacher, son, daughter, "
                   "brother, sister, friend, wife, servant, husband, other-party")
    g.add_argument("--asker", help="in a marriage question: man or woman")


def _has_cast(args):
    return any(getattr(args, k, None) not in (None, False) for k in ("lines", "coins", "random", "seed"))


def _chart(args, kb):
    import random
    from .chart import cast
    conventions = {}
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep:
            raise UserError(f"--set {item!r}: write NAME=VALUE, e.g. --set hidden_god=jingfang-world-line")
        conventions[name.strip()] = value.strip()
    if args.zi_hour:
        conventions["zi_hour"] = args.zi_hour
    lines = hexagram = None
    if args.lines is not None:
        compact = args.lines.replace(",", "").replace(" ", "")
        if compact.isdigit() and len(compact) > 2:
            lines = compact
        else:
            hexagram = args.lines
    seed = args.seed
    if args.random and seed is None:
        seed = random.SystemRandom().randrange(10 ** 6)
    elif seed is not None and not args.random:
        raise UserError("--seed goes with --random")
    return cast(lines, coins=args.coins, hexagram=hexagram, to=args.to, seed=seed, at=args.at,
                tz=args.tz, month=args.month, day=args.day, year=args.year, hour=args.hour,
                conventions=conventions, kb=kb)


def _hint(kb, goal):
    """On stderr: constants of a goal the knowledge never uses, with the nearest it does."""
    for value, near in kb.unknown_constants(goal):
        suggestion = f"; did you mean {', '.join(near)}?" if near else ""
        print(f"liuyao: note: {value!r} is not a value of the knowledge base{suggestion}", file=sys.stderr)


def _goal(args, kb):
    """The goal, with C bound to the cast (and its question, when one is given)."""
    from .engine import substitute
    body = kb.parse(args.goal)
    if not _has_cast(args):
        if args.topic:
            raise UserError("--topic needs a cast to ask it of (lines, --coins, a hexagram name or --random)")
        return body, None
    chart = _chart(args, kb)
    if args.topic:
        from .judgment import judge
        judge(chart, args.topic, about=args.about, asker=args.asker)
    return tuple(substitute(lit, {"C": chart.id}) for lit in body), chart


def _print_json(data):
    print(json.dumps(data, ensure_ascii=False, indent=2))


def table(names, rows) -> str:
    """Rows as an aligned text table; CJK characters count two columns wide."""
    from unicodedata import east_asian_width

    def width(s):
        return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in s)

    cells = [list(names)] + [[v if isinstance(v, str) else repr(v) for v in row] for row in rows]
    widths = [max(width(r[i]) for r in cells) for i in range(len(names))]
    fmt = lambda r: "  ".join(c + " " * (w - width(c)) for c, w in zip(r, widths)).rstrip()
    lines = [fmt(cells[0]), "  ".join("─" * w for w in widths)] + [fmt(r) for r in cells[1:]]
    return "\n".join(lines)


def cmd_ask(args):
    kb = _kb(args)
    goal, _ = _goal(args, kb)
    names, rows = kb.variables(goal), kb.ask(goal)
    if args.json:
        _print_json({"goal": args.goal, "variables": names, "answers": [list(r) for r in rows]})
    elif not names:
        print("yes" if rows else "no")
    else:
        print(table(names, rows))
        print(f"({len(rows)} answer{'s' if len(rows) != 1 else ''})")
    if not rows:
        _hint(kb, goal)
    return 0 if rows else 1


def cmd_why(args):
    from .engine import render
    kb = _kb(args)
    goal, _ = _goal(args, kb)
    proof = kb.explain(goal, expand_negations=args.expand_negations)
    if proof is None:
        if args.json:
            _print_json({"goal": args.goal, "proof": None})
        else:
            print(f"{args.goal} does not hold; liuyao why-not shows why")
        _hint(kb, goal)
        return 1
    if args.json:
        _print_json({"goal": args.goal, "proof": render.to_data(proof, args.lang)})
    elif args.dot:
        print(render.to_dot(proof, args.lang))
    elif args.sentences:
        print(render.sentences(proof, args.lang))
    else:
        print(render.text(proof, args.lang, depth=args.depth))
    return 0


def cmd_why_not(args):
    from .engine import render
    kb = _kb(args)
    goal, _ = _goal(args, kb)
    why = kb.why_not(goal)
    if why is None:
        if args.json:
            _print_json({"goal": args.goal, "why_not": None})
        else:
            print(f"{args.goal} holds; liuyao why shows the proof")
        return 1
    if args.json:
        _print_json({"goal": args.goal, "why_not": render.why_not_data(why, args.lang)})
    else:
        print(render.why_not_text(why, args.lang))
    _hint(kb, goal)
    return 0


def cmd_chart(args):
    chart = _chart(args, _kb(args))
    if args.json:
        print(json.dumps(chart.to_data(stars=args.stars), ensure_ascii=False, indent=2))
    else:
        print(chart.text(args.lang, stars=args.stars))
    return 0


def cmd_stars(args):
    kb = _kb(args)
    if args.lines is None and not (args.coins or args.random):
        args.lines = "777777"            # the stars follow the pillars; lines only for where they land
        shown_lines = False
    else:
        shown_lines = True
    chart = _chart(args, kb)
    rows = []
    for star in chart.stars:
        where = " ".join(star["branch"] + star["stem"])
        lines = " ".join(map(str, star["lines"])) if shown_lines else ""
        rows.append((star["name"], star["key"] or "", where, lines, star["rule"] or ""))
    if args.json:
        _print_json([{k: v for k, v in s.items() if shown_lines or k not in ("lines", "changed", "hidden", "active")}
                     for s in chart.stars])
    else:
        names = ["star", "key", "falls on", "lines", "rule"] if shown_lines else ["star", "key", "falls on", "rule"]
        print(table(names, [r if shown_lines else (r[0], r[1], r[2], r[4]) for r in rows]))
    return 0


def cmd_judge(args):
    from .judgment import judge
    kb = _kb(args)
    if not _has_cast(args):
        raise UserError("give the cast to judge, e.g. liuyao judge 787889 --month 戌 --day 乙巳 --topic wealth")
    judgment = judge(_chart(args, kb), args.topic, about=args.about, asker=args.asker)
    if args.json:
        print(judgment.to_json(proof=args.proof, lang=args.lang))
    else:
        print(judgment.text(args.lang, proof=args.proof))
    return 0


def cmd_conventions(args):
    from .chart import conventions
    defaults, allowed = conventions(_kb(args))
    if args.json:
        _print_json({name: {"default": defaults.get(name), "values": values}
                     for name, values in sorted(allowed.items())})
        return 0
    for name, values in sorted(allowed.items()):
        values = sorted(values, key=lambda v: (v != defaults.get(name), v))
        print(f"{name}: " + ", ".join(v + (" (default)" if v == defaults.get(name) else "") for v in values))
    return 0


def cmd_topics(args):
    from .judgment import topics
    known = topics(_kb(args))
    if args.json:
        _print_json({t: {"use": v[0], "chinese": v[1], "korean": v[2], "english": v[3], "aliases": v[4]}
                     for t, v in sorted(known.items())})
        return 0
    for topic, (use, zh, ko, en, aliases) in sorted(known.items()):
        print(f"{topic}: {use}  {zh} {ko} — {en}" + (f"  ({', '.join(aliases)})" if aliases else ""))
    return 0


def cmd_check(args):
    from pathlib import Path
    from .knowledge import check_folder
    if not Path(args.dir).is_dir():
        raise UserError(f"{args.dir}: not a folder (give a folder with facts/ and kb/, or *.tsv and *.dl)")
    problems = check_folder(args.dir)
    if args.json:
        _print_json({"folder": args.dir, "problems": problems})
    else:
        for p in problems:
            print(p)
        errors = [p for p in problems if not p.endswith("(warning)")]
        print(f"{len(errors)} error{'s' if len(errors) != 1 else ''}, "
              f"{len(problems) - len(errors)} warning{'s' if len(problems) - len(errors) != 1 else ''}")
    return 1 if any(not p.endswith("(warning)") for p in problems) else 0


def parser():
    p = _Parser(prog="liuyao", description="六爻納甲 knowledge base: ask, prove, explain.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    ch = sub.add_parser("chart", help="cast and show a chart, e.g. 787889 --month 戌 --day 乙巳")
    _cast_options(ch)
    ch.add_argument("--stars", action="store_true", help="show the stars 神煞 of each line")
    _common(ch)
    ch.set_defaults(run=cmd_chart)
    st = sub.add_parser("stars", help="where the stars 神煞 fall, e.g. --month 戌 --day 乙巳 --year 甲辰")
    _cast_options(st)
    _common(st)
    st.set_defaults(run=cmd_stars)
    j = sub.add_parser("judge", help="judge a question: the use-god, its states and verdict")
    _cast_options(j)
    _question_options(j, required=True)
    j.add_argument("--proof", action="store_true", help="print the proof of the verdict")
    _common(j)
    j.set_defaults(run=cmd_judge)
    tp = sub.add_parser("topics", help="list the topics, their use-gods and aliases")
    _common(tp)
    tp.set_defaults(run=cmd_topics)
    cv = sub.add_parser("conventions", help="list the named conventions and their values")
    _common(cv)
    cv.set_defaults(run=cmd_conventions)
    a = sub.add_parser("ask", help="answer a goal, e.g. \"clash('子', X)\"")
    a.add_argument("goal")
    _cast_options(a)
    _question_options(a)
    _common(a)
    a.set_defaults(run=cmd_ask)
    w = sub.add_parser("why", help="prove a goal")
    w.add_argument("goal")
    _cast_options(w)
    _question_options(w)
    w.add_argument("--depth", type=int, default=None, help="fold sub-proofs below this depth")
    w.add_argument("--dot", action="store_true", help="print a Graphviz graph")
    w.add_argument("--sentences", action="store_true", help="print numbered sentences")
    w.add_argument("--expand-negations", action="store_true",
                   help="under each ¬ leaf, show why its atom does not hold")
    _common(w)
    w.set_defaults(run=cmd_why)
    n = sub.add_parser("why-not", help="explain why a goal has no answer")
    n.add_argument("goal")
    _cast_options(n)
    _question_options(n)
    _common(n)
    n.set_defaults(run=cmd_why_not)
    from .repl import register as register_repl
    register_repl(sub)
    c = sub.add_parser("check", help="lint a user knowledge folder and list every problem")
    c.add_argument("dir")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(run=cmd_check)
    return p


def main(argv=None):
    try:
        args = parser().parse_args(argv)
        return args.run(args)
    except UserError as e:
        print(f"liuyao: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("liuyao: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug of ours: one line, never a traceback
        print(f"liuyao: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
