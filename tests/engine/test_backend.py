"""The pyDatalog backend on its own: rows in and out, clauses from parsed rules, questions."""
import threading

import pytest

from queries.engine.errors import QueryTooLarge
from queries.engine.backend import Backend
from queries.engine.reader import parse_goal, parse_text


def rules(text):
    found, _, problems = parse_text(text, "t.dl")
    assert problems == []
    return found


def ask(engine, goal):
    return sorted(tuple(sorted(s.items())) for s in engine.solve(parse_goal(goal)))


def test_the_engine_named():
    from queries.engine import engine_name
    assert engine_name() in ("compiled", "pure")


def test_pydatalog_waits_for_a_question_it_answers():
    import subprocess
    import sys
    code = ("import sys\nfrom queries.engine.backend import Backend\nfrom queries.engine.reader import parse_goal\n"
            "b = Backend()\nassert 'pyDatalog' not in sys.modules\n"
            "assert b.solve(parse_goal(\"p(X)\")) == [] and 'pyDatalog' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_rows_in_and_out():
    engine = Backend()
    engine.add("edge", ("a", "b"))
    engine.add("edge", ("b", 1))
    assert ask(engine, "edge(X, Y)") == [(("X", "a"), ("Y", "b")), (("X", "b"), ("Y", 1))]
    engine.remove("edge", ("b", 1))
    assert ask(engine, "edge('b', Y)") == []
    assert engine.solve(parse_goal("edge('a', 'b')")) == [{}]


def test_a_declared_predicate_answers_nothing():
    engine = Backend()
    engine.declare("empty", 2)
    assert engine.solve(parse_goal("empty(X, Y)")) == []


def test_clauses_with_negation_comparison_arithmetic_and_in():
    engine = Backend()
    for row in [("a", 1), ("b", 2), ("c", 3)]:
        engine.add("n", row)
    engine.add("odd", ("c",))
    engine.add_rules(rules("""\
after(X, Y) <= n(X, I) & (J == I + 1) & n(Y, J)
even(X) <= n(X, _I) & ~odd(X) & (X != 'a')
small(X) <= n(X, I) & (I in (1, 2)) & (I < 2)
big(X) <= n(X, I) & (I not in (1, 2)) & (I % 3 == 0) & (I // 3 == 1) & (I * 2 - 1 >= 5)
"""))
    assert ask(engine, "after(X, Y)") == [(("X", "a"), ("Y", "b")), (("X", "b"), ("Y", "c"))]
    assert ask(engine, "even(X)") == [(("X", "b"),)]
    assert ask(engine, "small(X)") == [(("X", "a"),)]
    assert ask(engine, "big(X)") == [(("X", "c"),)]


def test_replace_turns_clauses_into_rows():
    engine = Backend()
    engine.add("n", ("a",))
    engine.add_rules(rules("m(X) <= n(X)\n"))
    engine.replace("m", 1, [("z",)])
    assert ask(engine, "m(X)") == [(("X", "z"),)]


def test_a_term_without_a_value_and_an_order_across_types_give_no_solution():
    engine = Backend()
    engine.add("n", ("a", 0))
    engine.add("n", ("b", 2))
    engine.add_rules(rules("q(X, R) <= n(X, I) & (R == 4 // I)\nr(X) <= n(X, I) & (I != X + 1)\n"))
    assert ask(engine, "q(X, R)") == [(("R", 2), ("X", "b"))]
    assert ask(engine, "r(X)") == []
    assert engine.solve(parse_goal("n(X, I) & (I < 'a')")) == []
    assert ask(engine, "n(X, I) & (1 < 2) & (I > 1)") == [(("I", 2), ("X", "b"))]
    assert engine.solve(parse_goal("n(X, I) & (2 < 1)")) == []


def test_a_value_too_large_stops_the_query():
    engine = Backend()
    engine.add("n", ("a", 5000))
    with pytest.raises(QueryTooLarge, match="longer than 4,096 characters"):
        engine.solve(parse_goal("n(X, I) & (Y == X * I)"))


def test_two_backends_in_one_thread_and_another_thread():
    one, two = Backend(), Backend()
    one.activate()
    one.add("p", ("1",))
    two.activate()
    assert two.solve(parse_goal("p(X)")) == []
    one.activate()
    assert one.solve(parse_goal("p(X)")) == [{"X": "1"}]
    errors = []

    def other():
        try:
            one.activate()
        except RuntimeError as e:
            errors.append(str(e))
    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert errors and "make one per thread" in errors[0]
