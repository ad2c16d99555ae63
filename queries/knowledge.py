"""The shipped knowledge: where its facts/, kb/ and views/ live, the names the engine is told
(casts partition the knowledge, conventions are chosen per cast), the cache folder, and a
knowledge base opened on them with any user folders.

>>> KnowledgeBase().ask("clash('子', X)")
[('午',)]
>>> [f.label for f in folders(["mine"])], [f.origin for f in folders(["mine"])]
(['', 'mine'], ['shipped', 'user'])
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

from .version import VERSION
from . import engine
from .engine.program import Folder

_PACKAGE = Path(__file__).resolve().parent
_ROOT = _PACKAGE / "_knowledge" if (_PACKAGE / "_knowledge").is_dir() else _PACKAGE.parent
PARTITIONS = ("cast_line",)                       # every cast has its lines: a cast id is a known word
CONVENTIONS = ("convention", "convention_default")  # rows (…, name, value): the choices a proof rests on

__all__ = ["KnowledgeBase", "check_folder", "folders", "shipped_dir"]


def shipped_dir() -> Path:
    """Where the shipped facts/, kb/ and views/ live (inside the wheel, or the source tree)."""
    return _ROOT


def folders(extra=()) -> list:
    """The shipped folder, then the user folders, each labelled by its path."""
    return [Folder(shipped_dir(), "", "shipped")] + [Folder(Path(d), str(d), "user") for d in extra]


def cache():
    """The cache of static answers: ``$LIUYAO_CACHE_DIR``, else ``$XDG_CACHE_HOME/liuyao-kb``,
    else ``~/.cache/liuyao-kb``; none with ``LIUYAO_CACHE=off``."""
    if os.environ.get("LIUYAO_CACHE", "").lower() in ("off", "0", "no"):
        return None
    folder = os.environ.get("LIUYAO_CACHE_DIR")
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "liuyao-kb")
    return engine.Cache(folder, version=f"liuyao-kb {VERSION}")


@functools.cache
def shapes() -> tuple:
    """How the views and the judgment read the knowledge's relations (views/view_input.tsv)."""
    from .engine.shapes import Shape
    table = engine.read_table(_ROOT / "views" / "view_input.tsv")
    return tuple(Shape(pred, one, () if refers == "-" else tuple((int(place), target) for place, target in
                                                              (pair.split(":") for pair in refers.split(","))))
                 for pred, one, refers in (row.values for row in table.rows))


def options() -> "engine.Options":
    return engine.Options(partitions=PARTITIONS, conventions=CONVENTIONS, cache=cache(), shapes=shapes())


class KnowledgeBase(engine.KnowledgeBase):
    """The shipped knowledge plus any user folders, loaded for this thread."""

    def __init__(self, extra=(), progress=None, tables=True, limits=None):
        self.extra = [str(d) for d in extra]
        super().__init__(folders(self.extra), options(), progress=progress, tables=tables, limits=limits)


def check_folder(folder, limits=None) -> list:
    """Every problem of a user folder read together with the shipped knowledge, the shapes the
    views read relations in included, read under ``limits`` (``Limits()`` when not given)."""
    budget = (limits or engine.Limits()).budget("reading the knowledge")
    return engine.check_folders(folders([folder]), Folder(Path(folder), str(folder)), shapes(), budget)
