"""The cache's 32 MB bound was applied only when evicting, so a 108 MB entry was written (and
rewritten on every run, though never read back), evicting every other entry (red team L2). An
entry larger than the bound is not written at all."""
from queries.engine import Cache, KnowledgeBase, Options

BIG = "".join(f"+ dg('{i:02d}')\n" for i in range(12)) + \
    "big(S) <= dg(A) & dg(B) & (S == ('x' * 2000) + A + B)\n"


def test_an_entry_over_the_bound_is_not_written(tmp_path, folder):
    small = folder({"small.dl": "near(X) <= dg(X)\n+ dg('a')\n"})
    store = tmp_path / "cache"
    KnowledgeBase([small], options=Options(cache=Cache(store, limit=100_000)))
    (kept,) = (store / "liuyao-kb-cache").glob("static-*.json")
    big = folder({"big/big.dl": BIG}) / "big"
    kb = KnowledgeBase([big], options=Options(cache=Cache(store, limit=100_000)))       # 144 texts of 2 KB
    assert len(kb.ask("big(S)")) == 144
    assert [p.name for p in (store / "liuyao-kb-cache").iterdir()] == [kept.name]
