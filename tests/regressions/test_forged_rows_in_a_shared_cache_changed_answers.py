"""Forged rows in ``static-*.json`` were trusted: a forged ``clash`` row made ``ask clash('子',
X)`` answer 卯, and nothing checked who owned the folder. A well-formed entry is still the
engine's own answers, so the folder must be private: one that others may write to is not used
(one line says so) and answers are computed afresh."""
import json
import os

import pytest

from .cache import cache, entries, key  # noqa: F401  (the fixture)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_a_folder_others_may_write_to_is_not_trusted(cache, liuyao):
    entry = entries(cache) / f"static-{key(cache)}.json"
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["answers"]["clash"] = [["子", "卯"]]
    entry.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    cache.chmod(0o777)
    code, out, err = liuyao("ask", "clash('子', X)")
    assert (code, out) == (0, "X\n──\n午\n(1 answer)\n")
    assert err == f"warning: the cache folder {cache} belongs to another user or others may write to it; " \
                  "running without a cache\n"
