"""The shipped knowledge: where its facts/, kb/ and views/ live, and a knowledge base opened
on them with any user folders.

>>> KnowledgeBase().ask("clash('子', X)")
[('午',)]
"""
from __future__ import annotations

from .engine.kb import KnowledgeBase, check_folder, shipped_dir

__all__ = ["KnowledgeBase", "check_folder", "shipped_dir"]
