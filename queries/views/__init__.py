"""Views of a chart and of a judgment: pure functions of their data, a language and the
vocabulary of ``queries.labels.vocabulary``. ``layout`` decides what is shown, once; ``text``
and ``html`` print it. Each name is imported on first use (a command that prints text makes
no HTML)."""
from importlib import import_module

_HOME = {
    "chart_html": "html", "judgment_html": "html",
    "ChartLayout": "layout", "JudgmentLayout": "layout", "chart_layout": "layout", "how": "layout",
    "judgment_layout": "layout", "timing_layout": "layout",
    "chart_text": "text", "judgment_text": "text", "timing_text": "text", "words_text": "text",
    "hexagram_words_text": "text",
}

__all__ = sorted(_HOME)


def __getattr__(name):
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_HOME[name]}", __name__), name)
    return value
