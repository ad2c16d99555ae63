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
from ..options import CAST, JUDGE, QUESTION, SEARCH
from ..messages import error, messages, problem, text as say
from ..status import message
from .reader import MORE, PROMPT, goal_text, is_complete

DEFAULT_DEPTH = 3
HINT = ":"                  # how an answer names another command: :facts PRED

USAGE = {
    "cast": "787889 month 戌 day 乙巳 | … at ISO tz ZONE | 山火賁 to 地火明夷 … | coins … | random seed N | "
            "yarrow seed N … | by-time at ISO … | numbers 3,8 …",
    "chart": "[json]",
    "judge": "TOPIC [about PERSON] [asker man|woman] [horizon UNIT] [since recent|long] [in-office yes|no] [side plaintiff|defendant] [proof]",
    "when": "[TOPIC [about PERSON] [asker man|woman] [horizon UNIT]]",
    "stars": "",
    "text": "[HEXAGRAM]",
    "source": "SEED:LINE [around N]",
    "dates": "month 戌 day 乙巳 [year 甲辰] [years 1900-2100]",
    "describe": "[about PERSON]",
    "periods": "age N | born YEAR",
    "why": "GOAL | RULE",
    "whynot": "GOAL | RULE | source SEED:LINE",
    "expand": "N",
    "depth": "N | all",
    "level": "student | full",
    "rules": "PRED | grep TEXT | source SEED:LINE | topic TOPIC",
    "facts": "PRED",
    "explain": "TERM",
    "topics": "",
    "load": "DIR",
    "reload": "",
    "lang": " | ".join(LANGS),
    "conventions": "",
    "keep": "[words TEXT] [note TEXT] [journal-file PATH]",
    "journal": "list | show ID | due | outcome ID --happened … --on DATE | check ID --happened yes|no | stats | …",
    "set": "NAME VALUE",
    "timeout": "SECONDS",
    "memory": "MB",
    "help": "",
    "quit": "",
}
# name -> (usage, what it does): the help of each command is message help.NAME of facts/message.tsv.
COMMANDS = {name: (usage, messages()[f"help.{name}"]["en"]) for name, usage in USAGE.items()}
ALIASES = {"why-not": "whynot", "why_not": "whynot", "q": "quit", "exit": "quit", "?": "help",
           "h": "help", "convention": "conventions"}
EXAMPLES = {"why": "clash('子', X)", "whynot": "clash('子', '丑')", "expand": "4", "rules": "clash",
            "facts": "branch_order", "explain": "月破", "load": "my-rules", "lang": "ko", "set": "zi_hour next-day",
            "timeout": "2", "memory": "256", "depth": "3", "level": "student", "judge": "illness about father",
            "when": "wealth horizon day", "describe": "about wife", "periods": "age 27",
            "dates": "month 戌 day 乙巳 year 甲辰", "source": "000:55", "keep": "note 'first try'", "journal": "list"}
# The commands whose words are options of queries.options: (options, the bare word's option).
WORDS = {"cast": (CAST, "lines"), "judge": (JUDGE, "topic"), "when": (JUDGE, "topic"), "rules": (SEARCH, "pred"),
         "dates": (options.DATES, None),
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
        self.say(say("status.error", self.lang, text=text))

    def start(self) -> None:
        """Report what the session could not load at start (bad --kb folders), once."""
        if self._started:
            return
        self._started = True
        try:
            for notice in self.session.notices():
                self.say(notice)
        except UserError as e:
            self.error(message(e, self.lang))

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
            self.say(self.session.ask_table(goal_text(stripped)).text(self.lang))
        except KnowledgeError as e:
            self.failures += 1
            for found in e.problems:
                self.say(problem(found, self.lang))
        except Exception as e:  # a user error, or a bug of ours: one line, never a traceback
            self.error(message(e, self.lang))
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
            raise error("repl.unknown_command", name=name,
                        hint=("repl.did_you_mean_command", {"name": near[0]}) if near else "")
        if name == "quit":
            return False
        getattr(self, "do_" + name)(rest)
        return True

    def _need(self, rest, what):
        if not rest:
            usage = COMMANDS[what][0]
            if not usage:
                raise error("repl.needs_nothing", what=what, example=EXAMPLES.get(what, ""))
            raise error("repl.needs", what=what, usage=usage.split(" | ")[0], example=EXAMPLES.get(what, ""))
        return rest

    def _words(self, rest, what) -> dict:
        table, bare = WORDS[what]
        return options.parse_words(self._need(rest, what), table, bare, command=f":{what}",
                                   example=EXAMPLES.get(what) or COMMANDS[what][0].split(" | ")[0])

    # ---- the commands ----------------------------------------------------------------------

    def do_help(self, rest):
        values = {"depth": self.depth if self.depth is not None else "all", "level": self.level, "lang": self.lang,
                  **self._limits()}
        lines = [say("help.goal", self.lang)]
        for name, usage in USAGE.items():
            lines.append(f":{name}{' ' + usage if usage else ''}\n    {say(f'help.{name}', self.lang, **values)}")
        self.say("\n".join(lines))

    def _limits(self) -> dict:
        if hasattr(self.session, "set_memory"):
            return {"timeout": _seconds(self.session.timeout, self.lang),
                    "memory": _megabytes(self.session.memory_mb, self.lang)}
        limits = self.session.limits or Limits()
        return {"timeout": _seconds(limits.seconds, self.lang), "memory": _megabytes(limits.memory_mb, self.lang)}

    def do_cast(self, rest):
        try:
            kwargs, note = options.cast_arguments(self._words(rest, "cast"),
                                                  example=":cast random seed 7 month 戌 day 乙巳")
        except UserError as e:
            if str(e).startswith(":cast"):
                raise
            raise error("repl.cast", reason=e.said()) from None
        if note:                                        # a random cast without a seed: the seed chosen
            self.say(say("options.random_seed", self.lang, seed=kwargs["seed"]))
        self.session.cast(**kwargs)
        for notice in self.session.notices():           # a boundary near, a moment on another clock
            self.say(say("status.note", self.lang, text=notice))
        self.say(self.session.chart_text())

    def do_dates(self, rest):
        values = self._words(rest, "dates")
        if "month" not in values or "day" not in values:
            raise error("repl.needs", what="dates", usage=USAGE["dates"], example=EXAMPLES["dates"])
        self.say(self.session.dates_text(**values))

    def do_chart(self, rest):
        if rest == "json":
            self.say(self.session.chart_json())
        elif rest:
            raise error("repl.chart", rest=rest)
        else:
            self.say(self.session.chart_text())

    def _put(self, values, what):
        if "topic" not in values:
            raise error("repl.needs_topic", what=what, example=EXAMPLES[what])
        self.session.pose(**{k: v for k, v in values.items() if k in {o.name for o in QUESTION}})

    def do_judge(self, rest):
        from ..engine import render
        values = self._words(rest, "judge")
        self._put(values, "judge")
        said = self.session.judgment_text()
        level = values.get("level", self.level)
        if level not in render.LEVELS:
            raise error("repl.judge_level", level=level, choices=", ".join(render.LEVELS))
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
        self.say(stars_text(self.session.stars(), lang=self.lang))

    def do_text(self, rest):
        """The words of the 周易 the current cast reads, or all of a hexagram named (賁, 山火賁, 22)."""
        name = rest.strip()
        self.say(self.session.texts_of_text(name) if name else self.session.words_text())

    def do_source(self, rest):
        """A line of a book in its chapter, Chinese and Korean, and the rules that cite it."""
        words = self._need(rest, "source").split()
        if len(words) not in (1, 3) or (len(words) == 3 and words[1] != "around"):
            raise error("repl.needs", what="source", usage=COMMANDS["source"][0], example=EXAMPLES["source"])
        self.say(self.session.source_text(words[0], words[2] if len(words) == 3 else None))

    def do_topics(self, rest):
        self.say(self.session.topics_text())

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
            self.say(say("repl.goal_fails", self.lang, goal=goal))
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
            self.say("\n\n".join(c.text(self.lang, depth=1, connectives=self.session.connectives())
                                   for c in self.session.check_source(spec.strip())))
            return
        if "(" not in goal:
            self.say(self.session.check_rule(goal).text(self.lang, depth=1, connectives=self.session.connectives()))
            return
        why = self.session.why_not(goal)
        if why is None:
            self.say(say("repl.goal_holds", self.lang, goal=goal))
            return
        self.say(render.why_not_text(why, self.lang, self.level, phrases=self.session.connectives()))

    def do_expand(self, rest):
        from ..engine import render
        text = self._need(rest, "expand").lstrip("#")
        if self.proof is None:
            raise error("repl.no_proof")
        try:
            n = int(text)
        except ValueError:
            raise error("repl.expand", rest=rest) from None
        sub = render.subproof(self.proof, n)
        if sub is None:
            raise error("repl.no_part", n=n, count=len(render.number(self.proof)))
        self.say(render.text(sub, self.lang, depth=self.depth, level=self.level, numbers=render.number(self.proof),
                             phrases=self.session.connectives()))

    def do_depth(self, rest):
        text = self._need(rest, "depth")
        if text in ("all", "none", "0"):
            self.depth = None
        else:
            try:
                self.depth = int(text)
            except ValueError:
                raise error("repl.depth", text=text) from None
            if self.depth < 1:
                raise error("repl.depth_positive")
        self.say(say("repl.proofs_fold", self.lang, depth=self.depth) if self.depth else
                 say("repl.proofs_whole", self.lang))

    def do_level(self, rest):
        from ..engine.render import LEVELS
        text = self._need(rest, "level")
        if text not in LEVELS:
            raise error("repl.level", text=text, choices=", ".join(LEVELS))
        self.level = text
        self.say(say("repl.level_now", self.lang, level=text))

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
            for found in e.problems:
                self.say(problem(found, self.lang))
            n = len(e.problems)
            self.say(say("repl.not_loaded", self.lang, folder=folder, count=n,
                         problems=("word.problem" if n == 1 else "word.problems", {})))
            return
        self._vocabulary = None
        self.say(_summary_line("repl.loaded", summary, self.lang))

    def do_reload(self, rest):
        summaries = self.session.reload()
        self._vocabulary = None
        if not summaries:
            self.say(say("repl.reloaded_shipped", self.lang))
        for summary in summaries:
            self.say(_summary_line("repl.reloaded", summary, self.lang))

    def do_lang(self, rest):
        self.session.set_lang(self._need(rest, "lang"))
        self.say(say("language_now", self.lang, lang=self.lang))

    def do_conventions(self, rest):
        self.say(self.session.conventions_text())

    def do_keep(self, rest):
        from ..journal.command import KEEP, keep_record
        values = options.parse_words(rest, KEEP, command=":keep", example=EXAMPLES["keep"]) if rest else {}
        entry_id, path = keep_record(self.session.journal_record(), **values)
        self.say(say("journal.kept", self.lang, id=entry_id, path=path))

    def do_journal(self, rest):
        from ..journal.command import run_words
        self.say(run_words(self._need(rest, "journal"), self.lang))

    def do_set(self, rest):
        parts = self._need(rest, "set").replace("=", " ").split()
        if len(parts) != 2:
            raise error("repl.set", rest=rest)
        self.session.set_convention(*parts)
        self.say(say("repl.set_done", self.lang, name=parts[0], value=parts[1]))

    def do_timeout(self, rest):
        seconds = self._limit(rest, "timeout", "seconds", "2")
        self.session.timeout = seconds
        self.say(say("repl.time_limit", self.lang, limit=_seconds(seconds, self.lang)))

    def do_memory(self, rest):
        megabytes = self._limit(rest, "memory", "megabytes", "256")
        self.session.set_memory(megabytes)
        dropped = self.session.notices()            # what the worker could not restore under the new limit
        if dropped:
            self.say(say("repl.memory_limit_dropped", self.lang, limit=_megabytes(megabytes, self.lang),
                         notices="; ".join(dropped)))
        else:
            self.say(say("repl.memory_limit", self.lang, limit=_megabytes(megabytes, self.lang)))

    def _limit(self, rest, what, unit, example):
        """The limit a :timeout or :memory gives (None for 0: no limit), as --timeout and --memory."""
        text = self._need(rest, what)
        if not hasattr(self.session, "set_memory"):
            now = self._limits()
            raise error("repl.no_sandbox", timeout=now["timeout"], memory=now["memory"])
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0 <= value < float("inf"):
            raise error("repl.limit", what=what, text=text, unit=(f"unit.{unit}", {}), example=example)
        return value or None

    # ---- completion data -------------------------------------------------------------------

    def vocabulary(self) -> dict:
        if self._vocabulary is None:
            try:
                self._vocabulary = self.session.vocabulary()
            except UserError:
                return {"predicates": [], "constants": [], "conventions": {}, "topics": []}
        return self._vocabulary


def _seconds(value, lang="en"):
    return say("limit.none", lang) if value is None else f"{value:g} s"


def _megabytes(value, lang="en"):
    return say("limit.none", lang) if value is None else f"{value:g} MB"


def _summary_line(key, s, lang) -> str:
    rules, facts = s["rules"], s["facts"]
    preds = f" ({', '.join(s['predicates'])})" if s["predicates"] else ""
    line = say(key, lang, folder=s["folder"], rules=rules, facts=facts, preds=preds,
               rules_word=("word.rule" if rules == 1 else "word.rules", {}),
               facts_word=("word.fact" if facts == 1 else "word.facts", {}))
    return "\n".join([line] + [say("repl.warning", lang, text=w) for w in s["warnings"]])
