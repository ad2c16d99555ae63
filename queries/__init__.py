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
from .engine.kb import KnowledgeBase
from .errors import KnowledgeError, UserError
from .chart import cast
from .judge import judge

__all__ = ["KnowledgeBase", "KnowledgeError", "UserError", "cast", "judge"]
