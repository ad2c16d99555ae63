"""The generic Datalog machinery: reading, checking, solving, proving and rendering.

The app imports what it needs from this package, not from its modules.
"""
from . import render
from .kb import KnowledgeBase, engine_name
from .proof import Failure, Proof, WhyNot, show
from .render import LANGS
from .syntax import Atom, Compare, Const, RuleInfo, Var, parse_goal, parse_text, substitute
from .tables import read_table

__all__ = ["Atom", "Compare", "Const", "Failure", "KnowledgeBase", "LANGS", "Proof", "RuleInfo", "Var",
           "WhyNot", "engine_name", "parse_goal", "parse_text", "read_table", "render", "show", "substitute"]
