"""The words of the interface in Korean, Chinese and English (the views' headers, field names and
messages, and the words of the stars', periods', person's and coverage's texts: ``stars.*``,
``periods.*``, ``person.*``, ``coverage.*``), and the vocabulary a view takes from the knowledge: the names of its terms, topics and
persons (facts/term_label.tsv, topic.tsv, person.tsv), the marks a chart writes and how it draws
a line (views/chart_mark.tsv, views/line_symbol.tsv).

>>> WORDS["ko"]["void"], WORDS["zh"]["void"]
('공망', '旬空')
>>> from queries import KnowledgeBase
>>> words = vocabulary(KnowledgeBase())
>>> words["terms"]["source_god"]["ko"], words["topics"]["wealth"]["zh"], words["marks"]["world"]
('원신', '求財', '世')
"""
from __future__ import annotations

from .engine import LANGS
from .engine.tables import read_table
from .messages import error
from .knowledge import shipped_dir

def _interface_words() -> dict:
    """lang -> key -> word, from facts/word_label.tsv; the chart's column heads as one tuple (its
    bar and motion columns have no head) and how the branches of a span join."""
    table = read_table(shipped_dir() / "facts" / "word_label.tsv")
    words = {lang: {} for lang in LANGS}
    for key, *names in (row.values for row in table.rows):
        for lang, name in zip(("ko", "zh", "en"), names):
            words[lang][key] = name
    for lang, join in (("en", " "), ("ko", "·"), ("zh", "·")):
        heads = words[lang]
        heads["columns"] = tuple(heads.get(f"column.{name}", "") for name in _COLUMNS)
        heads["join"] = join
    return words


_COLUMNS = ("line", "spirit", "relative", "najia", "bar", "motion", "mark", "changed", "hidden", "month", "day",
            "states")
WORDS = _interface_words()


def table_said(path: str) -> dict:
    """{lang: what the table at ``path`` holds} (``table.NAME`` of facts/word_label.tsv), {} for a
    table it does not name.

    >>> table_said("facts/topic.tsv")["en"]
    'the matter asked about and the relative that stands for it'
    """
    key = f"table.{path.rpartition('/')[2].removesuffix('.tsv')}"
    return {lang: WORDS[lang][key] for lang in LANGS} if key in WORDS["en"] else {}


def check_lang(lang) -> str:
    """The language itself when the views speak it, else a UserError naming the choices.

    >>> check_lang("fr")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    queries.errors.UserError: unknown language 'fr'; use one of en, ko, zh
    """
    if lang not in LANGS:
        raise error("unknown_language", lang=lang, choices=", ".join(LANGS))
    return lang


def vocabulary(kb) -> dict:
    """What the views need from the knowledge, as plain data (so it crosses the sandbox): term,
    topic, person, verdict direction, timing unit and speed, convention (a choice or one the
    house fixes, fixed_convention_label.tsv) -> {lang: name};
    convention -> value -> {lang: name} and {lang: what it does}; convention -> its default; chart mark -> the term it
    writes; polarity -> its bar and the mark of its moving line."""
    terms = {term: {"ko": ko, "zh": zh, "en": en}
             for term, ko, zh, en in kb.match("term_label", None, None, None, None)}
    topics = {topic: {"ko": ko, "zh": zh, "en": en}
              for topic, _, zh, ko, en, _ in kb.match("topic", None, None, None, None, None, None)}
    english = dict(kb.match("person_label", None, None))
    persons = {person: {"ko": ko, "zh": zh, "en": english.get(person, person)}
               for person, _, zh, ko, _ in kb.match("person", None, None, None, None, None)}
    directions = {d: {"ko": ko, "zh": zh, "en": en} for d, ko, zh, en in kb.match("direction", None, None, None, None)}
    units = {u: {"ko": ko, "zh": zh, "en": en}
             for u, _, zh, ko, en in kb.match("timing_unit_name", None, None, None, None, None)}
    speeds = {s: {"ko": ko, "zh": s, "en": en} for s, ko, en in kb.match("timing_speed_name", None, None, None)}
    conventions = {name: {"ko": ko, "zh": zh, "en": en}
                   for table in ("fixed_convention_label", "convention_label")
                   for name, ko, zh, en in kb.match(table, None, None, None, None)}
    values, helps = {}, {}
    for name, value, ko, zh, en in kb.match("convention_value_label", None, None, None, None, None):
        values.setdefault(name, {})[value] = {"ko": ko, "zh": zh, "en": en}
    meanings = {(name, value): meaning for name, value, meaning in kb.match("convention_value", None, None, None)}
    for name, value, ko, zh in kb.match("convention_value_help", None, None, None, None):
        helps.setdefault(name, {})[value] = {"ko": ko, "zh": zh, "en": meanings.get((name, value), "")}
    return {"terms": terms, "topics": topics, "persons": persons, "directions": directions, "units": units,
            "speeds": speeds, "conventions": conventions, "convention_values": values,
            "convention_defaults": dict(kb.match("convention_default", None, None)), "convention_help": helps,
            "marks": dict(kb.match("chart_mark", None, None)),
            "lines": {yin_yang: {"bar": bar, "moving": moving}
                      for yin_yang, bar, moving in kb.match("line_symbol", None, None, None)}}


_KINDS = ("terms", "topics", "persons", "conventions", "directions", "units", "speeds")


def line_words(positions, lang) -> str:
    """Line numbers as a reader says them: "lines 2 and 4", "2효, 4효", "第二爻、第四爻".

    >>> line_words([2, 4], "en"), line_words([2, 4], "ko"), line_words([2, 4, 6], "zh")
    ('lines 2 and 4', '2효, 4효', '第二爻、第四爻、第六爻')
    >>> line_words([5], "zh"), line_words([], "en")
    ('第五爻', '—')
    """
    words = WORDS[check_lang(lang)]
    items = [words["line"].format(words.get(f"number.{p}", p)) for p in positions]
    if len(items) < 2:
        return items[0] if items else words["none"]
    if lang == "en":
        return words["lines"].format(join_words([str(p) for p in positions], lang))
    return join_words(items, lang)


def join_words(items, lang) -> str:
    """Items of a list joined as a sentence of the language joins them.

    >>> join_words(["木", "火", "土"], "en"), join_words(["木", "火"], "ko"), join_words(["木", "火"], "zh")
    ('木, 火 and 土', '木, 火', '木、火')
    """
    words = WORDS[check_lang(lang)]
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    space = "" if lang == "zh" else " "
    last = words["list_last"]
    tail = f"{space}{last}{space}" if last.isalpha() else f"{last}{space}"
    return f"{words['list_sep']}{space}".join(items[:-1]) + tail + items[-1]


def label(value, lang, vocabulary, *, convention=None, classical=False) -> str:
    """Any value of the knowledge in a reader's words: a term, topic, person, convention,
    direction, unit or speed by its name in the language; a value of ``convention`` by that
    value's name; a line number (an int) or a list of them as line words; another list as words
    joined; a value without a name (a branch 午, a hexagram's name) as it is. ``classical`` gives
    a Korean name with its classical term beside it, where a student needs both: 처재(妻財).

    >>> from queries import KnowledgeBase
    >>> words = vocabulary(KnowledgeBase())
    >>> label("妻財", "ko", words), label("妻財", "ko", words, classical=True), label("妻財", "en", words)
    ('처재', '처재(妻財)', 'wife and wealth')
    >>> label("hidden_god", "zh", words), label("all-lines", "ko", words, convention="hidden_god")
    ('伏神取法', '모든 효')
    >>> label([2, 4], "ko", words), label(["木", "father"], "zh", words), label("午", "en", words)
    ('2효, 4효', '木、父', '午')
    """
    check_lang(lang)
    if isinstance(value, bool):
        return WORDS[lang]["rule_holds" if value else "rule_fails"]
    if isinstance(value, int):
        return line_words([value], lang)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return line_words(value, lang)
        return join_words([label(v, lang, vocabulary, convention=convention, classical=classical) for v in value],
                          lang)
    names = None
    if convention is not None:
        names = vocabulary["convention_values"].get(convention, {}).get(value)
    for kind in _KINDS:
        names = names or vocabulary[kind].get(value)
    if names is None:
        return str(value)
    name = names.get(lang, str(value))
    if classical and lang == "ko" and name != value and any("\u4e00" <= ch <= "\u9fff" for ch in str(value)):
        return f"{name}({value})"
    return name


def convention_phrases(kb) -> dict:
    """How a proof names the conventions (``queries.engine.render.Words``): ``label.<name>`` ->
    {lang: label} of every convention, the house's fixed ones and the choices;
    ``label.<name>=<value>`` and ``convention.<name>=<value>`` -> {lang: label} of every choice's value.

    >>> from queries import KnowledgeBase
    >>> phrases = convention_phrases(KnowledgeBase())
    >>> phrases["convention.zi_hour=next-day"]["ko"], phrases["label.zi_hour=next-day"]["zh"]
    ('다음 날', '次日')
    >>> phrases["label.node-kinds"]["ko"], phrases["label.jingfang-eight-palaces"]["zh"]
    ('본효·변효·복신에 모두 상태를 봄', '京房八宮納甲')
    """
    names = {f"label.{name}": {"ko": ko, "zh": zh, "en": en}
             for table in ("fixed_convention_label", "convention_label")
             for name, ko, zh, en in kb.match(table, None, None, None, None)}
    for name, value, ko, zh, en in kb.match("convention_value_label", None, None, None, None, None):
        names[f"label.{name}={value}"] = names[f"convention.{name}={value}"] = {"ko": ko, "zh": zh, "en": en}
    return names


def convention_words(choices: dict, lang, vocabulary) -> str:
    """The conventions a cast rests on, name and value in a reader's words (a chart's header);
    in English a semicolon between them, as a name may hold a comma.

    >>> from queries import KnowledgeBase
    >>> words = vocabulary(KnowledgeBase())
    >>> convention_words({"zi_hour": "same-day", "earth_growth": "shen"}, "ko", words)
    '자시의 날=당일, 토의 장생=申 (수토동궁)'
    >>> convention_words({"zi_hour": "next-day", "earth_growth": "yin"}, "zh", words)
    '子時歸日=次日、土之長生=寅 (火土同宮)'
    >>> convention_words({"zi_hour": "same-day", "hidden_god": "palace-pure-same-line"}, "en", words)
    'day of the 子 hour=the same day; where the hidden god is taken=the pure hexagram, same line'
    """
    sep = "; " if check_lang(lang) == "en" else WORDS[lang]["list_sep"] + ("" if lang == "zh" else " ")
    return sep.join(f"{label(name, lang, vocabulary)}={label(value, lang, vocabulary, convention=name)}"
                    for name, value in choices.items())
