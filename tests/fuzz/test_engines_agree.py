"""One answer whatever the engine: user rules and goals drawn at random over shipped predicates
(the branch and element relations of kb/base and their tables, and the cast's lines and month),
answered by the tables, by pyDatalog and by the oracle's naive model, which must agree; every
answer's proof must pass the checker. The rules pass the lint (a drawn program that does not
is drawn again) and never grow a value without end."""
import shutil

import pytest
from hypothesis import assume, given, strategies as st

from queries.engine import Folder, KnowledgeBase, KnowledgeError
from queries.engine.oracle import Model, check
from queries.engine.reader import parse_goal
from queries.knowledge import shipped_dir

from .conftest import drawn

TABLES = ["branch_element", "branch_order", "element_order", "frame_rides", "frame_role", "punishment_group",
          "three_harmony", "cast_line", "cast_month"]
CLAUSES = ["base/branches.dl", "base/elements.dl"]
BASE = [("branch_order", 2), ("branch_element", 2), ("element_order", 2), ("clash", 2), ("combination", 2),
        ("generates", 2), ("overcomes", 2), ("harm", 2)]
CAST = [("cast_line", 3), ("cast_month", 2)]
CONSTANTS = ["'子'", "'午'", "'木'", "'火'", "0", "1", "6", "7", "'a'"]
LINES = {"a": (7, 8, 7, 8, 8, 9), "b": (6, 9, 9, 6, 7, 7)}
MONTHS = {"a": "戌", "b": "子"}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """The shipped predicates the rules are drawn over, as a folder of their own."""
    folder = tmp_path_factory.mktemp("base")
    (folder / "facts").mkdir()
    (folder / "kb").mkdir()
    for table in TABLES:
        shutil.copy(shipped_dir() / "facts" / f"{table}.tsv", folder / "facts")
    for name in CLAUSES:
        shutil.copy(shipped_dir() / "kb" / name, folder / "kb")
    return Folder(folder, "", "shipped")


class _Rule:
    """A rule drawn literal by literal, each using only what the earlier ones bound."""

    def __init__(self, rng, head, arity, callable_preds, negatable, local):
        self.rng, self.bound, self.fresh, self.body = rng, [], 0, []
        cast = local and rng.random() < 0.4
        first = rng.choice(CAST if cast else callable_preds)
        self.atom(first, cast="C" if cast else None)
        for _ in range(rng.randrange(0, 3)):
            roll = rng.random()
            if roll < 0.45:
                pred = rng.choice(callable_preds + (CAST if cast or not local else []))
                self.atom(pred, cast="C" if cast and pred in CAST else None)
            elif roll < 0.6 and negatable:
                self.negation(rng.choice(negatable))
            elif roll < 0.8:
                self.comparison()
            else:
                self.binding()
        names = [v for v in dict.fromkeys(self.bound) if v != "C"] or CONSTANTS
        args = (["C"] if cast else []) + [rng.choice(names) for _ in range(arity - (1 if cast else 0))]
        self.text = f"{head}({', '.join(args)}) <= {' & '.join(self.body)}"

    def var(self):
        self.fresh += 1
        return f"V{self.fresh}"

    def arg(self):
        roll = self.rng.random()
        if self.bound and roll < 0.5:
            return self.rng.choice(self.bound)
        if roll < 0.8:
            name = self.var()
            self.bound.append(name)
            return name
        return self.rng.choice(CONSTANTS)

    def atom(self, pred, cast=None):
        name, arity = pred
        args = [cast] if cast else []
        args += [self.arg() for _ in range(arity - len(args))]
        if cast:
            self.bound.append(cast)
        self.body.append(f"{name}({', '.join(args)})")

    def negation(self, pred):
        name, arity = pred
        args = [self.rng.choice(self.bound) if self.bound and self.rng.random() < 0.6 else
                self.rng.choice(CONSTANTS + ["_N" + str(self.fresh)]) for _ in range(arity)]
        self.fresh += 1
        if sum(a.startswith("_N") for a in args) > 1:
            args = [a if not a.startswith("_N") else f"{a}x{i}" for i, a in enumerate(args)]
        self.body.append(f"~{name}({', '.join(args)})")

    def term(self):
        left = self.rng.choice(self.bound + CONSTANTS)
        if self.rng.random() < 0.4:
            return f"{left} {self.rng.choice(['+', '-', '*', '//', '%'])} {self.rng.choice(self.bound + CONSTANTS)}"
        return left

    def comparison(self):
        op = self.rng.choice(["==", "!=", "<", "<=", ">", ">=", "in", "not in"])
        if op in ("in", "not in"):
            if self.bound:
                self.body.append(f"({self.rng.choice(self.bound)} {op} ({self.rng.choice(CONSTANTS)}, "
                                 f"{self.rng.choice(CONSTANTS)}))")
            return
        self.body.append(f"({self.term()} {op} {self.term()})")

    def binding(self):
        if self.bound:
            name = self.var()
            self.body.append(f"({name} == {self.term()})")
            self.bound.append(name)


def _program(rng):
    """Up to four user predicates, each of a rule or two; a later one may call, or negate, an
    earlier one, and call itself (its recursive literal first)."""
    local = rng.random() < 0.8
    preds, lines = [], []
    for k in range(rng.randrange(1, 5)):
        head, arity = f"u{k}", rng.randrange(1, 4)
        for n in range(rng.randrange(1, 3)):
            rule = _Rule(rng, head, arity, BASE + preds, list(preds), local)
            if n and rng.random() < 0.4:               # recursive: the head's predicate first
                recursive = ", ".join(f"R{i}" for i in range(arity))
                rule.text = f"{head}({recursive}) <= {head}({recursive}) & " + " & ".join(
                    [lit for lit in rule.body if not lit.startswith("~")][:1] or ["branch_order(R0, _K)"])
            lines += [f"# @rule {head}.{n} drawn", "# convention: fuzz", rule.text]
        preds.append((head, arity))
    return preds, "\n".join(lines) + "\n"


def _goals(rng, preds):
    """Each user predicate asked whole, one joined with the negation of a base predicate, and
    one with constants."""
    goals = [f"{name}({', '.join(f'X{i}' for i in range(arity))})" for name, arity in preds]
    name, arity = rng.choice(preds)
    other, _ = rng.choice(BASE)
    goals.append(f"{name}({', '.join(f'X{i}' for i in range(arity))}) & ~{other}(X0, _Y)")
    goals.append(f"{name}({', '.join(repr(rng.choice('子午木火')) for _ in range(arity))})")
    return goals


@drawn(150)
@given(st.randoms(use_true_random=False))
def test_tables_pydatalog_and_the_oracle_agree(base, tmp_path_factory, rng):
    preds, text = _program(rng)
    folder = tmp_path_factory.mktemp("user")
    (folder / "rules.dl").write_text(text, encoding="utf-8")
    try:
        tabled = KnowledgeBase([base, Folder(folder, "user", "user")])
    except KnowledgeError:
        assume(False)
    assume(not any("without end" in w for w in tabled.program.warnings))
    plain = KnowledgeBase([base, Folder(folder, "user", "user")], tables=False)
    for kb in (tabled, plain):
        for case, values in LINES.items():
            for position, value in enumerate(values, 1):
                kb.assert_fact("cast_line", case, position, value)
            kb.assert_fact("cast_month", case, MONTHS[case])
    asserted = [(p, args) for (p, args), f in tabled._fact_index.items() if f.origin == "asserted"]
    model = Model(tabled.program, asserted)
    for goal in _goals(rng, preds):
        body = tabled.parse(goal)
        expected = model.answers(body)
        assert tabled.ask(goal) == expected, (text, goal)
        assert plain.ask(goal) == expected, (text, goal)
    for name, arity in preds:
        for row in sorted(model.relation(name), key=repr)[:4]:
            atom = f"{name}({', '.join(map(repr, row))})"
            proof = tabled.explain(atom)
            assert proof is not None and check(proof, tabled.program, model) == [], (text, atom)
            assert plain.explain(atom) == proof, (text, atom)


def test_the_drawn_programs_load_and_use_every_kind_of_literal():
    import random
    texts = [_program(random.Random(seed))[1] for seed in range(40)]
    joined = "\n".join(texts)
    for piece in ("~", "==", "cast_line(C", " <= u", "%"):
        assert piece in joined, piece
    parsed = [parse_goal(line.split(" <= ", 1)[1]) for text in texts for line in text.splitlines()
              if " <= " in line]
    assert len(parsed) > 40
