"""Inputs for fuzzing, made from a ``random.Random``: goals, clause text, fact tables and
``liuyao`` command lines, mostly well formed and often not. The hypothesis tests draw them
with ``st.randoms()``; ``bench/fuzz.py`` makes 100,000 of them.

>>> import random
>>> words = Words([("clash", 2), ("cast_line", 3)], ["787889"])
>>> goal(random.Random(1), words)[:6] in ("clash(", "cast_l", "~clash", "(X == ")  or True
True
"""
from __future__ import annotations

import string

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
STEMS = "甲乙丙丁戊己庚辛壬癸"
ODD = ["", " ", "\t", "\n", "\x00", "\x1b[31m", "\u2028", "\ufeff", "𝕏", "é", "'", '"', "\\", "{", "}", "%s",
       "{0.__class__}", "__import__('os')", "..", "/", "//", "-", "--", "=", ",", "&", "~", "(", ")", "#",
       "Ⅻ", "０", "-0", "1e9", "nan", "inf", "99999999999999999999999", "子" * 300, "a" * 300]
VARIABLES = ["X", "Y", "Z", "C", "P", "_", "_Q", "N", "M", "Ab", "X1"]
OPERATORS = ["==", "!=", "<", "<=", ">", ">=", "in", "not in"]
ARITHMETIC = ["+", "-", "*", "//", "%"]
COMMANDS = ["ask", "why", "why-not", "chart", "stars", "judge", "topics", "conventions", "rules", "facts",
            "check"]
GOAL_COMMANDS = {"ask", "why", "why-not"}
TOPICS = ["wealth", "office", "illness", "marriage", "lawsuit", "lost", "travel", "return", "exam", "nope",
          "財", "재물"]
PEOPLE = ["self", "father", "mother", "son", "friend", "husband", "wife", "other-party", "nobody"]
CONVENTIONS = ["zi_hour=next-day", "zi_hour=same-day", "body=world-body", "hidden_god=all-lines", "nope=1",
               "zi_hour", "=", "hidden_god=nope"]


class Words:
    """What the inputs are made of: the knowledge's predicates (name, arity), and the folders a
    command line may name (good, broken, runaway, missing …)."""

    def __init__(self, predicates, folders):
        self.predicates, self.folders = list(predicates), list(folders)


def _pick(rng, items):
    return items[rng.randrange(len(items))]


def constant(rng) -> str:
    roll = rng.random()
    if roll < 0.4:
        return repr(_pick(rng, BRANCHES + STEMS))
    if roll < 0.6:
        return str(rng.choice([0, 1, 2, 3, 6, 12, -1, 10 ** rng.randrange(1, 30)]))
    if roll < 0.7:
        return repr(_pick(rng, ["c1", "c2", "wealth", "line", "hidden", "陽", "陰", "木", "火"]))
    return repr(_pick(rng, ODD))


def term(rng, depth=0) -> str:
    roll = rng.random()
    if depth < 3 and roll < 0.2:
        return f"{term(rng, depth + 1)} {_pick(rng, ARITHMETIC)} {term(rng, depth + 1)}"
    if roll < 0.65:
        return _pick(rng, VARIABLES)
    return constant(rng)


def literal(rng, words) -> str:
    roll = rng.random()
    if roll < 0.25:
        op = _pick(rng, OPERATORS)
        if op in ("in", "not in"):
            return f"({_pick(rng, VARIABLES)} {op} ({', '.join(constant(rng) for _ in range(rng.randrange(1, 4)))},))"
        return f"({term(rng)} {op} {term(rng)})"
    name, arity = _pick(rng, words.predicates)
    if rng.random() < 0.05:
        name = name[:-1] or "zz"
    if rng.random() < 0.05:
        arity += rng.choice([-1, 1])
    atom = f"{name}({', '.join(term(rng) for _ in range(max(arity, 0)))})"
    return ("~" if roll < 0.35 else "") + atom


def goal(rng, words) -> str:
    text = " & ".join(literal(rng, words) for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])))
    return mutate(rng, text) if rng.random() < 0.2 else text


def mutate(rng, text: str) -> str:
    """Text with a random slip: a character dropped, doubled or replaced, a piece repeated."""
    if not text:
        return _pick(rng, ODD)
    i = rng.randrange(len(text))
    roll = rng.random()
    if roll < 0.25:
        return text[:i] + text[i + 1:]
    if roll < 0.5:
        return text[:i] + _pick(rng, ODD + list(string.punctuation)) + text[i:]
    if roll < 0.75:
        return text[:i] + text[i] * rng.choice([2, 50, 5000]) + text[i:]
    return text[:i] + _pick(rng, ODD) + text[i + 1:]


def clause_text(rng, words) -> str:
    """A clause file: rules and facts, with annotations, often broken."""
    lines = []
    for _ in range(rng.randrange(1, 5)):
        if rng.random() < 0.3:
            lines.append(_pick(rng, ["# @rule r.1 title", "# source: x.txt:1 quote", "# convention: c",
                                     "# @says en: {X}", "#", "  # indented"]))
        head = f"p{rng.randrange(3)}({', '.join(_pick(rng, VARIABLES[:5]) for _ in range(rng.randrange(1, 3)))})"
        if rng.random() < 0.2:
            lines.append(f"+ {head.replace('X', repr('a'))}")
        else:
            body = " & ".join(literal(rng, words) for _ in range(rng.randrange(1, 4)))
            lines.append(f"{head} <= {body}")
    text = "\n".join(lines) + "\n"
    return mutate(rng, text) if rng.random() < 0.3 else text


def table_text(rng) -> str:
    """A fact table: a header and rows, often broken."""
    columns = [_pick(rng, ["a", "b", "n:int", "x:float", "a", "", "名"]) for _ in range(rng.randrange(1, 4))]
    rows = ["\t".join(_pick(rng, ["子", "1", "", " x", "x ", "-2", "two", "\x00"]) for _ in columns)
            for _ in range(rng.randrange(0, 4))]
    text = "\n".join([_pick(rng, ["# doc", "# @extends", ""]), "\t".join(columns), *rows]) + "\n"
    return mutate(rng, text) if rng.random() < 0.3 else text


def argv(rng, words) -> list:
    """A ``liuyao`` command line."""
    command = _pick(rng, COMMANDS)
    args = [command]
    if command in GOAL_COMMANDS:
        args.append(goal(rng, words))
    elif command == "facts":
        args.append(_pick(rng, words.predicates)[0] if rng.random() < 0.8 else _pick(rng, ODD))
    elif command == "rules" and rng.random() < 0.5:
        args.append(_pick(rng, words.predicates)[0])
    elif command == "check":
        args.append(_pick(rng, words.folders))
    if command in ("chart", "stars", "judge") or (command in GOAL_COMMANDS and rng.random() < 0.5):
        args += cast_words(rng)
    if command == "judge" or (command in GOAL_COMMANDS and rng.random() < 0.2):
        args += ["--topic", _pick(rng, TOPICS)]
        if rng.random() < 0.4:
            args += ["--about", _pick(rng, PEOPLE)]
        if rng.random() < 0.2:
            args += ["--asker", _pick(rng, ["man", "woman", "child"])]
    for _ in range(rng.choice([0, 0, 1, 2])):
        args += _option(rng, command, words)
    if command != "check" and rng.random() < 0.97:         # else the default of 10 s
        args += ["--timeout", _pick(rng, ["0.3", "0.5", "1"])]
    if rng.random() < 0.05:
        i = rng.randrange(len(args))
        args[i] = mutate(rng, args[i])
    return args


def cast_words(rng) -> list:
    """The words of a cast on a command line: the lines (values, a name, coins, random) and the date."""
    roll = rng.random()
    if roll < 0.55:
        lines = ["".join(_pick(rng, "6789") for _ in range(6))]
    elif roll < 0.65:
        lines = [_pick(rng, ["山火賁", "賁", "22", "Grace", "乾為天", "nope", "0", "65"])]
        if rng.random() < 0.4:
            lines += ["--to", _pick(rng, ["地火明夷", "山火賁", "nope"])]
    elif roll < 0.75:
        lines = ["--coins", _pick(rng, ["3,2,1,0,2,1", "HHT,HTT,TTT,HHH,HTH,TTH", "1,1,1", "4,4,4,4,4,4", ""])]
    elif roll < 0.85:
        lines = ["--random"] + (["--seed", str(rng.randrange(-5, 10 ** 6))] if rng.random() < 0.7 else [])
    else:
        lines = [_pick(rng, ["7878", "7878899", "787889", "abcdef", "", "6" * 6, "9" * 300])]
    if rng.random() < 0.3:
        when = ["--at", _pick(rng, ["2024-10-08T04:00", "2024-10-08T04:00+09:00", "2024-02-29T23:30", "1500-01-01T00:00",
                                    "2024-13-01T00:00", "2024-10-08", "yesterday", "2024-03-10T02:30"])]
        if rng.random() < 0.5:
            when += ["--tz", _pick(rng, ["Asia/Seoul", "UTC", "America/New_York", "Asia", "Nope/Zone", "A" * 300, ""])]
    else:
        when = ["--month", _pick(rng, list(BRANCHES) + ["甲戌", "丙戌", "戌戌", "x", ""]),
                "--day", _pick(rng, ["乙巳", "甲子", "癸亥", "乙丑", "巳", "甲丑", ""])]
        if rng.random() < 0.3:
            when += ["--year", _pick(rng, ["甲辰", "乙巳", "甲"])]
        if rng.random() < 0.3:
            when += ["--hour", _pick(rng, ["甲子", "丙子", "戊寅", "戊子", "子"])]
    return lines + when


def _option(rng, command, words) -> list:
    roll = rng.random()
    if roll < 0.2:
        return ["--kb", _pick(rng, words.folders)]
    if roll < 0.35:
        return ["--lang", _pick(rng, ["en", "ko", "zh", "fr", ""])]
    if roll < 0.45:
        return ["--json"]
    if roll < 0.55:
        return ["--set", _pick(rng, CONVENTIONS)]
    if roll < 0.6:
        return ["--zi-hour", _pick(rng, ["next-day", "same-day", "noon"])]
    if roll < 0.65:
        return ["--memory", _pick(rng, ["1", "64", "0", "-3", "x"])]
    if roll < 0.7 and command == "why":
        return [_pick(rng, ["--depth", "--dot", "--sentences", "--expand-negations"])] + \
            ([_pick(rng, ["0", "2", "-1", "x"])] if rng.random() < 0.5 else [])
    if roll < 0.8 and command == "rules":
        return [_pick(rng, ["--grep", "--source", "--topic", "--markdown"]),
                _pick(rng, ["月破", "000:55", "illness", "", "9" * 30, "x:y"])]
    return [_pick(rng, ["--nope", "-x", "--", "--help-me", _pick(rng, ODD)])]


# ---- running them -------------------------------------------------------------------------

def run_cli(args) -> tuple:
    """``liuyao ARGS`` in this process: (exit status, stdout, stderr)."""
    import contextlib
    import io

    from queries.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:             # argparse's own --help and --version
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def faults(code, out, err) -> list:
    """What is wrong with how a command ended: an internal error, a traceback, a status other
    than 0, 1, 2, or a user error that is not one line (notes before it aside)."""
    found = []
    if code not in (0, 1, 2):
        found.append(f"exit status {code}")
    if "internal error" in err:
        found.append("internal error")
    if "Traceback" in err or "Traceback" in out:
        found.append("traceback")
    said = [line for line in err.splitlines() if not line.startswith("liuyao: note: ")]
    if code == 2 and (len(said) != 1 or not said[0].startswith("liuyao: ")):
        found.append("a user error that is not one line")
    return found


def make_folders(root) -> list:
    """User folders for command lines to name: good, broken, never ending, empty, missing, with
    a link out, with a table that extends, with a pipe."""
    import os
    from pathlib import Path
    root = Path(root)
    files = {
        "good/kb/near.dl": "# @rule near.1 near\n# convention: mine\nnear(X, Y) <= clash(X, Y) & (X != Y)\n",
        "good/facts/mine.tsv": "a\tn:int\n子\t1\n丑\t2\n",
        "broken/kb/bad.dl": "p(X) <= branch_ordr(X, _I)\nq(X) <= and_(X) and r(X)\n+ s(\n",
        "broken/facts/bad.tsv": "a\ta\n1\n",
        "runaway/kb/count.dl": "count_up(N) <= branch_order('子', N)\ncount_up(N) <= count_up(M) & (N == M + 1)\n",
        "tally/kb/tally.dl": "tally(C, N) <= cast_line(C, 1, N)\ntally(C, N) <= tally(C, M) & (N == M + 1)\n",
        "extends/facts/clash.tsv": "# @extends\na\tb\n子\t卯\n",
        "shadow/facts/clash.tsv": "a\tb\n子\t卯\n",
        "across/kb/pair.dl": "pair(C, D) <= cast_month(C, M) & cast_month(D, M) & (C != D)\n",
        "linked/kb/ok.dl": "ok(X) <= clash(X, '午')\n",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "empty").mkdir(exist_ok=True)
    if hasattr(os, "symlink") and not (root / "linked/facts").exists():
        (root / "linked/facts").mkdir()
        (root / "linked/facts/passwd.tsv").symlink_to("/etc/passwd")
    if hasattr(os, "mkfifo") and not (root / "linked/kb/pipe.dl").exists():
        os.mkfifo(root / "linked/kb/pipe.dl")
    names = ["good", "broken", "runaway", "tally", "extends", "shadow", "across", "linked", "empty", "missing"]
    return [str(root / name) for name in names] + ["", "/", "/dev/null", "x" * 300]


def make_words(root):
    from queries import KnowledgeBase
    program = KnowledgeBase().program
    return Words(sorted((pred, arity) for pred, (arity, _) in program.declared.items()) +
                 [("near", 2), ("count_up", 1), ("tally", 2), ("pair", 2), ("nope", 1)], make_folders(root))
