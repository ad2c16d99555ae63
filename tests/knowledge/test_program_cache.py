"""The shipped program read back from its cache entry is the program the files give: every rule
with its annotations, every fact with its place, every table, and the lint's warnings as said."""
import json

from queries.engine import stored
from queries.engine.problem import as_data


def test_the_shipped_program_reads_back_as_it_was(kb):
    program = kb.program
    assert stored.storable(program) and program.warnings
    back = stored.program(json.loads(json.dumps(stored.data(program), ensure_ascii=False)), program.sources)
    assert back.rules == program.rules and back.facts == program.facts and back.tables == program.tables
    assert [(r.info, r.origin, r.where) for r in back.rules] == [(r.info, r.origin, r.where) for r in program.rules]
    assert [(f.where, f.origin, f.notes) for f in back.facts] == [(f.where, f.origin, f.notes) for f in program.facts]
    assert list(back.declared.items()) == list(program.declared.items())
    assert list(back.tables) == list(program.tables)
    assert [as_data(w) for w in back.warnings] == [as_data(w) for w in program.warnings]
