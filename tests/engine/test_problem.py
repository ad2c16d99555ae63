"""Problems: the English line as a str, with the message that says it; kept through pickling and
the sandbox's pipe; and every problem the reader finds names its message."""
import pickle

import pytest

from queries.engine import wire
from queries.engine.problem import Problem, as_data, tagged
from queries.engine.reader import parse_text
from queries.messages import messages, text

BAD_CLAUSES = ["p(X) <= q(X) and r(X)\n", "p(X) <= q(X) or r(X)\n", "import os\n", "x = 1\n",
               "+ p(X)\n", "p(X) <= q(X.y)\n", "p(X) <= q(f'a')\n", "p(X) <= q(lambda: 1)\n",
               "p(X) <= q(X[0])\n", "p(X) <= q(X, k=1)\n", "p(X) <= q(*X)\n", "p(X) <= (1 < X < 3)\n",
               "p(X) <= q(X) & (X in Y)\n", "p(X) <= q(X) & (1 in ('a',))\n", "p(X+1) <= q(X)\n",
               "p(X) <= q(X) & X > 1\n", "p(X) <= list(X)\n", "p(X) <= Q_r(X)\n", "p(X) <= q(__x)\n",
               "p(X) <= q(str)\n", "p(X) <= q(1.5)\n", "p(X) <= q('a\\x01')\n", "p(X) <= q()\n",
               "p(X) <= (X is 1)\n", "p(X) <= q(X) & 3\n", " p(X) <= q(X)\n", "p(X) <= q(X)\n\tr(X)\n",
               "p(X) <= q(X)\x0c\n", "p(X) <= \x00q(X)\n"]


@pytest.mark.parametrize("clause", BAD_CLAUSES)
def test_a_refused_clause_is_a_problem_whose_english_is_its_message(clause):
    problems = parse_text(clause, "a.dl")[2]
    assert problems and all(p.key in messages() for p in problems)
    assert [text(p.key, "en", **p.values) for p in problems] == [str(p) for p in problems]
    assert all(text(p.key, "ko", **p.values) != str(p) for p in problems if p.key != "problem.syntax")


def test_a_problem_survives_pickling_and_the_pipe():
    p = tagged(Problem("a.dl:2: x", "problem.refused", where="a.dl:2", reason=("reader.not", {})),
               "problem.in_rule", " (rule r.1)", rule="r.1")
    for back in (pickle.loads(pickle.dumps(p)), Problem.of(wire.decode(wire.encode(as_data(p), {}), {}))):
        assert back == p == "a.dl:2: x (rule r.1)" and type(back) is Problem
        assert text(back.key, "ko", **back.values) == "a.dl:2: Python의 'not'은 pyDatalog에서 조용히 틀립니다; " \
                                                       "~ 로 부정하십시오 (규칙 r.1)"
    assert Problem.of("a.dl:1: plain").said() == "a.dl:1: plain"


@pytest.mark.parametrize("problems", [[["a.dl:1: x", ("problem.null", {1: "x"})]], [["a.dl:1: x"]], [3],
                                      [["a.dl:1: x", ["problem.null", {}]]]])
def test_the_sandbox_refuses_a_problem_of_another_shape(problems):
    from queries.sandbox import _check_answer
    with pytest.raises(wire.Malformed):
        _check_answer(("error", "KnowledgeError", "x", problems, None, None))
    _check_answer(("error", "KnowledgeError", "x", [["a.dl:1: x", ("problem.null", {"where": "a.dl:1"})],
                                                    "a.dl:2: y"], None, None))
