"""The REPL at a terminal: prompt_toolkit (completion, history, multi-line goals), or input()
with the same prompts when prompt_toolkit is missing."""
from __future__ import annotations

import os

from .completion import Completions
from .reader import MORE, PROMPT, is_complete

HISTORY = "~/.liuyao_history"


def interactive(repl, history=None) -> int:
    """Read and run inputs until :quit or Ctrl-D; history in ``history`` (or $LIUYAO_HISTORY)."""
    from importlib.util import find_spec
    if find_spec("prompt_toolkit") is None:
        return plain(repl)
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
    prompt = PromptSession(history=store, completer=Completions(repl), multiline=True,
                           key_bindings=keys, complete_while_typing=False, reserve_space_for_menu=4,
                           prompt_continuation=lambda width, line, wrapped: MORE)
    print("liuyao repl — :help lists the commands, :quit leaves; a query ends with '.'", flush=True)
    while True:
        try:
            text = prompt.prompt(PROMPT)
        except KeyboardInterrupt:
            continue
        except EOFError:
            return 0
        if not repl.run(text):
            return 0


def plain(repl) -> int:
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
            if lines:
                repl.run("\n".join(lines))
            return 0
        if not repl.run("\n".join(lines)):
            return 0
