"""Reading and parsing a knowledge folder ran before the limits started: an 8 MB fact file took
11 s under ``--timeout 2`` and 386 MB under ``--memory 64`` (red team M5). Reading, the lint
and loading now count against one budget: the clock is looked at for every file and every few
hundred clauses or rows, what a user folder holds is weighed as it is read (the same whether it
was read before or not), and a folder's knowledge files may hold 32 MB at most."""
import pytest

from queries.engine import files
from queries.engine.limits import Limits
from queries.errors import KnowledgeError, QueryTimeout, QueryTooLarge
from queries.knowledge import KnowledgeBase


def _facts(count):
    return "".join(f"+ bigf('{i}', {i})\n" for i in range(count))


def _rows(count):
    return "a\tb:int\n" + "".join(f"{i}\t{i}\n" for i in range(count))


def test_a_clause_file_stops_at_the_memory_limit_while_it_is_read(folder):
    path = folder({"kb/f.dl": _facts(20_000)})                  # 20,000 facts: about 20 MB read
    for _ in range(2):                                          # read afresh, then known from before
        with pytest.raises(QueryTooLarge, match=r"^reading .*kb/f\.dl needed more than the limit of 8 MB"):
            KnowledgeBase([path], limits=Limits(seconds=None, memory_mb=8))
    assert KnowledgeBase([path], limits=Limits(seconds=None, memory_mb=64)).ask("bigf('7', N)") == [(7,)]


def test_a_table_stops_at_the_memory_limit_too(folder):
    path = folder({"facts/bigt.tsv": _rows(20_000)})
    with pytest.raises(QueryTooLarge, match=r"^reading .*facts/bigt\.tsv needed more than the limit of 8 MB"):
        KnowledgeBase([path], limits=Limits(seconds=None, memory_mb=8))


def test_reading_stops_at_the_time_limit(folder):
    path = folder({"kb/f.dl": _facts(60_000)})
    with pytest.raises(QueryTimeout, match=r"^reading .*kb/f\.dl took longer than the limit of 0\.2 s"):
        KnowledgeBase([path], limits=Limits(seconds=0.2, memory_mb=None))


def test_a_folder_holds_a_bounded_number_of_bytes(folder, monkeypatch):
    monkeypatch.setattr(files, "MAX_BYTES", 1000)
    path = folder({"kb/a.dl": "+ a(1)\n" * 100, "kb/b.dl": "+ b(1)\n" * 100})
    with pytest.raises(KnowledgeError, match="the knowledge files of the folder hold more than 1,000 bytes"):
        KnowledgeBase([path])


def test_the_cli_says_it_in_one_line(folder, liuyao):
    path = folder({"kb/f.dl": _facts(20_000)})
    code, out, err = liuyao("ask", "bigf('1', N)", "--kb", path, "--memory", "8")
    assert code == 2 and out == "" and err.count("\n") == 1 and "kb/f.dl needed more than the limit of 8 MB" in err
