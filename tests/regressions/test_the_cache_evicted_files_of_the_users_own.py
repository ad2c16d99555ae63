"""The cache's eviction deleted any file named ``static-*`` or ``program-*`` in the folder it
was given (a 40 MB ``program-thesis-backup.tar``), and wrote its entries beside the user's
files (red team M9). The entries now live in a folder the cache makes itself
(``liuyao-kb-cache/``), and it removes only names of its own form there."""
import os

from queries.engine.cache import ENTRIES, LIMIT

from .cache import entries


def test_the_users_files_are_never_touched(tmp_path, monkeypatch, liuyao):
    mine = {"program-thesis-backup.tar": b"\0" * (LIMIT + 2 ** 20), "static-site-notes.md": b"notes\n",
            f"static-{'0' * 32}.json": b"{}", f"program-{'1' * 32}.pickle": b"mine"}
    for name, data in mine.items():
        (tmp_path / name).write_bytes(data)
        os.utime(tmp_path / name, (1000, 1000))
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path))
    assert liuyao("ask", "clash('子', X)")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*mine, ENTRIES])
    assert all((tmp_path / name).read_bytes() == data for name, data in mine.items())
    assert len(list(entries(tmp_path).glob("static-*.json"))) == 1


def test_in_its_own_folder_it_removes_only_its_own_names(tmp_path, monkeypatch, liuyao):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path))
    assert liuyao("ask", "clash('子', X)")[0] == 0
    own = entries(tmp_path)
    stranger = own / "static-notes.json"
    stranger.write_bytes(b"\0" * (LIMIT + 2 ** 20))
    os.utime(stranger, (1000, 1000))
    (tmp_path / "extra").mkdir()
    (tmp_path / "extra" / "near.dl").write_text("near(X) <= clash(X, '午')\n", encoding="utf-8")
    assert liuyao("ask", "near(X)", "--kb", tmp_path / "extra")[0] == 0      # a new entry: eviction runs
    assert stranger.exists() and len(list(own.glob("static-*[0-9a-f].json"))) == 2
