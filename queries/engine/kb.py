"""KnowledgeBase: the knowledge folders it is given, loaded for this thread; ask, match,
assert and retract, and the explanations of answers.

Questions are answered bottom-up in this process (forward.py): the tables of one partition
when a question names one, of every partition together when it names none or several, and the
answers of the predicates that depend on no input, computed once at load (and kept in the
cache when there is one). Every question, loading included, runs under ``limits``
(limits.py); loading from the cache stops where computing would have. Made with ``tables=False`` it asks pyDatalog instead (through backend.py), the
second opinion the tests hold the tables to; pyDatalog cannot be stopped inside this process,
so that one is for trusted knowledge or a worker process. This module is the one place that
keeps the ways in step as facts come and go, which is why it is longer than the others.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "edge.tsv").write_text("from\\tto\\na\\tb\\nb\\tc\\n", encoding="utf-8")
>>> _ = (folder / "path.dl").write_text("# @rule path.1 a step\\npath(X, Y) <= edge(X, Y)\\n"
...     "# @rule path.2 steps\\npath(X, Z) <= path(X, Y) & edge(Y, Z)\\n", encoding="utf-8")
>>> kb = KnowledgeBase([folder])
>>> kb.ask("path('a', X)")
[('b',), ('c',)]
>>> proof = kb.explain("path('a', 'c')")
>>> proof.rule.id, proof.height
('path.2', 2)
>>> kb.rule_behind("path", ("a", "c")).info.id, [str(lit) for lit in kb.behind("path", ("a", "c"))[1]]
('path.2', ["path('a', Y)", "edge(Y, 'c')"])
>>> print(kb.why_not("path('c', X)").failures[0].literal)
edge('c', Y)
>>> kb.example("path"), kb.example("edge")
('path(X, Y)', 'edge(From, To)')
>>> kb.why_not("path('c')")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.engine.errors.UserError: path has 2 arguments, path('c') has 1; e.g. path(X, Y)
"""
from __future__ import annotations

import functools
import sys
from collections import defaultdict

from . import forward, shapes
from .backend import Backend
from .by_predicate import Facts, Rules, StaticRows
from .errors import KnowledgeError, LimitExceeded, UserError, said
from .explain import Explanation, plan
from .forward import Partitions, Tables
from .limits import Limits
from .problem import Problem
from .program import read_program
from .reader import parse_goal
from .record import record
from .terms import (Atom, Compare, Const, Fact, Var, answer_vars, constants, row_key, term_vars, unify,
                    unify_pattern)


def _log():
    """The engine's logger, or None in a process that never imported logging: nothing there has
    configured one, so its info and debug lines would go nowhere (and logging costs 6 ms to import)."""
    logging = sys.modules.get("logging")
    return logging.getLogger("liuyao.engine") if logging else None


_DEBUG = 10             # logging.DEBUG


@record(frozen=True)
class Options:
    """What the app tells the engine about its knowledge (the engine knows no domain by name)."""
    partitions: tuple = ()      # input predicates whose first argument names a partition: known words
    conventions: tuple = ()     # predicates whose rows end in a convention's name and value
    cache: object = None        # a cache.Cache for the static answers, or None
    shapes: tuple = ()          # shapes.Shape: how the app's views read its relations


def _bounded(method):
    """Run a public method under one budget of the knowledge base's limits (a method it calls
    shares it); a limit's message names what was being computed."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        if self._budget is not None:
            return method(self, *args, **kwargs)
        self._budget = self.limits.budget()
        try:
            return method(self, *args, **kwargs)
        except LimitExceeded as e:
            if e.named:
                raise
            raise type(e)(f"computing {self._budget.what}: {e}", named=True, key="engine.computing",
                          values={"what": self._budget.what, "reason": said(e)}) from None
        finally:
            self._budget = None
    return run


class KnowledgeBase:
    """The facts and rules of the given folders, loaded for this thread."""

    def __init__(self, folders, options=None, progress=None, tables=True, limits=None):
        """``folders``: Folder values, or paths (read as the user's own). ``progress``, when
        given, is called with each static predicate's name before loading computes it (a caller
        that runs the load under a time limit uses it as a heartbeat). ``limits``: the time and
        memory every question may use, loading included (``Limits()`` when not given); change
        them later by setting ``limits``.

        With ``tables`` (the default) each partition's answers are derived once, bottom-up, and
        kept (see forward.py); without, pyDatalog derives everything anew for every question."""
        self.options = options or Options()
        self.limits = limits if limits is not None else Limits()
        self._budget = None
        self._progress = progress
        self._open(folders, tables)

    # ---- loading --------------------------------------------------------------------------

    @_bounded
    def _open(self, folders, tables):
        """Read the folders and load them, under one budget: reading, the lint and computing
        the static answers count against the same limits."""
        self.program = read_program(folders, self._budget, self.options.cache)
        with self._budget.aside():                      # laid out once per program, in time linear in it
            self._lay_out(tables)
        self._load()

    def _lay_out(self, tables):
        program = self.program
        self._shapes = {s.pred: s for s in self.options.shapes}
        if program.lazy:                        # read from the cache: each predicate linted as it is read
            self._rules = Rules(program, self._lint)
        else:
            misshaped = shapes.problems(program.rules, program.facts, self.options.shapes)
            if misshaped:
                raise KnowledgeError(misshaped)
            self._rules = Rules(program)
        self.user = program.user
        self._backend = Backend()
        layout = program.layout
        self._fact_index = Facts(program)
        self._conventions = frozenset(self.options.conventions)
        self._depends = program.dependencies
        self._wanted = {}
        self._static, self._static_groups = layout.static, layout.static_groups
        self._feeds_static, self._partitioned = layout.feeds_static, layout.partitioned
        self._scope, self._selected = layout.scope, layout.selected
        self._parts = None                      # the tables per partition (none: pyDatalog answers)
        if tables:
            if layout.apart and _log():
                _log().info("one table for every partition: the clause at %s joins more than one", layout.apart[0])
            self._parts = Partitions(self._rules, layout.groups, layout.scope, program.graph, layout.selected,
                                     local=not layout.apart)
            for pred in sorted(layout.scope & program.stated):
                self._parts.changed((pred, args) for args in self._fact_index.rows(pred))
        cache = self.options.cache
        self._cache_key = cache.key(program) if cache is not None else None

    def _lint(self, pred, rules):
        """The shapes' lint of one predicate's rules (shapes.problems), as they are first read."""
        shape = self._shapes.get(pred)
        if shape is not None:
            known = {target: {values[0] for values in self.program.first_stated(target)} for _, target in shape.refers}
            misshaped = shapes.problems(rules, (), (shape,), known)
            if misshaped:
                raise KnowledgeError(misshaped)

    def _load(self, cache=True):
        """A fresh state; the static predicates' answers read from the cache or computed once.

        A predicate that depends on no input table (a table without rows) answers the same for
        every partition, so it is computed once (bottom-up, or by pyDatalog without tables) and
        the answers are kept as facts: later questions no longer derive it again each time.
        """
        self._backend.reset()
        self._filled = False
        self._kept = False
        if self._parts is not None:
            self._parts.reset()
        self._clear_solved()
        store = self.options.cache if cache else None
        arities = {pred: self.program.arity(pred) for pred in self._static}
        entry = store.read(self._cache_key, arities) if store is not None else None
        self._static_answers = None
        if entry is not None and self._budget.replay(entry[1]):
            self._static_answers = entry[0]
        else:
            self._budget.trail = []
            answers = self._derive_static() if self._parts is not None else self._ask_static(arities)
            self._clear_solved()
            self._static_answers = answers
            if store is not None and self._parts is not None:   # pyDatalog's run weighs nothing
                store.write(self._cache_key, answers, self._budget.trail + self._budget.last())
            self._budget.trail = None
        self._check_static_shapes()

    def _check_static_shapes(self):
        """A relation the views read as one value, given two by the tables or the static rules,
        is a KnowledgeError when the knowledge loads (not a crash of a view later)."""
        rows = [(pred, args) for pred in sorted(self._shapes.keys() & self.program.stated)
                for args in self._fact_index.rows(pred)]
        rows += [(pred, row) for pred, answers in (self._static_answers or {}).items() if pred in self._shapes
                 for row in answers]
        found = shapes.second_values(rows, self.options.shapes)
        if found:
            raise KnowledgeError([self._second_value(*f) for f in found])

    def _second_value(self, pred, key, values):
        """The problem of a relation with more than one value for a key: the values and where each
        comes from (a fact's file:line, or the rule behind it)."""
        said = []
        for value in values:
            row = tuple(key) + (value if isinstance(value, tuple) else (value,))
            said.append(f"{', '.join(map(str, value)) if isinstance(value, tuple) else value} ({self._source(pred, row)})")
        key_text = ", ".join(map(str, key))
        return Problem(f"{pred}({key_text}, …) has {len(values)} values, {'; '.join(said)}; the views read one "
                       "(a rule or row of your own gives the second)", "problem.second_value",
                       predicate=pred, key=key_text, count=len(values), values="; ".join(said))

    def _source(self, pred, row) -> str:
        """Where a row comes from, as a message names it: the user's own fact or rule its proof
        rests on, if any, else its fact's file:line or the rule that derives it."""
        fact = self._fact_index.get((pred, row))
        if fact is not None:
            return fact.where
        proof = self.explain((Atom(pred, tuple(map(Const, row))),))
        todo = [proof] if proof is not None else []
        while todo:
            node = todo.pop(0)
            if node.origin == "user":
                return node.where
            todo += list(node.children)
        return proof.where if proof is not None else "?"

    @_bounded
    def check_shapes(self, partition, within=None) -> None:
        """Raise a one-line UserError when a relation the views read as one value (of those in
        ``within``, else all) has more than one for the partition ``partition``: before a view
        reads it, never a crash."""
        for shape in self.options.shapes:
            arity = self.program.arity(shape.pred)
            if arity is None or not shape.single(arity) or shape.pred not in self._scope:
                continue
            if within is not None and shape.pred not in within:
                continue
            rows = [(shape.pred, row) for row in self.match(shape.pred, partition, *[None] * (arity - 1))]
            found = shapes.second_values(rows, (shape,))
            if found:
                problem = self._second_value(*found[0])
                raise UserError(str(problem), key=problem.key, values=problem.values)

    def _derive_static(self):
        """The static predicates' answers, derived bottom-up group by group."""
        rows = defaultdict(set)
        for pred, args in self._fact_index:
            rows[pred].add(args)
        own = {pred: rows.pop(pred, set()) for pred in self._static}
        tables = Tables(rows, own)
        plans = {pred: [forward.Plan(rule) for rule in self._rules[pred]] for pred in self._static}
        for group in self._static_groups:
            if self._progress is not None:
                self._progress(group[0])
            forward.derive([group], plans, tables, self._budget)
        return {pred: sorted(own[pred], key=row_key) for pred in self._static}

    def _ask_static(self, arities):
        """The static predicates' answers, asked of pyDatalog, which keeps them as facts."""
        self._engine()
        answers = {}
        for pred in self._static:
            if self._progress is not None:
                self._progress(pred)
            answers[pred] = self.match(pred, *[None] * arities[pred])
        for pred, rows in answers.items():
            self._backend.replace(pred, arities[pred], rows)
        return answers

    def _engine(self):
        """Fill pyDatalog, before the first question it must answer, with every fact and known
        static answer; rules reach it on first use."""
        if self._filled:
            return
        self._filled = True
        self._backend.activate()
        for (pred, args) in self._fact_index:
            self._backend.add(pred, args)
        defined = {pred for pred, _ in self._fact_index}
        for pred, (arity, _) in sorted(self.program.declared.items()):
            if pred not in defined and pred not in self._rules:
                self._backend.declare(pred, arity)
        self._ready, self._pending = set(), set(self._rules)
        if self._static_answers is not None:
            self._ready.update(self._static)
            self._pending -= self._ready
            for pred, rows in self._static_answers.items():
                for row in rows:
                    self._backend.add(pred, row)

    def _wanted_by(self, preds):
        """The partitioned predicates among ``preds`` (a body's)."""
        wanted = self._wanted.get(preds)
        if wanted is None:
            wanted = self._wanted[preds] = frozenset(preds) & self._partitioned
        return wanted

    def _asked(self, body):
        """What a body asks of the selected predicates (layout.Selector): (predicate, the value it
        names there, or None)."""
        asked = []
        for lit in body:
            selector = self._selected.get(lit.pred) if lit.__class__ is Atom else None
            if selector is not None:
                arg = lit.args[selector.position]
                asked.append((lit.pred, arg.value if arg.__class__ is Const else None))
        return frozenset(asked)

    def _tables_for(self, body, preds):
        """The tables that answer a body (``preds``: the predicates of its atoms), derived as far
        as it needs, and what its answers depend on: one partition's tables and its name when it
        names one, every partition's and ``_EVERY`` when it names several or leaves it open, the
        static tables and ``_STATIC`` when it names none; (None, ``_ANY``) when pyDatalog answers."""
        if self._parts is None or self._static_answers is None:
            return None, _ANY
        parts = self._part_tables()
        scope, key, several = parts.scope, None, False
        for lit in body:
            if isinstance(lit, Atom) and lit.pred in scope:
                first = lit.args[0]
                if key is None:
                    key = first
                elif first != key:
                    several = True
        if key is None:
            return parts.static(), _STATIC
        if not several and isinstance(key, Const):
            found = self._partition(key.value, preds, body), key.value if parts.local else _EVERY
        else:
            found = parts.every(self._wanted_by(preds), self._budget, self._asked(body)), _EVERY
            self._drop()
        return found

    def _partition(self, key, preds, body):
        """The tables of one partition, with what a body (on ``preds``) needs derived."""
        found = self._parts.tables(key, self._wanted_by(preds), self._budget, self._asked(body))
        self._drop()
        return found

    def _drop(self):
        """Forget the solutions read from the tables of the partitions no longer kept."""
        dropped = self._parts.dropped
        while dropped:
            for body in self._solved_in.pop(dropped.pop(), ()):
                self._solved.pop(body, None)

    def _need(self, body):
        """Make pyDatalog ready for a body: load the rules it depends on that have not reached it yet."""
        self._engine()
        preds = [lit.pred for lit in body if isinstance(lit, Atom)]
        if all(p in self._ready for p in preds):
            return
        missing = {q for p in preds if p not in self._ready for q in self._depends.get(p, (p,))} & self._pending
        if missing:
            self._backend.add_rules(r for r in self.program.rules if r.head.pred in missing)
            self._pending -= missing
        self._ready.update(preds)

    def _part_tables(self):
        """The tables per partition, given once the rows of every predicate outside them."""
        parts = self._parts
        if parts.static_rows is None:
            parts.static_rows = StaticRows(self._fact_index, self._static_answers, parts.scope)
        return parts

    def _activate(self):
        """Check the thread; make pyDatalog's logic current when it holds this knowledge."""
        if self._filled:
            self._backend.activate()
        else:
            self._backend.check_thread()

    # ---- facts ----------------------------------------------------------------------------

    def _check_fact(self, pred, args):
        arity = self.program.arity(pred)
        if arity is None:
            hint = self.program.suggestion(pred)
            raise UserError(f"unknown predicate {pred}/{len(args)}{hint or ''}", key="engine.unknown_predicate",
                            values={"pred": pred, "arity": len(args), "hint": said(hint or "")})
        if arity != len(args):
            raise UserError(f"{pred} has {arity} arguments, not {len(args)}", key="engine.arity_fact",
                            values={"pred": pred, "arity": arity, "given": len(args)})
        for a in args:
            if isinstance(a, bool) or not isinstance(a, (str, int)):
                raise UserError(f"fact arguments must be strings or whole numbers, not {a!r}",
                                key="engine.fact_argument", values={"value": repr(a)})

    @_bounded
    def assert_fact(self, pred, *args, where="asserted"):
        """Add a fact (a partition's input, say); answers and proofs see it at once."""
        self.assert_facts([(pred, args)], where)

    @_bounded
    def assert_facts(self, facts, where="asserted"):
        """Add facts, (predicate, arguments) pairs (a cast's input, say): each checked before any
        is added, then told as one change."""
        keys = []
        for pred, args in facts:
            args = tuple(args)
            self._check_fact(pred, args)
            keys.append((pred, args))
        self._activate()
        index, added = self._fact_index, []
        for key in dict.fromkeys(keys):
            if key not in index:
                index[key] = Fact(Atom(key[0], tuple(Const(a) for a in key[1])), where, 0, "asserted")
                added.append(key)
        self._changed_all(added, self._backend.add)

    @_bounded
    def retract_fact(self, pred, *args):
        self._check_fact(pred, args)
        self._activate()
        self._retract([(pred, tuple(args))])

    def _retract(self, keys):
        index = self._fact_index
        gone = [key for key in keys if index.pop(key, None) is not None]
        self._changed_all(gone, self._backend.remove)

    @_bounded
    def retract_partition(self, key) -> int:
        """Retract every asserted fact of the partition ``key`` (those whose first argument it
        is, on an input predicate); how many there were. What a partition was given goes with it."""
        if self._parts is not None and self._parts.local:      # the partition's own facts, kept apart
            held = list(self._parts.input.get(key, ()))
        else:
            held = self._fact_index
        gone = [k for k in held
                if k[0] in self._scope and k[1][:1] == (key,) and self._fact_index[k].origin == "asserted"]
        self._activate()
        self._retract(gone)
        return len(gone)

    def _changed_all(self, keys, change):
        """``_changed`` of many facts: those of a partition's input told at once, when every one
        is such (the answers of each partition they name forgotten once)."""
        parts = self._parts
        if parts is None or not parts.local or self._kept or self._filled or \
                any(pred in self._feeds_static or pred not in parts.scope for pred, _ in keys):
            for key in keys:
                self._changed(key[0], key, change)
            return
        parts.changed(keys)
        for partition in dict.fromkeys(args[0] for _, args in keys):
            self._forget(partition)

    def _changed(self, pred, key, change):
        """Tell pyDatalog; a fact under a static predicate means computing those again, and one
        under a partition's predicate deriving that partition's rows again."""
        if pred in self._feeds_static or self._kept:
            self._load(cache=False)
            return
        if self._filled:
            change(*key)
        if self._parts is not None and pred in self._parts.scope:
            self._parts.changed((key,))
            self._forget(key[1][0] if self._parts.local else _EVERY)
            return
        if self._parts is not None:
            self._parts.reset()
        self._clear_solved()

    def _forget(self, partition):
        """Drop the cached solutions that depend on a partition whose input changed: its own,
        those of every partition together and those pyDatalog gave."""
        solved = self._solved
        for where in (partition, _EVERY, _ANY):
            for body in self._solved_in.pop(where, ()):
                solved.pop(body, None)

    def _clear_solved(self):
        self._matched = {}                      # (predicate, pattern) -> the rows match gives, outside the partitions
        self._solved = {}                       # body -> its _Solved
        self._solved_in = defaultdict(list)     # the partition a body's solutions depend on (or _EVERY …) -> bodies

    def clear_cache(self):
        """Forget every cached solution (for benchmarks of cold queries); the partitions' tables stay."""
        self._clear_solved()

    def keep_answers(self, preds):
        """Answer ``preds`` (a recursive component, or predicates whose components are all in it)
        by the rows they answer now, kept as facts, as the static answers are, until a fact changes
        (pyDatalog only). A second opinion can so ask the knowledge layer by layer, each over the
        layer below it, already checked, in a fraction of the time of deriving all anew each time."""
        if self._parts is not None:
            raise ValueError("only a knowledge base made with tables=False keeps its answers as facts")
        arities = {pred: self.program.arity(pred) for pred in preds}
        answers = {pred: self.match(pred, *[None] * arity) for pred, arity in arities.items()}
        for pred, rows in answers.items():
            self._backend.replace(pred, arities[pred], rows)
        self._ready.update(answers)
        self._pending -= set(answers)
        self._kept = True

    def fact(self, pred, args):
        """The Fact (with file:line) behind a ground atom, or None."""
        return self._fact_index.get((pred, tuple(args)))

    def rules_for(self, pred):
        return list(self._rules.get(pred, ()))

    def rules_of(self, pred):
        """The rules of a predicate (read only)."""
        return self._rules.get(pred, ())

    def tables_of(self, pred):
        """The fact tables of a predicate."""
        return self.program.tables_of(pred)

    def convention_of(self, fact):
        """(name, value) when a fact states a convention's choice, else ()."""
        if fact.atom.pred not in self._conventions:
            return ()
        return tuple(a.value for a in fact.atom.args[-2:])

    # ---- asking ---------------------------------------------------------------------------

    def parse(self, goal):
        """A goal string or literal tuple, checked against the program's predicates; a literal of
        the wrong arity is told with an example of the right one (``example``)."""
        try:
            return self.program.goal(goal)
        except UserError as e:
            wrong = next((l.pred for l in _literals(goal) if isinstance(l, Atom)
                          and self.program.arity(l.pred) not in (None, len(l.args))), None)
            if wrong is None:
                raise
            raise UserError(f"{e}; e.g. {self.example(wrong)}", key="engine.with_example",
                            values={"reason": said(e), "example": self.example(wrong)}) from None

    def _one(self, body) -> str:
        """An example of one positive literal, of the goal's first predicate (or the first rule's)."""
        pred = next((l.pred for l in body if isinstance(l, Atom)), None)
        return self.example(pred or self.program.rules[0].head.pred)

    def example(self, pred) -> str:
        """A literal of ``pred`` as a message shows it: of its real arity, its arguments named as
        the head of a clause names them (A1… where a head has a constant), else by its table's
        columns (the module's example: ``path(X, Y)``, ``edge(From, To)``)."""
        heads = sorted((r.head for r in self._rules.get(pred, ())),
                       key=lambda h: sum(not isinstance(a, Var) for a in h.args))
        if heads:
            names = [a.name if isinstance(a, Var) else f"A{i}" for i, a in enumerate(heads[0].args, 1)]
        else:
            columns = next((t.columns for t in self.tables_of(pred)), ())
            names = [c.name.capitalize() for c in columns] or [f"A{i}" for i in range(1, self.program.arity(pred) + 1)]
        return f"{pred}({', '.join(names)})"

    @_bounded
    def solve(self, body):
        """All solutions of a parsed conjunction as dicts, sorted and cached: a lookup in the
        tables (one pyDatalog query without them)."""
        got = self._solutions(body)
        if got.dicts is None:
            names = got.names
            got.dicts = [dict(zip(names, row)) for row in got.rows]
        return got.dicts

    def _solutions(self, body) -> "_Solved":
        """The variables and sorted rows of a conjunction's solutions, kept until a fact of a
        predicate it depends on comes or goes."""
        got = self._solved.get(body)
        if got is not None:
            return got
        self._activate()
        tables, where = self._tables_for(body, tuple(lit.pred for lit in body if isinstance(lit, Atom)))
        if tables is not None:
            self._budget.what = functools.partial(_shown, body)
            names, envs = forward.bindings(body, tables, self._budget)
            rows = set(envs)
        else:
            names = [v for v in dict.fromkeys(n for l in body if not (isinstance(l, Atom) and l.negated)
                                              for n in term_vars(l))]
            self._need(body)
            found = self._backend.solve(body)
            names = [n for n in names if found and n in found[0]]
            rows = {tuple(s[n] for n in names) for s in found}
        got = self._solved[body] = _Solved(tuple(names), _sorted(rows))
        self._solved_in[where].append(body)
        log = _log()
        if log and log.isEnabledFor(_DEBUG):
            log.debug("solve %s -> %d", " & ".join(map(str, body)), len(got.rows))
        return got

    @_bounded
    def ask(self, goal):
        """Sorted answer tuples: one value per variable of the goal, in order of appearance
        (variables named with a leading ``_`` are "don't care" and not reported).

        A ground goal answers ``[()]`` when true and ``[]`` when false.
        """
        self._activate()
        body = self.parse(goal)
        names = answer_vars(body)
        return sorted({tuple(s[n] for n in names) for s in self.solve(body)}, key=row_key)

    @_bounded
    def match(self, pred, *pattern):
        """Sorted rows of one predicate; ``None`` in the pattern matches anything."""
        self._activate()
        got = self._matched.get((pred, pattern))
        if got is not None:
            return list(got)
        atom = Atom(pred, tuple(Var(f"A{i}") if v is None else Const(v) for i, v in enumerate(pattern)))
        if self.program.arity(pred) != len(pattern):
            self.parse((atom,))                 # says what is wrong
        if pred in self._scope and self._own_rows(pattern):
            self._part_tables()
            return _sorted(self._partition(pattern[0], (pred,), (atom,)).rows(pred))
        rows = self._solutions((atom,)).rows
        if self._parts is not None and pred not in self._scope and self._static_answers is not None:
            self._matched[(pred, pattern)] = got = tuple(self._rows_of(pattern, rows))
            return list(got)
        return self._rows_of(pattern, rows)

    @staticmethod
    def _rows_of(pattern, rows) -> list:
        """The rows of a pattern from the values of its open places."""
        if None not in pattern:
            return [tuple(pattern) for _ in rows]
        if all(v is None for v in pattern):
            return list(rows)
        if all(v is None for v in pattern[1:]):     # a partition's rows, say
            first = pattern[:1]
            return [first + row for row in rows]
        return [tuple(next(values) if v is None else v for v in pattern) for values in map(iter, rows)]

    def _own_rows(self, pattern) -> bool:
        """Whether a pattern asks for every row of one partition, when the tables answer: its
        rows in the partition's tables are the answer (each of them names the partition first)."""
        return len(pattern) > 1 and pattern[0] is not None and self._parts is not None and self._parts.local \
            and self._static_answers is not None and all(v is None for v in pattern[1:])

    @_bounded
    def unknown_constants(self, goal):
        """(constant, nearest known constants) for each string in the goal the knowledge never
        uses (a partition's name, the first argument of a partition predicate, is known)."""
        if getattr(self, "_vocabulary", None) is None:
            words = {v for _, args in self._fact_index for v in args if isinstance(v, str)}
            words |= {t.value for r in self.program.rules for l in (r.head, *r.body)
                      for t in constants(l) if isinstance(t.value, str)}
            self._vocabulary = sorted(words)
        from difflib import get_close_matches
        out = []
        for lit in self.parse(goal):
            for const in constants(lit):
                if isinstance(const.value, str) and const.value not in self._vocabulary and \
                        not any(self.match(p, const.value, *[None] * (self.program.arity(p) - 1))
                                for p in self.options.partitions if self.program.arity(p)):
                    out.append((const.value, get_close_matches(const.value, self._vocabulary, n=3, cutoff=0.5)))
        return out

    def variables(self, goal):
        return answer_vars(self.parse(goal))

    # ---- explanations ---------------------------------------------------------------------

    @_bounded
    def explain(self, goal, max_height=64, expand_negations=False, memo=None):
        """A proof of minimal height of the goal (its first answer if it has variables), each of
        its sub-proofs of minimal height too, or None.

        With ``expand_negations`` every negation leaf carries a why-not of its atom; ``memo`` (an
        ``explain.Memo``) shares the rule instances and proofs of other explanations while the
        facts stay.
        """
        _check_depth("max_height", max_height)
        found = self._first_answer(goal)
        return None if found is None else Explanation(self, expand_negations, memo).proof(*found, max_height)

    @_bounded
    def step(self, goal, memo=None):
        """The top step of ``explain``'s proof of the goal (its first answer if it has
        variables), as (the annotations of its rule, the bindings of the rule's variables), or
        None for a fact or a goal without an answer; when one rule instance alone gives the
        atom, found without proving what is under it (what a sentence of the rule needs)."""
        found = self._first_answer(goal)
        return None if found is None else Explanation(self, memo=memo).step(*found)

    def _first_answer(self, goal):
        """(predicate, values) of a goal of one positive literal, its first answer if it has
        variables; None when it has none."""
        self._activate()
        body = goal if _one_atom(goal) and self.program.arity(goal[0].pred) == len(goal[0].args) else self.parse(goal)
        if len(body) != 1 or not isinstance(body[0], Atom) or body[0].negated:
            raise UserError(f"explain one positive literal at a time, e.g. {self._one(body)}",
                            key="engine.explain_one", values={"example": self._one(body)})
        atom = body[0]
        answers = self.solve(body)
        if not answers:
            return None
        return atom.pred, tuple(a.value if isinstance(a, Const) else answers[0][a.name] for a in atom.args)

    @_bounded
    def why_not(self, goal, depth=4):
        """Why the goal has no answer (None when it has one), ``depth`` derived literals down."""
        _check_depth("depth", depth)
        self._activate()
        body = self.parse(goal)
        if len(body) != 1 or not isinstance(body[0], Atom) or body[0].negated:
            raise UserError(f"why-not takes one positive literal, e.g. {self._one(body)}",
                            key="engine.why_not_one", values={"example": self._one(body)})
        if self.solve(body):
            return None
        return Explanation(self).why_not(body[0], depth)

    @_bounded
    def behind(self, pred, args):
        """The rule that derives pred(args) one step down, with its body under the head's
        bindings; args may hold None for unknowns. The atom is assumed to hold: when only one
        rule's head fits it, that rule is the answer; otherwise the first whose body holds."""
        rule = self._first_rules(pred, (tuple(args),))[0]
        if rule is not None:
            return rule, plan(rule).instance(unify(rule.head.args, args))
        pattern = tuple(Var(f"_A{i}") if a is None else Const(a) for i, a in enumerate(args))
        candidates = []
        for rule in self._rules.get(pred, ()):
            binding = unify_pattern(rule.head.args, pattern)
            if binding is not None:
                candidates.append((rule, plan(rule).instance(binding)))
        if len(candidates) == 1:
            return candidates[0]
        for rule, body in candidates:
            if self.solve(body):
                return rule, body
        return None

    @_bounded
    def rule_behind(self, pred, args):
        """The rule of ``behind`` alone (without making its body when the tables know it)."""
        return self.rules_behind(pred, (args,))[0]

    @_bounded
    def rules_behind(self, pred, rows) -> list:
        """``rule_behind`` of each of a predicate's rows, in order, the tables looked up once for
        the rows of one partition."""
        rows = [tuple(args) for args in rows]
        found = []
        for args, rule in zip(rows, self._first_rules(pred, rows)):
            if rule is None:
                behind = self.behind(pred, args)
                rule = behind[0] if behind else None
            found.append(rule)
        return found

    def _first_rules(self, pred, rows) -> list:
        """The first clause that derived each ground row (tuples), when the tables answer it (else
        None), the tables looked up once for the rows of one partition."""
        self._activate()
        tables, found = {}, []
        for args in rows:
            rule = None
            if None not in args:
                key = args[0] if args else None
                if key not in tables:
                    tables[key] = self._tables_for((Atom(pred, tuple(map(Const, args))),), (pred,))[0]
                if tables[key] is not None:
                    rule = tables[key].first.get((pred, args))
            found.append(rule)
        return found


_EVERY, _STATIC, _ANY = object(), object(), object()   # solutions of every partition, of none, pyDatalog's


class _Solved:
    """A conjunction's solutions: its variables, the rows of their values (sorted) and, once
    asked for, the rows as dicts."""
    __slots__ = ("names", "rows", "dicts")

    def __init__(self, names, rows):
        self.names, self.rows, self.dicts = names, rows, None


MAX_DEPTH = 64      # derived literals a proof or a why-not goes down


def _literals(goal) -> tuple:
    """A goal's literals as far as they parse (none when the text does not)."""
    if isinstance(goal, (Atom, Compare)):
        return (goal,)
    if isinstance(goal, str):
        try:
            return tuple(parse_goal(goal))
        except ValueError:
            return ()
    return tuple(goal) if isinstance(goal, (tuple, list)) else ()


def _sorted(rows) -> list:
    """Rows in the order of ``row_key``: numbers before text, column by column. Compared as
    they are while no column holds both (the same comparisons, so the same order), by the
    key when one does.

    >>> _sorted({("b", 2), ("a", "x"), ("a", 1)}), _sorted({(10,), (9,)})
    ([('a', 1), ('a', 'x'), ('b', 2)], [(9,), (10,)])
    """
    try:
        return sorted(rows)
    except TypeError:
        return sorted(rows, key=row_key)


def _one_atom(goal) -> bool:
    """Whether a goal is already a tuple of one positive atom (no text to read)."""
    return type(goal) is tuple and len(goal) == 1 and type(goal[0]) is Atom and not goal[0].negated


def _check_depth(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEPTH:
        raise UserError(f"{name} {value!r}: give a whole number from 0 to {MAX_DEPTH}", key="engine.depth",
                        values={"name": name, "value": value, "most": MAX_DEPTH})


def _shown(body, width=80) -> str:
    """A goal as a limit's message names it (shortened)."""
    text = " & ".join(map(str, body))
    return text if len(text) <= width else text[:width - 1] + "…"
