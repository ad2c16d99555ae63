"""A FIFO named like a clause file in ``kb/`` hung the loading (reading waited for a writer).
Only regular files are read; anything else is a problem of its own."""
import os

import pytest

from queries.engine import KnowledgeError
from queries.knowledge import KnowledgeBase, check_folder


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["kb/pipe.dl", "facts/pipe.tsv"])
def test_a_fifo_is_refused_at_once(folder, name):
    path = folder({"kb/ok.dl": "near(X) <= clash(X, '午')\n"})
    (path / name).parent.mkdir(exist_ok=True)
    os.mkfifo(path / name)
    expected = f"{path}/{name}:1: not a regular file (a pipe, a device or a socket); only files are read"
    assert check_folder(path) == [expected]
    with pytest.raises(KnowledgeError) as e:
        KnowledgeBase([path])
    assert e.value.problems == [expected]
