from queries.engine.reader import parse_goal, parse_text
from queries.engine.terms import Arith, Atom, Compare, Const, Var


def parse_one(text):
    rules, facts, problems = parse_text(text, "t.dl")
    assert problems == []
    return rules, facts


def test_rule_with_negation_comparison_and_arithmetic():
    (rule,), _ = parse_one("p(X, J) <= q(X, I) & ~r(X) & (J == (I + 6) % 12)\n")
    assert rule.head == Atom("p", (Var("X"), Var("J")))
    assert rule.body[1] == Atom("r", (Var("X"),), negated=True)
    assert rule.body[2] == Compare("==", Var("J"), Arith("%", Arith("+", Var("I"), Const(6)), Const(12)))


def test_annotations_are_read_from_the_comment_block_just_above():
    text = ("# file header, not part of the rule\n\n"
            "# @rule clash.9 六沖\n# source: 000.txt:55  六沖主沖並\n# convention: demo\n"
            "# @says en: {X} clashes {Y}\n# @says ko: {X}와 {Y}는 충한다\n"
            "clash2(X, Y) <= clash(X, Y)\n")
    (rule,), _ = parse_one(text)
    info = rule.info
    assert (info.id, info.title, info.sources, info.conventions) == \
        ("clash.9", "六沖", ("000.txt:55  六沖主沖並",), ("demo",))
    assert info.template("ko") == "{X}와 {Y}는 충한다"
    assert info.notes == ()
    assert rule.where == "t.dl:8"


def test_rule_without_annotation_is_named_by_its_place():
    (rule,), _ = parse_one("p(X) <= q(X)\n")
    assert rule.info.id == "t.dl:1"


def test_facts_keep_cjk_constants_and_numbers():
    _, (fact,) = parse_one("+ p('甲', -3, 'It''s')\n".replace("''", "\\'"))
    assert fact.atom.args == (Const("甲"), Const(-3), Const("It's"))


def test_rule_over_several_lines():
    (rule,), _ = parse_one("p(X) <= (q(X) &\n    r(X))\n")
    assert [str(l) for l in rule.body] == ["q(X)", "r(X)"]


def test_in_comparison_takes_a_tuple_of_constants():
    (rule,), _ = parse_one("p(X) <= q(X) & (X in ('子', '午'))\n")
    assert rule.body[1] == Compare("in", Var("X"), (Const("子"), Const("午")))


def test_every_bad_statement_is_reported_with_its_line():
    text = "p(X) <= q(X) and r(X)\np(X) <= q(X)\np(子) <= q(子)\np(X) <= (1 < X < 3)\n"
    rules, _, problems = parse_text(text, "t.dl")
    assert len(rules) == 1
    assert [p.split(":")[1] for p in problems] == ["1", "3", "4"]


def test_syntax_error_does_not_hide_later_statements():
    rules, _, problems = parse_text("p(X <= q(X)\nr(X) <= q(X)\n", "t.dl")
    assert problems[0].startswith("t.dl:1: syntax error")
    assert [r.head.pred for r in rules] == ["r"]


def test_goal_with_trailing_period():
    assert [str(l) for l in parse_goal("clash('子', X).")] == ["clash('子', X)"]
