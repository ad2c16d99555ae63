import pytest

from queries.engine.errors import KnowledgeError
from queries.engine.tables import read_table


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_rows_remember_their_line_and_notes(tmp_path):
    path = write(tmp_path, "stage.tsv", "# doc\n# source: x:1\nstage\torder:int\n長生\t0\n# a note\n沐浴\t1\n")
    table = read_table(path, "facts/stage.tsv")
    assert table.doc == ("doc", "source: x:1")
    assert [(r.values, r.where, r.notes) for r in table.rows] == [
        (("長生", 0), "facts/stage.tsv:4", ()), (("沐浴", 1), "facts/stage.tsv:6", ("a note",))]


def test_header_only_declares_an_input(tmp_path):
    table = read_table(write(tmp_path, "cast_line.tsv", "cast\tposition:int\tvalue:int\n"))
    assert table.arity == 3 and table.rows == ()


def test_every_problem_is_reported(tmp_path):
    path = write(tmp_path, "t.tsv", "a\tb:int\n子\t1\n丑\n寅\tx\n \t2\n")
    with pytest.raises(KnowledgeError) as e:
        read_table(path, "t.tsv")
    assert [p.split(": ")[0] for p in e.value.problems] == ["t.tsv:3", "t.tsv:4", "t.tsv:5"]


def test_bad_header_and_file_name(tmp_path):
    with pytest.raises(KnowledgeError, match="header cell 'b:float'"):
        read_table(write(tmp_path, "t.tsv", "a\tb:float\n"))
    with pytest.raises(KnowledgeError, match="must be a predicate name"):
        read_table(write(tmp_path, "bad-name.tsv", "a\n"))


def test_not_utf8(tmp_path):
    path = tmp_path / "t.tsv"
    path.write_bytes("a\n子\n".encode("gb18030"))
    with pytest.raises(KnowledgeError, match="not UTF-8"):
        read_table(path)
