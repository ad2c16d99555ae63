"""KnowledgeBase: load fact tables and clause files into pyDatalog; ask, explain, why-not.

>>> kb = KnowledgeBase()
>>> kb.ask("clash('子', X)")
[('午',)]
>>> proof = kb.explain("clash('子', '午')")
>>> proof.kind, proof.rule.id, proof.where.startswith("kb/")
('rule', 'clash.1', True)
>>> print(kb.why_not("clash('子', '丑')").failures[0].literal)
branch_order('丑', 6)
"""
from __future__ import annotations

import gc
import logging
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path

from pyDatalog import Logic, pyEngine, pyParser

from ..errors import KnowledgeError, UserError
from .checks import dependency_graph, program_problems, recursive_components
from . import forward
from .forward import Casts, is_local, order
from .proof import Failure, Proof, WhyNot
from .syntax import Atom, Compare, Const, Var, parse_goal, parse_text, substitute, term_vars
from . import static_cache as _static_cache
from .tables import read_table

log = logging.getLogger("liuyao.engine")
_PACKAGE = Path(__file__).resolve().parent.parent
_ROOT = _PACKAGE / "_knowledge" if (_PACKAGE / "_knowledge").is_dir() else _PACKAGE.parent


def shipped_dir() -> Path:
    """Where the shipped facts/ and kb/ live (inside the wheel, or the source tree)."""
    return _ROOT


def engine_name() -> str:
    """'compiled' or 'pure': which pyDatalog engine this process runs."""
    return "pure" if str(pyEngine.__file__).endswith(".py") else "compiled"


KNOWLEDGE_PARTS = ("facts", "kb", "views")


def folder_files(folder: Path):
    """The fact tables and clause files of a knowledge folder and its subfolders, sorted:
    under facts/, kb/ and views/ when it has them, else anywhere in it."""
    folder = Path(folder)
    parts = [folder / part for part in KNOWLEDGE_PARTS if (folder / part).is_dir()] or [folder]
    return (sorted(p for part in parts for p in part.rglob("*.tsv")),
            sorted(p for part in parts for p in part.rglob("*.dl")))


@dataclass
class Program:
    """Everything read from text: tables, rules and clause-file facts, each with file:line."""
    tables: dict = field(default_factory=dict)        # predicate -> [Table]
    rules: list = field(default_factory=list)
    facts: list = field(default_factory=list)         # Fact from clause files and table rows
    sources: dict = field(default_factory=dict)       # label -> text of each clause file
    declared: dict = field(default_factory=dict)      # predicate -> (arity, where)
    warnings: list = field(default_factory=list)

    def arity(self, pred):
        return self.declared.get(pred, (None,))[0]


def read_program(folders) -> Program:
    """Read (folder, origin, label) triples; raise KnowledgeError listing every problem."""
    from .syntax import Fact
    program, problems = Program(), []
    for folder, origin, label in folders:
        folder = Path(folder)
        if not folder.is_dir():
            problems.append(f"{label}: not a folder")
            continue
        tsvs, dls = folder_files(folder)
        if not tsvs and not dls and origin == "user":
            problems.append(f"{label}: no *.tsv or *.dl files (nor facts/ and kb/ folders)")
        for path in tsvs:
            name = f"{label}/{path.relative_to(folder)}" if label else str(path.relative_to(folder))
            try:
                table = read_table(path, name)
            except KnowledgeError as e:
                problems.extend(e.problems)
                continue
            known = program.declared.get(table.predicate)
            if known and known[0] != table.arity:
                problems.append(f"{name}:{table.header_line}: {table.predicate} has {known[0]} columns in "
                                f"{known[1]}, {table.arity} here")
                continue
            program.declared.setdefault(table.predicate, (table.arity, f"{name}:{table.header_line}"))
            program.tables.setdefault(table.predicate, []).append(table)
            for row in table.rows:
                program.facts.append(Fact(Atom(table.predicate, tuple(Const(v) for v in row.values)),
                                          row.path, row.line, origin, row.notes))
        for path in dls:
            name = f"{label}/{path.relative_to(folder)}" if label else str(path.relative_to(folder))
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError) as e:
                problems.append(f"{name}:1: cannot read as UTF-8 text ({e})")
                continue
            rules, facts, found = parse_text(text, name, origin)
            problems.extend(found)
            program.rules.extend(rules)
            program.facts.extend(facts)
            program.sources[name] = text
    errors, warnings = program_problems(program.rules, program.facts, program.declared)
    program.warnings = warnings
    if problems or errors:
        raise KnowledgeError(problems + errors)
    for fact in program.facts:
        program.declared.setdefault(fact.atom.pred, (len(fact.atom.args), fact.where))
    for rule in program.rules:
        program.declared.setdefault(rule.head.pred, (len(rule.head.args), rule.where))
    return program


def check_folder(folder) -> list:
    """Every problem of a user folder read together with the shipped knowledge."""
    try:
        program = read_program(knowledge_folders([folder]))
    except KnowledgeError as e:
        return e.problems
    user = [w for w in program.warnings if w.startswith(str(folder))]
    return [f"{w} (warning)" for w in user]


def knowledge_folders(extra=()):
    return [(shipped_dir(), "shipped", "")] + [(Path(d), "user", str(d)) for d in extra]


def _key(value):
    return (0, value, "") if isinstance(value, int) else (1, 0, str(value))


def _row_key(row):
    return tuple(_key(v) for v in row)


class KnowledgeBase:
    """The shipped knowledge plus any user folders, loaded into pyDatalog for this thread."""

    def __init__(self, extra=(), progress=None, tables=True):
        """progress, when given, is called with each static predicate's name before loading
        computes it (a caller that runs the load under a time limit uses it as a heartbeat).

        With ``tables`` (the default) each cast's answers are derived once, bottom-up, and kept
        as facts (see forward.py); without, pyDatalog derives them anew for every question."""
        self.extra = [str(d) for d in extra]
        self._progress = progress
        folders = knowledge_folders(self.extra)
        if all(Path(folder).is_dir() for folder, _, _ in folders):
            files = [(f"{label}|{path.relative_to(folder)}", path) for folder, _, label in folders
                     for group in folder_files(folder) for path in group]
            self.program = _static_cache.read_program(files, lambda: read_program(folders))
        else:
            self.program = read_program(folders)
        self._thread = threading.get_ident()
        self._rules = defaultdict(list)
        for rule in self.program.rules:
            self._rules[rule.head.pred].append(rule)
        self._fact_index = {}
        for fact in self.program.facts:
            self._fact_index.setdefault((fact.atom.pred, tuple(a.value for a in fact.atom.args)), fact)
        self._proved, self._failed, self._bodies, self._expand = {}, {}, {}, False     # the state of one explanation
        self._depends = _closure(dependency_graph(self.program.rules))
        self._users = defaultdict(set)          # predicate -> the predicates that depend on it
        for pred, needs in self._depends.items():
            for need in needs:
                self._users[need].add(pred)
        self._wanted = {}
        inputs = {p for p, tables in self.program.tables.items() if not any(t.rows for t in tables)}
        self._static = sorted(p for p in self._rules if not self._depends[p] & inputs)
        self._feeds_static = set().union(*(self._depends[p] for p in self._static)) if self._static else set()
        self._cast_level = set(self._rules) - set(self._static)
        scope = self._cast_level | inputs
        apart = [rule.where for pred in sorted(self._cast_level) for rule in self._rules[pred]
                 if not is_local(rule, scope)]
        self._casts = None                      # the tables per cast, unless a clause joins casts
        if tables and apart:
            log.info("no tables per cast: the clause at %s joins more than one cast", apart[0])
        elif tables and all(self.program.arity(p) for p in inputs):
            groups = order(dependency_graph(self.program.rules), self._cast_level,
                           recursive_components(self.program.rules))
            self._casts = Casts(self._rules, groups, scope)
            for pred, args in self._fact_index:
                if pred in scope:
                    self._casts.changed(pred, args)
        self._load()

    # ---- loading --------------------------------------------------------------------------

    def _load(self, cache=True):
        """A fresh state; the static predicates' answers read from the cache or computed once.

        A predicate that depends on no input table (a table without rows, such as cast_line)
        answers the same for every cast, so pyDatalog computes it once and the answers are kept
        as facts: later questions about casts no longer re-derive it each time.
        """
        Logic()
        self._logic, self._filled = Logic(True), False
        if self._casts is not None:
            self._casts.reset()
        self._solved, self._solved_by = {}, defaultdict(set)
        answers = _static_cache.read(self.program) if cache else None
        self._static_answers = answers if answers is not None and set(answers) == set(self._static) else None
        if self._static_answers is None:
            self._engine()
            answers = {}
            for pred in self._static:
                if self._progress is not None:
                    self._progress(pred)
                answers[pred] = self.match(pred, *[None] * self.program.arity(pred))
            for pred, rows in answers.items():
                pyParser.Literal.make(pred, [pyParser.Term(f"A{i}") for i in range(self.program.arity(pred))]) <= None
                for row in rows:
                    _engine_assert(pred, row)
            self._solved, self._solved_by = {}, defaultdict(set)
            self._static_answers = answers
            if cache:
                _static_cache.write(self.program, answers)
        gc.freeze()

    def _engine(self):
        """Fill pyDatalog, before the first question it must answer, with every fact and known
        static answer; rules reach it on first use, and with tables the cast-level ones never."""
        if self._filled:
            return
        self._filled = True
        self._activate()
        for (pred, args) in self._fact_index:
            _engine_assert(pred, args)
        defined = {pred for pred, _ in self._fact_index}
        derived = self._cast_level if self._casts is not None else set()
        for pred, (arity, _) in sorted(self.program.declared.items()):
            if pred not in defined and (pred not in self._rules or pred in derived):
                _engine_assert(pred, ("_pyD_none",) * arity)
                _engine_retract(pred, ("_pyD_none",) * arity)
        self._ready, self._pending = set(), set(self._rules) - derived
        if self._static_answers is not None:
            self._ready.update(self._static)
            self._pending -= self._ready
            for pred, rows in self._static_answers.items():
                for row in rows:
                    _engine_assert(pred, row)

    def _wanted_by(self, body):
        """The cast-level predicates a body depends on."""
        preds = tuple(lit.pred for lit in body if isinstance(lit, Atom))
        wanted = self._wanted.get(preds)
        if wanted is None:
            wanted = self._wanted[preds] = frozenset(
                {q for p in preds for q in self._depends.get(p, (p,))} & self._cast_level)
        return wanted

    def _tables_of(self, body):
        """The tables that answer a body naming at most one cast, derived as far as it needs
        (None: pyDatalog answers)."""
        if self._casts is None or self._static_answers is None:
            return None
        casts = self._cast_tables()
        named = {lit.args[0] for lit in body if isinstance(lit, Atom) and lit.pred in casts.scope}
        if not named:
            return casts.static()
        cast = named.pop()
        if named or not isinstance(cast, Const):
            return None
        return casts.tables(cast.value, self._wanted_by(body))

    def _need(self, body):
        """Make pyDatalog ready for a body: load the rules it depends on that have not reached
        it yet; with tables, give it every cast's rows of the cast-level predicates instead."""
        self._engine()
        wanted = self._wanted_by(body) if self._casts is not None else ()
        for pred, row in self._cast_tables().to_give(wanted) if wanted else ():
            _engine_assert(pred, row)
        preds = [lit.pred for lit in body if isinstance(lit, Atom)]
        if all(p in self._ready for p in preds):
            return
        missing = {q for p in preds if p not in self._ready for q in self._depends.get(p, (p,))} & self._pending
        if missing:
            self._load_text("\n".join(r.text for r in self.program.rules if r.head.pred in missing),
                            "the clause files")
            self._pending -= missing
        self._ready.update(preds)

    def _cast_tables(self):
        """The tables per cast, given once the rows of every predicate outside the casts."""
        casts = self._casts
        if casts.static_rows is None:
            casts.static_rows = defaultdict(set)
            for pred, args in self._fact_index:
                if pred not in casts.scope:
                    casts.static_rows[pred].add(args)
            for pred, answers in self._static_answers.items():
                casts.static_rows[pred].update(map(tuple, answers))
        return casts

    @staticmethod
    def _load_text(text, label):
        """Give checked clause text to pyDatalog (the reader has accepted every statement)."""
        try:
            pyParser.load(text, newglobals={"__builtins__": {}}, function=label)
        except Exception as e:  # the reader should have refused it: report, never crash
            raise KnowledgeError([f"{label}:{getattr(e, 'lineno', None) or 1}: pyDatalog refused "
                                  f"this text ({type(e).__name__}: {e})"]) from None

    def _activate(self):
        if threading.get_ident() != self._thread:
            raise RuntimeError("a KnowledgeBase belongs to the thread that made it; make one per thread")
        if getattr(Logic.tl, "logic", None) is not self._logic:
            Logic(self._logic)
            self._logic = Logic.tl.logic

    # ---- facts ----------------------------------------------------------------------------

    def _check_fact(self, pred, args):
        arity = self.program.arity(pred)
        if arity is None:
            raise UserError(f"unknown predicate {pred}/{len(args)}{self._suggest(pred)}")
        if arity != len(args):
            raise UserError(f"{pred} has {arity} arguments, not {len(args)}")
        for a in args:
            if isinstance(a, bool) or not isinstance(a, (str, int)):
                raise UserError(f"fact arguments must be strings or whole numbers, not {a!r}")

    def assert_fact(self, pred, *args, where="asserted"):
        """Add a fact (a cast's input, say); answers and proofs see it at once."""
        self._check_fact(pred, args)
        self._activate()
        from .syntax import Fact
        key = (pred, tuple(args))
        if key not in self._fact_index:
            self._fact_index[key] = Fact(Atom(pred, tuple(Const(a) for a in args)), where, 0, "asserted")
            self._changed(pred, key, _engine_assert)

    def retract_fact(self, pred, *args):
        self._check_fact(pred, args)
        self._activate()
        key = (pred, tuple(args))
        if self._fact_index.pop(key, None) is not None:
            self._changed(pred, key, _engine_retract)

    def _changed(self, pred, key, change):
        """Tell pyDatalog; a fact under a static predicate means computing those again, and one
        under a cast's predicate deriving that cast's rows again."""
        if pred in self._feeds_static:
            self._load(cache=False)
            return
        if self._casts is not None:
            scoped = pred in self._casts.scope
            for row in self._casts.drop(key[1][0] if scoped else None):
                _engine_retract(*row)
            if scoped:
                self._casts.changed(*key)
            else:
                self._casts.reset()
        if self._filled:
            change(*key)
        self._forget(pred)

    def _forget(self, pred):
        """Drop the cached solutions that depend on a predicate whose facts changed."""
        for user in self._users.get(pred, (pred,)):
            for body in self._solved_by.pop(user, ()):
                self._solved.pop(body, None)

    def clear_cache(self):
        """Forget every cached solution (for benchmarks of cold queries); the casts' tables stay."""
        self._solved.clear()
        self._solved_by.clear()

    def fact(self, pred, args):
        """The Fact (with file:line) behind a ground atom, or None."""
        return self._fact_index.get((pred, tuple(args)))

    def rules_for(self, pred):
        return list(self._rules.get(pred, ()))

    # ---- asking ---------------------------------------------------------------------------

    def _suggest(self, pred):
        near = get_close_matches(pred, sorted(self.program.declared), n=3)
        return f"; did you mean {', '.join(near)}?" if near else ""

    def parse(self, goal):
        """A goal string or literal tuple, checked against the program's predicates."""
        if isinstance(goal, (Atom, Compare)):
            goal = (goal,)
        if isinstance(goal, str):
            try:
                goal = parse_goal(goal)
            except ValueError as e:
                raise UserError(f"goal {goal!r}: {e}") from None
        bound = set()
        for lit in goal:
            if isinstance(lit, Atom):
                arity = self.program.arity(lit.pred)
                if arity is None:
                    raise UserError(f"unknown predicate {lit.pred}/{len(lit.args)}{self._suggest(lit.pred)}")
                if arity != len(lit.args):
                    raise UserError(f"{lit.pred} has {arity} arguments, {lit} has {len(lit.args)}")
                if not lit.negated:
                    bound |= set(term_vars(lit))
            else:
                free = set(term_vars(lit)) - bound
                if lit.op in ("==", "in") and isinstance(lit.left, Var):
                    free -= {lit.left.name}
                if free:
                    raise UserError(f"{lit} needs {', '.join(sorted(free))} bound by an earlier literal")
                if lit.op in ("==", "in") and isinstance(lit.left, Var):
                    bound.add(lit.left.name)
        return tuple(goal)

    def _solve(self, body):
        """All solutions of a conjunction as sorted dicts, cached: a lookup in the tables when
        the body names at most one cast, else one pyDatalog query."""
        got = self._solved.get(body)
        if got is not None:
            return got
        self._activate()
        tables = self._tables_of(body)
        names = [v for v in dict.fromkeys(n for l in body if not (isinstance(l, Atom) and l.negated)
                                          for n in term_vars(l))]
        if tables is not None:
            rows = {tuple(env[n] for n in names) for env in forward.solutions(body, tables)}
            return self._keep(body, [dict(zip(names, row)) for row in sorted(rows, key=_row_key)])
        self._need(body)
        query = None
        for lit in body:
            q = _pyd_literal(lit)
            query = q if query is None else query & q
        if not isinstance(query, pyParser.Body):
            query = pyParser.Body(query)
        try:
            raw = query.ask()
        except AttributeError as e:
            if "without definition" not in str(e):
                raise
            raw = None
        except TypeError as e:      # an order between a number and a string: pyDatalog gives up
            raise UserError(f"{' & '.join(map(str, body))}: {e}") from None
        if raw is None or raw is False:
            rows = []
        elif raw is True:
            rows = [()]
        else:
            rows = list(raw)
        columns = list(query._variables())
        solutions = []
        for row in set(map(tuple, rows)):
            if any(isinstance(value, BaseException) for value in row):
                continue        # a term without a value (a division by zero): no answer
            solution = dict(zip(columns, row))
            solutions.append({n: solution[n] for n in names if n in solution})
        solutions.sort(key=lambda s: _row_key(s[n] for n in names if n in s))
        return self._keep(body, solutions)

    def _keep(self, body, solutions):
        self._solved[body] = solutions
        for lit in body:
            if isinstance(lit, Atom):
                self._solved_by[lit.pred].add(body)
        log.debug("solve %s -> %d", " & ".join(map(str, body)), len(solutions))
        return solutions

    def ask(self, goal):
        """Sorted answer tuples: one value per variable of the goal, in order of appearance
        (variables named with a leading ``_`` are "don't care" and not reported).

        A ground goal answers ``[()]`` when true and ``[]`` when false.
        """
        self._activate()
        body = self.parse(goal)
        names = [n for n in dict.fromkeys(v for l in body if not (isinstance(l, Atom) and l.negated)
                                          for v in term_vars(l)) if not n.startswith("_")]
        return sorted({tuple(s[n] for n in names) for s in self._solve(body)}, key=_row_key)

    def match(self, pred, *pattern):
        """Sorted rows of one predicate; ``None`` in the pattern matches anything.

        >>> KnowledgeBase().match("clash", "子", None)
        [('子', '午')]
        """
        names = [f"A{i}" for i in range(len(pattern))]
        atom = Atom(pred, tuple(Var(n) if v is None else Const(v) for n, v in zip(names, pattern)))
        self._activate()
        body = self.parse((atom,))
        return [tuple(s[n] if v is None else v for n, v in zip(names, pattern)) for s in self._solve(body)]

    def unknown_constants(self, goal):
        """(constant, nearest known constants) for each string in the goal the knowledge never uses."""
        if getattr(self, "_vocabulary", None) is None:
            words = {v for _, args in self._fact_index for v in args if isinstance(v, str)}
            words |= {t.value for r in self.program.rules for l in (r.head, *r.body)
                      for t in _constants(l) if isinstance(t.value, str)}
            self._vocabulary = sorted(words)
        out = []
        for lit in self.parse(goal):
            for const in _constants(lit):
                if isinstance(const.value, str) and const.value not in self._vocabulary and \
                        not self.match("cast_line", const.value, None, None):
                    out.append((const.value, get_close_matches(const.value, self._vocabulary, n=3, cutoff=0.5)))
        return out

    def variables(self, goal):
        body = self.parse(goal)
        return [n for n in dict.fromkeys(v for l in body if not (isinstance(l, Atom) and l.negated)
                                         for v in term_vars(l)) if not n.startswith("_")]

    # ---- proofs ---------------------------------------------------------------------------

    def _ground(self, goal):
        body = self.parse(goal)
        if len(body) != 1 or not isinstance(body[0], Atom) or body[0].negated:
            raise UserError("explain one positive literal at a time, e.g. clash('子', X)")
        atom = body[0]
        answers = self._solve(body)
        if not answers:
            return atom, None
        return atom, tuple(a.value if isinstance(a, Const) else answers[0][a.name] for a in atom.args)

    def explain(self, goal, max_height=64, expand_negations=False):
        """A proof of minimal height of the goal (its first answer if it has variables), or None.

        With ``expand_negations`` every negation leaf carries a why-not of its atom.
        """
        self._activate()
        atom, args = self._ground(goal)
        if args is None:
            return None
        self._proved, self._failed, self._bodies, self._expand = {}, {}, {}, expand_negations
        for budget in range(max_height + 1):
            proof = self._prove(atom.pred, args, budget)
            if proof is not None:
                return proof
        return None

    def _fact_node(self, fact):
        return Proof("fact", fact.atom.pred, tuple(a.value for a in fact.atom.args),
                     where=fact.where, origin=fact.origin)

    def _prove(self, pred, args, budget):
        fact = self._fact_index.get((pred, args))
        if fact is not None:
            return self._fact_node(fact)
        key = (pred, args)
        got = self._proved.get(key)
        if got is not None and got.height <= budget:
            return got
        if budget == 0 or self._failed.get(key, -1) >= budget:
            return None
        for rule, binding, body in self._instances(pred, args):
            for solution in self._solve(body):
                node = self._rule_node(rule, {**binding, **solution}, budget)
                if node is not None:
                    self._proved[key] = node
                    return node
        self._failed[key] = budget
        return None

    def _instances(self, pred, args):
        """(rule, head binding, body under it) for each rule whose head fits a ground atom."""
        key = (pred, args)
        got = self._bodies.get(key)
        if got is None:
            got = self._bodies[key] = []
            for rule in self._rules.get(pred, ()):
                binding = _unify(rule.head.args, args)
                if binding is not None:
                    got.append((rule, binding, tuple(substitute(lit, binding) for lit in rule.body)))
        return got

    def _rule_node(self, rule, binding, budget):
        children = []
        for lit in rule.body:
            ground = substitute(lit, binding)
            if isinstance(ground, Compare):
                children.append(Proof("check", ground.op, (), text=str(ground)))
            elif ground.negated:
                args = tuple(a.value if isinstance(a, Const) else a for a in ground.args)
                why = self._why(Atom(ground.pred, ground.args), 3, set()) if self._expand else None
                children.append(Proof("not", ground.pred, args, why=why))
            else:
                child = self._prove(ground.pred, tuple(a.value for a in ground.args), budget - 1)
                if child is None:
                    return None
                children.append(child)
        names = dict.fromkeys(v for l in (rule.head, *rule.body) for v in term_vars(l) if v in binding)
        return Proof("rule", rule.head.pred, tuple(binding[v.name] if isinstance(v, Var) else v.value
                                                  for v in rule.head.args),
                     where=rule.where, origin=rule.origin, rule=rule.info,
                     bindings=tuple((n, binding[n]) for n in names), children=tuple(children),
                     height=1 + max((c.height for c in children), default=0))

    def behind(self, pred, args):
        """The rule that derives pred(args) one step down, with its body under the head's
        bindings; args may hold None for unknowns. The atom is assumed to hold: when only one
        rule's head fits it, that rule is the answer; otherwise the first whose body holds.

        >>> rule, body = KnowledgeBase().behind("harm_kind", ("子", "未", None))
        >>> rule.info.id, str(body[0])
        ('harm_kind.4', "harm('子', '未')")
        """
        self._activate()
        pattern = tuple(Var(f"_A{i}") if a is None else Const(a) for i, a in enumerate(args))
        tables = self._tables_of((Atom(pred, pattern),)) if None not in args else None
        rule = tables.first.get((pred, tuple(args))) if tables is not None else None
        if rule is not None:
            return rule, tuple(substitute(lit, _unify(rule.head.args, args)) for lit in rule.body)
        candidates = []
        for rule in self._rules.get(pred, ()):
            binding = _unify_pattern(rule.head.args, pattern)
            if binding is not None:
                candidates.append((rule, tuple(substitute(lit, binding) for lit in rule.body)))
        if len(candidates) == 1:
            return candidates[0]
        for rule, body in candidates:
            if self._solve(body):
                return rule, body
        return None

    # ---- why not --------------------------------------------------------------------------

    def why_not(self, goal, depth=4):
        """Why the goal has no answer (None when it has one)."""
        self._activate()
        body = self.parse(goal)
        if len(body) != 1 or not isinstance(body[0], Atom) or body[0].negated:
            raise UserError("why-not takes one positive literal, e.g. month_break(C, 3)")
        if self._solve(body):
            return None
        self._proved, self._failed, self._bodies, self._expand = {}, {}, {}, False
        return self._why(body[0], depth, set())

    def _why(self, atom, depth, seen):
        text = str(atom)
        if text in seen:
            return WhyNot(text, seen=True)
        seen.add(text)
        tables = self.program.tables.get(atom.pred, ())
        table = ", ".join(t.path for t in tables)
        failures = []
        for rule in self._rules.get(atom.pred, ()):
            binding = _unify_pattern(rule.head.args, atom.args)
            if binding is None:
                continue
            body = tuple(substitute(lit, binding) for lit in rule.body)
            failures.append(self._why_rule(rule, body, depth, seen))
        if not tables and not failures and atom.pred not in self._rules:
            table = "no rows"
        return WhyNot(text, table=table, failures=tuple(failures))

    def _why_rule(self, rule, body, depth, seen):
        prefix = [{}]
        for k, lit in enumerate(body):
            solutions = self._solve(body[:k + 1])
            if solutions:
                prefix = solutions
                continue
            agreed = {n: prefix[0][n] for n in prefix[0] if all(p.get(n) == prefix[0][n] for p in prefix)}
            shown = substitute(lit, agreed)
            tried = tuple((n, tuple(sorted({p[n] for p in prefix if n in p}, key=_key)))
                          for n in dict.fromkeys(term_vars(lit)) if n not in agreed and any(n in p for p in prefix))
            holds_proof = sub = None
            if isinstance(lit, Atom) and lit.negated:
                holds_proof = self._prove_first(Atom(lit.pred, substitute(lit, prefix[0]).args))
            elif isinstance(lit, Atom) and depth > 1 and lit.pred in self._rules:
                sub = self._why(shown, depth - 1, seen)
            because = tuple(p for p in (self._prove_first(Atom(l.pred, substitute(l, prefix[0]).args))
                                        for l in body[:k] if isinstance(l, Atom) and not l.negated
                                        and l.pred in self._rules) if p is not None)
            return Failure(rule.info, rule.where, str(shown), k, len(prefix) if k else 0,
                           tried, holds_proof, sub, because)
        return Failure(rule.info, rule.where, "", len(body), len(prefix))

    def _prove_first(self, atom):
        """A proof of the first answer of an atom that holds."""
        answers = self._solve((atom,))
        if not answers:
            return None
        args = tuple(a.value if isinstance(a, Const) else answers[0][a.name] for a in atom.args)
        for budget in range(65):
            proof = self._prove(atom.pred, args, budget)
            if proof is not None:
                return proof
        return None


# ---- helpers ---------------------------------------------------------------------------------

def _constants(literal):
    if isinstance(literal, Atom):
        return [a for a in literal.args if isinstance(a, Const)]
    right = list(literal.right) if isinstance(literal.right, tuple) else [literal.right]
    return [t for t in [literal.left, *right] if isinstance(t, Const)]


def _engine_assert(pred, args):
    """Assert a ground fact straight into the engine (no parser objects: ten times faster)."""
    pyEngine.assert_(pyEngine.Clause(pyEngine.Literal(pred, [pyEngine.Term_of(a) for a in args]), []))


def _engine_retract(pred, args):
    pyEngine.retract(pyEngine.Clause(pyEngine.Literal(pred, [pyEngine.Term_of(a) for a in args]), []))


def _closure(graph):
    """Each predicate with every predicate it depends on, itself included."""
    closure = {}
    for start in graph:
        seen, stack = {start}, [start]
        while stack:
            for nxt in graph.get(stack.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        closure[start] = frozenset(seen)
    return closure


def _unify(params, args):
    binding = {}
    for p, a in zip(params, args):
        if isinstance(p, Const):
            if p.value != a:
                return None
        elif p.name in binding and binding[p.name] != a:
            return None
        else:
            binding[p.name] = a
    return binding


def _unify_pattern(params, args):
    """Bind a rule head to a goal that may keep variables; None if constants clash."""
    binding = {}
    for p, a in zip(params, args):
        if not isinstance(a, Const):
            continue
        if isinstance(p, Const):
            if p.value != a.value:
                return None
        elif p.name in binding and binding[p.name] != a.value:
            return None
        else:
            binding[p.name] = a.value
    return binding


def _pyd_term(t):
    if isinstance(t, Var):
        return pyParser.Term(t.name)
    if isinstance(t, Const):
        return pyParser.Term(t.value, forced_type="constant")
    left, right = _pyd_term(t.left), _pyd_term(t.right)
    return {"+": left + right, "-": left - right, "*": left * right,
            "//": left // right, "%": left % right}[t.op]


def _pyd_literal(lit):
    if isinstance(lit, Atom):
        query = pyParser.Literal.make(lit.pred, [_pyd_term(a) for a in lit.args])
        return ~query if lit.negated else query
    left = _pyd_term(lit.left)
    if lit.op in ("in", "not in"):
        values = tuple(c.value for c in lit.right)
        return left.in_(values) if lit.op == "in" else left.not_in_(values)
    right = _pyd_term(lit.right)
    return {"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
            ">": left > right, ">=": left >= right}[lit.op]
