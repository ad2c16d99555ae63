"""A table whose header named a column twice was accepted."""
from queries.knowledge import check_folder


def test_a_column_named_twice_is_refused(folder):
    path = folder({"facts/pair.tsv": "a\tb\ta:int\nx\ty\t1\n"})
    assert check_folder(path) == [f"{path}/facts/pair.tsv:1: the header names a more than once; name each column once"]
