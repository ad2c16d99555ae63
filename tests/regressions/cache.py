"""The cache of the app, in a folder of a test's own: where it is, where its entries are and the
name of its entry."""
import pytest

from queries.engine.cache import ENTRIES


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder for the app (``LIUYAO_CACHE_DIR``), filled by one ``liuyao ask``."""
    from queries.cli import main
    folder = tmp_path / "cache"
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(folder))
    assert main(["ask", "clash('子', X)"]) == 0
    return folder


def entries(folder):
    """The cache's own folder of entries inside the folder it is given."""
    return folder / ENTRIES


def key(folder) -> str:
    (entry,) = entries(folder).glob("static-*.json")
    return entry.name[len("static-"):-len(".json")]
