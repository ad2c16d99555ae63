"""liuyao-kb: a knowledge base for 六爻納甲 divination, with proofs that cite the classics.

>>> from queries import KnowledgeBase, cast, judge
>>> KnowledgeBase().ask("generates('水', X)")
[('木',)]
>>> chart = cast("787889", month="戌", day="乙巳")
>>> chart.hexagram["name"], chart.world
('山火賁', 1)
>>> judge(chart, "illness", about="father").use_god["hidden"]
True
"""
from .errors import KnowledgeError, UserError

from .version import VERSION as __version__
__all__ = ["KnowledgeBase", "KnowledgeError", "UserError", "cast", "judge"]


def __getattr__(name):
    """Import the heavy parts on first use, so that a command loads only what it needs."""
    if name == "KnowledgeBase":
        from .knowledge import KnowledgeBase
        return KnowledgeBase
    if name == "cast":
        from .chart import cast
        return cast
    if name == "judge":
        from .judgment import judge
        return judge
    raise AttributeError(f"module 'queries' has no attribute {name!r}")
