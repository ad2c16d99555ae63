"""A valid pickle of the wrong type in the cache gave ``internal error: AttributeError`` on
every run until deleted. Every entry is JSON checked against what the knowledge expects; a
wrong one is computed again and rewritten."""
import json
import pickle

from .cache import cache, entries, key  # noqa: F401  (the fixture)


def test_a_wrong_entry_is_rebuilt(cache, liuyao):
    entry = entries(cache) / f"static-{key(cache)}.json"
    good = entry.read_bytes()
    for wrong in (pickle.dumps({"clash": 1}), json.dumps({"format": "2", "answers": []}).encode(), b"\x80\x04."):
        entry.write_bytes(wrong)
        assert liuyao("ask", "clash('子', X)")[:2] == (0, "X\n──\n午\n(1 answer)\n")
        assert entry.read_bytes() == good
