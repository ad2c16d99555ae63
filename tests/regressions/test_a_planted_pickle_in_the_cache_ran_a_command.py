"""The cache loaded ``program-<key>.pickle`` with ``pickle.load``; the key is a hash anyone with
the package can compute, so a planted file ran a shell command while ``liuyao ask`` printed the
normal answer. Nothing read from the cache is unpickled: entries are JSON and old pickles in the
cache's own folder are removed unread (that no module of ``queries`` uses pickle at all is
test_the_sandbox_pipe_was_pickled.py)."""
import pickle

from .cache import cache, entries, key  # noqa: F401  (the fixture)


class _Plant:
    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


def test_a_planted_pickle_never_runs(cache, tmp_path, liuyao):
    marker, name = tmp_path / "marker", key(cache)
    for planted in (f"program-{name}.pickle", f"static-{name}.pickle"):
        (entries(cache) / planted).write_bytes(pickle.dumps(_Plant(marker)))
    assert liuyao("ask", "clash('子', X)")[:2] == (0, "X\n──\n午\n(1 answer)\n")
    assert not marker.exists()
    liuyao("ask", "clash(X, '子')", "--kb", _extra(tmp_path))        # a new entry: old pickles go
    assert not list(entries(cache).glob("*.pickle")) and not marker.exists()


def _extra(tmp_path):
    folder = tmp_path / "extra"
    folder.mkdir(exist_ok=True)
    (folder / "near.dl").write_text("near(X) <= clash(X, '午')\n", encoding="utf-8")
    return folder
