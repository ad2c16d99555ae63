"""The tables per partition (queries/engine/forward.py) against pyDatalog's own derivation,
on programs of their own whose input tables are partitioned by a case."""
import logging

import pytest

from queries.engine import KnowledgeBase, UserError

STEPS = {  # a user folder with an input table of its own: steps between nodes, per case
    "facts/step.tsv": "# step — input: one row per step of a case\ncase\tfrom\tto\n",
    "facts/weight.tsv": "node\tweight:int\np\t3\n",
    "kb/reach.dl": "# @rule reach.1 one step\n# convention: test\nreach(C, X, Y) <= step(C, X, Y)\n"
                   "# @rule reach.2 more steps\n# convention: test\n"
                   "reach(C, X, Z) <= reach(C, X, Y) & step(C, Y, Z)\n"
                   "# @rule start.1 where nothing leads\n# convention: test\n"
                   "start(C, X) <= step(C, X, _Y) & ~reach(C, _Z, X)\n"
                   "# @rule heavy.1 a heavy start\n# convention: test\n"
                   "heavy(C, X) <= start(C, X) & weight(X, W) & (W > 5)\n",
}
QUESTIONS = ["reach('a', X, Y)", "reach(C, X, Y)", "start(C, X)", "start('b', X)", "heavy(C, X)",
             "step(C, X, Y) & ~start(C, X)"]


def _both(folder, files=STEPS):
    path = folder(files)
    return KnowledgeBase([path]), KnowledgeBase([path], tables=False)


def _assert_steps(kb, case, steps):
    for a, b in steps:
        kb.assert_fact("step", case, a, b)


def test_recursion_and_negation_agree_with_pydatalog(folder):
    tabled, plain = _both(folder)
    assert tabled._parts is not None and plain._parts is None
    for kb in (tabled, plain):
        _assert_steps(kb, "a", [("p", "q"), ("q", "r"), ("r", "s")])
        _assert_steps(kb, "b", [("x", "y"), ("y", "x"), ("z", "x")])
    for question in QUESTIONS:
        assert tabled.ask(question) == plain.ask(question), question
    assert tabled.ask("reach('a', 'p', Y)") == [("q",), ("r",), ("s",)]
    assert tabled.ask("start(C, X)") == [("a", "p"), ("b", "z")]


def test_proofs_from_the_tables_equal_pydatalogs(folder):
    tabled, plain = _both(folder)
    for kb in (tabled, plain):
        _assert_steps(kb, "a", [("p", "q"), ("q", "r"), ("r", "s")])
    for goal in ("reach('a', 'p', 's')", "start('a', 'p')"):
        assert tabled.explain(goal, expand_negations=True) == plain.explain(goal, expand_negations=True)
    assert tabled.explain("reach('a', 'p', 's')").height == 3


def test_a_retracted_cast_leaves_nothing_behind(folder):
    tabled, _ = _both(folder)
    _assert_steps(tabled, "a", [("p", "q")])
    _assert_steps(tabled, "b", [("x", "y")])
    assert tabled.ask("reach(C, X, Y)") == [("a", "p", "q"), ("b", "x", "y")]
    tabled.retract_fact("step", "a", "p", "q")
    assert tabled.ask("reach(C, X, Y)") == [("b", "x", "y")]
    assert tabled.ask("reach('a', X, Y)") == []
    _assert_steps(tabled, "a", [("q", "p")])
    assert tabled.ask("reach(C, X, Y)") == [("a", "q", "p"), ("b", "x", "y")]


def test_only_the_partitions_asked_of_last_keep_their_tables_and_the_others_answer_the_same(folder):
    from queries.engine.forward import KEPT
    tabled, _ = _both(folder)
    cases = [f"k{n}" for n in range(KEPT + 3)]
    for case in cases:
        _assert_steps(tabled, case, [("p", case), (case, "r")])
    first = {case: (tabled.ask(f"reach('{case}', X, Y)"), tabled.explain(f"reach('{case}', 'p', 'r')"))
             for case in cases}
    held = tabled._parts._states
    assert list(held) == cases[-KEPT:]
    assert not [body for body in tabled._solved if str(body[0].args[0]) == "'k0'"]
    again = {case: (tabled.ask(f"reach('{case}', X, Y)"), tabled.explain(f"reach('{case}', 'p', 'r')"))
             for case in cases}
    assert again == first and first["k0"][0] == [("k0", "r"), ("p", "k0"), ("p", "r")]
    assert list(held) == cases[-KEPT:] and len(tabled._parts.input) == len(cases)


def test_a_fact_asserted_on_a_derived_predicate_stays_a_fact(folder):
    tabled, _ = _both(folder)
    _assert_steps(tabled, "a", [("p", "q")])
    tabled.assert_fact("reach", "a", "q", "p")
    assert tabled.ask("start('a', X)") == []
    assert tabled.explain("reach('a', 'q', 'p')").kind == "fact"
    tabled.retract_fact("step", "a", "p", "q")
    assert tabled.ask("reach(C, X, Y)") == [("a", "q", "p")]
    tabled.retract_fact("reach", "a", "q", "p")
    assert tabled.ask("reach(C, X, Y)") == []


def test_a_new_table_row_reaches_every_cast(folder):
    tabled, _ = _both(folder)
    _assert_steps(tabled, "a", [("p", "q")])
    _assert_steps(tabled, "b", [("p", "r")])
    assert tabled.ask("heavy(C, X)") == []
    tabled.assert_fact("weight", "p", 9)
    assert tabled.ask("heavy(C, X)") == [("a", "p"), ("b", "p")]
    assert tabled.ask("heavy('a', X)") == [("p",)]
    tabled.retract_fact("weight", "p", 9)
    assert tabled.ask("heavy('b', X)") == []


def test_a_rule_across_two_partitions_makes_one_table_of_them_all(folder, caplog):
    files = dict(STEPS)
    files["kb/pair.dl"] = "# @rule pair.1 shared start\n# convention: test\n" \
                          "pair(C, D) <= start(C, X) & start(D, X) & (C != D)\n"
    with caplog.at_level(logging.INFO, logger="liuyao.engine"):
        kb, plain = _both(folder, files)
    assert not kb._parts.local
    assert "kb/pair.dl:3 joins more than one" in caplog.text
    for each in (kb, plain):
        _assert_steps(each, "a", [("p", "q")])
        _assert_steps(each, "b", [("p", "r")])
    assert kb.ask("pair(C, D)") == plain.ask("pair(C, D)") == [("a", "b"), ("b", "a")]
    assert kb.ask("pair('a', D)") == [("b",)]
    kb.retract_fact("step", "b", "p", "r")
    assert kb.ask("pair(C, D)") == [] and kb.ask("reach(C, X, Y)") == [("a", "p", "q")]


def test_the_oracle_agrees_on_recursion(folder):
    from queries.engine.oracle import Model
    tabled, _ = _both(folder)
    _assert_steps(tabled, "b", [("x", "y"), ("y", "x"), ("z", "x")])
    model = Model(tabled.program, [(p, args) for (p, args), f in tabled._fact_index.items() if f.origin == "asserted"])
    assert sorted(model.relation("reach")) == tabled.ask("reach(C, X, Y)")


ODD_TERMS = {
    "facts/obs.tsv": "# obs — input\ncase\tkey\tvalue:int\n",
    "kb/odd.dl": "# @rule odd.1 text joined\n# convention: test\nmark(C, Z) <= obs(C, K, _V) & (Z == K + '!')\n"
                 "# @rule odd.2 a division by zero\n# convention: test\nratio(C, Q) <= obs(C, _K, V) & (Q == V // 0)\n"
                 "# @rule odd.3 a remainder by zero\n# convention: test\nsame(C) <= obs(C, _K, V) & (V % 0 == V % 0)\n",
}


@pytest.mark.parametrize("tables", [True, False])
def test_terms_without_a_value_give_no_answer(folder, tables):
    kb = KnowledgeBase([folder(ODD_TERMS)], tables=tables)
    kb.assert_fact("obs", "a", "x", 7)
    assert kb.ask("mark('a', Z)") == [("x!",)]
    assert kb.explain("mark('a', 'x!')") is not None
    assert kb.ask("ratio('a', Q)") == [] and kb.ask("ratio(C, Q)") == []
    assert kb.ask("same('a')") == []


def test_an_order_between_text_and_a_number_is_false_in_both(folder):
    tabled, plain = _both(folder, ODD_TERMS)
    for kb in (tabled, plain):
        kb.assert_fact("obs", "a", "x", 7)
        assert kb.ask("obs('a', _K, V) & (V < 'a')") == []
        assert kb.ask("obs('a', _K, V) & (V != V + 'a')") == []


def test_an_answer_is_listed_once_when_a_dont_care_variable_differs(folder):
    tabled, plain = _both(folder, ODD_TERMS)
    for kb in (tabled, plain):
        kb.assert_fact("obs", "a", "x", 7)
        kb.assert_fact("obs", "a", "y", 7)
        kb.assert_fact("obs", "a", "z", 1)
        assert kb.ask("obs('a', _K, V)") == [(1,), (7,)]


def test_a_dropped_knowledge_base_is_freed_at_once(folder):
    import weakref
    kb, _ = _both(folder)
    _assert_steps(kb, "a", [("p", "q")])
    assert kb.ask("reach(C, X, Y) & start(C, X)") == [("a", "p", "q")]
    ref = weakref.ref(kb)
    del kb
    assert ref() is None        # no reference cycle: a dropped knowledge base goes at once


COUNTING = {  # a counting rule and a chain through two predicates: recursion the semi-naive rounds must finish
    "facts/start.tsv": "# start — input\ncase\tfrom:int\tto:int\n",
    "kb/count.dl": "# @rule count.1 the first\n# convention: test\nn(C, N) <= start(C, N, _T)\n"
                   "# @rule count.2 the next\n# convention: test\nn(C, M) <= n(C, N) & start(C, _F, T) & (N < T) & (M == N + 1)\n"
                   "# @rule even.1 even\n# convention: test\neven(C, N) <= n(C, N) & (N % 2 == 0)\n"
                   "# @rule hop.1 a hop\n# convention: test\nhop(C, N) <= even(C, N)\n"
                   "# @rule hop.2 a hop from an odd\n# convention: test\nodd(C, M) <= hop(C, N) & n(C, M) & (M == N + 1)\n"
                   "# @rule hop.3 back to an even\n# convention: test\nhop(C, M) <= odd(C, N) & n(C, M) & (M == N + 1)\n",
}


def test_recursion_through_one_and_two_predicates_reaches_the_oracles_fixpoint(folder):
    from queries.engine.oracle import Model
    tabled, plain = _both(folder, COUNTING)
    for kb in (tabled, plain):
        kb.assert_fact("start", "a", 0, 60)
        kb.assert_fact("start", "b", 5, 9)
    model = Model(tabled.program, [(p, args) for (p, args), f in tabled._fact_index.items() if f.origin == "asserted"])
    for pred in ("n", "hop", "odd"):
        assert tabled.ask(f"{pred}(C, N)") == sorted(model.relation(pred)) == plain.ask(f"{pred}(C, N)"), pred
    assert len(tabled.ask("n('a', N)")) == 61
    assert tabled.ask("hop('b', N)") == [(6,), (8,)] and tabled.ask("odd('b', N)") == [(7,), (9,)]


SAYS = {  # a predicate whose every clause names its topic, read by the case's own topic
    "facts/topic.tsv": "# topic — input\ncase\ttopic\n",
    "facts/seen.tsv": "# seen — input\ncase\tthing\n",
    "kb/say.dl": "".join(f"# @rule {head}.{n} {head}\n# convention: test\n{clause}\n" for n, (head, clause) in enumerate([
        ("say", "say(C, 'rain', X) <= seen(C, X) & cloud(C, X)"),
        ("cloud", "cloud(C, X) <= seen(C, X) & (X != 'sun')"),
        ("say", "say(C, 'sun', X) <= seen(C, X) & bright(C, X)"),
        ("bright", "bright(C, X) <= seen(C, X)"),
        ("say", "say(C, 'any', X) <= seen(C, X) & ~cloud(C, X)"),
        ("said", "said(C, X) <= topic(C, T) & say(C, T, X)"),
        ("said", "said(C, X) <= topic(C, _T) & say(C, 'any', X)")], 1)),
}


def test_a_selected_predicate_is_derived_for_the_values_asked_and_more_when_asked(folder):
    tabled, plain = _both(folder, SAYS)
    assert tabled.program.layout.selected["say"].rules == {"any": (2,), "rain": (0,), "sun": (1,)}
    for kb in (tabled, plain):
        kb.assert_fact("topic", "a", "rain")
        for thing in ("p", "sun"):
            kb.assert_fact("seen", "a", thing)
    assert tabled.ask("said('a', X)") == plain.ask("said('a', X)") == [("p",), ("sun",)]
    state = tabled._parts._states["a"]
    assert state.got == {"say": {"rain", "any"}} and "bright" not in state.done
    assert sorted(row[1] for row in state.tables.own["say"]) == ["any", "rain"]
    assert tabled.ask("say('a', 'sun', X)") == plain.ask("say('a', 'sun', X)") == [("p",), ("sun",)]
    assert state.got["say"] == {"rain", "any", "sun"} and "bright" in state.done
    assert tabled.explain("say('a', 'sun', 'p')") == plain.explain("say('a', 'sun', 'p')")
    for question in ("say(C, T, X)", "say('a', T, 'sun')", "seen(C, X) & ~say(C, 'rain', X)", "said(C, X)"):
        assert tabled.ask(question) == plain.ask(question), question
    tabled.assert_fact("topic", "a", "sun")             # a new input: the partition starts again
    assert tabled.ask("said('a', X)") == [("p",), ("sun",)]
    assert tabled._parts._states["a"].got == {"say": {"rain", "sun", "any"}}


def test_a_partitions_rows_read_whole_agree_with_pydatalog_even_as_the_first_question(folder):
    tabled, plain = _both(folder)
    for kb in (tabled, plain):
        _assert_steps(kb, "a", [("p", "q"), ("q", "r")])
        _assert_steps(kb, "b", [("x", "y")])
    for pred in ("heavy", "reach", "step", "start"):
        arity = tabled.program.arity(pred)
        for case in ("a", "b", "none"):
            pattern = (case, *[None] * (arity - 1))
            assert tabled.match(pred, *pattern) == plain.match(pred, *pattern), (pred, case)
    assert tabled.match("reach", "a", None, None) == [("a", "p", "q"), ("a", "p", "r"), ("a", "q", "r")]


def test_rows_outside_the_partitions_matched_again_after_the_knowledge_outside_changes(folder):
    tabled, plain = _both(folder)
    for kb in (tabled, plain):
        _assert_steps(kb, "a", [("p", "q")])
        assert kb.match("weight", None, None) == [("p", 3)] and kb.match("weight", "p", None) == [("p", 3)]
        kb.assert_fact("weight", "q", 9)
        assert kb.match("weight", None, None) == [("p", 3), ("q", 9)] and kb.match("weight", "q", None) == [("q", 9)]
        kb.retract_fact("weight", "p", 3)
        assert kb.match("weight", "p", None) == [] and kb.match("heavy", "a", None) == []
