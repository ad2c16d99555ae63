"""Errors a user can cause: each prints as one line and exits with status 2.

They are the engine's own, named here for the app.
"""
from .engine.errors import KnowledgeError, LimitExceeded, QueryTimeout, QueryTooLarge, UserError

__all__ = ["KnowledgeError", "LimitExceeded", "QueryTimeout", "QueryTooLarge", "UserError"]
