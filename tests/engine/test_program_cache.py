"""The program cache: a program of no user folder, read and linted, kept as checked JSON beside
the static answers, so that a process whose files are unchanged neither parses nor lints them."""
import json
import shutil

import pytest

from queries.engine import Cache, Folder, KnowledgeBase, Options, cache as cache_module, program as program_module
from queries.engine.cache import ENTRIES

from .programs import BASE


@pytest.fixture
def fresh(monkeypatch):
    """Each read as by a new process: nothing kept in this one."""
    def forget():
        monkeypatch.setattr(program_module, "_PROGRAMS", type(program_module._PROGRAMS)())
        monkeypatch.setattr(program_module, "_FOLDERS", type(program_module._FOLDERS)())
        monkeypatch.setattr(cache_module, "_READ", {})
    forget()
    return forget


def _open(store, folder=BASE):
    return KnowledgeBase([folder], options=Options(cache=Cache(store)))


def _entry(store):
    (entry,) = (store / ENTRIES).glob("program-*.json")
    return entry


def _refuse(monkeypatch):
    """Reading a clause file or a table, or linting, fails the test."""
    def never(*args, **kwargs):
        raise AssertionError("parsed or linted on a warm cache")
    for name in ("parse_text", "read_table", "program_problems"):
        monkeypatch.setattr(program_module, name, never)


def test_a_warm_process_parses_and_lints_no_file(tmp_path, fresh, monkeypatch):
    cold = _open(tmp_path)
    assert _entry(tmp_path).stat().st_size > 0
    fresh()
    _refuse(monkeypatch)
    warm = _open(tmp_path)
    assert warm.program is not cold.program
    for part in ("rules", "facts", "tables", "declared", "sources", "warnings"):
        assert getattr(warm.program, part) == getattr(cold.program, part), part
    assert [r.info for r in warm.program.rules] == [r.info for r in cold.program.rules]
    assert [(f.where, f.origin, f.notes) for f in warm.program.facts] == \
        [(f.where, f.origin, f.notes) for f in cold.program.facts]
    assert warm.ask("harm(X, Y)") == cold.ask("harm(X, Y)") != []
    assert warm.explain("clash('子', '午')") == cold.explain("clash('子', '午')")


def test_a_changed_file_is_read_again(tmp_path, fresh):
    copy = Folder(shutil.copytree(BASE.path, tmp_path / "base"), "", "base")
    assert _open(tmp_path / "store", copy).ask("clash('子', X)") == [("午",)]
    rules = copy.path / "kb" / "branches.dl"
    rules.write_text(rules.read_text(encoding="utf-8").replace("(I + 6) % 12", "(I + 3) % 12"), encoding="utf-8")
    fresh()
    assert _open(tmp_path / "store", copy).ask("clash('子', X)") == [("卯",)]
    assert len(list((tmp_path / "store" / ENTRIES).glob("program-*.json"))) == 2


def _forged(data):
    program = data["program"]
    rule = program["rules"][0]
    head = rule[0]
    return {
        "not json": "{not json",
        "not an object": "[]",
        "another key": {**data, "key": "0" * 32},
        "another format": {**data, "format": "0"},
        "no program": {k: v for k, v in data.items() if k != "program"},
        "a part missing": {**data, "program": {k: v for k, v in program.items() if k != "rules"}},
        "a value of another type": {**data, "program": {**program, "rules": [
            [[head[0], [True, None], False], *rule[1:]], *program["rules"][1:]]}},
        "code as a term": {**data, "program": {**program, "rules": [
            [[head[0], [["__import__", "os"]], False], *rule[1:]], *program["rules"][1:]]}},
        "an unknown comparison": {**data, "program": {**program, "rules": [
            [head, [["c", "is", ["v", "X"], 1]], *rule[2:]], *program["rules"][1:]]}},
        "an empty body": {**data, "program": {**program, "rules": [[head, [], *rule[2:]], *program["rules"][1:]]}},
        "a row of another width": {**data, "program": {**program, "tables": [
            [*program["tables"][0][:5], [[["子"], 3, []]]], *program["tables"][1:]]}},
        "a table that is not there": {**data, "program": {**program, "facts": [[99, "base"]]}},
        "a negative line": {**data, "program": {**program, "rules": [[*rule[:3], -1, *rule[4:]],
                                                                    *program["rules"][1:]]}},
    }


def test_a_malformed_entry_is_read_again_from_the_files(tmp_path, fresh):
    cold = _open(tmp_path)
    entry = _entry(tmp_path)
    good = json.loads(entry.read_text(encoding="utf-8"))
    for name, forged in _forged(good).items():
        entry.write_text(forged if isinstance(forged, str) else json.dumps(forged, ensure_ascii=False),
                         encoding="utf-8")
        fresh()
        kb = _open(tmp_path)
        assert kb.program.rules == cold.program.rules and kb.program.facts == cold.program.facts, name
        assert kb.ask("clash('子', X)") == [("午",)], name
        assert json.loads(entry.read_text(encoding="utf-8")) == good, name     # written again


def test_a_user_folder_is_read_as_before(tmp_path, fresh, folder):
    mine = folder({"mine/extra.dl": "extra(X) <= clash(X, '午')\n"}) / "mine"
    KnowledgeBase([BASE, mine], options=Options(cache=Cache(tmp_path / "store")))
    assert not list((tmp_path / "store" / ENTRIES).glob("program-*.json"))
