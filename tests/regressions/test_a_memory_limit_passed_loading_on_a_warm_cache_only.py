"""With ``:memory 1`` the REPL's worker started when the cache held the static answers and
failed to when it was cold (as in CI): computing the static answers weighed against the limit,
reading them weighed nothing. A cache entry now keeps the trail of the budget that computed it,
and loading from it stops exactly where computing would have."""
import json

import pytest

from queries.errors import QueryTooLarge
from queries.knowledge import KnowledgeBase
from queries.engine.cache import ENTRIES
from queries.engine.limits import Limits

SMALL = Limits(seconds=None, memory_mb=1)


def loading(limits):
    """What loading under ``limits`` gives: 'loaded', or the line it stopped with."""
    try:
        KnowledgeBase(limits=limits)
        return "loaded"
    except QueryTooLarge as e:
        return str(e)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LIUYAO_CACHE_DIR", str(tmp_path))
    return tmp_path / ENTRIES


def test_loading_stops_at_the_same_predicate_on_a_cold_and_a_warm_cache(cache):
    cold = loading(SMALL)
    assert cold.startswith("computing ") and "needed more than the limit of 1 MB" in cold
    assert not list(cache.glob("static-*.json"))            # a stopped load writes nothing
    assert loading(Limits()) == "loaded" and list(cache.glob("static-*.json"))
    assert loading(SMALL) == cold


def test_the_entry_keeps_the_peaks_in_the_order_they_were_reached(cache):
    KnowledgeBase()
    (entry,) = cache.glob("static-*.json")
    peaks = [peak for _, peak in json.loads(entry.read_text(encoding="utf-8"))["trail"]]
    assert peaks == sorted(set(peaks)) and peaks[-1] > 2 ** 20
    assert loading(Limits(seconds=None, memory_mb=(peaks[-1] + 1) / 2 ** 20)) == "loaded"


def test_an_entry_without_its_trail_is_computed_again(cache):
    KnowledgeBase()
    (entry,) = cache.glob("static-*.json")
    data = json.loads(entry.read_text(encoding="utf-8"))
    del data["trail"]
    entry.write_text(json.dumps(data), encoding="utf-8")
    assert loading(SMALL).startswith("computing ")
    assert loading(Limits()) == "loaded" and "trail" in json.loads(entry.read_text(encoding="utf-8"))
