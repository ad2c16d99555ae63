"""Completion at the REPL's prompt: commands, predicates (arity and rule title as meta),
constants (quoted), convention names and values, topics, and the option words of :cast,
:judge, :when and :rules (from the tables of ``queries.options``), the units of :judge horizon,
the glossary's terms of :explain (by hanzi, Hangul or English).

>>> from queries.session import Session
>>> from queries.repl.commands import Repl
>>> complete = Completions(Repl(Session()))
>>> [c[0] for c in complete.candidates(":judge we")]
['wealth']
>>> sorted(c[0] for c in complete.candidates(":explain 월"))
['월건', '월묘', '월파']
"""
from __future__ import annotations

import re

from ..engine import LANGS
from ..options import keywords
from .commands import ALIASES, COMMANDS, WORDS

_TOKEN = re.compile(r"(?:'[^']*|[A-Za-z_][A-Za-z0-9_]*|[^\x00-\x7f\s(),&~'\"]+)$")


class Completions:
    """A prompt_toolkit completer over a Repl's vocabulary."""

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
            yield from self._arguments(command, words, vocab)
            if command not in ("why", "whynot"):
                return
            line = args
        yield from self._goal(line, vocab)

    def _arguments(self, command, words, vocab):
        word, before = words[-1], words[-2].lstrip("-") if len(words) > 1 else None
        start = -len(word)
        if command in ("facts", "rules") and len(words) == 1:
            yield from ((n, start, f"{n}/{a}", meta) for n, a, meta in vocab["predicates"] if n.startswith(word))
        if command == "explain":
            for term, by_lang in vocab.get("glossary", {}).items():
                written = next((n for n in (term, *by_lang.values()) if n.casefold().startswith(word.casefold())), None)
                if written is not None:
                    yield written, start, written, f"{term} {by_lang.get(self.repl.lang, '')}".strip()
        elif command == "lang":
            yield from ((x, start, x, "") for x in LANGS if x.startswith(word))
        elif command == "set" and len(words) <= 2:
            conventions = vocab["conventions"]
            values = conventions.items() if len(words) == 1 else [(v, ()) for v in conventions.get(words[0], ())]
            yield from ((n, start, n, ", ".join(v)) for n, v in values if n.startswith(word))
        elif command in WORDS:
            table, bare = WORDS[command]
            if before == "topic" or (command in ("judge", "when") and len(words) == 1):
                yield from ((t, start, t, "") for t in vocab["topics"] if t.startswith(word))
            elif before == "horizon":
                yield from ((u, start, u, "") for u in vocab.get("horizons", ()) if u.startswith(word))
            elif before in ("zi-hour", "zi_hour"):
                yield from ((v, start, v, "") for v in vocab["conventions"].get("zi_hour", ()) if v.startswith(word))
            elif word:
                yield from ((k, start, k, "") for k in keywords(table, bare) if k.startswith(word))

    def _goal(self, line, vocab):
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
