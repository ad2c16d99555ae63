"""One test per lint rule: the message and the file:line of each problem a user can make.

Every check reads a user folder together with the tests' base program (``base/``, whose
branch_order table has its header on line 3) through ``check_folder`` (no pyDatalog load).
"""
import re

import pytest

from .programs import check_folder, with_base


def lint(tmp_path, files):
    """Write {relative path: text} into a user folder; returns (folder, problems)."""
    folder = tmp_path / "user"
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder, check_folder(folder)


def at(problems, folder, name, line, text):
    """The problems at folder/name:line containing text (asserts there is one)."""
    prefix = f"{folder}/{name}:{line}"     # then ':' or, for an annotated rule, ' (rule id):'
    hits = [p for p in problems if re.match(re.escape(prefix) + r"(:| \([^)]*\):) ", p) and text in p]
    assert hits, f"no problem {prefix} … {text!r} in {problems}"
    return hits


def one(tmp_path, text, line, expected):
    folder, problems = lint(tmp_path, {"x.dl": text})
    return at(problems, folder, "x.dl", line, expected)


# ---- arity ----------------------------------------------------------------------------------

def test_arity_mismatch_against_a_table(tmp_path):
    hit = one(tmp_path, "# a table has two columns\np(X) <= branch_order(X)\n", 2,
              "branch_order has 2 arguments")
    assert "branch_order(X) has 1" in hit[0] and "branch_order.tsv:3" in hit[0]


def test_arity_mismatch_between_uses(tmp_path):
    text = "q(X) <= branch_order(X, _I)\nr(X) <= q(X, X)\n+ s('a')\n+ s('a', 'b')\n"
    folder, problems = lint(tmp_path, {"x.dl": text})
    at(problems, folder, "x.dl", 2, f"q has 1 arguments ({folder}/x.dl:1), q(X, X) has 2")
    at(problems, folder, "x.dl", 4, f"s has 1 arguments ({folder}/x.dl:3), this fact has 2")


def test_arity_mismatch_of_a_user_table_with_a_shipped_one(tmp_path):
    folder, problems = lint(tmp_path, {"facts/branch_order.tsv": "branch\torder:int\tnote\n子\t0\tx\n"})
    at(problems, folder, "facts/branch_order.tsv", 1,
       "branch_order has 2 columns in facts/branch_order.tsv:3, 3 here")


# ---- predicates -----------------------------------------------------------------------------

def test_unknown_predicate_suggests_a_near_name(tmp_path):
    one(tmp_path, "p(X) <= branch_ordr(X, _I)\n", 1,
        "unknown predicate branch_ordr/2; did you mean branch_order")


def test_unknown_predicate_far_from_any_name_has_no_suggestion(tmp_path):
    hit = one(tmp_path, "p(X) <= zzqxv(X)\n", 1, "unknown predicate zzqxv/1")
    assert "did you mean" not in hit[0]


# ---- safety ---------------------------------------------------------------------------------

def test_head_variable_not_bound_by_a_positive_literal(tmp_path):
    one(tmp_path, "p(X, Y) <= branch_order(X, _I) & ~clash(X, Y)\n", 1,
        "head variable Y of p(X, Y) is not bound by a positive body literal")


def test_negated_variable_bound_only_later(tmp_path):
    one(tmp_path, "p(X) <= ~clash(X, '午') & branch_order(X, _I)\n", 1,
        "variable X in ~clash(X, '午') is bound only later; move the negation after")


def test_negated_variable_bound_only_later_by_a_comparison(tmp_path):
    one(tmp_path, "p(X) <= branch_order(X, _I) & ~clash(X, Y) & (Y == '午')\n", 1,
        "variable Y in ~clash(X, Y) is bound only later")


def test_compared_variable_not_bound_earlier(tmp_path):
    one(tmp_path, "p(X) <= (I > 3) & branch_order(X, I)\n", 1,
        "(I > 3) compares unbound I; bind it in an earlier literal")


def test_equality_binds_a_fresh_variable(tmp_path):
    folder, problems = lint(tmp_path, {"x.dl": "p(X, J) <= branch_order(X, I) & (J == I + 1)\n"})
    assert problems == []


# ---- Python operators that pyDatalog misreads -------------------------------------------------

@pytest.mark.parametrize("body, expected", [
    ("(branch_order(X, _I) and clash(X, _Y))", "Python 'and' is silently wrong in pyDatalog; join literals with &"),
    ("(branch_order(X, _I) or clash(X, _Y))", "Python 'or' is silently wrong in pyDatalog; write one rule per alternative"),
    ("branch_order(X, _I) & (not clash(X, '午'))", "Python 'not' is silently wrong in pyDatalog; negate with ~"),
], ids=["and", "or", "not"])
def test_python_boolean_operators(tmp_path, body, expected):
    one(tmp_path, f"# comment\np(X) <= {body}\n", 2, expected)


def test_chained_comparison(tmp_path):
    one(tmp_path, "p(X) <= branch_order(X, I) &\\\n    (0 < I < 3)\n", 2,
        "chained comparison: put each comparison in its own parentheses")


# ---- bare names -----------------------------------------------------------------------------

def test_bare_cjk_name(tmp_path):
    one(tmp_path, "p(X) <= clash(子, X)\n", 1, "bare name '子' is not a variable")

def test_bare_lowercase_name(tmp_path):
    hit = one(tmp_path, "p(X) <= clash(X, wu)\n", 1, "bare name 'wu' is not a variable")
    assert "quote constants: 'wu'" in hit[0]


def test_variable_named_like_a_builtin(tmp_path):
    one(tmp_path, "p(Exception) <= branch_order(Exception, _I)\n", 1, "Exception")


# ---- recursion ------------------------------------------------------------------------------

def test_negation_inside_recursion(tmp_path):
    text = "a(X) <= branch_order(X, _I) & ~b(X)\nb(X) <= a(X)\n"
    folder, problems = lint(tmp_path, {"x.dl": text})
    at(problems, folder, "x.dl", 1, "~b(X) negates a predicate that depends on a itself "
                                    "(negation inside recursion)")
    assert not any(p.startswith(f"{folder}/x.dl:2:") for p in problems), problems


RIGHT = "reach(X, Y) <= clash(X, Y)\nreach(X, Z) <= clash(X, Y) & reach(Y, Z)\n"
LEFT = "reach(X, Y) <= clash(X, Y)\nreach(X, Z) <= reach(X, Y) & clash(Y, Z)\n"


def test_right_recursion_is_refused(tmp_path):
    folder, problems = lint(tmp_path, {"x.dl": RIGHT})
    at(problems, folder, "x.dl", 2, "recursive rule must start with the recursive literal")
    at(problems, folder, "x.dl", 2, "move reach(Y, Z) first")
    assert len(problems) == 1, problems


def test_left_recursion_is_accepted_and_answers_on_cyclic_data(tmp_path):
    folder, problems = lint(tmp_path, {"x.dl": LEFT})
    assert problems == []
    kb = with_base(folder)
    assert kb.ask("reach('子', X)") == [('午',), ('子',)]


# ---- variables ------------------------------------------------------------------------------

def test_repeated_underscore(tmp_path):
    one(tmp_path, "p(X) <= branch_order(X, _) & branch_element(X, _)\n", 1,
        "'_' is one shared variable in pyDatalog, not a wildcard")


def test_existential_negated_variable_warns_unless_named_with_underscore(tmp_path):
    folder, problems = lint(tmp_path, {"x.dl": "p(X) <= branch_order(X, _I) & ~clash(X, Y)\n"})
    hit = at(problems, folder, "x.dl", 1, "Y occurs only in ~clash(X, Y), so it means 'for no Y'; "
                                          "name it _Y")
    assert hit[0].endswith("(warning)") and len(problems) == 1
    folder2 = tmp_path / "named"
    folder2.mkdir()
    (folder2 / "x.dl").write_text("p(X) <= branch_order(X, _I) & ~clash(X, _Y)\n", encoding="utf-8")
    assert check_folder(folder2) == []


def test_annotated_rule_keeps_file_line_first(tmp_path):
    hit = one(tmp_path, "# @rule demo.1 a demo\np(X) <= branch_ordr(X, _I)\n", 2,
              "unknown predicate branch_ordr/2")
    assert hit[0].startswith(f"{tmp_path}/user/x.dl:2: unknown predicate")
    assert hit[0].endswith("(rule demo.1)")


# ---- robustness of the reader ---------------------------------------------------------------

def test_very_long_body_is_a_problem_not_a_crash(tmp_path):
    body = " & ".join(["branch_order(X, _I)"] * 3000)
    one(tmp_path, f"p(X) <= {body}\n", 1, "")


def test_undecodable_clause_file_has_a_line(tmp_path):
    folder = tmp_path / "user"
    folder.mkdir()
    (folder / "x.dl").write_bytes(b"+ note('\xff')\n")
    problems = check_folder(folder)
    assert problems and all(re.match(re.escape(f"{folder}/x.dl") + r":\d+: ", p) for p in problems), problems


# ---- many mistakes at once ------------------------------------------------------------------

A_DL = [
    "# twenty mistakes, part one",
    ("p(X) <= branch_order(X)", "branch_order has 2 arguments"),
    ("q(X) <= branch_ordr(X, _I)", "did you mean branch_order"),
    ("r(X, Y) <= branch_order(X, _I)", "head variable Y of r(X, Y)"),
    ("s(X) <= ~clash(X, '午') & branch_order(X, _I)", "is bound only later"),
    ("t(X) <= (I > 3) & branch_order(X, I)", "compares unbound I"),
    ("u(X) <= (branch_order(X, _I) and clash(X, _Y))", "Python 'and'"),
    ("v(X) <= (branch_order(X, _I) or clash(X, _Y))", "Python 'or'"),
    ("w(X) <= branch_order(X, _I) & (not clash(X, '午'))", "Python 'not'"),
    ("x1(X) <= branch_order(X, I) & (0 < I < 3)", "chained comparison"),
    ("y1(X) <= clash(子, X)", "bare name '子'"),
    ("z1(X) <= clash(X, wu)", "bare name 'wu'"),
    ("+ fact_var(X)", "facts are ground"),
]
B_DL = [
    ("a1(X) <= branch_order(X, _I) & ~b1(X)", "negation inside recursion"),
    "b1(X) <= a1(X)",
    "reach(X, Y) <= clash(X, Y)",
    ("reach(X, Z) <= clash(X, Y) & reach(Y, Z)", "must start with the recursive literal"),
    ("c1(X) <= branch_order(X, _) & branch_element(X, _)", "'_' is one shared variable"),
    ("e1(X) <= p(X, X)", "p has 1 arguments"),
    "+ f1('a')",
    ("+ f1('a', 'b')", "this fact has 2"),
    ("g1(X) <= branch_order(X, _I) & open(X)", "'open' is a Python name"),
    ("h1(X <= branch_order(X, _I)", "syntax error"),
    ("i1(X) <= branch_order(X, I + 1)", "arithmetic is allowed only inside a comparison"),
    ("k1(X) <= branch_order(X, _I) & (X in Y)", "the right side of 'in' must be a tuple of constants"),
]
BROKEN_TSV = [
    "# a broken table",
    "branch\torder:int",
    ("子\t0\textra", "3 cells, the header has 2 (branch, order)"),
    ("丑\tone", "column 'order' must be a whole number, not 'one'"),
    ("寅\t", "column 'order' is empty"),
    "卯\t3",
]
HEADER_TSV = [
    "# a bad header",
    ("branch\torder:float", "header cell 'order:float' must be a name"),
]
SHADOW_TSV = [("branch\torder:int\tnote", "branch_order has 2 columns in facts/branch_order.tsv:3, 3 here"),
              "子\t0\tx"]


def test_twenty_mistakes_in_one_check(tmp_path):
    layout = {"kb/a.dl": A_DL, "kb/b.dl": B_DL, "facts/broken.tsv": BROKEN_TSV,
              "facts/bad_header.tsv": HEADER_TSV, "facts/branch_order.tsv": SHADOW_TSV}
    files, expected = {}, []
    for name, lines in layout.items():
        text = []
        for n, line in enumerate(lines, 1):
            if isinstance(line, tuple):
                line, message = line
                expected.append((name, n, message))
            text.append(line)
        files[name] = "\n".join(text) + "\n"
    folder, problems = lint(tmp_path, files)
    assert len(expected) >= 20 and len(problems) >= 20, problems
    for name, n, message in expected:
        at(problems, folder, name, n, message)
    located = re.compile(re.escape(str(folder)) + r"/(kb/[ab]\.dl|facts/\w+\.tsv):(\d+): \S")
    assert all(located.match(p) for p in problems), [p for p in problems if not located.match(p)]
    assert not any(p.endswith("(warning)") for p in problems)


def test_in_needs_a_variable_on_its_left(tmp_path):
    # regression: pyDatalog's loader crashed with AttributeError on ((J - I) % 12 in (1, 3))
    one(tmp_path, "p(X) <= branch_order(X, I) & (((I + 1) % 12) in (1, 3))\n", 1,
        "the left side of 'in' must be a variable")
