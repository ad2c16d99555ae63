"""A left-recursive rule that joins strings reached 13 GB in 61 s. Arithmetic now makes no text
longer than 4,096 characters, and the question stops at its limits either way."""
import pytest

from queries import KnowledgeBase
from queries.errors import LimitExceeded

GROW = "grow(S) <= branch_order(S, _I)\ngrow(S) <= grow(T) & (S == T + T)\n"


def test_a_doubling_text_stops_at_the_length_of_text(folder, liuyao):
    path = folder({"kb/grow.dl": GROW})
    code, _, err = liuyao("ask", "grow(S)", "--kb", path)
    assert code == 2
    assert err.startswith("liuyao: computing grow: arithmetic made a text longer than 4,096 characters")


def test_a_growing_number_stops_at_its_bits(folder):
    path = folder({"kb/big.dl": "big(N) <= branch_order(_B, N) & (N > 1)\nbig(N) <= big(M) & (N == M * M)\n"})
    with pytest.raises(LimitExceeded, match="computing big: arithmetic made a number of more than 256 bits"):
        KnowledgeBase([path])
