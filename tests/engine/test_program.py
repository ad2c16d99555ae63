"""Reading knowledge folders: the files found, their labels, the problems of several at once."""
import pytest

from queries.engine import Folder, KnowledgeError
from queries.engine.program import check_folders, folder_files, read_program

from .programs import write


def test_the_parts_and_their_subfolders_are_read(tmp_path):
    write(tmp_path, {"facts/a.tsv": "x\n1\n", "facts/deep/b.tsv": "x\n2\n", "kb/r.dl": "", "kb/sub/s.dl": "",
                     "views/v.dl": "", "notes/ignored.dl": "", "top.tsv": "x\n"})
    tsvs, dls, problems, _ = folder_files(tmp_path)
    assert problems == []
    assert [p.relative_to(tmp_path).as_posix() for p in tsvs] == ["facts/a.tsv", "facts/deep/b.tsv"]
    assert [p.relative_to(tmp_path).as_posix() for p in dls] == ["kb/r.dl", "kb/sub/s.dl", "views/v.dl"]


def test_a_folder_without_parts_is_read_anywhere(tmp_path):
    write(tmp_path, {"a.tsv": "x\n1\n", "more/r.dl": ""})
    assert [len(found) for found in folder_files(tmp_path)[:3]] == [1, 1, 0]


def test_files_of_the_same_name_in_two_subfolders_stay_apart(tmp_path):
    write(tmp_path, {"kb/one/x.dl": "# @rule p.1 one\np('a') <= q('a')\n+ q('a')\n",
                     "kb/two/x.dl": "# @rule p.2 two\np('b') <= q('a')\n"})
    program = read_program([Folder(tmp_path, "", "mine")])
    assert [r.where for r in program.rules] == ["kb/one/x.dl:2", "kb/two/x.dl:2"]
    assert sorted(program.sources) == ["kb/one/x.dl", "kb/two/x.dl"]


def test_labels_and_origins(tmp_path):
    write(tmp_path, {"t.tsv": "x\n1\n"})
    assert read_program([Folder(tmp_path, "lab", "mine")]).facts[0].where == "lab/t.tsv:2"
    assert read_program([Folder(tmp_path, "", "mine")]).facts[0].origin == "mine"
    assert read_program([tmp_path]).facts[0].where == f"{tmp_path}/t.tsv:2"
    assert Folder.of(tmp_path) == Folder(tmp_path, str(tmp_path), "user")


def test_a_view_is_marked(tmp_path):
    write(tmp_path, {"t.tsv": "x\n1\n", "v.dl": "# @view shown.1 a view\nshown(X) <= t(X)\n"
                                               "# @rule kept.1 a rule\nkept(X) <= t(X)\n"})
    assert [(r.info.id, r.info.view) for r in read_program([tmp_path]).rules] == [("shown.1", True), ("kept.1", False)]


def test_two_folders_disagree_on_a_table(tmp_path):
    write(tmp_path, {"a/t.tsv": "x\n1\n", "b/t.tsv": "x\ty\n1\t2\n"})
    with pytest.raises(KnowledgeError) as e:
        read_program([Folder(tmp_path / "a", "a"), Folder(tmp_path / "b", "b")])
    assert e.value.problems == ["b/t.tsv:1: t has 1 columns in a/t.tsv:1, 2 here"]


def test_check_lists_errors_of_all_and_warnings_of_one(tmp_path):
    write(tmp_path, {"a/t.tsv": "x\ty\n1\t2\n", "a/w.dl": "w(X) <= t(X, _I) & ~t(X, Y)\n",
                     "b/v.dl": "v(X) <= t(X, _I)\n", "c/bad.dl": "z(X) <= nothing(X)\n"})
    a, b, c = (Folder(tmp_path / n, n) for n in "abc")
    assert check_folders([a, b], b) == []
    assert check_folders([a, b], a) == ["a/w.dl:1: Y occurs only in ~t(X, Y), so it means 'for no Y'; "
                                        "name it _Y to say so (warning)"]
    assert check_folders([a, c], a) == ["c/bad.dl:1: unknown predicate nothing/1"]
