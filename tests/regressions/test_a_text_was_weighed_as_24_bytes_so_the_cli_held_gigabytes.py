"""The memory budget weighed every value as 24 bytes, so a rule making 729,000 texts of 4,000
characters held 3.3 GB under ``--memory 512`` (red team M4). A text that arithmetic makes is
now weighed by its length, while the step makes it and in the rows it keeps."""
import pytest

from queries.engine import KnowledgeBase
from queries.engine.limits import Limits, text_bytes
from queries.errors import QueryTooLarge

VALUES = 30
BIG = "".join(f"+ dg('{i:02d}')\n" for i in range(VALUES)) + \
    "big(S) <= dg(A) & dg(B) & dg(D) & (S == ('x' * 4000) + A + B + D)\n"


def test_the_texts_made_count_by_their_length(folder):
    path = folder({"big.dl": BIG})
    held = VALUES ** 3 * text_bytes("x" * 4006)                 # 27,000 texts: about 110 MB
    with pytest.raises(QueryTooLarge, match="^computing big needed more than the limit of 64 MB"):
        KnowledgeBase([path], limits=Limits(seconds=None, memory_mb=64))
    assert held > 64 * 2 ** 20
    kb = KnowledgeBase([path], limits=Limits(seconds=None, memory_mb=held * 2 / 2 ** 20))
    assert len(kb.ask("big(S)")) == VALUES ** 3


def test_a_text_of_the_knowledge_is_not_counted_again(folder):
    path = folder({"copy.dl": "+ long('" + "y" * 3000 + "')\nsame(S) <= long(S) & (T == S) & (S == T)\n"})
    assert KnowledgeBase([path], limits=Limits(seconds=None, memory_mb=1)).ask("same(S)") == [("y" * 3000,)]
