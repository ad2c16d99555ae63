"""The cache folder was made 0755 and nothing ever evicted (31 MB in one day of use). It is
made 0700 and kept under its size bound, the least recently used entries removed first."""
import os
import stat

import pytest

from queries.engine import cache as cache_module

from .cache import cache, entries  # noqa: F401  (the fixture)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_the_folder_is_private(cache):
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert stat.S_IMODE(entries(cache).stat().st_mode) == 0o700


def test_the_folder_stays_under_its_bound(cache, folder, liuyao):
    (kept,) = entries(cache).glob("static-*.json")
    old = [entries(cache) / f"static-{i:032x}.json" for i in range(cache_module.LIMIT // 2 ** 20 + 2)]
    for i, path in enumerate(old):
        path.write_bytes(b" " * 2 ** 20)
        os.utime(path, (1000 + i, 1000 + i))
    os.utime(kept, (5000, 5000))                # used after all of them
    path = folder({"more/near.dl": "near(X) <= clash(X, '午')\n"}) / "more"
    assert liuyao("ask", "near(X)", "--kb", path)[0] == 0
    left = sorted(entries(cache).glob("static-*.json"))
    assert sum(p.stat().st_size for p in left) <= cache_module.LIMIT
    assert kept in left and old[0] not in left and old[1] not in left and old[-1] in left
