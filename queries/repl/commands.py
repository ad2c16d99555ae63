"""The REPL's commands: each reads its words, makes a request of the service (a Session or a
Sandbox) and says the answer.

>>> from queries.session import Session
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

import os
import shlex

from .. import options
from ..engine import LANGS
from ..engine.limits import Limits
from ..errors import KnowledgeError, UserError
from ..options import CAST, JUDGE, SEARCH
from ..status import message, one_line
from .reader import MORE, PROMPT, goal_text, is_complete

DEFAULT_DEPTH = 3
HINT = ":"                  # how an answer names another command: :facts PRED

COMMANDS = {
    "cast": ("787889 month 戌 day 乙巳 | … at ISO tz ZONE | 山火賁 to 地火明夷 … | coins … | random seed N",
             "cast a chart; it becomes C (also year, hour, zi-hour, set NAME=VALUE)"),
    "chart": ("[json]", "show the chart of the current cast"),
    "judge": ("TOPIC [about PERSON] [asker man|woman] [horizon UNIT] [proof]",
              "put a question to the cast: the use-god, the readings, the verdict and the timing (the question "
              "stays on C)"),
    "when": ("[TOPIC [about PERSON] [asker man|woman] [horizon UNIT]]",
             "every timing candidate 應期 of the question (put it first when given), with dates, reasons and rules"),
    "stars": ("", "where the stars 神煞 fall for the current cast, and on which lines"),
    "describe": ("[about PERSON]", "describe the person asked about 形性: looks and temperament (seed 001:3–27)"),
    "periods": ("age N | born YEAR", "the life periods 大限/小限 at that age (seed 001:31–51; the age counted 虛歲)"),
    "why": ("GOAL | RULE", "prove a goal (its first answer), or a rule's head through that rule, as a tree citing "
            "sources"),
    "whynot": ("GOAL | RULE | source SEED:LINE",
               "why a goal, a rule or the readings of a book line do not hold: the first failing condition"),
    "expand": ("N", "show the folded part #N of the last proof"),
    "depth": ("N | all", "fold proofs below this depth (now {depth})"),
    "level": ("student | full", "how much of a proof to show: student folds what a student takes as given (now {level})"),
    "rules": ("PRED | grep TEXT | source SEED:LINE | topic TOPIC",
              "the rules of a predicate, a classical name, a line of a book or a topic, with sources and file:line"),
    "facts": ("PRED", "the stated facts of a predicate, each with file:line"),
    "explain": ("TERM", "a classical term (月破, 월파, month-broken): its definition, the book lines and rules "
                "behind it, and where it holds on the current cast"),
    "topics": ("", "the topics of a question, their use-gods and aliases"),
    "load": ("DIR", "load a user knowledge folder (DIR/kb/*.dl, DIR/facts/*.tsv)"),
    "reload": ("", "read the loaded folders again"),
    "lang": (" | ".join(LANGS), "the language of explanations (now {lang})"),
    "conventions": ("", "the named conventions, their values and your choices"),
    "set": ("NAME VALUE", "choose a convention value for the next :cast"),
    "timeout": ("SECONDS", "the time limit of each question (now {timeout})"),
    "memory": ("MB", "the memory limit of each question, in megabytes (now {memory})"),
    "help": ("", "this list"),
    "quit": ("", "leave (or Ctrl-D)"),
}
ALIASES = {"why-not": "whynot", "why_not": "whynot", "q": "quit", "exit": "quit", "?": "help",
           "h": "help", "convention": "conventions"}
EXAMPLES = {"why": "clash('子', X)", "whynot": "clash('子', '丑')", "expand": "4", "rules": "clash",
            "facts": "branch_order", "explain": "月破", "load": "my-rules", "lang": "ko", "set": "zi_hour next-day",
            "timeout": "2", "memory": "256", "depth": "3", "level": "student", "judge": "illness about father",
            "when": "wealth horizon day", "describe": "about wife", "periods": "age 27"}
# The commands whose words are options of queries.options: (options, the bare word's option).
WORDS = {"cast": (CAST, "lines"), "judge": (JUDGE, "topic"), "when": (JUDGE, "topic"), "rules": (SEARCH, "pred"),
         "describe": (options.DESCRIBE, "about"), "periods": (options.PERIODS, None)}


class Repl:
    """Runs inputs against a Session (or Sandbox) and writes what a user reads.

    ``write`` receives each piece of output (a str, without the final newline); by default the
    output is collected and ``output()`` returns it.
    """

    def __init__(self, session, *, depth=DEFAULT_DEPTH, level="full", echo=False, write=None):
        self.session = session
        self.depth, self.level = depth, level
        self.echo = echo
        self.proof = None
        self.failures = 0
        self._vocabulary = None
        self._collected = []
        self._write = write or self._collected.append
        self._started = False

    @property
    def lang(self) -> str:
        return self.session.lang

    # ---- output ----------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self._write(text)

    def output(self) -> str:
        return "\n".join(self._collected) + ("\n" if self._collected else "")

    def error(self, text: str) -> None:
        self.failures += 1
        self.say(f"error: {text}")

    def start(self) -> None:
        """Report what the session could not load at start (bad --kb folders), once."""
        if self._started:
            return
        self._started = True
        try:
            for notice in self.session.notices():
                self.say(notice)
        except UserError as e:
            self.error(one_line(e))

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
            self.say(self.session.ask_table(goal_text(stripped)).text())
        except KnowledgeError as e:
            self.failures += 1
            for problem in e.problems:
                self.say(problem)
        except Exception as e:  # a user error, or a bug of ours: one line, never a traceback
            self.error(message(e))
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
                            + EXAMPLES.get(what, ""))
        return rest

    def _words(self, rest, what) -> dict:
        table, bare = WORDS[what]
        return options.parse_words(self._need(rest, what), table, bare, command=f":{what}",
                                   example=EXAMPLES.get(what) or COMMANDS[what][0].split(" | ")[0])

    # ---- the commands ----------------------------------------------------------------------

    def do_help(self, rest):
        values = {"depth": self.depth if self.depth is not None else "all", "level": self.level, "lang": self.lang,
                  **self._limits()}
        lines = ["?- GOAL.   answers as a table (C is the current cast); the '?-' may be left out"]
        for name, (usage, text) in COMMANDS.items():
            lines.append(f":{name}{' ' + usage if usage else ''}\n    {text.format(**values)}")
        self.say("\n".join(lines))

    def _limits(self) -> dict:
        if hasattr(self.session, "set_memory"):
            return {"timeout": _seconds(self.session.timeout), "memory": _megabytes(self.session.memory_mb)}
        limits = self.session.limits or Limits()
        return {"timeout": _seconds(limits.seconds), "memory": _megabytes(limits.memory_mb)}

    def do_cast(self, rest):
        try:
            kwargs, note = options.cast_arguments(self._words(rest, "cast"),
                                                  example=":cast random seed 7 month 戌 day 乙巳")
        except UserError as e:
            raise UserError(e if str(e).startswith(":cast") else f":cast: {e}") from None
        if note:
            self.say(note)
        self.session.cast(**kwargs)
        self.say(self.session.chart_text())

    def do_chart(self, rest):
        if rest == "json":
            self.say(self.session.chart_json())
        elif rest:
            raise UserError(f":chart {rest}: write :chart or :chart json")
        else:
            self.say(self.session.chart_text())

    def _put(self, values, what):
        if "topic" not in values:
            raise UserError(f":{what} needs a topic, e.g. :{what} {EXAMPLES[what]} (:topics lists them)")
        self.session.judge(values["topic"], about=values.get("about"), asker=values.get("asker"),
                           horizon=values.get("horizon"))

    def do_judge(self, rest):
        from ..engine import render
        values = self._words(rest, "judge")
        self._put(values, "judge")
        said = self.session.judgment_text()
        level = values.get("level", self.level)
        if level not in render.LEVELS:
            raise UserError(f":judge level {level}: use one of {', '.join(render.LEVELS)}")
        if values.get("proof"):
            self.proof = self.session.judgment_proof()
            said += "\n\n" + render.text(self.proof, self.lang, depth=values.get("depth", self.depth), level=level,
                                          phrases=self.session.connectives())
        self.say(said)

    def do_when(self, rest):
        if rest:
            self._put(self._words(rest, "when"), "when")
        self.say(self.session.when_text())

    def do_describe(self, rest):
        values = options.parse_words(rest, options.DESCRIBE, "about", command=":describe",
                                     example=EXAMPLES["describe"]) if rest else {}
        self.session.describe(values.get("about", "self"))
        self.say(self.session.description_text())

    def do_periods(self, rest):
        values = self._words(rest, "periods")
        self.session.periods(age=values.get("age"), born=values.get("born"))
        self.say(self.session.periods_text())

    def do_stars(self, rest):
        from ..results import stars_text
        self.say(stars_text(self.session.stars()))

    def do_topics(self, rest):
        from ..results import topics_text
        self.say(topics_text(self.session.topics()))

    def do_why(self, rest):
        from ..engine import render
        goal = goal_text(self._need(rest, "why"))
        if "(" not in goal:
            check = self.session.check_rule(goal)
            self.proof = check.proof or self.proof
            self.say(check.text(self.lang, depth=self.depth, level=self.level, connectives=self.session.connectives()))
            return
        proof = self.session.explain(goal, expand_negations=self.level == "student")
        if proof is None:
            self.say(f"{goal} does not hold; :whynot {goal} shows why")
            return
        self.proof = proof
        words = self.session.connectives()
        self.say("\n".join(render.account(proof, self.lang, words)) + "\n\n"
                 + render.text(proof, self.lang, depth=self.depth, level=self.level, phrases=words))

    def do_whynot(self, rest):
        from ..engine import render
        goal = goal_text(self._need(rest, "whynot"))
        word, _, spec = goal.partition(" ")
        if word in ("source", "--source"):
            self.say("\n\n".join(c.text(self.lang, depth=1) for c in self.session.check_source(spec.strip())))
            return
        if "(" not in goal:
            self.say(self.session.check_rule(goal).text(self.lang, depth=1))
            return
        why = self.session.why_not(goal)
        if why is None:
            self.say(f"{goal} holds; :why {goal} shows the proof")
            return
        self.say(render.why_not_text(why, self.lang, self.level))

    def do_expand(self, rest):
        from ..engine import render
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
        self.say(render.text(sub, self.lang, depth=self.depth, level=self.level, numbers=render.number(self.proof)))

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

    def do_level(self, rest):
        from ..engine.render import LEVELS
        text = self._need(rest, "level")
        if text not in LEVELS:
            raise UserError(f":level {text}: use one of {', '.join(LEVELS)}")
        self.level = text
        self.say(f"proofs are shown at the {text} level")

    def do_rules(self, rest):
        values = self._words(rest, "rules")
        found = self.session.rules(values.get("pred"), grep=values.get("grep"), source=values.get("source"),
                                   topic=values.get("topic"))
        self.say(found.text(self.lang, command=HINT))

    def do_facts(self, rest):
        self.say(self.session.facts(self._need(rest, "facts")).text(self.lang, command=HINT))

    def do_explain(self, rest):
        self.say(self.session.glossary_text(self._need(rest, "explain")))

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
        self.session.set_lang(self._need(rest, "lang"))
        self.say(f"language: {self.lang}")

    def do_conventions(self, rest):
        from ..results import conventions_text
        self.say(conventions_text(self.session.conventions()))

    def do_set(self, rest):
        parts = self._need(rest, "set").replace("=", " ").split()
        if len(parts) != 2:
            raise UserError(f":set {rest}: write :set NAME VALUE, e.g. :set zi_hour next-day")
        self.session.set_convention(*parts)
        self.say(f"{parts[0]} = {parts[1]} for the next :cast")

    def do_timeout(self, rest):
        seconds = self._limit(rest, "timeout", "seconds", "2")
        self.session.timeout = seconds
        self.say(f"time limit: {_seconds(seconds)}")

    def do_memory(self, rest):
        megabytes = self._limit(rest, "memory", "megabytes", "256")
        self.session.set_memory(megabytes)
        self.say(f"memory limit: {_megabytes(megabytes)} (the worker was started again, the session restored)")

    def _limit(self, rest, what, unit, example):
        """The limit a :timeout or :memory gives (None for 0: no limit), as --timeout and --memory."""
        text = self._need(rest, what)
        if not hasattr(self.session, "set_memory"):
            now = self._limits()
            raise UserError(f"this session runs without a sandbox, so its limits are those it started with "
                            f"({now['timeout']}, {now['memory']}; --timeout and --memory set them)")
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0 <= value < float("inf"):
            raise UserError(f":{what} {text}: give a positive number of {unit}, e.g. :{what} {example} (0 for none)")
        return value or None

    # ---- completion data -------------------------------------------------------------------

    def vocabulary(self) -> dict:
        if self._vocabulary is None:
            try:
                self._vocabulary = self.session.vocabulary()
            except UserError:
                return {"predicates": [], "constants": [], "conventions": {}, "topics": []}
        return self._vocabulary


def _seconds(value):
    return "none" if value is None else f"{value:g} s"


def _megabytes(value):
    return "none" if value is None else f"{value:g} MB"


def _summary_line(verb, s) -> str:
    rules, facts = s["rules"], s["facts"]
    preds = f" ({', '.join(s['predicates'])})" if s["predicates"] else ""
    line = f"{verb} {s['folder']}: {rules} rule{'s' if rules != 1 else ''}, {facts} fact{'s' if facts != 1 else ''}{preds}"
    return "\n".join([line] + [f"{w} (warning)" for w in s["warnings"]])
