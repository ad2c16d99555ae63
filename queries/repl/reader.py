"""What the REPL reads: when an input is complete, and the goal in it.

>>> is_complete(":why clash('子', X)"), is_complete("clash('子',"), is_complete("clash('子', X).")
(True, False, True)
"""
from __future__ import annotations

PROMPT, MORE = "liuyao> ", "   ...> "


def is_complete(text: str) -> bool:
    """Whether an input is ready to run: a command (one line), or a goal ending with '.'
    outside quotes and brackets.

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
