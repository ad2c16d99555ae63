"""The page's words: every key in the three languages, and no English word on a Korean label."""
import re

from queries.engine.tables import read_table
from queries.knowledge import shipped_dir
from queries.web.words import WORDS

EXAMPLES = re.compile(r"[(（].*[)）]|Asia/Seoul|Asia/Shanghai|JSON|API|English")


def test_every_label_in_three_languages():
    rows = read_table(shipped_dir() / "facts" / "web_label.tsv").rows
    assert rows
    for row in rows:
        key, ko, zh, en = row.values
        assert ko and zh and en, row.where
        assert WORDS["ko"][key] == ko and WORDS["zh"][key] == zh and WORDS["en"][key] == en


def test_no_latin_words_in_korean_and_chinese_labels():
    rows = read_table(shipped_dir() / "facts" / "web_label.tsv").rows
    for row in rows:
        for name in row.values[1:3]:
            assert not re.search(r"[A-Za-z]{2,}", EXAMPLES.sub("", name)), (row.where, name)
