"""The journal: casts kept with the prediction made before the outcome, what came true, and how
the rules of the books held up in one's own casts (docs/journal.md).

One SQLite file (``store``), its tables and migrations (``schema``), the hash chain through its
rows (``chain``), an entry and its prediction (``entry``), outcomes and pending checks
(``outcome``), the statistics (``stats``), judging the kept casts again (``rejudge``), export
and import (``transfer``), an export read back as the rows of ``liuyao batch`` (``rows``), the
text of each answer (``text``) and the ``liuyao journal`` command (``command``).
"""
from .store import Journal, path_of

__all__ = ["Journal", "path_of"]
