"""Knowledge files found and read (queries/engine/files.py): only regular files inside the
folder, each once, of a bounded size."""
import os

import pytest

from queries.engine import KnowledgeError, files
from queries.engine.files import knowledge_files, read_text

from .programs import write

PATTERNS = ("*.tsv", "*.dl")


def _found(folder, parts=("facts", "kb")):
    (tsvs, dls), problems, _ = knowledge_files(folder, PATTERNS, lambda p: p.relative_to(folder).as_posix(), parts)
    return [p.relative_to(folder).as_posix() for p in tsvs + dls], problems


def test_the_parts_are_read_when_the_folder_has_them(tmp_path):
    write(tmp_path, {"facts/a.tsv": "x\n", "kb/deep/r.dl": "", "other/s.dl": ""})
    assert _found(tmp_path) == (["facts/a.tsv", "kb/deep/r.dl"], [])
    assert _found(tmp_path, parts=()) == (["facts/a.tsv", "kb/deep/r.dl", "other/s.dl"], [])


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links here")
def test_a_file_reached_twice_is_read_once_through_its_own_path(tmp_path):
    write(tmp_path, {"kb/z/r.dl": ""})
    (tmp_path / "kb" / "a").symlink_to(tmp_path / "kb" / "z", target_is_directory=True)
    (tmp_path / "kb" / "b.dl").symlink_to(tmp_path / "kb" / "z" / "r.dl")
    assert _found(tmp_path) == (["kb/z/r.dl"], [])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_read_text_never_waits_on_a_pipe(tmp_path):
    os.mkfifo(tmp_path / "p.dl")
    with pytest.raises(KnowledgeError, match="p.dl:1: not a regular file"):
        read_text(tmp_path / "p.dl", "p.dl")


def test_read_text_reads_at_most_its_limit(tmp_path, monkeypatch):
    (tmp_path / "a.dl").write_bytes(b"x" * 11)
    monkeypatch.setattr(files, "MAX_FILE", 10)
    with pytest.raises(KnowledgeError, match="a.dl:1: larger than 10 bytes"):
        read_text(tmp_path / "a.dl", "a.dl")
    (tmp_path / "b.dl").write_bytes(b"\xff")
    with pytest.raises(KnowledgeError, match="b.dl:1: not UTF-8 text"):
        read_text(tmp_path / "b.dl", "b.dl")


def test_too_many_knowledge_files_stop_the_walk(tmp_path, monkeypatch):
    write(tmp_path, {f"t{i}.tsv": "x\n" for i in range(5)})
    monkeypatch.setattr(files, "MAX_FILES", 3)
    found, problems = _found(tmp_path, parts=())
    assert len(found) == 3 and problems == ["t3.tsv: more than 3 knowledge files in one folder"]
