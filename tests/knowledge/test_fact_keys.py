"""The tables several books append to keep one row per key: a conclusion, a topic, an alias or a
person named twice would give a reading two texts, or a question two use-gods."""
from pathlib import Path

import pytest

FACTS = Path(__file__).resolve().parents[2] / "facts"
KEYS = {"conclusion.tsv": 1, "topic.tsv": 1, "topic_alias.tsv": 1, "person.tsv": 1, "person_label.tsv": 1,
        "declined.tsv": 2, "topic_about.tsv": 2, "reading_class.tsv": 1, "convention_default.tsv": 1}


def rows(name):
    lines = [line for line in (FACTS / name).read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    return [line.split("\t") for line in lines[1:]]


@pytest.mark.parametrize("name", sorted(KEYS))
def test_every_key_is_one_row(name):
    keys = [tuple(row[:KEYS[name]]) for row in rows(name)]
    assert sorted({k for k in keys if keys.count(k) > 1}) == []
