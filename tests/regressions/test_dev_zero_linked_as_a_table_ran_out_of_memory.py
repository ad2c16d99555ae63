"""``/dev/zero`` linked as a ``.tsv`` ended in a MemoryError: it was read to its (endless) end.
A link out of the folder is refused unread, and a device or an oversized file too."""
import os

import pytest

from queries.engine import KnowledgeBase, KnowledgeError, files
from queries.knowledge import check_folder


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_link_to_dev_zero_is_refused_unread(folder):
    path = folder({"kb/ok.dl": "near(X) <= clash(X, '午')\n"})
    (path / "facts").mkdir()
    (path / "facts" / "zero.tsv").symlink_to("/dev/zero")
    assert check_folder(path) == [f"{path}/facts/zero.tsv:1: a link to a file outside the folder; "
                                  "copy the file into it"]


def test_a_file_too_large_is_refused_after_reading_its_limit(folder, monkeypatch):
    monkeypatch.setattr(files, "MAX_FILE", 1000)
    path = folder({"facts/big.tsv": "x\n" + "1\n" * 600})
    with pytest.raises(KnowledgeError) as e:
        KnowledgeBase([path])
    assert e.value.problems == [f"{path}/facts/big.tsv:1: larger than 1,000 bytes; split it into smaller files"]
