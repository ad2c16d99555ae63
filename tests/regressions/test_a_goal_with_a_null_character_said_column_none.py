"""``liuyao ask $'\\x00'`` said "syntax error in goal at column None: source code string cannot
contain null bytes": a Python value and Python's words (a clause file said the same). A null
character is named by its column (its line in a file), and a syntax error without a column
says none."""


def test_a_null_character_in_a_goal_is_named_with_its_column(liuyao):
    code, out, err = liuyao("ask", "clash(X, Y) & \x00")
    assert (code, out, err) == (2, "", "liuyao: goal 'clash(X, Y) & \\x00': the goal holds a null character at "
                                "column 15; goals are text\n")
    assert "None" not in liuyao("ask", "\x00")[2]


def test_a_null_character_in_a_clause_file_is_named_with_its_line():
    from queries.engine.reader import parse_text
    _, _, problems = parse_text("p(X) <= q(X)\nr(X) <= q(X)\x00\n", "k.dl", "user")
    assert problems == ["k.dl:2: a null character; clause files are text"]
