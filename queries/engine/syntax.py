"""The old import path of the terms and the reader, kept only for tests/test_html.py (which
another helper owns); the engine imports ``terms`` and ``reader``. Remove when nothing uses it."""
from .reader import parse_goal, parse_text
from .terms import Arith, Atom, Compare, Const, Fact, Rule, RuleInfo, Var, substitute

__all__ = ["Arith", "Atom", "Compare", "Const", "Fact", "Rule", "RuleInfo", "Var", "parse_goal",
           "parse_text", "substitute"]
