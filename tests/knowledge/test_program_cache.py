"""The shipped program read back from its cache entry is the program the files give: every rule
with its annotations, every fact with its place, every table, the lint's warnings as said, and
what a knowledge base reads of it before any question (its layout), predicate by predicate."""
import json

import pytest

from queries.engine import program as program_module, stored
from queries.engine.problem import as_data
from queries.engine.program import read_program
from queries.knowledge import folders


@pytest.fixture(autouse=True)
def parsed(monkeypatch):
    """The program parsed from its files, not one kept in this process (it may be read from a cache)."""
    monkeypatch.setattr(program_module, "_PROGRAMS", type(program_module._PROGRAMS)())


def _back(program):
    head, parts = stored.data(program)
    return stored.program(json.loads(json.dumps(head, ensure_ascii=False)),
                          [json.dumps(part, ensure_ascii=False) for part in parts], program.sources, None)


def test_the_shipped_program_reads_back_as_it_was():
    program = read_program(folders())
    assert not program.lazy and stored.storable(program) and program.warnings
    back = _back(program)
    for pred in sorted(program.declared):
        assert (back.rules_of(pred), back.facts_of(pred), back.tables_of(pred)) == \
            (program.rules_of(pred), program.facts_of(pred), program.tables_of(pred)), pred
    for part in ("layout", "heads", "stated", "inputs", "user", "graph", "dependencies", "table_paths"):
        assert getattr(back, part) == getattr(program, part), part
    assert back.rules == program.rules and back.facts == program.facts and back.tables == program.tables
    assert [(r.info, r.origin, r.where) for r in back.rules] == [(r.info, r.origin, r.where) for r in program.rules]
    assert [(f.where, f.origin, f.notes) for f in back.facts] == [(f.where, f.origin, f.notes) for f in program.facts]
    assert list(back.declared.items()) == list(program.declared.items())
    assert list(back.tables) == list(program.tables)
    assert [as_data(w) for w in back.warnings] == [as_data(w) for w in program.warnings]


def test_a_program_read_back_reads_back_again():
    program = read_program(folders())
    again = _back(_back(program))
    assert again.rules == program.rules and again.facts == program.facts and again.layout == program.layout
