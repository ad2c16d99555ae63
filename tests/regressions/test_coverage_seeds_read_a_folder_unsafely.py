"""``liuyao coverage --seeds DIR`` read its folder with ``Path.read_text``: a bad byte or a
folder named like a seed was an internal error (exit 3), a link printed ``/etc/passwd`` as
"missing" phrases, and a FIFO blocked for ever (red team L4). The seeds are read as knowledge
files are (``engine.files``): one line naming the file, exit 2."""
import os
import shutil
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not here")


@pytest.mark.parametrize("make, said", [
    (lambda d: (d / "000_a.txt").write_bytes(b"\xff"), "000_a.txt:1: not UTF-8 text"),
    (lambda d: (d / "000_x.txt").symlink_to("/etc/passwd"), "000_x.txt:1: a link to a file outside the folder"),
    (lambda d: os.mkfifo(d / "000_f.txt"), "000_f.txt:1: not a regular file"),
])
def test_a_bad_seed_file_is_one_line(tmp_path, liuyao, make, said):
    for seed in sorted(SEEDS.glob("000_*.txt")):
        shutil.copy(seed, tmp_path)
    make(tmp_path)
    code, out, err = liuyao("coverage", "--seeds", tmp_path)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err and "root:" not in err


def test_a_folder_named_like_a_seed_is_not_read(tmp_path, liuyao):
    for seed in sorted(SEEDS.glob("000_*.txt")):
        shutil.copy(seed, tmp_path)
    (tmp_path / "000_d.txt").mkdir()
    code, out, err = liuyao("coverage", "--seeds", tmp_path, "--seed", "000")
    assert code in (0, 1) and err == "" and out
