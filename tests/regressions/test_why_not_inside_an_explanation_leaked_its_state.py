"""A why-not made for a negation inside an expanded explanation shared that explanation's
state on the knowledge base: its "given" proofs were built as expanded ones, so they carried
why-nots of their own that the same why-not asked alone does not have (and what it proved
depended on what the explanation had proved before)."""
from queries.engine import KnowledgeBase

PROGRAM = {
    "item.tsv": "name\na\nb\n",
    "mark.tsv": "name\nb\n",
    "r.dl": "g(X) <= item(X) & ~a(X)\na(X) <= b(X) & c(X)\nb(X) <= item(X) & ~mark(X)\nc(X) <= mark(X)\n",
}


def test_a_why_not_inside_an_explanation_is_the_why_not_asked_alone(folder):
    kb = KnowledgeBase([folder(PROGRAM)])
    proof = kb.explain("g('a')", expand_negations=True)
    inside = proof.children[1].why
    assert inside == kb.why_not("a('a')", depth=3)
    (given,) = inside.failures[0].because
    assert given.statement == "b(a)" and given.children[1].kind == "not" and given.children[1].why is None


def test_the_explanation_is_the_same_with_and_without_the_why_nots(folder):
    kb = KnowledgeBase([folder(PROGRAM)])
    expanded = kb.explain("g('a')", expand_negations=True)
    plain = kb.explain("g('a')")
    assert expanded.children[:1] == plain.children[:1] and expanded.children[1].why is not None
    assert expanded.children[1].statement == plain.children[1].statement
    assert not hasattr(kb, "_proved")
