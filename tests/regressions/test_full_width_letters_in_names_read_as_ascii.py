"""Python reads names through NFKC, so ``ｐ(X) <= ｑ(Ｘ)`` ran as ``p(X) <= q(X)``, ``ℌ`` as the
variable ``H`` and ``𝐗`` as ``X``: the rule a reviewer read and the rule that ran differed (red
team L12). A name with a letter Python reads as another is refused, in a clause file and in a
goal (a name of other letters, 子, is refused as before: not a name); texts in quotes and
comments keep any letters."""
import pytest

from queries.engine.errors import GoalError
from queries.engine.reader import parse_goal, parse_text


@pytest.mark.parametrize("clause, char, read", [("ｐ(X) <= ｑ(Ｘ)", "ｐ", "p"), ("p(ℌ) <= q(ℌ)", "ℌ", "H"),
                                               ("p(X) <= q(𝐗, X)", "𝐗", "X")])
def test_a_name_python_reads_as_another_is_refused(clause, char, read):
    rules, facts, problems = parse_text(f"# @rule r.1 demo\n{clause}\n", "mine.dl", "user")
    assert rules == [] and problems == [f"mine.dl:2: the name with {char!r} is read by Python as another name "
                                        f"(as {read!r}); write names in ASCII: a-z, A-Z, 0-9 and _"]
    with pytest.raises(GoalError, match=f"the name with {char!r} at column"):
        parse_goal(clause.replace(" <= ", " & "))


def test_texts_and_comments_keep_their_letters():
    rules, facts, problems = parse_text("# 子 ｐ\np(X) <= q(X, '子ｐ')  # ℌ\n+ q('a', 'ｐ')\n", "mine.dl", "user")
    assert problems == [] and len(rules) == 1 and facts[0].atom.args[1].value == "ｐ"
    assert [str(l) for l in parse_goal("q(X, 'ｐ')")] == ["q(X, 'ｐ')"]
