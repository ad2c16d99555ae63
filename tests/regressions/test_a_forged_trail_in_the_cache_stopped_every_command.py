"""A cache entry whose trail was forged to ``["clash", 10**30]`` stopped every command with
"computing clash needed more than the limit of 512 MB", for good: the entry was valid, so it was
never rewritten (red team L1). A trail that says the work would not fit is no longer trusted to
stop it: the work is computed again, stops only if computing does, and the entry is rewritten."""
import json

from .cache import cache, entries, key  # noqa: F401  (the fixture)


def test_a_trail_past_the_limit_is_computed_again(cache, liuyao):
    entry = entries(cache) / f"static-{key(cache)}.json"
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["trail"].append(["clash", 10 ** 30])
    entry.write_text(json.dumps(data), encoding="utf-8")
    for _ in range(2):
        assert liuyao("ask", "clash('子', X)") == (0, "X\n──\n午\n(1 answer)\n", "")
    assert all(peak < 2 ** 40 for _, peak in json.loads(entry.read_text(encoding="utf-8"))["trail"])
