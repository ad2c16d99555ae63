import json

import pytest

from queries import KnowledgeBase


@pytest.fixture(autouse=True)
def _cache_on(monkeypatch):
    monkeypatch.delenv("LIUYAO_CACHE", raising=False)


def test_static_answers_are_cached_and_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path))
    KnowledgeBase()
    (cached,) = tmp_path.glob("static-*.json")
    data = json.loads(cached.read_text(encoding="utf-8"))
    assert ["子", "午"] in data["clash"]
    data["clash"] = [["子", "卯"]]            # a cache entry is trusted as pyDatalog's own answer
    cached.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert KnowledgeBase().ask("clash('子', X)") == [("卯",)]


def test_a_broken_cache_is_recomputed(tmp_path, monkeypatch):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path))
    KnowledgeBase()
    (cached,) = tmp_path.glob("static-*.json")
    cached.write_text("{not json", encoding="utf-8")
    assert KnowledgeBase().ask("clash('子', X)") == [("午",)]
    cached.write_text(json.dumps({"clash": [[True, None]]}), encoding="utf-8")
    assert KnowledgeBase().ask("clash('子', X)") == [("午",)]


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
    assert len(list((tmp_path / "cache").glob("static-*.json"))) == 2


def test_the_parsed_program_is_cached_and_follows_the_text(tmp_path, monkeypatch, folder):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path / "cache"))
    user = folder({"mine.dl": "# @rule m.1 mine\n# convention: t\nmine(X) <= clash(X, '午')\n"})
    assert KnowledgeBase(extra=[user]).ask("mine(X)") == [("子",)]
    assert len(list((tmp_path / "cache").glob("program-*.pickle"))) == 1
    (user / "mine.dl").write_text("# @rule m.1 mine\n# convention: t\nmine(X) <= clash(X, '子')\n", encoding="utf-8")
    assert KnowledgeBase(extra=[user]).ask("mine(X)") == [("午",)]
    from queries import KnowledgeError
    with pytest.raises(KnowledgeError, match="not a folder"):
        KnowledgeBase(extra=[tmp_path / "missing"])
