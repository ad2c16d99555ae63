"""Views of a chart and of a judgment: pure functions of their data, a language and the
vocabulary of ``queries.labels.vocabulary``. ``layout`` decides what is shown, once; ``text``
and ``html`` print it."""
from .html import chart_html, judgment_html
from .layout import ChartLayout, JudgmentLayout, chart_layout, how, judgment_layout, timing_layout
from .text import chart_text, judgment_text, timing_text, words_text, hexagram_words_text

__all__ = ["ChartLayout", "JudgmentLayout", "chart_html", "chart_layout", "chart_text", "hexagram_words_text", "words_text", "how", "judgment_html", "judgment_layout",
           "judgment_text", "timing_layout", "timing_text"]
