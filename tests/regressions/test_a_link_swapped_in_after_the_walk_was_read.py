"""The folder walk checked where a file led, then the reader opened the path again and followed
whatever link was there by then: a symlink to a file outside the folder swapped in between the
two was read as facts (red team L3, 17 runs of 150). The reader now reads a file only if it is
the one the walk found (its device and inode)."""
import os

import pytest

from queries.engine import files
from queries.engine.program import read_program
from queries.errors import KnowledgeError


def test_a_file_swapped_for_a_link_after_the_walk_is_refused(tmp_path, monkeypatch):
    kb = tmp_path / "kb"
    (kb / "facts").mkdir(parents=True)
    (kb / "facts" / "who.tsv").write_text("name\nmine\n", encoding="utf-8")
    outside = tmp_path / "secret.tsv"
    outside.write_text("name\nsecret\n", encoding="utf-8")
    walk = files.knowledge_files

    def walk_then_swap(*args, **kwargs):
        found = walk(*args, **kwargs)
        os.replace(kb / "facts" / "who.tsv", tmp_path / "was.tsv")
        (kb / "facts" / "who.tsv").symlink_to(outside)
        return found
    monkeypatch.setattr("queries.engine.program.knowledge_files", walk_then_swap)
    with pytest.raises(KnowledgeError) as refused:
        read_program([kb])
    assert refused.value.problems == [f"{kb}/facts/who.tsv:1: the file changed while the folder was read "
                                      "(a link swapped in?); read it again"]
