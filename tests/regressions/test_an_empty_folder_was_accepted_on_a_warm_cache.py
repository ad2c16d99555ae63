"""An empty ``--kb`` folder was an error on a cold cache and silently accepted on a warm one.
It is an error every time."""
from .cache import cache  # noqa: F401  (the fixture)


def test_an_empty_folder_is_an_error_warm_or_cold(cache, tmp_path, liuyao):
    empty = tmp_path / "empty"
    empty.mkdir()
    for _ in range(2):
        code, out, err = liuyao("ask", "clash('子', X)", "--kb", empty)
        assert code == 2 and out == "" and err == f"liuyao: {empty}: no *.tsv or *.dl files (nor facts/ and kb/ folders)\n"
