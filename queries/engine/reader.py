"""Clause text -> Rule and Fact values, read through an ``ast`` whitelist (grammar.py).

Nothing in a clause file can call, import or touch an attribute: the reader accepts facts and
rules of the grammar below and refuses everything else, each problem with its file:line.

Grammar (pyDatalog's own syntax, restricted, so that pyDatalog's ``load`` would read the same)::

    statement  := '+' atom                        a fact
                | atom '<=' literal ('&' literal)*  a rule
    literal    := atom | '~' atom | '(' term op term ')'
    atom       := predicate '(' term (',' term)* ')'
    term       := Variable | 'string' | integer | term ('+'|'-'|'*'|'//'|'%') term
    op         := == != < <= > >= in, not in   (right side of in: a tuple of constants)

>>> rules, facts, problems = parse_text("# @rule r.1 demo\\n# convention: demo\\n"
...     "p(X) <= q(X, Y) & ~r(Y) & (Y > 2)\\n+ q('甲', 3)\\n", "demo.dl")
>>> print(rules[0], rules[0].info.id, rules[0].where, facts[0].where, problems)
p(X) <= q(X, Y) & ~r(Y) & (Y > 2) r.1 demo.dl:3 demo.dl:4 []
"""
from __future__ import annotations

import re
import unicodedata

from .errors import GoalError
from .problem import Problem
from .terms import Atom, Fact, Rule, RuleInfo, gloss_source

ODD_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"      # str.splitlines breaks besides \n
MAX_GOAL = 10_000       # characters of a goal
TOO_DEEP = (RecursionError, MemoryError)   # what Python's own parser raises on deep nesting
# Python's words for a syntax error, each said by a message of facts/message.tsv: the pattern of
# the words (its groups the message's values), the key, and the message's English (each pattern
# compiled when a syntax error first needs it).
SYNTAX = (
    (r"invalid syntax", "syntax.invalid", "invalid syntax"),
    (r"invalid syntax\. Perhaps you forgot a comma\?", "syntax.comma", "invalid syntax. Perhaps you forgot a comma?"),
    (r"unterminated (triple-quoted )?string literal.*", "syntax.string",
     "unterminated string literal (a string ends on the line it starts on)"),
    (r"unmatched '(?P<bracket>.)'", "syntax.unmatched", "unmatched '{bracket}'"),
    (r"'(?P<bracket>.)' was never closed", "syntax.never_closed", "'{bracket}' was never closed"),
    (r"closing parenthesis '(?P<closing>.)' does not match opening parenthesis '(?P<opening>.)'.*", "syntax.mismatch",
     "closing parenthesis '{closing}' does not match opening parenthesis '{opening}'"),
    (r"invalid character '(?P<char>.)' \(U\+(?P<code>[0-9A-F]+)\)", "syntax.character", "invalid character '{char}' (U+{code})"),
    (r"invalid non-printable character U\+(?P<code>[0-9A-F]+)", "syntax.unprintable",
     "invalid non-printable character U+{code}"),
    (r"invalid (decimal|binary|octal|hexadecimal) literal|leading zeros in decimal integer literals.*|invalid digit .*",
     "syntax.number", "invalid number (a whole number is the digits 0-9, with no leading zero)"),
    (r"unexpected character after line continuation character", "syntax.continuation",
     "unexpected character after line continuation character"),
    (r"unexpected indent|unindent does not match any outer indentation level|expected an indented block.*",
     "syntax.indent", "unexpected indent"),
    (r"unexpected EOF while parsing", "syntax.end", "unexpected EOF while parsing"),
    (r"too many nested parentheses", "syntax.nested", "too many nested parentheses"),
    (r"cannot assign to .*|expression cannot contain assignment.*|invalid syntax\. Maybe you meant '==' or ':=' .*"
     r"|.* is an illegal expression for augmented assignment", "syntax.assign",
     "an assignment ('=', '+=' ...), which a clause cannot make; compare with '=='"),
    (r"illegal target for annotation|only single target \(not tuple\) can be annotated", "syntax.colon",
     "a ':' that a clause cannot have"),
    (r"positional argument follows keyword argument.*|keyword argument repeated.*", "syntax.keyword",
     "an argument named with '=' (p(X=1)), which an atom cannot have"),
    (r".*starred expression.*", "syntax.starred", "a '*' before a term, which a clause cannot have"),
    (r"\((unicode|value) error\) .*", "syntax.escape", "a backslash escape in a string that cannot be read"),
)


_OUTSIDE_NAMES = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*")   # strings and comments


def renamed(text):
    """The first character of a name that Python would read as another (outside strings and
    comments), and its offset; None when there is none. Python reads names through NFKC, so
    ``ｐ``, ``ℌ`` or ``𝐗`` in a name run as ``p``, ``H``, ``X``: the text shown and the rule
    run would differ. (A name of other letters, such as 子, is refused later as not a name.)

    >>> renamed("ｐ(X) <= q(X)"), renamed("p('ｐ', X)  # ℌ"), renamed("p(𝐗)"), renamed("p(子)")
    (('ｐ', 0), None, ('𝐗', 2), None)
    """
    if text.isascii():
        return None
    outside = _OUTSIDE_NAMES.sub(lambda m: " " * len(m.group()), text)
    for found in re.finditer(r"[^\x00-\x7f]", outside):
        if unicodedata.normalize("NFKC", found.group()) != found.group():
            return found.group(), found.start()
    return None


def _annotations(comments, fallback_id):
    rule_id, title, sources, conventions, says, notes = fallback_id, "", [], [], [], []
    view = False
    for text in comments:
        body = text.lstrip("#").strip()
        if body.startswith(("@rule", "@view")):
            view = body.startswith("@view")
            parts = body.split(None, 2)
            if len(parts) > 1:
                rule_id = parts[1]
            title = parts[2] if len(parts) > 2 else ""
        elif body.startswith("source:"):
            sources.append(body[len("source:"):].strip())
        elif body.startswith("gloss:"):
            sources.append(gloss_source(body[len("gloss:"):].strip()))
        elif body.startswith("convention:"):
            conventions.append(body[len("convention:"):].strip())
        elif body.startswith("@says"):
            lang, _, template = body[len("@says"):].strip().partition(":")
            says.append((lang.strip(), template.strip()))
        elif body:
            notes.append(body)
    return RuleInfo(rule_id, title, tuple(sources), tuple(conventions), tuple(says), tuple(notes), view)


def _chunks(lines):
    """Split a file into statements: a chunk starts at a line that begins at column 0."""
    start = None
    for n, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and not line[:1].isspace():
            if start is not None:
                yield start, n
            start = n
    if start is not None:
        yield start, len(lines)


_INDENTED = re.compile(r"^[^\S\n]", re.M)          # a line that begins with a space, a tab …


def _layout_problems(text, lines, path):
    """Lines pyDatalog would read differently from us: odd indentation or line breaks (each
    looked for line by line only when the text has one somewhere)."""
    problems = []
    unbroken = text.replace("\r\n", "\n")
    if not any(ch in unbroken for ch in ODD_BREAKS) and _INDENTED.search(text) is None:
        return problems
    for n, line in enumerate(text.split("\n"), 1):
        odd = sorted({f"U+{ord(ch):04X}" for ch in line.rstrip("\r") if ch in ODD_BREAKS})
        if odd:
            problems.append(Problem(f"{path}:{n}: line break character {', '.join(odd)} inside the line; "
                                    "use plain newlines", "problem.odd_break", where=f"{path}:{n}",
                                    characters=', '.join(odd)))
    started = False
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        indent = line[:len(line) - len(line.lstrip())]
        if indent.strip(" ") and stripped:
            problems.append(Problem(f"{path}:{n}: indent with spaces only (found {indent!r})", "problem.indent",
                                    where=f"{path}:{n}", found=repr(indent)))
        if stripped and not stripped.startswith("#"):
            if not indent:
                started = True
            elif not started:
                problems.append(Problem(f"{path}:{n}: a statement must start at column 0", "problem.column_0",
                                        where=f"{path}:{n}"))
    return problems


def _as_pydatalog_reads(text):
    """The text as pyDatalog.load rewrites it before running it (it strips one indentation)."""
    if _INDENTED.search(text) is None:
        return "\n".join(text.splitlines())
    lines = text.splitlines()
    spaces = ""
    for line in lines:
        spaces = line[:len(line) - len(line.lstrip())]
        if spaces and line != spaces:
            break
    return "\n".join(line[len(spaces):] if line.startswith(spaces) else line for line in lines)


def syntax_reason(words: str) -> tuple:
    """Python's words for a syntax error as (English, key, values) of the message that says them;
    words no pattern knows as Python gives them (syntax.python).

    >>> syntax_reason("'(' was never closed")
    ("'(' was never closed", 'syntax.never_closed', {'bracket': '('})
    """
    for pattern, key, english in SYNTAX:
        found = re.fullmatch(pattern, words)
        if found:
            values = {name: value for name, value in found.groupdict().items()}
            return english.format(**values), key, values
    return words, "syntax.python", {"reason": words}


def parse_text(text: str, path: str, origin: str = "", tick=None):
    """Read clause text; returns (rules, facts, problems), problems as 'file:line: message'.
    ``tick``, when given, is called with the clauses read so far every few hundred statements,
    and with ``parsing`` the characters about to be parsed at once (a reader under a time and
    memory limit checks it there)."""
    from .grammar import Refused, parse, same_tree, statement
    lines = text.splitlines()
    rules, facts, problems = [], [], []
    problems += _layout_problems(text, lines, path)
    if tick is not None:
        tick(0)
    rewritten = _as_pydatalog_reads(text)
    if tick is not None and rewritten != "\n".join(lines):
        tick(0, parsing=len(text))          # the whole text is parsed twice below
    try:
        same = rewritten == "\n".join(lines) or same_tree(text, rewritten)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        same = True
    if not same:
        first = next(n for n, line in enumerate(lines, 1) if line[:1].isspace() and line.strip())
        problems.append(Problem(f"{path}:{first}: pyDatalog would read this file differently from the checker "
                                "(it strips this line's indentation everywhere); keep statements on column 0 "
                                "and strings on one line", "problem.read_differently", where=f"{path}:{first}"))
    comments_above = {}
    block = []
    for n, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#"):
            block.append(stripped)
            continue
        if stripped and not line[:1].isspace():
            comments_above[n] = block
        block = []
    for count, (start, end) in enumerate(_chunks(lines), 1):
        if tick is not None and not count % 256:
            tick(len(rules) + len(facts))
        chunk = "\n".join(lines[start:end])
        if "\x00" in chunk:
            at = start + 1 + chunk[:chunk.index("\x00")].count("\n")
            problems.append(Problem(f"{path}:{at}: a null character; clause files are text", "problem.null",
                                    where=f"{path}:{at}"))
            continue
        odd = renamed(chunk)
        if odd is not None:
            at = start + 1 + chunk[:odd[1]].count("\n")
            problems.append(Problem(f"{path}:{at}: the name with {odd[0]!r} is read by Python as another name (as "
                                    f"{unicodedata.normalize('NFKC', odd[0])!r}); write names in ASCII: a-z, A-Z, 0-9 "
                                    "and _", "problem.ascii_name", as_read=unicodedata.normalize("NFKC", odd[0]),
                                    where=f"{path}:{at}", char=odd[0]))
            continue
        try:
            tree = parse(chunk, "exec")
        except SyntaxError as e:
            at = start + (e.lineno or 1)
            english, key, values = syntax_reason(e.msg)
            problems.append(Problem(f"{path}:{at}: syntax error: {english}", "problem.syntax", where=f"{path}:{at}",
                                    reason=(key, values)))
            continue
        except (RecursionError, MemoryError, ValueError) as e:
            problems.append(Problem(f"{path}:{start + 1}: statement too deeply nested or invalid ({type(e).__name__})",
                                    "problem.invalid", where=f"{path}:{start + 1}", kind=type(e).__name__))
            continue
        for node in tree.body:
            line = start + node.lineno
            try:
                parsed = statement(node)
            except Refused as e:
                problems.append(Problem(f"{path}:{start + e.line}: {e}", "problem.refused",
                                        where=f"{path}:{start + e.line}", reason=(e.key, e.values) if e.key else str(e)))
                continue
            except TOO_DEEP:
                problems.append(Problem(f"{path}:{line}: statement too deeply nested; split the rule", "problem.deep",
                                        where=f"{path}:{line}"))
                continue
            if isinstance(parsed, Atom):
                facts.append(Fact(parsed, path, line, origin))
            else:
                info = _annotations(comments_above.get(start, []), f"{path}:{line}")
                rules.append(Rule(parsed[0], parsed[1], path, line, info, origin))
    return rules, facts, problems


def parse_goal(text: str) -> tuple:
    """A query: literals joined by & (a trailing '.' is allowed). Raises ValueError.

    >>> [str(l) for l in parse_goal("clash('子', X) & ~harm(X, '丑').")]
    ["clash('子', X)", "~harm(X, '丑')"]
    """
    from .grammar import Refused, literals, parse
    text = text.strip()
    if text.endswith("."):
        text = text[:-1]
    if not text:
        raise GoalError("the goal is empty; write e.g. clash('子', X)", key="engine.goal_empty")
    if len(text) > MAX_GOAL:
        raise GoalError(f"the goal has {len(text):,} characters; at most {MAX_GOAL:,}", key="engine.goal_long",
                        values={"length": len(text), "most": MAX_GOAL})
    if "\x00" in text:
        column = text.index(chr(0)) + 1
        raise GoalError(f"the goal holds a null character at column {column}; goals are text",
                        key="engine.goal_null", values={"column": column})
    odd = renamed(text)
    if odd is not None:
        raise GoalError(f"the name with {odd[0]!r} at column {odd[1] + 1} is read by Python as another name (as "
                        f"{unicodedata.normalize('NFKC', odd[0])!r}); write names in ASCII: a-z, A-Z, 0-9 and _",
                        key="engine.goal_ascii_name", values={"char": odd[0], "column": odd[1] + 1,
                                                              "as_read": unicodedata.normalize("NFKC", odd[0])})
    try:
        tree = parse(text, "eval")
    except SyntaxError as e:
        at = f" at column {e.offset}" if e.offset else ""
        english, key, values = syntax_reason(e.msg)
        raise GoalError(f"syntax error in goal{at}: {english}", key="engine.goal_syntax_at" if e.offset else
                        "engine.goal_syntax", values={"column": e.offset, "reason": (key, values)} if e.offset else
                        {"reason": (key, values)}) from None
    except TOO_DEEP:
        raise GoalError("the goal is nested too deeply", key="engine.goal_deep") from None
    except ValueError:
        raise GoalError("the goal holds a character that is not text (a lone surrogate)",
                        key="engine.goal_not_text") from None
    try:
        return literals(tree.body)
    except Refused as e:
        raise GoalError(str(e), key=e.key, values=e.values) from None
    except TOO_DEEP:
        raise GoalError("the goal is nested too deeply", key="engine.goal_deep") from None
