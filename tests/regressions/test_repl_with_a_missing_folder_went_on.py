"""``liuyao repl --kb /nope`` went on without the folder where every other command exits 2."""
import pytest

from queries.errors import UserError
from queries.sandbox import Sandbox


def test_the_repl_exits_2_on_a_missing_folder(liuyao, tmp_path):
    code, out, err = liuyao("repl", "--kb", tmp_path / "nope")
    assert code == 2 and out == "" and err == f"liuyao: {tmp_path / 'nope'}: not a folder (give a folder with " \
                                              "facts/ and kb/, or *.tsv and *.dl)\n"


def test_a_sandbox_refuses_it_before_starting(tmp_path):
    with pytest.raises(UserError, match="not a folder"):
        Sandbox([tmp_path / "nope"])
