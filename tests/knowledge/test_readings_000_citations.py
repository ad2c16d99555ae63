"""The clauses and tables of seed 000:1–53, 67–77 and 107–113: every rule speaks three
languages, every reading names a conclusion and a topic that exist, every quote is the seed's
own text, and every phrase of these lines is encoded or declined."""
import re
from pathlib import Path

import pytest

from queries.coverage import coverage

ROOT = Path(__file__).resolve().parents[2]
FILES = ["body", "frames", "trigrams", "between", "calendar", "suijin", "hidden"]
TABLES = ["month_stem_start", "month_number", "hour_stem_start", "yin_hour", "trigram_animal", "trigram_body",
          "element_organ", "stage_vigour"]
LINES = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 67, 71, 75, 107, 111]
SEED = "000_122810513125a851.txt"
SEEDS = next((p / "shared" / "seeds" for p in ROOT.parents if (p / "shared" / "seeds" / SEED).is_file()), None)
CITE = re.compile(r"#\s*source:\s*" + re.escape(SEED) + r":(\d+)\s+(.*)")


def mine(kb):
    return [r for r in kb.program.rules if Path(r.path).stem in FILES and "judgments/000/" in r.path]


def test_every_rule_says_itself_in_three_languages(kb):
    rules = mine(kb)
    assert len(rules) > 90
    for rule in rules:
        assert {"en", "ko", "zh"} <= {lang for lang, _ in rule.info.says}, rule.info.id
        assert rule.info.sources, rule.info.id


def test_every_reading_names_a_conclusion_and_a_topic(kb):
    conclusions = {row[0]: row for row in kb.match("conclusion", None, None, None, None, None, None)}
    classes = {row[0] for row in kb.match("reading_class", None, None, None, None, None, None, None)}
    topics = {row[0] for row in kb.match("topic", None, None, None, None, None, None)} | {"any"}
    readings = [r for r in mine(kb) if r.head.pred == "reading"]
    assert len(readings) > 70
    for rule in readings:
        assert rule.info.id.startswith("r000."), rule.info.id
        topic, conclusion = rule.head.args[1], rule.head.args[2]
        assert topic.value in topics, rule.info.id
        if hasattr(conclusion, "value"):
            row = conclusions[conclusion.value]
            assert row[1] in ("favourable", "unfavourable", "mixed", "descriptive") and row[2] in classes


@pytest.mark.skipif(SEEDS is None, reason="the seed texts are not beside the project")
def test_every_quote_is_the_text_of_the_line_it_cites():
    text = (SEEDS / SEED).read_text(encoding="utf-8").split("\n")
    paths = [ROOT / "kb" / "judgments" / "000" / f"{f}.dl" for f in FILES] + \
            [ROOT / "facts" / f"{t}.tsv" for t in TABLES]
    seen = 0
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = CITE.match(line.strip())
            if not m:
                continue
            seen += 1
            for piece in re.split(r"\s*…\s*", m.group(2).strip()):
                assert piece in text[int(m.group(1)) - 1], f"{path.name}:{n}: {piece!r}"
    assert seen > 100


@pytest.mark.skipif(SEEDS is None, reason="the seed texts are not beside the project")
def test_every_phrase_of_these_lines_is_encoded_or_declined():
    lines = [entry for entry in coverage(SEEDS, ROOT) if entry["seed"] == "000" and entry["line"] in LINES]
    assert [entry["line"] for entry in lines] == LINES
    missing = [(entry["line"], p["phrase"]) for entry in lines for p in entry["phrases"] if p["status"] == "missing"]
    assert missing == []
    for entry in lines:
        for p in entry["phrases"]:
            if p["status"] == "declined":
                assert p["reason"] and all(p["reason"][lang] for lang in ("en", "ko", "zh")), p
