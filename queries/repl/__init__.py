"""``liuyao repl``: an interactive session — cast, ask, prove, judge, explain, load your own rules.

At a terminal it runs on prompt_toolkit (completion of predicates, constants, commands and
their options; history in ``~/.liuyao_history``; a query goes on over several lines until it
ends with ``.``). With standard input not a terminal it reads the script line by line and prints
only the answers: no prompt, no colour, the same output every time.

The parts: ``reader`` (when an input is complete), ``commands`` (the Repl and its commands),
``completion``, ``terminal`` (the interactive loops); this module starts one.
"""
from __future__ import annotations

import io
import sys

from ..engine.limits import DEFAULT_MEMORY_MB, Limits
from ..options import REPL_HELP, Parser, add_common, limits
from ..sandbox import DEFAULT_TIMEOUT, Sandbox
from ..session import Session, SessionState, check_lang
from ..status import run as run_command
from .commands import DEFAULT_DEPTH, Repl
from .completion import Completions
from .reader import MORE, PROMPT, goal_text, is_complete
from .terminal import HISTORY

__all__ = ["Completions", "MORE", "PROMPT", "Repl", "goal_text", "is_complete", "main", "open_session",
           "register", "run"]


def add_arguments(p) -> None:
    add_common(p, json_option=False)
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"time limit of each question (default {DEFAULT_TIMEOUT:g}; 0 for none; :timeout changes it)")
    p.add_argument("--memory", type=float, default=DEFAULT_MEMORY_MB, metavar="MB",
                   help=f"memory limit of each question, in megabytes (default {DEFAULT_MEMORY_MB:g}; 0 for none; "
                        ":memory changes it)")
    p.add_argument("--history", metavar="FILE", help=f"history file (default $LIUYAO_HISTORY, else {HISTORY})")
    p.add_argument("--depth", type=int, default=DEFAULT_DEPTH, metavar="N",
                   help=f"fold proofs below this depth (default {DEFAULT_DEPTH}; :expand N unfolds)")
    p.add_argument("--level", default="full", choices=("student", "full"),
                   help="how much of a proof to show (:level changes it)")
    p.add_argument("--echo", action="store_true",
                   help="with a script on standard input, print each input before its answer")
    p.add_argument("--no-sandbox", action="store_true",
                   help="keep the knowledge base in this process: --timeout and --memory still bound each "
                        "question, but :timeout and :memory cannot change them")


def register(subparsers):
    """Add ``repl`` to the subcommands of ``liuyao`` (queries.cli.parser)."""
    p = subparsers.add_parser("repl", help=REPL_HELP)
    add_arguments(p)
    p.set_defaults(run=run)
    return p


def open_session(extra=(), *, lang="en", limits=None, sandbox=True):
    """A Sandbox (the knowledge in a worker process) or a Session in this process, each bounded
    by ``limits`` (a ``queries.engine.limits.Limits``; the REPL's defaults when not given)."""
    limits = limits or Limits(seconds=DEFAULT_TIMEOUT, memory_mb=DEFAULT_MEMORY_MB)
    if sandbox:
        return Sandbox(extra, timeout=limits.seconds, memory_mb=limits.memory_mb, lang=lang)
    session, _ = Session.restore(SessionState(tuple(str(d) for d in extra), check_lang(lang)), limits=limits)
    return session


def run(args) -> int:
    """Run the REPL the parsed arguments describe: at a terminal, or over a piped script."""
    from .terminal import interactive
    at_terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if not at_terminal:
        try:
            sys.stdout.reconfigure(encoding="utf-8", errors="replace")
        except (AttributeError, ValueError):
            pass
    session = open_session(args.kb, lang=args.lang, limits=limits(args), sandbox=not args.no_sandbox)
    try:
        if at_terminal:
            return interactive(Repl(session, depth=args.depth, level=args.level, write=_printer), args.history)
        repl = Repl(session, depth=args.depth, level=args.level, echo=args.echo, write=_printer)
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace") \
            if hasattr(sys.stdin, "buffer") else sys.stdin
        return repl.run_script(stdin)
    finally:
        session.close()


def _printer(text):
    print(text, flush=True)


def main(argv=None) -> int:
    """``python -m queries.repl [--kb DIR] [--lang ko] [--timeout 2] [--memory 256] [--history FILE]``."""
    def command():
        p = Parser(prog="liuyao repl", description="An interactive session on the 六爻 knowledge base.")
        add_arguments(p)
        return run(p.parse_args(argv))
    return run_command(command)
