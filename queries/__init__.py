"""liuyao-kb: a knowledge base for 六爻納甲 divination, with proofs that cite the classics.

>>> from queries import KnowledgeBase
>>> KnowledgeBase().ask("generates('水', X)")
[('木',)]
"""
from .engine.kb import KnowledgeBase
from .errors import KnowledgeError, UserError

__all__ = ["KnowledgeBase", "KnowledgeError", "UserError"]
