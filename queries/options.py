"""The options of a cast, a question and a search of the rules, in one table each.

``liuyao`` builds its argparse groups from them (``--month 戌``), the REPL parses its words with
them (``:cast 787889 month 戌 day 乙巳``) and completes with them, and both turn the values into
the arguments of ``Session.cast``, ``Session.judge`` and ``Session.rules``.

>>> values = parse_words("787889 month 戌 --day 乙巳 zi-hour=next-day", CAST, "lines")
>>> values
{'lines': '787889', 'month': '戌', 'day': '乙巳', 'zi_hour': 'next-day'}
>>> cast_arguments(values)
({'lines': '787889', 'month': '戌', 'day': '乙巳', 'conventions': {'zi_hour': 'next-day'}}, None)
>>> cast_arguments(parse_words("山火賁 to 地火明夷 set hidden_god=all-lines", CAST, "lines"))[0]
{'hexagram': '山火賁', 'to': '地火明夷', 'conventions': {'hidden_god': 'all-lines'}}
"""
from __future__ import annotations

import argparse
import functools
import os
import shlex
import sys

from .engine.record import record
from .errors import UserError
from .messages import error, text


@record(frozen=True)
class Option:
    """One option: its Python name (``zi_hour``, typed ``zi-hour`` or ``--zi-hour``), what it is
    for, a metavar (empty for a flag), an example value, its type, and whether it repeats."""
    name: str
    help: str
    metavar: str = ""
    example: str = ""
    type: object = str
    many: bool = False

    @property
    def word(self) -> str:
        return self.name.replace("_", "-")

    @property
    def flag(self) -> bool:
        return not self.metavar


CAST = (
    Option("lines", "six line values bottom first (787889) or a hexagram name (山火賁, 22)", "lines", "787889"),
    Option("to", "the changed hexagram, with a hexagram name", "HEXAGRAM", "地火明夷"),
    Option("coins", "coin tosses bottom first: heads counted (3,2,1,0,2,1) or faces (HHT,… or 字字背,…); "
                    "which face counts 3 is the convention coin_face (default {coin_face})", "COINS", "3,2,1,0,2,1"),
    Option("random", "cast three coins at random (see --seed)"),
    Option("yarrow", "cast by yarrow stalks 大衍筮法: 49 stalks, three changes a line (see --seed)"),
    Option("by_time", "cast from the moment 時間起卦 of 梅花易數: the lunar year, month, day and hour of --at "
                      "(or now); convention time_months"),
    Option("numbers", "cast from two numbers 報數起卦 of 梅花易數, e.g. 3,8: the upper and the lower trigram; "
                      "convention numbers_moving", "N,N", "3,8"),
    Option("seed", "the seed of a random or yarrow cast", "SEED", "7", int),
    Option("at", "the moment of the cast, e.g. 2024-10-08T04:00", "ISO", "2024-10-08T04:00"),
    Option("tz", "IANA time zone of --at (default: this machine's, or the city's of --longitude)", "TZ",
           "Asia/Seoul"),
    Option("longitude", "the longitude of a solar clock (--set clock=mean-solar or true-solar): degrees east, "
                        "e.g. 126.98, or a city (Seoul, 서울, 首爾)", "DEGREES", "126.98"),
    Option("month", "the month branch 月建 (or month pillar), instead of --at", "MONTH", "戌"),
    Option("day", "the day pillar 日辰, e.g. 乙巳, instead of --at", "DAY", "乙巳"),
    Option("year", "the year pillar (optional with --day)", "YEAR", "甲辰"),
    Option("hour", "the hour pillar (optional with --day)", "HOUR", "丙寅"),
    Option("zi_hour", "convention zi_hour (see liuyao conventions)", "ZI_HOUR", "next-day"),
    Option("set", "choose a convention value (repeatable); see liuyao conventions", "NAME=VALUE",
           "hidden_god=jingfang-world-line", many=True),
)
DATES = (
    Option("month", "the month branch 月建 (or month pillar) of the dates, e.g. 戌", "MONTH", "戌"),
    Option("day", "the day pillar 日辰 of the dates, e.g. 乙巳", "DAY", "乙巳"),
    Option("year", "the year pillar, e.g. 甲辰 (optional)", "YEAR", "甲辰"),
    Option("years", "the solar years searched, FIRST-LAST, at most 300 (default 1900-2100)", "FIRST-LAST",
           "1900-2100"),
    Option("tz", "the IANA time zone a 節 day is read in (default: this machine's)", "TZ", "Asia/Seoul"),
)
QUESTION = (
    Option("topic", "wealth, office, exam, document, illness, childbirth, marriage, lost, travel, return, "
                    "lawsuit, house, trade … (liuyao topics)", "TOPIC", "wealth"),
    Option("about", "whom the question is about: self, father, mother, teacher, son, daughter, brother, "
                    "sister, friend, wife, servant, husband, other-party", "ABOUT", "father"),
    Option("asker", "the asker's sex, where a verse needs it (a marriage question needs it): man or woman", "ASKER", "woman"),
    Option("horizon", "the unit of the timing 應期: hour, day, month or year (default: by the topic and "
                      "the pace, convention timing-horizon)", "UNIT", "month"),
    Option("since", "in an illness question: recent (近病) or long (久病)", "SINCE", "recent"),
    Option("in_office", "in an office question: yes if the asker already holds office (在任), no if seeking it",
           "YES_NO", "yes"),
    Option("side", "in a lawsuit: plaintiff (the asker brought the suit) or defendant", "SIDE", "plaintiff"),
)


def natural(text) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        from .messages import text as say
        raise argparse.ArgumentTypeError(say("options.natural", text=text))
    return value


LIMITS = (
    Option("timeout", "seconds a question may take, loading included (default 10; 0 for none)", "SECONDS", "10",
           float),
    Option("memory", "megabytes a question may hold (default 512; 0 for none)", "MB", "512", float),
)
DESCRIBE = (
    Option("about", "whom to describe 形性: self, wife, husband, son, daughter, maid, concubine, friend … "
                    "(default self)", "ABOUT", "wife"),
)
PERIODS = (
    Option("age", "the age of the person, counted 虛歲 as the text does (one at birth; set age_count=full "
                  "for full years)", "AGE", "27", int),
    Option("born", "the year of birth instead of the age (needs --at: the year of the question)", "YEAR",
           "1990", int),
)
PROOF = Option("proof", "print the proof of the verdict")
ALL = Option("all", "list every reading that applies, by weight (supporting, outweighed, descriptive), not "
                    "only the deciding ones")
LEVEL = Option("level", "how much of a proof to show: student (what a student takes as given folds into a line "
                        "of chart facts) or full", "LEVEL", "student")
DEPTH = Option("depth", "fold sub-proofs below this depth", "N", "3", natural)
JUDGE = QUESTION + (PROOF, ALL, LEVEL, DEPTH)
SEARCH = (
    Option("pred", "a predicate: all its rules", "PRED", "day_break"),
    Option("grep", "rules whose title, id or source quote contains the text, e.g. 月破", "TEXT", "月破"),
    Option("source", "rules citing a line of a book, SEED:LINE (000:55 also finds its Korean line 57)",
           "SEED:LINE", "000:55"),
    Option("topic", "rules of a topic: naming it or an alias as a constant, e.g. illness", "TOPIC", "illness"),
)

# Cast options that are not keyword arguments of Session.cast as they are.
_SPECIAL = {"lines", "random", "seed", "set", "zi_hour"}
# The ways of giving the lines: one of these (the seed alone casts at random).
WAYS = ("lines", "coins", "random", "yarrow", "by_time", "numbers", "seed")


def said_help(option, lang="en") -> str:
    """An option's help in a language: the message ``option.NAME`` where facts/message.tsv has
    one, else its English; a convention's default filled in from the convention tables."""
    from .engine import LANGS
    from .messages import messages, placeholders
    key = f"option.{option.name}"
    if key not in messages():
        return option.help
    named = placeholders(messages()[key][lang if lang in LANGS else "en"])
    return text(key, lang, **{name: value for name, value in _defaults().items() if name in named}).replace("%", "%%")


@functools.cache
def _defaults() -> dict:
    from .engine.tables import read_table
    from .knowledge import shipped_dir
    return {name: value for name, value in (row.values for row in
                                            read_table(shipped_dir() / "facts" / "convention_default.tsv").rows)}


def dashed(name: str) -> str:
    """How ``liuyao`` spells an option in a message: ``--zi-hour``."""
    return "--" + name.replace("_", "-")


def worded(name: str) -> str:
    """How the REPL spells an option in a message: ``zi-hour``."""
    return name.replace("_", "-")


# ---- argparse -------------------------------------------------------------------------------

class Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as the terminal: found as ``shutil.get_terminal_size`` finds it,
    without importing shutil (and the archives it imports) for every option added."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class Parser(argparse.ArgumentParser):
    """An argparse parser whose mistakes are user errors (one line, exit status 2)."""

    def __init__(self, *args, formatter_class=Formatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)

    def error(self, message):
        raise UserError(f"{message} (see {self.prog} --help)", key="status.see_help",
                        values={"text": _argparse_message(message), "prog": self.prog})


_ARGPARSE = (("argparse.unrecognized", r"unrecognized arguments: (?P<words>.*)"),
             ("argparse.required", r"the following arguments are required: (?P<words>.*)"),
             ("argparse.expected_one", r"argument (?P<option>\S+): expected one argument"),
             ("argparse.invalid_choice", r"argument (?P<option>\S+): invalid choice: (?P<value>.*) \(choose from "
                                         r"(?P<choices>.*)\)"),
             ("argparse.invalid_value", r"argument (?P<option>\S+): invalid \S+ value: (?P<value>.*)"),
             ("argparse.argument", r"argument (?P<option>\S+): (?P<reason>.*)"))


def _argparse_message(text):
    """An argparse error (English) as a message, when it is of a form argparse is known to write.

    >>> _argparse_message("unrecognized arguments: --x")
    ('argparse.unrecognized', {'words': '--x'})
    """
    import re
    for key, pattern in _ARGPARSE:
        found = re.fullmatch(pattern, text)
        if found:
            return key, found.groupdict()
    return text


REPL_HELP = "an interactive session: cast, ask, prove, judge, load your rules"


class OneCommand:
    """The subcommands of a parser whose command line names one of them: every command is added
    with its name and help (the list of commands and argparse's errors are the same), but only
    the one named is built; the others' options are never made (a tenth of a start)."""

    def __init__(self, subparsers, name):
        self._subparsers, self._name = subparsers, name

    def add_parser(self, name, **kwargs):
        made = self._subparsers.add_parser(name, **kwargs)
        return made if name == self._name else _Unbuilt()

    def builds(self, name) -> bool:
        """Whether the command ``name`` is built (a command whose module is heavy is imported only then)."""
        return name == self._name

    def __getattr__(self, name):
        return getattr(self._subparsers, name)


class _Unbuilt:
    """A command not built: whatever is added to it is dropped."""

    def __getattr__(self, name):
        return self._drop

    def _drop(self, *args, **kwargs):
        return self


def default_lang() -> str:
    """The language when a command line gives no --lang: LIUYAO_LANG when it names one the views
    speak, else English."""
    import os
    from .engine import LANGS
    lang = os.environ.get("LIUYAO_LANG", "")
    return lang if lang in LANGS else "en"


def add_journal_file(p, lang) -> None:
    """``--journal-file`` of the commands that read or write the journal."""
    p.add_argument("--journal-file", metavar="PATH", help=text("help.journal_file", lang))


def words_options(p, lang) -> None:
    """The asker's words and a note, kept with a journal's entry."""
    p.add_argument("--words", metavar="TEXT", help=text("help.journal_words", lang))
    p.add_argument("--note", metavar="TEXT", help=text("help.journal_note", lang))


def add_keep(p, lang) -> None:
    """``--keep`` (with the words, a note and the journal's file) of ``liuyao judge``."""
    p.add_argument("--keep", action="store_true", help=text("help.journal_keep", lang))
    words_options(p, lang)
    add_journal_file(p, lang)


def add_common(p, json_option=True) -> None:
    """--kb and --lang (and --json) of every command that opens a session."""
    from .engine import LANGS
    p.add_argument("--kb", action="append", default=[], metavar="DIR",
                   help="also load a user knowledge folder (repeatable)")
    p.add_argument("--lang", default=default_lang(), metavar="LANG",
                   help=f"language of explanations: {', '.join(LANGS)} (else the environment variable LIUYAO_LANG)")
    if json_option:
        p.add_argument("--json", action="store_true", help="print JSON")


def localize(parser, lang) -> None:
    """Every help of a parser and of its commands said in ``lang``: a description, a group's
    title, an option's or a command's help that a ``help.*`` message of facts/message.tsv says in
    English is said in ``lang``, argparse's own words too (``usage:``, ``options``); a help no
    message says stays as it is (tests/app/test_help.py finds none)."""
    if lang == "en":
        return
    from .messages import messages
    table = messages()
    said = {v["en"]: v[lang] for k, v in table.items() if k.startswith(("help.", "option."))}
    usage = table["help.argparse_usage"][lang] + " "
    word = lambda text: said.get(text, text).replace("%", "%%") if text and "%" not in text else said.get(text, text)

    class Localized(Formatter):
        def add_usage(self, usage_, actions, groups, prefix=None):
            return super().add_usage(usage_, actions, groups, usage if prefix is None else prefix)

    def walk(p):
        p.formatter_class = Localized
        p.description = word(p.description)
        for group in p._action_groups:
            group.title = word(group.title)
        for action in p._actions:
            action.help = word(action.help)
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    choice.help = word(choice.help)
                for sub in action.choices.values():
                    walk(sub)
    walk(parser)


def add_limits(p) -> None:
    """--timeout and --memory of every command that asks the knowledge."""
    add_options(p, LIMITS, title="limits")


def limits(args):
    """The ``queries.engine.limits.Limits`` of --timeout and --memory (0: none)."""
    from .engine.limits import DEFAULT_MEMORY_MB, DEFAULT_SECONDS, Limits
    given = {}
    for option, default in zip(LIMITS, (DEFAULT_SECONDS, DEFAULT_MEMORY_MB)):
        value = getattr(args, option.name, None)
        value = default if value is None else value
        if not 0 <= value < float("inf"):
            raise error("options.limit", option=dashed(option.name), value=value,
                        unit=("unit.seconds" if option.metavar == "SECONDS" else "unit.megabytes", {}))
        given[option.name] = value or None
    return Limits(seconds=given["timeout"], memory_mb=given["memory"])


def add_options(parser, options, *, title=None, positional=None, required=(), lang="en") -> None:
    """Add options to an argparse parser (in a group when titled); ``positional`` names the one
    given without a dash (nargs ``?`` unless required); each help in ``lang`` (``said_help``)."""
    if isinstance(parser, _Unbuilt):
        return
    group = parser.add_argument_group(title) if title else parser
    for o in options:
        help = said_help(o, lang)
        if o.name == positional:
            group.add_argument(o.name, nargs=None if o.name in required else "?", default=None,
                               metavar=o.metavar, help=help)
        elif o.flag:
            group.add_argument(dashed(o.name), action="store_true", help=help)
        elif o.many:
            group.add_argument(dashed(o.name), action="append", default=[], metavar=o.metavar, help=help)
        else:
            group.add_argument(dashed(o.name), type=o.type, metavar=o.metavar, required=o.name in required,
                               help=help)


def given(args, options) -> dict:
    """The values of options given on a parsed command line, by name."""
    values = {o.name: getattr(args, o.name, None) for o in options}
    return {name: value for name, value in values.items() if value not in (None, False, [])}


# ---- the REPL's words -----------------------------------------------------------------------

def parse_words(text: str, options, positional=None, *, command=":cast", example="787889 month 戌 day 乙巳") -> dict:
    """Option values from words: ``NAME VALUE``, ``NAME=VALUE``, with or without ``--``; a flag
    alone; a bare word is the ``positional`` option (when not named). Errors name ``command``.

    >>> parse_words("illness --about=father proof", JUDGE, "topic", command=":judge")
    {'topic': 'illness', 'about': 'father', 'proof': True}
    """
    try:
        tokens = shlex.split(text)
    except ValueError as e:
        raise error("options.quoting", command=command, text=text, reason=str(e)) from None
    by_word = {o.word: o for o in options}
    by_word.update({o.name: o for o in options})
    values, i = {}, 0
    while i < len(tokens):
        token = tokens[i]
        key, eq, value = (token[2:] if token.startswith("--") else token).partition("=")
        option = by_word.get(key)
        if option is not None and option.flag and not eq:
            values[option.name], i = True, i + 1
            continue
        if option is not None and not option.flag:
            if not eq:
                if i + 1 >= len(tokens):
                    raise error("options.needs_value", command=command, word=option.word, example=option.example)
                value, i = tokens[i + 1], i + 1
            i += 1
            if option.type is not str:
                try:
                    value = option.type(value)
                except (ValueError, argparse.ArgumentTypeError):
                    raise error("options.not_a_number" if option.type is float else "options.not_natural",
                                command=command, word=option.word, value=value) from None
            if option.many:
                values.setdefault(option.name, []).append(value)
            else:
                values[option.name] = value
        elif positional is not None and positional not in values and not token.startswith("-"):
            values[positional], i = token, i + 1
        else:
            raise error("options.unexpected", command=command, token=token, example=example)
    return values


def keywords(options, positional=None) -> list:
    """The words the REPL completes for options (flags and names that take a value)."""
    return [o.word for o in options if o.name != positional]


# ---- into the service's arguments -----------------------------------------------------------

def has_cast(values) -> bool:
    """Whether the values give the lines in some way (line values or a name, coins, random,
    yarrow stalks, the moment, numbers)."""
    return any(values.get(name) not in (None, False) for name in WAYS)


def cast_arguments(values, spell=worded, example=None) -> tuple:
    """The keyword arguments of ``Session.cast`` from cast option values, and a note: the seed
    chosen for a random cast without one (None otherwise). ``example`` shows a random cast."""
    conventions = {}
    for item in values.get("set", ()):
        name, sep, value = item.partition("=")
        if not sep:
            raise error("options.set_form", set=spell("set"), item=item)
        name, value = name.strip(), value.strip()
        if conventions.get(name, value) != value:
            raise error("options.set_disagree", set=spell("set"), name=name, first=conventions[name], second=value)
        conventions[name] = value
    if values.get("zi_hour"):
        if conventions.get("zi_hour", values["zi_hour"]) != values["zi_hour"]:
            raise error("options.zi_hour_disagree", zi_hour=spell("zi_hour"), value=values["zi_hour"], set=spell("set"),
                        chosen=conventions["zi_hour"])
        conventions["zi_hour"] = values["zi_hour"]
    kwargs, note = {}, None
    lines = values.get("lines")
    if lines is not None:
        compact = lines.replace(",", "").replace(" ", "")
        kwargs["lines" if compact.isdigit() and len(compact) > 2 else "hexagram"] = lines
    kwargs.update({name: value for name, value in values.items() if name not in _SPECIAL})
    seed = values.get("seed")
    if seed is not None and not values.get("random") and not values.get("yarrow"):
        raise error("options.seed_needs_random", seed=spell("seed"), random=spell("random"),
                    example=("options.for_example", {"example": example}) if example else "")
    if (values.get("random") or values.get("yarrow")) and seed is None:
        import random
        seed = random.SystemRandom().randrange(10 ** 6)
        note = f"random seed {seed}"
    if seed is not None:
        kwargs["seed"] = seed
    if conventions:
        kwargs["conventions"] = conventions
    return kwargs, note
