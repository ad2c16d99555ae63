"""A user ``clash.tsv`` added rows to the shipped ``clash`` without a word. A table for a
predicate an earlier folder defines is an error unless it says ``# @extends``."""
from queries import KnowledgeBase
from queries.knowledge import check_folder


def test_a_table_for_a_shipped_predicate_is_an_error(folder):
    path = folder({"facts/clash.tsv": "a\tb\n子\t卯\n"})
    (problem,) = check_folder(path)
    assert problem.startswith(f"{path}/facts/clash.tsv:1: clash is already defined in kb/")
    assert problem.endswith("write a line '# @extends' above the header to add these rows to it, or rename the file")


def test_marked_as_an_extension_it_adds_its_rows(folder):
    path = folder({"facts/clash.tsv": "# @extends: a clash my teacher counts\na\tb\n子\t卯\n"})
    assert check_folder(path) == []
    assert KnowledgeBase([path]).ask("clash('子', X)") == [("午",), ("卯",)]
