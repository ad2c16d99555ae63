"""Links in a user folder were followed anywhere: ``facts/passwd.tsv → /etc/passwd`` leaked the
file's first line and its line count in the error, and a linked folder was read as a fact
folder. A link is followed only when what it names is inside the folder given."""
import os

import pytest

from queries.engine import KnowledgeError
from queries.knowledge import KnowledgeBase, check_folder

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links here")


def test_a_link_to_a_file_outside_is_refused_without_a_word_of_it(folder, tmp_path_factory):
    secret = tmp_path_factory.mktemp("outside") / "secret.txt"
    secret.write_text("root:x:0:0:root\nline two\n", encoding="utf-8")
    path = folder({"kb/ok.dl": "near(X) <= clash(X, '午')\n"})
    (path / "facts").mkdir()
    (path / "facts" / "passwd.tsv").symlink_to(secret)
    problems = check_folder(path)
    assert problems == [f"{path}/facts/passwd.tsv:1: a link to a file outside the folder; copy the file into it"]
    assert "root:x" not in problems[0] and "line" not in problems[0]


def test_a_linked_folder_outside_is_refused(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (outside / "clash.tsv").write_text("a\tb\n子\t卯\n", encoding="utf-8")
    path = folder({"kb/ok.dl": "near(X) <= clash(X, '午')\n"})
    (path / "facts").symlink_to(outside, target_is_directory=True)
    with pytest.raises(KnowledgeError) as e:
        KnowledgeBase([path])
    assert e.value.problems == [f"{path}/facts: a link to a folder outside the folder; copy the folder into it"]


def test_what_links_inside_the_folder_name_is_read_once(folder):
    path = folder({"kb/rules/ok.dl": "near(X) <= clash(X, '午')\n"})
    (path / "kb" / "again").symlink_to(path / "kb" / "rules", target_is_directory=True)
    (path / "kb" / "loop").symlink_to(path / "kb", target_is_directory=True)
    (path / "kb" / "same.dl").symlink_to(path / "kb" / "rules" / "ok.dl")
    kb = KnowledgeBase([path])
    assert kb.ask("near(X)") == [("子",)]
    assert [name for name in kb.program.sources if name.startswith(str(path))] == [f"{path}/kb/rules/ok.dl"]


def test_a_link_inside_to_a_folder_not_read_otherwise_is_followed(folder, tmp_path):
    path = folder({"notes/rules/ok.dl": "near(X) <= clash(X, '午')\n", "kb/other.dl": "far(X) <= clash(X, '子')\n"})
    (path / "kb" / "linked").symlink_to(path / "notes" / "rules", target_is_directory=True)
    kb = KnowledgeBase([path])
    assert kb.ask("near(X)") == [("子",)]
