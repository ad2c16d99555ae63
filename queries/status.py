"""How a command ends: its exit status and, on an error, the one line it prints.

0 done; 1 a negative answer (no answer, no proof, problems found); 2 a user error (a question
stopped at its time or memory limit, or out of memory, included); 3 an internal error (a bug of
ours); 130 interrupted. No traceback ever reaches a reader.

>>> run(lambda: 1)
1
>>> run(int, "x")                    # its line goes to stderr
3
>>> message(ValueError("no\\n  such"))
'internal error: ValueError: no such'
>>> hint(QueryTimeout("computing p took longer than the limit of 10 s"))
'; --timeout SECONDS sets the limit'
>>> from queries.errors import QueryTooLarge
>>> print(hint(QueryTooLarge("arithmetic made a number of more than 256 bits, so it was stopped")))
; --memory MB sets the memory limit; the limits of arithmetic (texts of 4,096 characters, numbers of 256 bits) are fixed
"""
from __future__ import annotations

import sys

from .errors import KnowledgeError, LimitExceeded, QueryTimeout, UserError

DONE, NEGATIVE, USER_ERROR, INTERNAL_ERROR, INTERRUPTED = 0, 1, 2, 3, 130


def one_line(error) -> str:
    return " ".join(str(error).split())


def message(error, lang="en", form_words=None) -> str:
    """What to print for an error: one line (the first problem of a folder, with a count), in
    the reader's language (a page's: its options named by the form's fields, ``messages.text``)."""
    from .messages import line, text
    if isinstance(error, MemoryError):
        return text("status.out_of_memory", lang)
    if isinstance(error, KnowledgeError) and error.problems:
        first = line(error.problems[0], lang)
        if len(error.problems) == 1:
            return first
        return text("status.more_problems", lang, first=first, more=len(error.problems) - 1)
    if isinstance(error, UserError):
        return line(error, lang, form_words)
    return text("status.internal", lang, kind=type(error).__name__, text=one_line(error))


def hint(error, lang="en") -> str:
    """What a command line adds to an error: the option that sets a limit the question met, and,
    past a memory limit, the limits no option changes (those of arithmetic)."""
    from .messages import text
    if isinstance(error, QueryTimeout):
        return text("status.hint_timeout", lang)
    if isinstance(error, LimitExceeded):
        from .engine.terms import MAX_BITS, MAX_TEXT
        return text("status.hint_memory", lang, text=MAX_TEXT, bits=MAX_BITS)
    if isinstance(error, MemoryError):
        return text("status.hint_out_of_memory", lang)
    return ""


def run(action, *args, prog="liuyao", lang="en") -> int:
    """Run a command; its status, or the status of the error it raised (its line on stderr, in
    ``lang``)."""
    try:
        try:
            return action(*args)
        except (UserError, MemoryError) as e:
            print(f"{prog}: {message(e, lang)}{hint(e, lang)}", file=sys.stderr)
            return USER_ERROR
        except KeyboardInterrupt:
            from .messages import text
            print(f"{prog}: {text('status.interrupted', lang)}", file=sys.stderr)
            return INTERRUPTED
        except BrokenPipeError:
            return DONE
    except Exception as e:  # a bug of ours, saying an error included: one line, never a traceback
        try:
            said = message(e, lang)
        except Exception:
            said = f"internal error: {type(e).__name__}: {one_line(e)}"
        print(f"{prog}: {said}", file=sys.stderr)
        return INTERNAL_ERROR


def lang_of(argv) -> str:
    """The language a command line asks for (--lang LANG or --lang=LANG), before it is parsed, so
    that even a parsing error is said in it; else LIUYAO_LANG (``options.default_lang``), else
    English; English too when the one asked for is not one the views speak.

    >>> lang_of(["chart", "--lang", "ko"]), lang_of(["--lang=zh"]), lang_of(["--lang", "fr"]), lang_of(None)
    ('ko', 'zh', 'en', 'en')
    """
    from .engine import LANGS
    from .options import default_lang
    words = list(argv if argv is not None else sys.argv[1:])
    found = default_lang()
    for i, word in enumerate(words):
        if word == "--lang" and i + 1 < len(words):
            found = words[i + 1]
        elif word.startswith("--lang="):
            found = word[len("--lang="):]
    return found if found in LANGS else "en"
