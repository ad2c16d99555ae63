"""The engine's HTML of proofs, why-nots and answers, and the notebook display that uses it."""
from collections import namedtuple
from html.parser import HTMLParser

import pytest

from queries.engine import html
from queries.engine.proof import Proof
from queries.engine.terms import RuleInfo

from .programs import with_base


@pytest.fixture(scope="module")
def kb():
    return with_base()


def balanced(page):
    """Whether every opened tag is closed, in order."""
    stack, ok = [], [True]

    class Check(HTMLParser):
        def handle_starttag(self, tag, attrs):
            stack.append(tag)

        def handle_endtag(self, tag):
            ok[0] = ok[0] and bool(stack) and stack.pop() == tag

    Check().feed(page.replace("<style>", "").replace("</style>", ""))
    return ok[0] and not stack


def test_a_proof_is_nested_details_with_its_citations(kb):
    page = html.proof_html(kb.explain("harm('子', '未')"))
    assert page.startswith("<div class='liuyao liuyao-proof'><style>") and balanced(page)
    assert page.count("<details") == 3 and page.count(" open") == 3
    assert "harm.1 六害" in page and "test.txt:3  六害" in page and "facts/branch_order.tsv:4" in page
    assert html.proof_html(kb.explain("harm('子', '未')"), open_levels=1).count(" open") == 1


def test_a_repeat_links_to_the_first(folder):
    kb = with_base(folder({"twice.dl": "twice(X) <= clash(X, Y) & clash(X, Y)\n"}))
    page = html.proof_html(kb.explain("twice('子')"), "ko")
    assert "<a href='#lp-" in page and "(위 참조 #2)" in page


def test_no_proof_and_no_why_not(kb):
    assert "no proof: the goal does not hold" in html.proof_html(None)
    assert html.why_not_html(None).endswith("<p>—</p></div>") and html.why_not_html(None, wrap=False) == ""


def test_a_why_not_nests_the_failing_literals(kb):
    page = html.why_not_html(kb.why_not("harm('子', '午')"), "zh")
    assert balanced(page) and "harm.1 六害" in page and "不成立" in page and page.count("<details") == 2


def test_answers_are_a_table_or_a_yes():
    Answers = namedtuple("Answers", "goal names rows")
    page = html.answers_html(Answers("clash('子', X)", ("X",), [("午",)]))
    assert "<th>X</th>" in page and "<td>午</td>" in page and "1 answer<" in page and balanced(page)
    assert "<b>no</b>" in html.answers_html(Answers("clash('子', '丑')", (), []))


def test_text_is_escaped():
    fact = Proof("fact", "p", ("<script>alert(1)</script>",), where="x.tsv:1")
    node = Proof("rule", "q", ("<b>",), where="y.dl:2", rule=RuleInfo("q.1", "<i>"), children=(fact,), height=1)
    page = html.proof_html(node)
    assert "<script>" not in page and "<b>" not in page.replace("<b>q(", "") and "&lt;i&gt;" in page


def test_the_notebook_shows_proofs_and_why_nots_with_the_engines_html(kb):
    proof, why = kb.explain("clash('子', '午')"), kb.why_not("clash('子', '丑')")
    assert proof._repr_html_() == html.proof_html(proof)
    assert why._repr_html_() == html.why_not_html(why)
