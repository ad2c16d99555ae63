"""A folder or file name of 300 characters ended in an internal error (File name too long)."""
import pytest


@pytest.mark.parametrize("command", [["ask", "clash('子', X)", "--kb"], ["check"], ["topics", "--kb"]])
def test_a_long_folder_name_is_not_a_folder(liuyao, tmp_path, command):
    code, out, err = liuyao(*command, tmp_path / ("a" * 300))
    assert code == 2 and out == "" and err.startswith("liuyao: ") and "not a folder" in err


def test_a_long_name_inside_a_folder_is_not_a_file(folder):
    from queries.engine import KnowledgeBase, KnowledgeError
    with pytest.raises(KnowledgeError, match="not a folder"):
        KnowledgeBase([folder({"a.tsv": "x\n1\n"}) / ("b" * 300)])
