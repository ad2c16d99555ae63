"""The clause reader and the fact reader on text drawn at random: every problem is a line that
names its file:line, nothing else is raised, and what is accepted reads back the same."""
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from queries.engine import KnowledgeError
from queries.engine.reader import parse_goal, parse_text
from queries.engine.tables import read_table

from . import inputs
from .conftest import EXAMPLES

SETTINGS = settings(max_examples=EXAMPLES or 200, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))    # cheap: these shrink
LOCATED = re.compile(r"x\.dl:\d+: \S")


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_clause_text_gives_rules_or_located_problems(words, rng):
    rules, facts, problems = parse_text(inputs.clause_text(rng, words), "x.dl", "user")
    assert all(LOCATED.match(p) and "\n" not in p for p in problems), problems
    for rule in rules:
        again, _, more = parse_text(f"{rule}\n", "x.dl")
        assert more == [] and [str(r) for r in again] == [str(rule)]


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_is_read_without_an_exception(text):
    _, _, problems = parse_text(text, "x.dl")
    assert all(LOCATED.match(p) for p in problems), problems


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_a_goal_reads_back_the_same_or_is_refused_with_a_reason(words, rng):
    text = inputs.goal(rng, words)
    try:
        literals = parse_goal(text)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
        return
    assert parse_goal(" & ".join(map(str, literals))) == literals


@SETTINGS
@given(st.one_of(st.randoms(use_true_random=False).map(inputs.table_text).map(str.encode), st.binary(max_size=300)))
def test_a_table_gives_typed_rows_or_located_problems(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("t") / "t.tsv"
    path.write_bytes(data)
    try:
        table = read_table(path, "t.tsv")
    except KnowledgeError as e:
        assert e.problems and all(re.match(r"t\.tsv:\d+: \S", p) for p in e.problems), e.problems
        return
    types = [int if c.type == "int" else str for c in table.columns]
    assert all(len(r.values) == table.arity and all(type(v) is t for v, t in zip(r.values, types))
               for r in table.rows)
