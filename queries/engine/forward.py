"""Bottom-up evaluation: the clauses of a predicate group evaluated to a fixpoint, and the
tables per partition built with it.

An input predicate (a table declared without rows, asserted by the program) is partitioned by
its first argument: one cast, one case, one session. pyDatalog keeps no tables between queries,
so every question about a partition would derive it again from its input. The KnowledgeBase
instead derives a partition's answers here, with the same clauses, predicate by predicate in the
order of their dependencies and only as far as a question needs; a question that names no
partition, or several, reads every partition's tables together. The static predicates (those
that depend on no input) are derived here too, once, at load. The oracle's naive evaluator and
pyDatalog's own derivation check that the ways agree (tests/engine/test_forward.py,
tests/knowledge/test_agreement.py, tests/fuzz/test_engines_agree.py).

A clause is compiled once into steps over bindings held as tuples, one slot per variable in the
order the body binds them; a conjunction asked again with other constants reuses its steps. A
recursive group is evaluated semi-naively: after the first round, each clause reads the rows
the last round added in one of its recursive literals at a time, so a row is derived again only
from a new one (a counting rule grows in linear time, and a runaway one reaches its limit so).

A partitioned clause is *local* when its head's first argument is the partition and every
literal on a partitioned predicate names the same partition first. Then one partition's answers
depend only on its own input, and asserting another never disturbs them. When one clause is
not local, all partitions are derived together, as one.

Every step counts what it holds against a ``limits.Budget`` and names the predicate it derives.

>>> from queries.engine.reader import parse_text
>>> from queries.engine.limits import Limits
>>> rules, _, _ = parse_text("moving(C, P) <= line(C, P, V) & (V in (6, 9))", "x.dl", "user")
>>> plan = Plan(rules[0])
>>> sorted(plan.run(Tables({}, {"line": {("c", 1, 7), ("c", 2, 9)}}), Limits().budget()))
[('c', 2)]
"""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from operator import itemgetter

from .compiler import View, condition, function, value_of
from .limits import text_bytes
from .record import record, field
from .terms import NO_VALUE, Arith, Atom, Compare, Const, Var, evaluate

KEPT = 16               # partitions whose derived tables are kept: those asked of last
COMPILE_AFTER = 2       # runs of a clause by its steps before it runs as one function


def is_local(rule, partitioned) -> bool:
    """Whether every partitioned literal of the rule names the head's partition first."""
    head = rule.head.args[0] if rule.head.args else None
    if not isinstance(head, Var):
        return False
    atoms = [lit for lit in rule.body if isinstance(lit, Atom) and lit.pred in partitioned]
    return any(not lit.negated for lit in atoms) and all(lit.args and lit.args[0] == head for lit in atoms)


def order(graph, preds, components):
    """The predicates in groups (one per recursive component), each after what it depends on."""
    groups, done = defaultdict(list), []
    for pred in sorted(preds):
        groups[components[pred]].append(pred)
    seen = set()

    def visit(comp):
        seen.add(comp)
        for pred in groups[comp]:
            for body in sorted(graph.get(pred, ())):
                if body in preds and components[body] not in seen:
                    visit(components[body])
        done.append(groups[comp])

    for comp in sorted(groups):
        if comp not in seen:
            visit(comp)
    return done


class Tables:
    """Rows by predicate: the static ones shared by every partition, and one partition's own."""

    def __init__(self, static, own, static_indexes=None):
        self.static, self.own = static, own
        self.first = {}         # (predicate, row) -> the first clause that derives it
        self._indexes = {}      # predicate -> positions -> the rows by their values there
        self._static_indexes = {} if static_indexes is None else static_indexes

    def rows(self, pred):
        got = self.own.get(pred)
        return got if got is not None else self.static.get(pred, ())

    def index(self, pred, positions):
        """The rows of a predicate by their values at ``positions`` (built on first use)."""
        store = self._indexes if pred in self.own else self._static_indexes
        try:
            return store[pred][positions]
        except KeyError:
            index = store.setdefault(pred, {})[positions] = defaultdict(list)
            rows = self.rows(pred)
            if not positions:
                index[()].extend(rows)
            elif len(positions) == 1:
                at = positions[0]
                for row in rows:
                    index[(row[at],)].append(row)
            else:
                key = itemgetter(*positions)
                for row in rows:
                    index[key(row)].append(row)
            return index

    def lookup(self, pred, positions, key):
        return self.index(pred, positions).get(key, ())

    def grown(self, pred):
        """Forget the indexes of a predicate whose rows changed."""
        self._indexes.pop(pred, None)


class Plan:
    """One clause compiled for bottom-up evaluation: its body's steps, its head's places; the
    function that makes a row of a binding when the clause first finds one (many clauses of a
    question find nothing), and the numbers of its prefixes when it first shares them."""

    def __init__(self, rule):
        self.rule = rule
        self.shape, self.params = _shape(rule.body)
        self._body = _compile(self.shape)
        slots = self._body.slots
        self.head = [(slots.get(a.name, a.name), None) if isinstance(a, Var) else (None, a.value)
                     for a in rule.head.args]
        self.layout = tuple(slot for slot, _ in self.head)
        self.consts = tuple(value for slot, value in self.head if slot is None)
        computed = {lit.left.name for lit in rule.body if isinstance(lit, Compare) and lit.op == "=="
                    and isinstance(lit.left, Var) and isinstance(lit.right, Arith)}
        self.made = tuple(i for i, a in enumerate(rule.head.args) if isinstance(a, Var) and a.name in computed)
        self._row = self._prefixes = None
        self._runs, self._compiled = 0, {}

    def run(self, tables, budget, delta=None, at=None, shared=None):
        """The head rows the clause derives from the tables (the literal ``at`` reading the
        rows of ``delta`` instead). ``shared`` (a dict) keeps the bindings of each prefix of
        the body for the next clause that begins the same way, while the tables stay.

        From its COMPILE_AFTER-th run on, the clause runs as one function (compiler.py)."""
        if self._body.holds_nowhere(tables):
            return _NONE
        run = self._compiled.get(at)
        if run is None:
            self._runs += 1
            if self._runs > COMPILE_AFTER:
                run = self._compiled[at] = function(self.shape, self.layout, at) or False
        if run:
            return run(tables, delta, budget, self.params, self.consts)
        if shared is not None and self._prefixes is None:
            self._prefixes = self._numbered()
        envs = self._body.run(tables, budget, self.params, delta, at, None if shared is None else self._prefixes, shared)
        if not envs:
            return _NONE
        if self._row is None:
            self._row = _row_maker(self.head, len(self._body.slots))
        return set(map(self._row, envs))

    def _numbered(self):
        """A number for each prefix of the body (``_PREFIXES``)."""
        prefixes, number, start = [], None, 0
        for lit in self.shape:
            end = start + lit[2].count(None) if lit.__class__ is tuple else start
            number = _PREFIXES.setdefault((number, lit, self.params[start:end]), len(_PREFIXES))
            prefixes.append(number)
            start = end
        return tuple(prefixes)

    def recursive(self, group):
        """The places of the body's literals on a predicate of the group."""
        return [i for i, lit in enumerate(self.rule.body) if isinstance(lit, Atom) and lit.pred in group]


_NONE = frozenset()
_PREFIXES = {}          # (the number of a body's first literals, the next, its constants) -> a number for them all


def bindings(body, tables, budget):
    """(the variables a conjunction binds, in order of appearance, every binding under which it
    holds in the tables as a tuple of their values, with repeats).

    >>> from queries.engine.reader import parse_goal
    >>> from queries.engine.limits import Limits
    >>> tables = Tables({}, {"line": {("c", 1, 7), ("c", 2, 9)}})
    >>> names, envs = bindings(tuple(parse_goal("line(C, P, V) & (V > 8)")), tables, Limits().budget())
    >>> names, envs
    (('C', 'P', 'V'), [('c', 2, 9)])
    """
    shape, params = _shape(body)
    compiled = _compile(shape)
    return compiled.names, [] if compiled.holds_nowhere(tables) else compiled.run(tables, budget, params)


def _row_maker(head, width):
    """A function from a binding (of ``width`` values) to the head's row."""
    if all(slot is not None and isinstance(slot, int) for slot, _ in head):
        slots = [slot for slot, _ in head]
        if len(slots) == 1:
            return lambda env, s=slots[0]: (env[s],)
        return itemgetter(*slots) if slots else lambda env: ()
    for slot, _ in head:
        if isinstance(slot, str):
            def unbound(env, name=slot):
                raise KeyError(name)
            return unbound
    if len(head) == 1:
        return lambda env, row=(head[0][1],): row
    consts = tuple(value for slot, value in head if slot is None)
    places, k = [], width               # the head's constants read after the binding's values
    for slot, _ in head:
        places.append(k if slot is None else slot)
        k += slot is None
    get = itemgetter(*places)
    return lambda env: get(env + consts)


def _shape(body):
    """A body with the constants of its atoms left out (the key its compiled steps are kept by),
    and those constants in order (what the compiled shape is run with)."""
    shape, params = [], []
    for lit in body:
        if lit.__class__ is Atom:
            names = []
            for a in lit.args:
                if a.__class__ is Const:
                    names.append(None)
                    params.append(a.value)
                else:
                    names.append(a.name)
            shape.append((lit.pred, lit.negated, tuple(names)))
        else:
            shape.append(lit)
    return tuple(shape), tuple(params)


class _Body:
    """A conjunction's steps, each from a list of bindings (tuples) to the next; ``slots`` maps a
    variable to its place in a binding, ``names`` lists the variables in that order, ``needs``
    the predicates of its positive literals (a body with one of them empty holds nowhere).

    A step is built when a run first reaches it (``plans``: how to build each); many are never
    reached, after a step that bound nothing."""

    def __init__(self, plans, slots, needs):
        self.steps, self.plans = [None] * len(plans), plans
        self.slots, self.names, self.needs = slots, tuple(slots), needs

    def holds_nowhere(self, tables) -> bool:
        """Whether a predicate the body needs has no rows in the tables."""
        own, static = tables.own, tables.static
        for pred in self.needs:
            rows = own.get(pred)
            if not (rows if rows is not None else static.get(pred)):
                return True
        return False

    def run(self, tables, budget, params, delta=None, at=None, prefixes=None, shared=None):
        """The bindings under which the body holds (``holds_nowhere`` asked first)."""
        envs, start = [()], 0
        if prefixes:
            for k, key in enumerate(prefixes):
                got = shared.get(key)
                if got is None:
                    break
                envs, start = got, k + 1
        steps = self.steps
        for i in range(start, len(steps)):
            if not envs:
                break
            step = steps[i]
            if step is None:
                build, *args = self.plans[i]
                step = steps[i] = build(*args)
            envs = step(envs, delta if i == at else tables, budget, params)
            if prefixes:
                shared[prefixes[i]] = envs
        return envs


@lru_cache(maxsize=8192)
def _compile(shape):
    plans, slots, start = [], {}, 0
    for lit in shape:
        if isinstance(lit, Compare):
            plans.append((_compare_step, lit, dict(slots)))
            left = lit.left
            if isinstance(left, Var) and left.name not in slots and lit.op in ("==", "in"):
                slots[left.name] = len(slots)
        else:
            plans.append((_atom_step, lit, dict(slots), start))
            start += sum(a is None for a in lit[2])
            if not lit[1]:
                for name in lit[2]:
                    if name is not None and name not in slots:
                        slots[name] = len(slots)
    needs = tuple(dict.fromkeys(lit[0] for lit in shape if isinstance(lit, tuple) and not lit[1]))
    return _Body(plans, slots, needs)


def _atom_step(lit, slots, start):
    """A step of a positive or negated atom, under the variables bound before it (``slots``).
    ``start``: where its constants begin in the params."""
    pred, negated, args = lit
    consts, keys, outs, repeats, fresh = [], [], [], [], {}
    j = start
    for i, name in enumerate(args):
        if name is None:
            consts.append((i, j))
            j += 1
        elif name in slots:
            keys.append((i, slots[name]))
        elif name in fresh:
            repeats.append((i, fresh[name]))
        else:
            fresh[name] = i
            outs.append(i)
    positions = tuple(i for i, _ in consts) + tuple(i for i, _ in keys)
    const_params = [p for _, p in consts]
    key_slots = [s for _, s in keys]
    if not key_slots:
        key_of = None
    elif len(key_slots) == 1:
        key_of = lambda env, s=key_slots[0]: (env[s],)
    else:
        getter = itemgetter(*key_slots)
        key_of = lambda env: getter(env)
    if len(outs) == 1:
        new_of = lambda row, i=outs[0]: (row[i],)
    elif outs:
        new_of = itemgetter(*outs)
    else:
        new_of = lambda row: ()

    def rows_of(index, fixed, env):
        rows = index.get(fixed if key_of is None else fixed + key_of(env), ())
        if repeats and rows:
            rows = [r for r in rows if all(r[i] == r[k] for i, k in repeats)]
        return rows

    if not const_params:
        fixed_of = lambda params: ()
    elif len(const_params) == 1:
        fixed_of = lambda params, p=const_params[0]: (params[p],)
    else:
        fixed_of = itemgetter(*const_params)

    def prepare(tables, params):
        return tables.index(pred, positions), fixed_of(params)

    if negated:
        def negation(envs, tables, budget, params):
            out = []
            most = _start(envs, budget)
            index, fixed = prepare(tables, params)
            for k, env in enumerate(envs):
                if not rows_of(index, fixed, env):
                    out.append(env)
                if len(out) > most or not k & 1023:
                    _check(envs, out, budget)
            return out
        return negation

    def step(envs, tables, budget, params):
        index, fixed = prepare(tables, params)
        if len(envs) == 1:                  # most steps: one binding, checked once after it
            env = envs[0]
            rows = rows_of(index, fixed, env)
            out = [env + new_of(row) for row in rows] if rows else []
            _check(envs, out, budget)
            return out
        out = []
        most = _start(envs, budget)
        for k, env in enumerate(envs):
            rows = rows_of(index, fixed, env)
            if rows:
                out.extend([env + new_of(row) for row in rows])
            if len(out) > most or not k & 1023:
                _check(envs, out, budget)
        return out
    return step


def _compare_step(lit, known):
    """A step of a comparison, under the variables bound before it (``known``)."""
    left, op = lit.left, lit.op
    if isinstance(left, Var) and left.name not in known and op == "==":
        right = value_of(lit.right, known)
        if right is None:
            def value(env, term=lit.right):
                return evaluate(term, View(env, known))
        else:
            value = right

        def bind(envs, tables, budget, params):
            out, made = [], 0
            most, room = _start(envs, budget), budget.bytes - budget.kept
            for k, env in enumerate(envs):
                try:
                    got = value(env)
                    out.append(env + (got,))
                    if computed and type(got) is str:
                        made += text_bytes(got)
                except NO_VALUE:
                    pass
                if len(out) > most or not k & 1023 or made > room:
                    _check(envs, out, budget, made)
            return out
        computed = right is None
        return bind
    if isinstance(left, Var) and left.name not in known and op == "in":
        choices = [(c.value,) for c in lit.right]

        def choose(envs, tables, budget, params):
            out = []
            most = _start(envs, budget)
            for k, env in enumerate(envs):
                out.extend([env + c for c in choices])
                if len(out) > most or not k & 1023:
                    _check(envs, out, budget)
            return out
        return choose
    test = condition(lit, known)

    def compare(envs, tables, budget, params):
        out = []
        most = _start(envs, budget)
        for k, env in enumerate(envs):
            if test(env):
                out.append(env)
            if len(out) > most or not k & 1023:
                _check(envs, out, budget)
        return out
    return compare


def _start(envs, budget):
    """How many bindings a step may make before it checks the budget at every one (it checks
    at the first and every thousand or so anyway, for the time)."""
    return budget.most(len(envs[0]) + 1)


def _check(envs, out, budget, made=0):
    budget.check(len(envs) + len(out), len(envs[0]) + 1, made)


def _made(plan, rows) -> int:
    """The bytes of the texts arithmetic made in a clause's new rows (``limits.text_bytes``)."""
    if not plan.made:
        return 0
    return sum(text_bytes(row[i]) for row in rows for i in plan.made)


def derive(groups, plans, tables, budget):
    """Add to ``tables.own`` the rows of each predicate group, in order; a recursive group is
    evaluated until nothing new appears, semi-naively. ``tables.own`` holds the partition's
    input rows already. Outside recursion, ``tables.first`` learns the first clause (in file
    order) behind each row, and clauses that begin alike share what their beginning binds.
    The budget weighs every row derived and names the predicate being computed."""
    first = tables.first
    for group in groups:
        recursive = _recursive(group, plans)
        delta = {}
        for pred in group:
            budget.what = pred
            rows = tables.own.setdefault(pred, set())
            before, shared = len(rows), None if recursive else {}
            for plan in plans.get(pred, ()):
                new = plan.run(tables, budget, shared=shared)
                if not new:
                    continue
                new -= rows
                rows |= new
                budget.keep(len(new), len(plan.head), _made(plan, new))
                if recursive:
                    delta.setdefault(pred, set()).update(new)
                else:
                    for row in new:
                        first[(pred, row)] = plan.rule
            if len(rows) != before:
                tables.grown(pred)
        if recursive:
            _fixpoint(group, plans, tables, budget, delta)


_RECURSIVE = {}         # id of a predicate group -> (the group, whether a clause of it reads the group)


def _recursive(group, plans):
    got = _RECURSIVE.get(id(group))
    if got is None or got[0] is not group:
        if len(_RECURSIVE) > 4096:
            _RECURSIVE.clear()
        got = _RECURSIVE[id(group)] = (group, len(group) > 1 or any(
            lit.pred in group for pred in group for plan in plans.get(pred, ())
            for lit in plan.rule.body if isinstance(lit, Atom)))
    return got[1]


def _fixpoint(group, plans, tables, budget, delta):
    """The rounds after the first of a recursive group: each clause again with one recursive
    literal at a time reading only the rows the round before added (``delta``)."""
    members = set(group)
    places = {pred: [(plan, plan.recursive(members)) for plan in plans.get(pred, ())] for pred in group}
    while any(delta.values()):
        last, delta = Tables(tables.static, delta), {}
        for pred in group:
            budget.what = pred
            rows = tables.own[pred]
            before = len(rows)
            for plan, at in places[pred]:
                for i in at:
                    if last.own.get(plan.rule.body[i].pred):
                        new = plan.run(tables, budget, last, i) - rows
                        rows |= new
                        budget.keep(len(new), len(plan.head), _made(plan, new))
                        delta.setdefault(pred, set()).update(new)
            if len(rows) != before:
                tables.grown(pred)


class Partitions:
    """Every partition's tables, derived as far as questions need and kept until its input
    changes, for the ``kept`` partitions asked of last: an older one's are derived again when it is
    asked of again (its input stays), and its key is added to ``dropped`` for the owner to forget
    what it keeps of it.

    A question names the partitioned predicates it reads and, of those with a selector
    (``layout.Selector``), the values it asks for (None: every one). A selected predicate is
    derived only for the values asked of it and those its readers name or take from the
    partition's input, with what their clauses need; a later question asking for more derives
    the rest then. Its rows of one value are those every clause would give: each clause names
    one value, and no reader reads another.

    ``static_rows`` (predicate -> rows outside the partitions: tables and static answers) is set
    by the owner before the first question, and again after ``reset``. When some clause is not
    local (it joins two partitions), the partitions are evaluated as one: every question reads
    the tables of all of them together, derived again whenever any input changes.
    """

    def __init__(self, rules, groups, scope, graph, selectors, local=True, kept=KEPT):
        self.scope = scope                  # the input and partitioned predicates
        self.input = defaultdict(set)       # partition -> its (predicate, row) input and asserted facts
        self.local, self.kept, self.dropped = local, kept, []
        self._rules, self._groups, self._selectors = rules, groups, selectors
        derived = {pred for group in groups for pred in group}
        self._group_of = {pred: n for n, group in enumerate(groups) for pred in group}
        self._reads = {pred: tuple(sorted(graph.get(pred, set()) & derived)) for pred in derived}
        self._plans = {}                    # predicate -> its clauses compiled, on first use
        self._plan_at = {}                  # (selected predicate, a clause's place) -> it compiled
        self._needed = {}                   # (predicates, values asked, values read) -> what to derive
        self._reading, self._read = {}, []  # what the readers of selected predicates read <-> a number
        self._none = {pred: () for pred in scope}
        self.reset()

    def reset(self):
        """Forget every partition's tables and the static rows (the knowledge outside changed)."""
        self._states, self._all, self.static_rows, self._static_indexes = {}, {}, None, {}

    def changed(self, facts):
        """Facts ((predicate, row) pairs) on input or partitioned predicates came or went: their
        partitions start again."""
        local, inputs, states = self.local, self.input, self._states
        for fact in facts:
            key = fact[1][0] if local else None
            held = inputs[key]
            if fact in held:
                held.discard(fact)
                if not held:
                    del inputs[key]
            else:
                held.add(fact)
            states.pop(key, None)
        self._all = {}

    def static(self):
        """Tables that hold no partition."""
        return Tables(self.static_rows, self._none, self._static_indexes)

    def tables(self, key, preds, budget, asked=frozenset()):
        """The tables of the partition ``key``, with what a question on ``preds`` needs derived
        (``asked``: (selected predicate, value or None for every one) pairs)."""
        if not self.local:
            key = None
        if key not in self.input:
            return self.static()
        state = self._states.pop(key, None)
        if state is None:
            own = {}                        # a predicate not derived yet has no rows here
            for pred, row in self.input[key]:
                own.setdefault(pred, set()).add(row)
            state = _Partition(Tables(self.static_rows, own, self._static_indexes), reading=self._read_by(key))
        self._states[key] = state           # the last asked of, last
        while len(self._states) > self.kept:
            oldest = next(iter(self._states))
            del self._states[oldest]
            self.dropped.append(oldest)
        if not self._has(state, preds, asked):
            need, values = self._need(preds, asked, state.reading)
            missing = {pred: values[pred] - state.got.get(pred, set()) for pred in values}
            groups = [self._groups[n] for n in sorted({self._group_of[pred] for pred in need if (
                missing[pred] if pred in self._selectors else pred not in state.done)})]
            if groups:
                try:
                    derive(groups, self._plans_for(groups, missing), state.tables, budget)
                except BaseException:
                    del self._states[key]       # half derived: start again at the next question
                    raise
                state.done.update(p for group in groups for p in group if p not in self._selectors)
            for pred, new in missing.items():
                state.got.setdefault(pred, set()).update(new)
        return state.tables

    def _has(self, state, preds, asked) -> bool:
        """Whether a partition has derived what a question needs: a predicate derived has what it
        needs derived before it."""
        for pred in preds:
            if pred in self._selectors:
                if pred not in state.got:
                    return False
            elif pred not in state.done:
                return False
        for pred, value in asked:
            rules, got = self._selectors[pred].rules, state.got[pred]
            if (value is None and len(got) < len(rules)) or (value in rules and value not in got):
                return False
        return True

    def _read_by(self, key) -> int:
        """A number for the values the readers of the selected predicates read in a partition:
        those they name, and those they take from its input."""
        reading = []
        for pred in sorted(self._selectors):
            selector = self._selectors[pred]
            values = set(selector.named)
            for source, column in selector.taken:
                values.update(row[column] for p, row in self.input[key] if p == source)
            reading.append((pred, frozenset(values)))
        reading = tuple(reading)
        if reading not in self._reading:
            self._reading[reading] = len(self._read)
            self._read.append(dict(reading))
        return self._reading[reading]

    def _need(self, preds, asked, reading):
        """(the partitioned predicates a question on ``preds`` needs, the values of each selected
        one among them: those ``asked`` and those its readers read)."""
        got = self._needed.get((preds, asked, reading))
        if got is None:
            read = self._read[reading]
            need, values, todo = set(), {}, list(preds)
            while todo:
                pred = todo.pop()
                if pred in need or pred not in self._reads:
                    continue
                need.add(pred)
                selector = self._selectors.get(pred)
                if selector is None:
                    todo.extend(self._reads[pred])
                    continue
                wanted = set(read[pred]) | {v for p, v in asked if p == pred}
                values[pred] = set(selector.rules) if None in wanted else wanted & set(selector.rules)
                todo.extend(q for v in values[pred] for q in selector.needs[v] if q in self._reads)
            if len(self._needed) > 4096:       # questions of every shape (a server's): kept within bounds
                self._needed.clear()
            got = self._needed[(preds, asked, reading)] = (need, values)
        return got

    def _plans_for(self, groups, missing) -> dict:
        """Each predicate of the groups -> its clauses compiled: of a selected one, those of the
        values missing, in file order."""
        plans = {}
        for pred in (p for group in groups for p in group):
            selector = self._selectors.get(pred)
            if selector is None:
                if pred not in self._plans:
                    self._plans[pred] = [Plan(rule) for rule in self._rules[pred]]
                plans[pred] = self._plans[pred]
                continue
            numbers = sorted(k for v in missing[pred] for k in selector.rules[v])
            new = [k for k in numbers if (pred, k) not in self._plan_at]
            for k, rule in zip(new, self._rules.at(pred, new)):
                self._plan_at[(pred, k)] = Plan(rule)
            plans[pred] = [self._plan_at[(pred, k)] for k in numbers]
        return plans

    def every(self, preds, budget, asked=frozenset()):
        """The tables of every partition together (for a question that names none, or several),
        with what a question on ``preds`` needs derived in each."""
        if not self.local:
            return self.tables(None, preds, budget, asked)
        question = (preds, asked)
        got = self._all.get(question)
        if got is None:
            own = {pred: set() for pred in self.scope}
            for key in sorted(self.input, key=str):
                for pred, rows in self.tables(key, preds, budget, asked).own.items():
                    own[pred] |= rows
                budget.check()
            got = self._all[question] = Tables(self.static_rows, own, self._static_indexes)
        return got


@record
class _Partition:
    """One partition's tables and the predicates derived in them."""
    tables: Tables
    reading: int                                # what the readers of its selected predicates read
    done: set = field(default_factory=set)      # the predicates derived (not selected)
    got: dict = field(default_factory=dict)     # selected predicate -> the values derived
