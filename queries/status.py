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


def message(error) -> str:
    """What to print for an error: one line (the first problem of a folder, with a count)."""
    if isinstance(error, MemoryError):
        return "out of memory, so the question was stopped"
    if isinstance(error, KnowledgeError) and len(error.problems) > 1:
        return f"{one_line(error.problems[0])} (and {len(error.problems) - 1} more; run liuyao check DIR)"
    if isinstance(error, UserError):
        return one_line(error)
    return f"internal error: {type(error).__name__}: {one_line(error)}"


def hint(error) -> str:
    """What a command line adds to an error: the option that sets a limit the question met, and,
    past a memory limit, the limits no option changes (those of arithmetic)."""
    if isinstance(error, QueryTimeout):
        return "; --timeout SECONDS sets the limit"
    if isinstance(error, LimitExceeded):
        from .engine.terms import MAX_BITS, MAX_TEXT
        return (f"; --memory MB sets the memory limit; the limits of arithmetic (texts of {MAX_TEXT:,} "
                f"characters, numbers of {MAX_BITS} bits) are fixed")
    if isinstance(error, MemoryError):
        return "; ask less, or a lower --memory MB stops it sooner"
    return ""


def run(action, *args, prog="liuyao") -> int:
    """Run a command; its status, or the status of the error it raised (its line on stderr)."""
    try:
        return action(*args)
    except (UserError, MemoryError) as e:
        print(f"{prog}: {message(e)}{hint(e)}", file=sys.stderr)
        return USER_ERROR
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        return DONE
    except Exception as e:  # a bug of ours: one line, never a traceback
        print(f"{prog}: {message(e)}", file=sys.stderr)
        return INTERNAL_ERROR
