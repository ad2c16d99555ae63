"""Where the shipped knowledge keeps its cache, and the entries it makes."""
import re
from pathlib import Path

import pytest

import queries
from queries import KnowledgeBase, KnowledgeError
from queries.engine.cache import ENTRIES


@pytest.fixture(autouse=True)
def _cache_on(monkeypatch):
    monkeypatch.delenv("LIUYAO_CACHE", raising=False)


def test_the_folder_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path / "dir"))
    KnowledgeBase()
    assert len(list((tmp_path / "dir" / ENTRIES).glob("static-*.json"))) == 1
    monkeypatch.delenv("LIUYAO_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    KnowledgeBase()
    assert len(list((tmp_path / "xdg" / "liuyao-kb" / ENTRIES).glob("static-*.json"))) == 1


def test_cache_off_and_unwritable_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("LIUYAO_CACHE", "off")
    assert KnowledgeBase().ask("clash('子', X)") == [("午",)]
    assert not (tmp_path / "c").exists()
    monkeypatch.delenv("LIUYAO_CACHE")
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path / "file" / "sub"))
    assert KnowledgeBase().ask("clash('子', X)") == [("午",)]


def test_user_folders_get_their_own_entry(tmp_path, monkeypatch, folder):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path / "cache"))
    KnowledgeBase()
    user = folder({"mine.dl": "# @rule m.1 mine\n# convention: t\nclash(X, Y) <= branch_order(X, 0) & branch_order(Y, 1)\n"})
    assert KnowledgeBase(extra=[user]).ask("clash('子', X)") == [("丑",), ("午",)]
    assert len(list((tmp_path / "cache" / ENTRIES).glob("static-*.json"))) == 2


def test_answers_follow_the_text(tmp_path, monkeypatch, folder):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path / "cache"))
    user = folder({"mine.dl": "# @rule m.1 mine\n# convention: t\nmine(X) <= clash(X, '午')\n"})
    assert KnowledgeBase(extra=[user]).ask("mine(X)") == [("子",)]
    (user / "mine.dl").write_text("# @rule m.1 mine\n# convention: t\nmine(X) <= clash(X, '子')\n", encoding="utf-8")
    assert KnowledgeBase(extra=[user]).ask("mine(X)") == [("午",)]
    assert len(list((tmp_path / "cache" / ENTRIES).glob("static-*.json"))) == 2
    with pytest.raises(KnowledgeError, match="not a folder"):
        KnowledgeBase(extra=[tmp_path / "missing"])


def test_the_keys_name_the_release_of_the_project():
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "(.*)"$', pyproject, re.M).group(1) == queries.__version__
