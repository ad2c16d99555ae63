"""The generic Datalog machinery: reading, checking, solving, proving and rendering.

It imports nothing of the app and knows no domain by name: the app gives it the folders to
load and, in ``Options``, the names that matter (partition and convention predicates, the
cache). The app imports what it needs from this package, not from its modules; each name is
imported on first use, so that ``queries.engine.errors`` stays light.
"""
from importlib import import_module

_HOME = {
    "Atom": "terms", "Compare": "terms", "Const": "terms", "RuleInfo": "terms", "Var": "terms",
    "goal": "terms", "show": "terms", "substitute": "terms",
    "parse_goal": "reader", "parse_text": "reader",
    "Failure": "proof", "Proof": "proof", "WhyNot": "proof", "Memo": "explain",
    "KnowledgeBase": "kb", "Options": "kb",
    "Folder": "program", "check_folders": "program",
    "Cache": "cache", "Limits": "limits",
    "read_table": "tables",
    "LANGS": "render",
    "KnowledgeError": "errors", "LimitExceeded": "errors", "QueryTimeout": "errors", "QueryTooLarge": "errors",
    "UserError": "errors",
}
_MODULES = ("render", "html")

__all__ = sorted([*_HOME, *_MODULES, "engine_name"])


def __getattr__(name):
    if name in _MODULES:
        return import_module(f".{name}", __name__)
    if name == "engine_name":
        value = import_module(".backend", __name__).name
    elif name in _HOME:
        value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
