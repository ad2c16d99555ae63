"""``liuyao repl``: an interactive session — cast, ask, prove, explain, load your own rules.

At a terminal it runs on prompt_toolkit (completion of predicates, constants and commands;
history in ``~/.liuyao_history``; a query goes on over several lines until it ends with ``.``).
With standard input not a terminal it reads the script line by line and prints only the
answers: no prompt, no colour, the same output every time.

>>> repl = Repl(Session(), echo=True)
>>> repl.run_script([":cast 787889 month 戌 day 乙巳", "?- line_relative(C, 3, R).",
...                  "clash('子',", "      X)."])
0
>>> print(repl.output().split("妻財\\n(1 answer)\\n")[1], end="")
liuyao> clash('子',
   ...>       X).
X
──
午
(1 answer)
"""
from __future__ import annotations

import io
import os
import re
import shlex
import sys

from .errors import KnowledgeError, UserError
from .session import Session, SessionState

LANGS = ("en", "ko", "zh")
PROMPT, MORE = "liuyao> ", "   ...> "
DEFAULT_DEPTH = 3
HISTORY = "~/.liuyao_history"

COMMANDS = {
    "cast": ("787889 month 戌 day 乙巳 | … at ISO tz ZONE | 山火賁 to 地火明夷 … | coins … | random seed N",
             "cast a chart; it becomes C (also year, hour, zi-hour, set NAME=VALUE)"),
    "chart": ("[json]", "show the chart of the current cast"),
    "why": ("GOAL", "prove a goal (its first answer), as a tree citing sources"),
    "whynot": ("GOAL", "why a goal does not hold: the first failing condition of each rule"),
    "expand": ("N", "show the folded part #N of the last proof"),
    "depth": ("N | all", "fold proofs below this depth (now {depth})"),
    "rules": ("PRED", "the rules of a predicate, with sources and file:line"),
    "facts": ("PRED", "the stated facts of a predicate, each with file:line"),
    "load": ("DIR", "load a user knowledge folder (DIR/kb/*.dl, DIR/facts/*.tsv)"),
    "reload": ("", "read the loaded folders again"),
    "lang": ("en | ko | zh", "the language of explanations (now {lang})"),
    "conventions": ("", "the named conventions, their values and your choices"),
    "set": ("NAME VALUE", "choose a convention value for the next :cast"),
    "timeout": ("SECONDS", "the time limit of each question (now {timeout})"),
    "help": ("", "this list"),
    "quit": ("", "leave (or Ctrl-D)"),
}
ALIASES = {"why-not": "whynot", "why_not": "whynot", "q": "quit", "exit": "quit", "?": "help",
           "h": "help", "convention": "conventions"}
CAST_OPTIONS = ("to", "coins", "seed", "at", "tz", "month", "day", "year", "hour", "zi_hour", "set")


# ---- input ---------------------------------------------------------------------------------

def is_complete(text: str) -> bool:
    """Whether an input is ready to run: a command (one line), or a goal ending with '.'
    outside quotes and brackets.

    >>> is_complete(":why clash('子', X)"), is_complete("clash('子',"), is_complete("clash('子', X).")
    (True, False, True)
    >>> is_complete("p('a.')"), is_complete("")
    (False, True)
    """
    stripped = text.strip()
    if not stripped or stripped.startswith((":", "#")):
        return True
    depth, quote = 0, None
    for ch in stripped:
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
    return quote is None and depth <= 0 and stripped.endswith(".")


def goal_text(text: str) -> str:
    """The goal of an input: without '?-' and the final '.'.

    >>> goal_text("?- clash('子', X).")
    "clash('子', X)"
    """
    text = " ".join(text.split())
    if text.startswith("?-"):
        text = text[2:].strip()
    return text[:-1].rstrip() if text.endswith(".") else text


def parse_cast(text: str) -> tuple:
    """The arguments of ``:cast`` as keyword arguments of ``Session.cast``, and a note.

    Every input form of ``liuyao chart``, with or without the dashes.

    >>> parse_cast("787889 month 戌 day 乙巳")[0]
    {'lines': '787889', 'month': '戌', 'day': '乙巳'}
    >>> parse_cast("山火賁 to 地火明夷 --month 戌 --day 乙巳 zi-hour next-day set hidden_god=all-lines")[0]
    {'hexagram': '山火賁', 'to': '地火明夷', 'month': '戌', 'day': '乙巳', 'conventions': {'zi_hour': 'next-day', 'hidden_god': 'all-lines'}}
    >>> parse_cast("random seed 7 at 2024-10-08T04:00 tz Asia/Seoul")[0]
    {'seed': 7, 'at': '2024-10-08T04:00', 'tz': 'Asia/Seoul'}
    """
    try:
        tokens = shlex.split(text)
    except ValueError as e:
        raise UserError(f":cast {text}: {e}") from None
    spec, conventions, lines, random_ = {}, {}, None, False
    i = 0
    while i < len(tokens):
        token = tokens[i]
        word = token[2:] if token.startswith("--") else token
        key, eq, value = word.partition("=")
        name = key.replace("-", "_")
        if name == "random" and not eq:
            random_, i = True, i + 1
            continue
        if name in CAST_OPTIONS:
            if not eq:
                if i + 1 >= len(tokens):
                    raise UserError(f":cast: {key} needs a value, e.g. {_EXAMPLE.get(name, key + ' …')}")
                value, i = tokens[i + 1], i + 2
            else:
                i += 1
            if name == "set":
                conv, sep, val = value.partition("=")
                if not sep:
                    raise UserError(f":cast: set {value!r}: write NAME=VALUE, e.g. set hidden_god=jingfang-world-line")
                conventions[conv.strip()] = val.strip()
            elif name == "zi_hour":
                conventions["zi_hour"] = value
            else:
                spec[name] = value
        elif lines is None and not token.startswith("-"):
            lines, i = token, i + 1
        else:
            raise UserError(f":cast: unexpected {token!r}; write e.g. :cast 787889 month 戌 day 乙巳")
    note = None
    if "seed" in spec:
        try:
            spec["seed"] = int(spec["seed"])
        except ValueError:
            raise UserError(f":cast: seed {spec['seed']!r}: give a whole number") from None
        if not random_:
            raise UserError(":cast: seed goes with random, e.g. :cast random seed 7 month 戌 day 乙巳")
    elif random_:
        import random
        spec["seed"] = random.SystemRandom().randrange(10 ** 6)
        note = f"random seed {spec['seed']}"
    kwargs = {}
    if lines is not None:
        compact = lines.replace(",", "").replace(" ", "")
        kwargs["lines" if compact.isdigit() and len(compact) > 2 else "hexagram"] = lines
    kwargs.update(spec)
    if conventions:
        kwargs["conventions"] = conventions
    return kwargs, note


_EXAMPLE = {"month": "month 戌", "day": "day 乙巳", "at": "at 2024-10-08T04:00", "tz": "tz Asia/Seoul",
            "to": "to 地火明夷", "coins": "coins 3,2,1,0,2,1", "seed": "seed 7", "year": "year 甲辰",
            "hour": "hour 丙寅", "zi_hour": "zi-hour next-day", "set": "set hidden_god=jingfang-world-line"}


# ---- the REPL ------------------------------------------------------------------------------

class Repl:
    """Runs inputs against a Session (or Sandbox) and writes what a user reads.

    ``write`` receives each piece of output (a str, without the final newline); by default the
    output is collected and ``output()`` returns it.
    """

    def __init__(self, session, *, lang=None, depth=DEFAULT_DEPTH, echo=False, write=None):
        self.session = session
        self.lang = lang or getattr(session, "lang", "en")
        self.depth = depth
        self.echo = echo
        self.proof = None
        self.failures = 0
        self._vocabulary = None
        self._collected = []
        self._write = write or self._collected.append
        self._started = False

    # ---- output ----------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self._write(text)

    def output(self) -> str:
        return "\n".join(self._collected) + ("\n" if self._collected else "")

    def error(self, message: str) -> None:
        self.failures += 1
        self.say(f"error: {message}")

    def start(self) -> None:
        """Report what the session could not load at start (bad --kb folders), once."""
        if self._started:
            return
        self._started = True
        try:
            for notice in self.session.notices():
                self.say(notice)
        except UserError as e:
            self.error(_one_line(e))

    # ---- running ---------------------------------------------------------------------------

    def run(self, text: str) -> bool:
        """Run one complete input; False when it asks to quit. Errors print one line."""
        self.start()
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            return True
        try:
            if stripped.startswith(":"):
                return self.command(stripped[1:])
            self.ask(goal_text(stripped))
        except KnowledgeError as e:
            self.failures += 1
            for problem in e.problems:
                self.say(problem)
        except UserError as e:
            self.error(_one_line(e))
        except Exception as e:  # a bug of ours: one line, never a traceback; the session goes on
            self.error(f"internal error: {type(e).__name__}: {_one_line(e)}")
        return True

    def run_script(self, lines) -> int:
        """Run lines as a script (continuation lines until a goal ends with '.');
        0 when every input succeeded, 2 otherwise."""
        pending = []
        for raw in lines:
            line = raw.rstrip("\r\n")
            if not pending and (not line.strip() or line.lstrip().startswith("#")):
                continue
            pending.append(line)
            text = "\n".join(pending)
            if is_complete(text):
                pending = []
                if not self._run_echoed(text):
                    return 2 if self.failures else 0
        if pending:
            self._run_echoed("\n".join(pending))
        self.start()
        return 2 if self.failures else 0

    def _run_echoed(self, text):
        self.start()
        if self.echo:
            lines = text.split("\n")
            self.say("\n".join([PROMPT + lines[0]] + [MORE + line for line in lines[1:]]))
        return self.run(text)

    # ---- goals and commands ----------------------------------------------------------------

    def ask(self, goal: str) -> None:
        answers = self.session.ask_table(goal)
        self.say(answers.text())

    def command(self, text: str) -> bool:
        name, _, rest = text.strip().partition(" ")
        name = ALIASES.get(name.lower(), name.lower())
        rest = rest.strip()
        if name not in COMMANDS:
            from difflib import get_close_matches
            near = get_close_matches(name, list(COMMANDS), n=1)
            raise UserError(f"unknown command :{name}" + (f"; did you mean :{near[0]}?" if near else "")
                            + " (:help lists them)")
        if name == "quit":
            return False
        getattr(self, "do_" + name)(rest)
        return True

    def _need(self, rest, what):
        if not rest:
            usage = COMMANDS[what][0]
            raise UserError(f":{what} needs {usage.split(' | ')[0] if usage else 'nothing'}, e.g. :{what} "
                            + {"why": "clash('子', X)", "whynot": "clash('子', '丑')", "expand": "4",
                               "rules": "clash", "facts": "branch_order", "load": "my-rules",
                               "lang": "ko", "set": "zi_hour next-day", "timeout": "2",
                               "depth": "3"}.get(what, ""))
        return rest

    def do_help(self, rest):
        values = {"depth": self.depth if self.depth is not None else "all", "lang": self.lang,
                  "timeout": _seconds(getattr(self.session, "timeout", None))}
        lines = ["?- GOAL.   answers as a table (C is the current cast); the '?-' may be left out"]
        for name, (usage, text) in COMMANDS.items():
            lines.append(f":{name}{' ' + usage if usage else ''}\n    {text.format(**values)}")
        self.say("\n".join(lines))

    def do_cast(self, rest):
        kwargs, note = parse_cast(self._need(rest, "cast"))
        if note:
            self.say(note)
        self.session.cast(**kwargs)
        self.say(self.session.chart_text(self.lang))

    def do_chart(self, rest):
        if rest == "json":
            self.say(self.session.chart_json())
        elif rest:
            raise UserError(f":chart {rest}: write :chart or :chart json")
        else:
            self.say(self.session.chart_text(self.lang))

    def do_why(self, rest):
        from .engine import render
        goal = goal_text(self._need(rest, "why"))
        proof = self.session.explain(goal)
        if proof is None:
            self.say(f"{goal} does not hold; :whynot {goal} shows why")
            return
        self.proof = proof
        self.say(render.text(proof, self.lang, depth=self.depth))

    def do_whynot(self, rest):
        from .engine import render
        goal = goal_text(self._need(rest, "whynot"))
        why = self.session.why_not(goal)
        if why is None:
            self.say(f"{goal} holds; :why {goal} shows the proof")
            return
        self.say(render.why_not_text(why, self.lang))

    def do_expand(self, rest):
        from .engine import render
        text = self._need(rest, "expand").lstrip("#")
        if self.proof is None:
            raise UserError("no proof yet; :why GOAL first")
        try:
            n = int(text)
        except ValueError:
            raise UserError(f":expand {rest}: give the number of a folded part, e.g. :expand 4") from None
        sub = render.subproof(self.proof, n)
        if sub is None:
            raise UserError(f"the last proof has no #{n} (it has #1 … #{len(render.number(self.proof))})")
        ours, theirs = render.number(self.proof), render.number(sub)
        local = {k: ours[node] for node, k in theirs.items()}
        shown = render.text(sub, self.lang, depth=self.depth)
        self.say(re.sub(r"#(\d+)(?=\)|$)", lambda m: f"#{local.get(int(m.group(1)), m.group(1))}", shown,
                        flags=re.M))

    def do_depth(self, rest):
        text = self._need(rest, "depth")
        if text in ("all", "none", "0"):
            self.depth = None
        else:
            try:
                self.depth = int(text)
            except ValueError:
                raise UserError(f":depth {text}: give a whole number, or all") from None
            if self.depth < 1:
                raise UserError(":depth: give 1 or more, or all")
        self.say(f"proofs fold below depth {self.depth}" if self.depth else "proofs are shown whole")

    def do_rules(self, rest):
        pred = self._need(rest, "rules")
        entries = self.session.rules(pred)
        stated = self.session.facts(pred)
        name = f"{stated.pred}/{stated.arity}"
        lines = []
        if not entries:
            lines.append(f"{name} has no rules" + (
                f"; it is stated in {', '.join(t[0] for t in stated.tables)} (:facts {stated.pred})"
                if stated.tables else f"; it has {len(stated.rows)} stated facts (:facts {stated.pred})"))
        else:
            lines.append(f"{name}: {len(entries)} rule{'s' if len(entries) != 1 else ''}")
        words = _words(self.lang)
        for e in entries:
            user = f" ({words['user']})" if e.origin == "user" else ""
            lines.append(f"{e.info.id} {e.info.title}".rstrip() + f"   {e.where}{user}")
            lines += [f"  {words['source']}: {s}" for s in e.info.sources]
            lines += [f"  {words['convention']}: {c}" for c in e.info.conventions]
            said = e.info.template(self.lang)
            if said:
                lines.append(f"  “{said}”")
            lines += [f"  # {note}" for note in e.info.notes]
            lines.append(f"  {e.clause}")
        if entries and (stated.tables or stated.rows):
            lines.append(f"also stated: {len(stated.rows)} fact{'s' if len(stated.rows) != 1 else ''} "
                         f"(:facts {stated.pred})")
        self.say("\n".join(lines))

    def do_facts(self, rest):
        from .cli import table
        stated = self.session.facts(self._need(rest, "facts"))
        name = f"{stated.pred}/{stated.arity}"
        if not stated.tables and not stated.rows:
            self.say(f"{name} has no stated facts; it is derived by {stated.rules} rule"
                     f"{'s' if stated.rules != 1 else ''} (:rules {stated.pred})")
            return
        lines = []
        for path, origin, doc in stated.tables:
            user = f" ({_words(self.lang)['user']})" if origin == "user" else ""
            lines.append(f"{path}{user}")
            lines += [f"  # {d}" for d in doc]
        if stated.rows:
            lines.append(table(list(stated.columns) + ["where"],
                               [tuple(values) + (where + (" (user)" if origin == "user" else ""),)
                                for values, where, origin in stated.rows]))
        n = len(stated.rows)
        lines.append(f"({n} fact{'s' if n != 1 else ''}" + (f"; {stated.rules} rule{'s' if stated.rules != 1 else ''}"
                                                            f" derive more: :rules {stated.pred}" if stated.rules else "")
                     + ")")
        self.say("\n".join(lines))

    def do_load(self, rest):
        folder = self._need(rest, "load")
        try:
            folder = shlex.split(folder)[0]
        except (ValueError, IndexError):
            pass
        if folder.startswith("~"):
            folder = os.path.expanduser(folder)
        try:
            summary = self.session.load(folder)
        except KnowledgeError as e:
            self.failures += 1
            for problem in e.problems:
                self.say(problem)
            n = len(e.problems)
            self.say(f"{folder}: {n} problem{'s' if n != 1 else ''}; not loaded")
            return
        self._vocabulary = None
        self.say(_summary_line("loaded", summary))

    def do_reload(self, rest):
        summaries = self.session.reload()
        self._vocabulary = None
        if not summaries:
            self.say("reloaded the shipped knowledge")
        for summary in summaries:
            self.say(_summary_line("reloaded", summary))

    def do_lang(self, rest):
        lang = self._need(rest, "lang")
        if lang not in LANGS:
            raise UserError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
        self.lang = lang
        self.session.set_lang(lang)
        self.say(f"language: {lang}")

    def do_conventions(self, rest):
        lines = []
        for name, c in self.session.conventions().items():
            values = sorted(c["values"], key=lambda v: (v != c["default"], c["values"].index(v)))
            marks = []
            for v in values:
                tags = [t for t, on in (("default", v == c["default"]), ("next cast", v == c["next"])) if on]
                marks.append(v + (f" ({', '.join(tags)})" if tags else ""))
            lines.append(f"{name}: " + ", ".join(marks))
        self.say("\n".join(lines))

    def do_set(self, rest):
        parts = self._need(rest, "set").replace("=", " ").split()
        if len(parts) != 2:
            raise UserError(f":set {rest}: write :set NAME VALUE, e.g. :set zi_hour next-day")
        self.session.set_convention(*parts)
        self.say(f"{parts[0]} = {parts[1]} for the next :cast")

    def do_timeout(self, rest):
        text = self._need(rest, "timeout")
        if not hasattr(self.session, "timeout"):
            raise UserError("this session runs without a sandbox, so it has no time limit")
        try:
            seconds = float(text)
        except ValueError:
            raise UserError(f":timeout {text}: give seconds, e.g. :timeout 2 (0 for none)") from None
        self.session.timeout = seconds if seconds > 0 else None
        self.say(f"time limit: {_seconds(self.session.timeout)}")

    # ---- completion data -------------------------------------------------------------------

    def vocabulary(self) -> dict:
        if self._vocabulary is None:
            try:
                self._vocabulary = self.session.vocabulary()
            except UserError:
                return {"predicates": [], "constants": [], "conventions": {}}
        return self._vocabulary

    # ---- the terminal ----------------------------------------------------------------------

    def interactive(self, history=None) -> int:
        """The prompt_toolkit loop: completion, history, multi-line goals."""
        from importlib.util import find_spec
        if find_spec("prompt_toolkit") is None:
            return self._plain_interactive()
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings

        keys = KeyBindings()

        @keys.add("enter")
        def _(event):
            buffer = event.current_buffer
            state = buffer.complete_state
            if state is not None and state.current_completion is not None:
                buffer.apply_completion(state.current_completion)
            elif is_complete(buffer.text):
                buffer.validate_and_handle()
            else:
                buffer.insert_text("\n")

        path = os.path.expanduser(history or os.environ.get("LIUYAO_HISTORY") or HISTORY)
        try:
            store = FileHistory(path)
            list(store.load_history_strings())
        except OSError:
            store = InMemoryHistory()
        prompt = PromptSession(history=store, completer=Completions(self), multiline=True,
                               key_bindings=keys, complete_while_typing=False, reserve_space_for_menu=4,
                               prompt_continuation=lambda width, line, wrapped: MORE)
        print("liuyao repl — :help lists the commands, :quit leaves; a query ends with '.'", flush=True)
        while True:
            try:
                text = prompt.prompt(PROMPT)
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            if not self.run(text):
                break
        return 0


    def _plain_interactive(self) -> int:
        """Without prompt_toolkit: input() with the same prompts (no completion, no history file)."""
        print("liuyao repl (install prompt_toolkit for completion and history) — :help, :quit", flush=True)
        while True:
            lines = []
            try:
                lines.append(input(PROMPT))
                while not is_complete("\n".join(lines)):
                    lines.append(input(MORE))
            except KeyboardInterrupt:
                print()
                continue
            except EOFError:
                if lines and not self.run("\n".join(lines)):
                    break
                return 0
            if not self.run("\n".join(lines)):
                return 0


def _words(lang):
    from .engine.render import WORDS
    return WORDS[lang]


def _seconds(value):
    return "none" if value is None else f"{value:g} s"


def _one_line(error) -> str:
    return " ".join(str(error).split())


def _summary_line(verb, s) -> str:
    rules, facts = s["rules"], s["facts"]
    preds = f" ({', '.join(s['predicates'])})" if s["predicates"] else ""
    line = f"{verb} {s['folder']}: {rules} rule{'s' if rules != 1 else ''}, {facts} fact{'s' if facts != 1 else ''}{preds}"
    return "\n".join([line] + [f"{w} (warning)" for w in s["warnings"]])


# ---- completion ----------------------------------------------------------------------------

_TOKEN = re.compile(r"(?:'[^']*|[A-Za-z_][A-Za-z0-9_]*|[^\x00-\x7f\s(),&~'\"]+)$")


class Completions:
    """prompt_toolkit completer: commands, predicates (arity and rule title as meta),
    constants (quoted), convention names and values, hexagram names after :cast."""

    def __init__(self, repl):
        self.repl = repl

    # prompt_toolkit calls these two
    def get_completions(self, document, complete_event):
        from prompt_toolkit.completion import Completion
        for text, start, display, meta in self.candidates(document.text_before_cursor):
            yield Completion(text, start_position=start, display=display, display_meta=meta)

    async def get_completions_async(self, document, complete_event):
        for completion in self.get_completions(document, complete_event):
            yield completion

    def candidates(self, before: str):
        """(text, start_position, display, meta) for what is typed before the cursor."""
        line = before.split("\n")[-1] if "\n" in before else before
        stripped = before.lstrip()
        if stripped.startswith(":") and " " not in stripped:
            word = stripped[1:].lower()
            for name, (usage, text) in COMMANDS.items():
                if name.startswith(word):
                    yield ":" + name, -len(stripped), ":" + name, text.split(" (now")[0]
            return
        vocab = self.repl.vocabulary()
        if stripped.startswith(":"):
            command, _, args = stripped[1:].partition(" ")
            command = ALIASES.get(command, command)
            words = args.split(" ")
            word = words[-1]
            if command in ("rules", "facts") and len(words) == 1:
                for name, arity, meta in vocab["predicates"]:
                    if name.startswith(word):
                        yield name, -len(word), f"{name}/{arity}", meta
                return
            if command == "lang":
                yield from ((x, -len(word), x, "") for x in LANGS if x.startswith(word))
                return
            if command == "set":
                conventions = vocab["conventions"]
                if len(words) == 1:
                    yield from ((n, -len(word), n, ", ".join(v)) for n, v in conventions.items() if n.startswith(word))
                elif len(words) == 2:
                    yield from ((v, -len(word), v, "") for v in conventions.get(words[0], ()) if v.startswith(word))
                return
            if command == "cast":
                keys = ["month", "day", "at", "tz", "to", "coins", "random", "seed", "year", "hour", "zi-hour", "set"]
                yield from ((k, -len(word), k, "") for k in keys if word and k.startswith(word))
                return
            if command not in ("why", "whynot"):
                return
            line = args
        match = _TOKEN.search(line)
        if not match:
            return
        token = match.group()
        if token.startswith("'"):
            prefix = token[1:]
            for const in vocab["constants"]:
                if const.startswith(prefix):
                    yield f"'{const}'", -len(token), const, ""
        elif token[0].islower():
            for name, arity, meta in vocab["predicates"]:
                if name.startswith(token):
                    yield name + "(", -len(token), f"{name}/{arity}", meta
        elif not token[0].isascii():
            for const in vocab["constants"]:
                if const.startswith(token):
                    yield f"'{const}'", -len(token), const, ""


# ---- the command ---------------------------------------------------------------------------

def add_arguments(p) -> None:
    p.add_argument("--kb", action="append", default=[], metavar="DIR",
                   help="also load a user knowledge folder (repeatable)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of explanations")
    p.add_argument("--timeout", type=float, default=5.0, metavar="SECONDS",
                   help="time limit of each question, in a worker process (default 5; 0 for none)")
    p.add_argument("--history", metavar="FILE", help=f"history file (default $LIUYAO_HISTORY, else {HISTORY})")
    p.add_argument("--depth", type=int, default=DEFAULT_DEPTH, metavar="N",
                   help=f"fold proofs below this depth (default {DEFAULT_DEPTH}; :expand N unfolds)")
    p.add_argument("--echo", action="store_true",
                   help="with a script on standard input, print each input before its answer")
    p.add_argument("--no-sandbox", action="store_true",
                   help="keep the knowledge base in this process (no time limit)")


def register(subparsers):
    """Add ``repl`` to the subcommands of ``liuyao`` (queries.cli.parser)."""
    p = subparsers.add_parser("repl", help="an interactive session: cast, ask, prove, load your rules")
    add_arguments(p)
    p.set_defaults(run=run)
    return p


def open_session(extra=(), *, lang="en", timeout=5.0, sandbox=True):
    """A Sandbox (the knowledge in a worker process, a time limit per call) or a Session."""
    if sandbox:
        from .sandbox import Sandbox
        return Sandbox(extra, timeout=timeout if timeout and timeout > 0 else None, lang=lang)
    session, notices = Session.restore(SessionState(tuple(str(d) for d in extra), lang))
    return session


def run(args) -> int:
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if not interactive:
        try:
            sys.stdout.reconfigure(encoding="utf-8", errors="replace")
        except (AttributeError, ValueError):
            pass
    session = open_session(args.kb, lang=args.lang, timeout=args.timeout, sandbox=not args.no_sandbox)
    try:
        if interactive:
            repl = Repl(session, lang=args.lang, depth=args.depth, write=_printer)
            return repl.interactive(args.history)
        repl = Repl(session, lang=args.lang, depth=args.depth, echo=args.echo, write=_printer)
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace") \
            if hasattr(sys.stdin, "buffer") else sys.stdin
        return repl.run_script(stdin)
    finally:
        session.close()


def _printer(text):
    print(text, flush=True)


def main(argv=None) -> int:
    """``python -m queries.repl [--kb DIR] [--lang ko] [--timeout 2] [--history FILE]``."""
    from .cli import _Parser
    p = _Parser(prog="liuyao repl", description="An interactive session on the 六爻 knowledge base.")
    add_arguments(p)
    try:
        return run(p.parse_args(argv))
    except UserError as e:
        print(f"liuyao: {_one_line(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
