"""Found by the fuzz suite: ``--kb /`` walked the whole file system, and a link it could not
follow (``/proc/1/cwd``) ended in an internal PermissionError. A folder is looked at up to
20,000 files and folders, and a link that cannot be followed is a problem of its own."""
import os

import pytest

from queries.engine import files
from queries.engine.files import knowledge_files


def test_a_folder_too_large_to_be_knowledge_is_refused(liuyao, tmp_path, monkeypatch):
    monkeypatch.setattr(files, "MAX_ENTRIES", 400)
    for i in range(450):
        (tmp_path / f"note{i}.txt").write_text("x", encoding="utf-8")
    code, out, err = liuyao("ask", "clash('子', X)", "--kb", tmp_path)
    assert code == 2 and out == ""
    assert err.startswith(f"liuyao: {tmp_path}: more than 400 files and folders in the folder; give the folder of your knowledge")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links here")
def test_a_link_that_cannot_be_followed_is_a_problem(tmp_path, monkeypatch):
    (tmp_path / "kb").mkdir()
    (tmp_path / "kb" / "odd.dl").symlink_to(tmp_path / "kb" / "odd.dl")     # a loop
    (_, _), problems, _ = knowledge_files(tmp_path, ("*.tsv", "*.dl"), lambda p: str(p.relative_to(tmp_path)), ("kb",))
    assert problems == ["kb/odd.dl:1: cannot read (a broken link?)"]
    real = os.path.realpath

    def denied(path, **kwargs):
        if str(path).endswith("odd.dl"):
            raise PermissionError(13, "Permission denied")
        return real(path, **kwargs)
    monkeypatch.setattr(os.path, "realpath", denied)
    (_, _), problems, _ = knowledge_files(tmp_path, ("*.tsv", "*.dl"), lambda p: str(p.relative_to(tmp_path)), ("kb",))
    assert problems == ["kb/odd.dl:1: cannot read (a link that cannot be followed)"]
