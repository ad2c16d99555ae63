"""Errors a user can cause: each prints as one line (the caller decides the exit status)."""


class UserError(Exception):
    """Bad input: the message names the file:line or the value, and what is allowed."""


class KnowledgeError(UserError):
    """A fact table or clause file that cannot be loaded.

    ``problems`` holds every problem found, each a one-line string starting with ``file:line``.

    >>> str(KnowledgeError(["a.dl:1: x", "a.dl:2: y"]))
    'a.dl:1: x (and 1 more)'
    """

    def __init__(self, problems):
        self.problems = list(problems)
        first = self.problems[0] if self.problems else "unknown problem"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


class LimitExceeded(UserError):
    """A question stopped at a limit; ``limit`` says which: ``"time"`` or ``"memory"``, and
    ``named`` whether the message names what was being computed."""
    limit = "time"

    def __init__(self, message, named=False):
        super().__init__(message)
        self.named = named


class QueryTimeout(LimitExceeded):
    """A question did not finish within the time limit."""


class QueryTooLarge(LimitExceeded):
    """A question held more rows, or made a longer text or a larger number, than its limits allow."""
    limit = "memory"
