"""The glossary: every term defined in three languages on real sources and predicates, found by
any of its names; `liuyao explain`, `:explain` and the service's call."""
import json
import re

import pytest

from queries.cli import main
from queries import books
from queries.errors import UserError
from queries.glossary import find, lookup, text
from queries.labels import vocabulary
from queries.repl.commands import Repl
from queries.session import Session

REFERENCE = re.compile(r"(?:\d{3}_[0-9a-f]{16}\.txt:\d+|convention:[\w-]+)")


def rows(kb):
    return kb.match("glossary", *[None] * 7)


def test_every_term_is_defined_in_three_languages_with_sources(kb):
    lacking = [(term, lang) for term, ko, zh, en, _defined, sources, _ in rows(kb)
               for lang, said in (("ko", ko), ("zh", zh), ("en", en)) if len(said) < 4]
    bad = [(term, s) for term, *_, sources, _ in rows(kb) for s in sources.split(",") if not REFERENCE.fullmatch(s)]
    assert rows(kb) and lacking == [] and bad == []


def test_every_predicate_of_the_glossary_has_rules_or_facts(kb):
    unknown = [(term, p) for term, *_, preds in rows(kb) for p in preds.split(",")
               if not kb.rules_for(p) and not kb.tables_of(p)]
    assert unknown == []


def test_every_seed_line_cited_exists_and_is_not_blank(kb):
    blank = []
    for term, *_, sources, _ in rows(kb):
        for source in sources.split(","):
            name, _, n = source.partition(":")
            if name.endswith(".txt"):
                if not books.lines_of(name).get(int(n)):
                    blank.append(source)
    assert blank == []


def test_every_term_is_found_by_each_of_its_names(kb):
    written = {}
    for term, *_ in rows(kb):
        for name in {term, *lookup(kb, term)["names"].values()}:
            written.setdefault(name.casefold(), set()).add(term)
    for name, terms in written.items():
        if len(terms) == 1 or name in terms:
            assert find(kb, name) in terms, name
        else:                                            # a reading of two terms: 수 (囚, 水)
            with pytest.raises(UserError, match="write the hanzi"):
                find(kb, name)


def test_hanzi_hangul_and_english_find_the_same_term(kb):
    assert find(kb, "月破") == find(kb, "월파") == find(kb, "Month-Broken") == "月破"


def test_an_unknown_term_names_close_ones(kb):
    with pytest.raises(Exception, match="close: 月破"):
        find(kb, "月坡")


def test_where_it_holds_on_a_cast(kb):
    s = Session()
    s.cast("787889", month="戌", day="乙巳")
    entry = s.glossary("旬空")
    assert entry["holds"]["in_void"] == [["line", 1], ["line", 6]]
    assert "in_void: 第一爻; 第六爻" in text(entry, "zh", vocabulary(kb))
    assert "holds" not in Session().glossary("旬空")


def test_explain_command(capsys):
    assert main(["explain", "月破", "787889", "--month", "戌", "--day", "乙巳"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("月破 — month-broken\n") and "month_break.1" in out and "on this cast" in out
    assert main(["explain", "월파", "--lang", "ko", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["term"] == "月破" and data["definition"]["ko"].startswith("월파(月破)")


def test_explain_an_unknown_term_is_one_line_and_exit_2(capsys):
    assert main(["explain", "月坡"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "月破" in err


def test_explain_in_the_repl():
    repl = Repl(Session())
    repl.run_script([":cast 787889 month 戌 day 乙巳", ":lang ko", ":explain 월파", ":explain"])
    out = repl.output()
    assert "월파(月破)는 월건이" in out and "이 괘에서" in out and "오류: :explain에는 TERM이 필요합니다" in out


def test_version(capsys):
    from queries.version import VERSION
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == f"liuyao-kb {VERSION}\n"


@pytest.mark.slow
def test_every_term_a_worked_example_prints_is_in_the_glossary(kb):
    """The states, strengths, reasons and grades the charts and judgments of the worked examples
    print, and the terms the rule titles of their verdict proofs name, each have an entry."""
    from tests.app.test_labels import GOLDEN
    terms = {term for term, *_ in rows(kb)}
    printed = set()
    for case in GOLDEN:
        case = dict(case)
        question = {k: case.pop(k) for k in ("topic", "about", "asker") if k in case}
        s = Session()
        s.cast(**case)
        data = s.judge(question.pop("topic"), **question)
        chart = s.chart_data(stars=False)
        printed |= {r["label"] for r in data["reasons"]} | {data["verdict"]["grade"]}
        printed |= {st["label"] for line in chart["lines"] for st in line["states"]}
        printed |= {line["month"]["strength"] for line in chart["lines"]}
    assert sorted(printed - terms) == []


@pytest.mark.slow
def test_every_term_a_chart_its_states_and_a_verdict_show_has_an_entry(kb):
    """Over 60 casts drawn at random (seeded) and a question each: the palace's kind, each line's
    relative and spirit, the states, strengths, stages and relations of every line, changed line and
    hidden god, the patterns of the hexagram, the verdict's grade and its reasons, each an entry (a
    frame, 金局 …, is the entry 三合)."""
    import random
    terms = {term for term, *_ in rows(kb)}
    draw, s = random.Random(29), Session()
    days = [stem + branch for stem, branch in zip("甲乙丙丁戊己庚辛壬癸" * 6, "子丑寅卯辰巳午未申酉戌亥" * 5)]
    shown = set()
    for _ in range(60):
        s.cast("".join(draw.choice("6789") for _ in range(6)), month=draw.choice("子丑寅卯辰巳午未申酉戌亥"),
               day=draw.choice(days))
        chart, data = s.chart_data(stars=False), s.judge(draw.choice(["wealth", "illness", "office", "lawsuit"]))
        shown |= {r["label"] for r in data["reasons"]} | {data["verdict"]["grade"], chart["hexagram"]["kind"]}
        shown |= {p["label"] for p in chart["patterns"]}
        for line in chart["lines"]:
            shown |= {line["relative"], line["spirit"]}
            for node in [line] + [line[k] for k in ("changed", "hidden") if line.get(k)]:
                shown |= {st["label"] for st in node.get("states", [])}
                for part in (node.get("month") or {}, node.get("day") or {}):
                    shown |= {part.get("strength"), part.get("stage"), *part.get("relations", [])}
    shown = {"三合" if t and t.endswith("局") and len(t) == 2 else t for t in shown} - {None}
    assert len(shown) > 80 and sorted(shown - terms) == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_every_entry_reads_without_latin_words_on_a_cast(kb, lang):
    """Every entry, in Korean and Chinese, on a cast: no Latin word but rule ids, predicate names
    and file names, and the rules' titles as they are (their own test is in test_labels.py)."""
    from tests.app.test_labels import LATIN, latin_words
    allowed = {r.info.id for r in kb.program.rules} | {r.head.pred for r in kb.program.rules} | set(kb.program.tables)
    allowed |= {w for r in kb.program.rules for w in LATIN.findall(r.info.title)}
    s = Session(lang=lang)
    s.cast("787889", month="戌", day="乙巳")
    s.judge("illness", about="father")
    stray = {term: latin_words(s.glossary_text(term), allowed) for term, *_ in rows(kb)}
    assert {term: words for term, words in stray.items() if words} == {}


@pytest.mark.slow
def test_the_sandbox_serves_the_glossary():
    from queries.sandbox import Sandbox
    local = Session()
    local.cast("787889", month="戌", day="乙巳")
    with Sandbox(timeout=10) as box:
        box.cast("787889", month="戌", day="乙巳")
        assert box.glossary("月破") == local.glossary("月破")
        assert box.glossary_text("월파", "ko") == local.glossary_text("월파", "ko")
        with pytest.raises(UserError, match="close: 月破"):
            box.glossary("月坡")
