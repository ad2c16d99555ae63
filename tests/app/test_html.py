"""HTML for notebooks, checked by structure (parsed with html.parser), never by string equality.

The proof, why-not and answer HTML come from the shim queries/html.py until they live in
queries.engine.html; the chart and judgment HTML from queries.views."""
import re
from html.parser import HTMLParser

import pytest

from queries import views
from queries.engine import Proof, RuleInfo
from queries.engine.html import answers_html, proof_html, why_not_html
from queries.labels import vocabulary
from queries.session import Session

WHERE = re.compile(r"^\S+:\d+$")


class Tree(HTMLParser):
    """Elements as nested dicts: {"tag", "attrs", "children", "text"}."""
    VOID = {"br", "hr", "img", "meta", "link", "input"}

    def __init__(self, page):
        super().__init__(convert_charrefs=True)
        self.root = {"tag": "#root", "attrs": {}, "children": [], "text": ""}
        self.stack = [self.root]
        self.feed(page)
        self.close()
        assert len(self.stack) == 1, f"unclosed: {[e['tag'] for e in self.stack[1:]]}"

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "children": [], "text": ""}
        self.stack[-1]["children"].append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        assert self.stack[-1]["tag"] == tag, f"</{tag}> closes <{self.stack[-1]['tag']}>"
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1]["text"] += data


def walk(element):
    yield element
    for child in element["children"]:
        yield from walk(child)


def text(element):
    return element["text"] + "".join(text(c) for c in element["children"])


def classes(element):
    return element["attrs"].get("class", "").split()


@pytest.fixture(scope="module")
def session():
    s = Session()
    s.cast("787889", month="戌", day="乙巳")
    return s


@pytest.mark.parametrize("goal", ["line_relative(C, 3, R)", "day_break(C, 3)", "harm_kind('子', '未', K)"])
def test_proof_is_a_tree_of_details_one_per_rule_node(session, goal):
    proof = session.explain(goal)
    tree = Tree(proof_html(proof))
    details = [e for e in walk(tree.root) if e["tag"] == "details"]
    rules = [n for n in proof.nodes() if n.kind == "rule"]
    assert len(details) == len(rules)
    # nesting follows the proof: the root holds all others, each summary names its statement
    assert len([e for e in walk(details[0]) if e["tag"] == "details"]) == len(rules)
    summaries = [text(d["children"][0]) for d in details]
    assert all(d["children"][0]["tag"] == "summary" for d in details)
    for node, summary in zip(rules, summaries):
        assert node.statement in summary and node.rule.id in summary and node.where in summary
    # every rule node cites its sources or conventions
    for d, node in zip(details, rules):
        cited = [text(li) for ul in d["children"] if "sources" in classes(ul) for li in ul["children"]]
        assert len(cited) == len(node.rule.sources) + len(node.rule.conventions)


def test_every_fact_cites_file_and_line(session):
    proof = session.explain("harm_kind('子', '未', K)")
    tree = Tree(proof_html(proof))
    facts = [e for e in walk(tree.root) if "fact" in classes(e)]
    shown = {text(e) for li in facts for e in walk(li) if "statement" in classes(e)}
    assert shown == {n.statement for n in proof.nodes() if n.kind == "fact"}
    for li in facts:
        (where,) = [text(e) for e in walk(li) if "where" in classes(e)]
        assert WHERE.match(where), where
    # a cast's facts are asserted, not read from a file, and say so
    cast = Tree(proof_html(session.explain("day_break(C, 3)")))
    cited = {text(e) for e in walk(cast.root) if "where" in classes(e)}
    assert "asserted" in cited and all(WHERE.match(w) or w == "asserted" or "closed world" in w for w in cited)


def test_repeated_subproofs_link_back(session):
    proof = session.explain("line_najia(C, 3, S, B)")
    page = proof_html(proof, lang="ko")
    tree = Tree(page)
    ids = {e["attrs"]["id"] for e in walk(tree.root) if e["tag"] == "details"}
    links = [e["attrs"]["href"][1:] for e in walk(tree.root) if e["tag"] == "a"]
    assert all(link in ids for link in links)
    assert "규칙" in page


def test_user_rules_are_marked(folder):
    path = folder({"kb/mine.dl": "# @rule mine.1 mine\n# source: my-notes.txt:1 mine\nmine(X) <= clash('子', X)\n"})
    s = Session([path])
    tree = Tree(proof_html(s.explain("mine(X)")))
    assert [text(e) for e in walk(tree.root) if "user" in classes(e)] == ["(user)"]


def test_why_not_html(session):
    why = session.why_not("hidden_motion(C, 3)")
    tree = Tree(why_not_html(why))
    failures = [e for e in walk(tree.root) if "failure" in classes(e)]
    assert len(failures) >= len(why.failures)
    for failure in failures:
        assert any(WHERE.match(text(e)) for e in walk(failure) if "where" in classes(e))
    assert "hidden_motion.1" in text(tree.root) and "strong" in text(tree.root)


def test_answers_html(session):
    answers = session.ask_table("clash(X, Y)")
    tree = Tree(answers_html(answers))
    rows = [e for e in walk(tree.root) if e["tag"] == "tr"]
    assert len(rows) == 1 + len(answers.rows) == 13
    assert [text(th) for th in rows[0]["children"]] == ["X", "Y"]
    assert [text(td) for td in rows[1]["children"]] == list(answers.rows[0])
    assert answers._repr_html_() == answers_html(answers)
    assert "yes" in text(Tree(answers_html(session.ask_table("clash('子', '午')"))).root)


def test_answers_html_in_the_sessions_language():
    korean = Session(lang="ko")
    korean.cast("787889", month="戌", day="乙巳")
    said = text(Tree(korean.ask_table("clash(X, Y)")._repr_html_()).root)
    assert "답 12개" in said and "answers" not in said
    assert text(Tree(korean.ask_table("clash('子', '午')")._repr_html_()).root).endswith("예")


def test_chart_html(session):
    data = session.chart_data()
    tree = Tree(views.chart_html(data, "zh", vocabulary(session.kb)))
    rows = [e for e in walk(tree.root) if e["tag"] == "tr"][1:]
    assert len(rows) == 6
    assert text(rows[0]["children"][0]) == "6" and text(rows[-1]["children"][0]) == "1"
    line3 = [text(td) for td in rows[3]["children"]]
    assert "妻財" in line3 and "己亥水" in line3 and "日破" in line3[-1]
    states = [e for e in walk(rows[3]) if e["tag"] == "span" and "title" in e["attrs"]]
    assert states and states[-1]["attrs"]["title"] == "day_break.1"


def test_text_is_escaped():
    fact = Proof("fact", "p", ("<script>alert(1)</script>",), where="x.tsv:1")
    node = Proof("rule", "q", ("<b>",), where="y.dl:2", rule=RuleInfo("q.1", "<i>"), children=(fact,), height=1)
    page = proof_html(node)
    assert "<script>" not in page and "<b>" not in page.replace("<b>q(", "") and "&lt;i&gt;" in page
