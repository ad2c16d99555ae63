"""The messages: every one in the three languages with the same placeholders, every key the code
says in the table, the English the line the code prints, and a Korean or Chinese line with no
Latin words but option and command names, predicate names, file names and what the user gave."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from queries import KnowledgeBase
from queries import options
from queries.cli import main
from queries.engine.problem import Problem
from queries.errors import UserError
from queries.messages import error, line, messages, placeholders, text

ROOT = Path(__file__).resolve().parents[2]
LATIN = re.compile(r"[A-Za-z][A-Za-z_'-]*")
# Words a line may keep in every language: the program and its commands, code in examples
# (a goal, a convention setting), and what a reader types (a topic, a person, a side).
KEPT = {"liuyao", "explain", "coverage", "facts", "rules", "why-not", "why", "judge", "when", "check", "conventions", "topics", "json", "all", "student",
        "full", "month", "day", "about", "age", "born", "proof", "level", "set", "seed", "Python", "pyDatalog",
        "Ctrl-D", "Ctrl-C", "e", "p", "X", "Y", "a", "x", "n", "H", "T", "HHT", "HTT", "TTT", "HHH", "HTH", "TTH", "None",
        "Grace", "King", "Wen", "datetime", "month-broken", "not", "and", "or", "import", "f", "~p", "a-z", "@extends",
        "lunar", "values", "at", "field", "kind", "pos", "value", "line", "goal", "topic", "level", "source", "rule", "term", "grep", "FastAPI", "uvicorn", "serve", "true", "false", "batch", "SQLite",
        "journal", "list", "due", "backup", "export", "jsonl", "csv"}  # the web form's and the API's field names


def _said_keys():
    """Every message key the code names: error("k"…), text/say("k"…), key="k", ("k", {…}), Refused(…, "k")."""
    keys = set()
    said = (r'\b(?:error|text|say)\(\s*"([a-z_]+\.[a-z_.]+|did_you_mean|unknown_language|language_now)"', r'\("([a-z]+\.[a-z_]+)", \{', r'"([a-z]+\.[a-z_]+)" if ',
            r' else "([a-z]+\.[a-z_]+)"')
    raised = (r'key="([a-z_.]+)"', r'"(reader\.[a-z_]+)"', r'"(engine\.[a-z_]+)"', r'"(problem\.[a-z_0-9]+)"',
              r'"(syntax\.[a-z_]+)"', r'_malformed\("(sandbox\.[a-z_]+)"')
    for path in (ROOT / "queries").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for pattern in raised + (said if "messages import" in source else ()):
            keys.update(re.findall(pattern, source))
    return keys


def test_every_message_has_three_languages_with_the_same_placeholders():
    table = messages()
    assert len(table) > 150
    for key, names in table.items():
        assert set(names) == {"ko", "zh", "en"} and all(names.values()), key
        assert placeholders(names["ko"]) == placeholders(names["en"]) == placeholders(names["zh"]), key


def test_every_key_the_code_says_is_in_the_table():
    said = _said_keys()
    assert {"engine.unknown_predicate", "cast.tz_needs_at", "reader.bare_name", "word.errors", "problem.column_0",
            "problem.in_rule"} <= said
    assert sorted(said - set(messages())) == []


def test_a_korean_or_chinese_message_has_no_latin_words_but_names_and_code():
    known = {p for p, _ in KnowledgeBase().program.predicates()} if hasattr(KnowledgeBase().program, "predicates") \
        else set(KnowledgeBase().program.declared)
    for key, names in messages().items():
        for lang in ("ko", "zh"):
            bare = _apart(re.sub(r"\{[^}]*\}", " ", names[lang]))
            words = [w for w in re.split(r"[\s,;()（）：；，、。?？'\"]+", bare) if w]
            foreign = [w for w in (w.rstrip(":") for w in words) if LATIN.search(w) and not _kept(w, known)]
            assert foreign == [], (key, lang, foreign)


def _words_typed():
    """The words a reader types as values: topics, persons, the asker's sides, units, the
    conventions and their values."""
    kb = KnowledgeBase()
    return ({word for row in kb.match("convention_value", None, None, None) for word in row[:2]} | {t for t, *_ in kb.match("topic", None, None, None, None, None, None)}
            | {p for p, *_ in kb.match("person", None, None, None, None, None)}
            | {side for side, _ in kb.match("marriage_use", None, None)} | {"hour", "day", "month", "year"}
            | {row[1] for row in kb.match("question_option", None, None, None, None, None, None, None)}
            | {"en", "ko", "zh", "timing-horizon", "Graphviz"})


TYPED = _words_typed() | {o.word for group in (options.CAST, options.JUDGE, options.LIMITS, options.DESCRIBE,
                                                 options.PERIODS, options.SEARCH) for o in group}


def _apart(text) -> str:
    """A text with each Korean particle set apart from the Latin word it is attached to
    (``why-not이`` is the word ``why-not`` and its particle)."""
    return re.sub(r"(?<=[\x21-\x7e])(?=[가-힣])", " ", text)


def _kept(word, predicates) -> bool:
    """An option (--x), a command (:x), a metavariable or acronym (DIR, UTC), a file or code
    (with / . * = _ or digits), a predicate, or a word of KEPT."""
    return (word.startswith(("--", ":", "#", "?-")) or word.isupper() or word.strip("-").isupper()
            or any(ch in word for ch in "/.*=_[]|:0123456789") or word in predicates or word in KEPT or word in TYPED
            or word.startswith(("clash", "p(", "hidden_god", "zi_hour")))


@pytest.mark.parametrize("make", [
    lambda kb: kb.ask("clsh('子', X)"),
    lambda kb: kb.ask("clash('子', X, Y)"),
    lambda kb: kb.ask("clash(子, X)"),
    lambda kb: kb.ask("clash('子', X"),
    lambda kb: kb.ask("clash('子', X) & Y > 1"),
    lambda kb: kb.ask(""),
    lambda kb: kb.why_not("clash('子', X) & clash(X, Y)"),
])
def test_the_english_of_an_engine_message_is_its_text(make):
    with pytest.raises(UserError) as raised:
        make(KnowledgeBase())
    e = raised.value
    assert e.key in messages() and text(e.key, "en", **e.values) == str(e)
    assert line(e, "ko") != str(e) and line(e, "zh") != str(e)


def test_an_error_says_its_message_in_each_language():
    e = error("repl.no_part", n=9, count=4)
    assert str(e) == line(e) == "the last proof has no #9 (it has #1 … #4)"
    assert line(e, "ko") == "마지막 증명에 #9가 없습니다 (#1 … #4가 있습니다)"
    assert line(e, "zh") == "上一證明無 #9（有 #1 … #4）"
    assert line(UserError("plain"), "ko") == "plain"       # a message without a key keeps its text


@pytest.mark.parametrize("argv", [
    ["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "wealth", "--horizon", "week"],
    ["judge", "787889", "--month", "戌", "--day", "乙", "--topic", "wealth"],
    ["judge", "787889", "--month", "戌", "--day", "乙巳", "--topic", "marriage"],
    ["chart", "787889", "--month", "戌", "--day", "乙巳", "--tz", "Asia/Seoul"],
    ["chart", "787889", "--at", "yesterday"],
    ["chart", "78788", "--month", "戌", "--day", "乙巳"],
    ["chart", "787889", "--month", "戌", "--day", "乙巳", "--frobnicate"],
    ["ask", "clsh('子', X)"],
    ["ask", "clash(子, X)"],
    ["why-not"],
])
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_an_error_line_in_korean_or_chinese(capsys, argv, lang):
    code = main(argv + ["--lang", lang])
    out, err = capsys.readouterr()
    english = (main(argv), capsys.readouterr()[1])[1]
    assert code == 2 and out == "" and err.count("\n") == 1 and err != english
    given = set(argv)
    bare = _apart(err.removeprefix("liuyao: "))
    words = [w.rstrip(":") for w in re.split(r"[\s,;()（）：；，、。?？'\"]+", bare) if w and LATIN.search(w)]
    assert [w for w in words if not _kept(w, set()) and w not in given and not any(w in g for g in given)] == []


@pytest.mark.parametrize("lang, wanted, found", [
    ("ko", "「왕상은 암동, 휴수는 일파」", "「언제나 암동」"),
    ("zh", "「旺暗動衰日破」", "「皆為暗動」"),
    ("en", "“strong moves in secret, weak is broken”", "“always moves in secret”"),
])
@pytest.mark.parametrize("level", ["full", "student"])
def test_a_why_not_names_a_conventions_values_by_their_labels(capsys, lang, wanted, found, level):
    code = main(["why-not", "day_break(C, 3)", "787889", "--month", "戌", "--day", "乙巳", "--lang", lang,
                 "--level", level, "--set", "day_clash_static=always-hidden-motion"])
    failed = capsys.readouterr()[0].splitlines()[1]
    assert code == 0 and wanted in failed and found in failed and "always-hidden-motion" not in failed


# A folder with a problem of each kind the lint names in its own words, and a syntax error
# (the operating system's reasons stay as it gives them, so it has none of those).
BAD = {"facts/my_table.tsv": "my_x:int\tmy_y\tmy_y\n1\t甲\n乙\t丙\t丁\n3\n",
       "facts/my-table.tsv": "my_x\n甲\n",
       "kb/my_syntax.dl": "my_s(X) <= my_base(X\n",
       "kb/my.dl": "# @rule my.1 demo\nmy_head(X, Y) <= my_base(X) & ~my_neg(Z) & (W > 1)\n"
                   "my_base(X) <= branch_ordr(X, _I) & clash(X, _, _)\n+ my_fact(W)\n"
                   "my_neg(X) <= my_base(X) and my_base(X)\nmy_more(X) <= ~my_base(X) & my_base(X)\n"
                   "+ my_fact(f'甲')\n+ my_fact(my_base.x)\n"}


def _bad_folder(tmp_path):
    for name, content in BAD.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(content, encoding="utf-8")
    (tmp_path / "facts" / "my_link.tsv").symlink_to("/etc/hostname")
    return tmp_path


def _foreign(text, folder):
    """The Latin words of a Korean or Chinese text but names, code and the folder's paths."""
    bare = _apart(text.replace(str(folder), " "))
    words = [w.rstrip(":") for w in re.split(r"[\s,;()（）：；，、。?？'\"&~<=>+]+", bare) if w and LATIN.search(w)]
    return [w for w in words if not _kept(w, set())]


def test_the_english_of_a_problem_is_its_message(tmp_path):
    from queries.knowledge import check_folder
    problems = check_folder(str(_bad_folder(tmp_path)))
    assert len(problems) > 12 and all(isinstance(p, Problem) and p.key in messages() for p in problems)
    assert [text(p.key, "en", **p.values) for p in problems] == [str(p) for p in problems]


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_a_korean_or_chinese_check_of_a_bad_folder_has_no_latin_words_but_names_and_code(capsys, tmp_path, lang):
    folder = _bad_folder(tmp_path)
    code = main(["check", str(folder), "--lang", lang])
    said = capsys.readouterr()[0]
    english = (main(["check", str(folder)]), capsys.readouterr()[0])[1]
    assert code == 1 and said.count("\n") == english.count("\n") > 12
    assert [line.split(": ")[0] for line in said.splitlines()[:-1]] == \
        [line.split(": ")[0] for line in english.splitlines()[:-1]]
    assert _foreign(said, folder) == []


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_a_bad_folder_is_said_in_the_readers_language_by_ask_and_the_repl(capsys, tmp_path, lang):
    folder = _bad_folder(tmp_path)
    code = main(["ask", "clash('子', X)", "--kb", str(folder), "--lang", lang])
    err = capsys.readouterr()[1]
    assert code == 2 and err.count("\n") == 1 and _foreign(err.removeprefix("liuyao: "), folder) == []
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "queries.repl", "--lang", lang, "--timeout", "20"],
                          input=f":load {folder}\n".encode("utf-8"), capture_output=True, env=env, timeout=180)
    said = done.stdout.decode("utf-8")
    assert said.count(str(folder)) > 12 and _foreign(said.replace("liuyao", " "), folder) == []


@pytest.mark.parametrize("lang, warning", [("ko", "(경고)"), ("zh", "（警告）"), ("en", "(warning)")])
def test_the_warnings_of_a_folder_in_the_readers_language(capsys, tmp_path, lang, warning):
    (tmp_path / "w.dl").write_text("# @rule my.2 demo\nmy_w(X) <= branch_order(X, _N) & ~clash(X, Y)\n"
                                   "my_n(X, N) <= branch_order(X, N)\n"
                                   "my_n(X, N) <= my_n(X, M) & (N == M + 1)\n", encoding="utf-8")
    code = main(["check", str(tmp_path), "--lang", lang])
    said = capsys.readouterr()[0].splitlines()
    assert code == 0 and len(said) == 3 and all(line.endswith(warning) for line in said[:2])
    assert lang == "en" or _foreign("\n".join(said), tmp_path) == []


# A clause with each syntax error Python names (syntax.python is a reason no pattern knows)
SYNTAX_ERRORS = {
    "syntax.invalid": "my_p(X) <= my_q(X) &", "syntax.comma": "my_p(X) <= my_q('子' X)",
    "syntax.string": "my_p(X) <= my_q('子, X)", "syntax.unmatched": "my_p(X) <= my_q(X))",
    "syntax.never_closed": "my_p(X) <= my_q(X", "syntax.mismatch": "my_p(X) <= my_q(X]",
    "syntax.character": "my_p(X) <= my_q(『子』, X)", "syntax.unprintable": "my_p(X) <= my_q(X)\x01",
    "syntax.number": "my_p(X) <= my_q(X, 0123)", "syntax.continuation": "my_p(X) <= my_q(X) \\ x",
    "syntax.indent": "if my_p:\nmy_q", "syntax.end": "my_p(X) <= my_q(X) &\\",
    "syntax.nested": "my_p(X) <= " + "my_q(" * 250 + ")" * 250, "syntax.assign": "my_p(X) <= my_q(X) & (X = 1)",
    "syntax.colon": "my_p(X): int", "syntax.keyword": "my_p(X) <= my_q(X=1, Y)",
    "syntax.starred": "my_p(X) <= (*X)", "syntax.escape": "my_p(X) <= my_q('\\u12', X)",
}


def test_every_syntax_error_python_names_is_a_message():
    from queries.engine.reader import SYNTAX, syntax_reason
    assert sorted(SYNTAX_ERRORS) == sorted(key for _, key, _ in SYNTAX)
    assert syntax_reason("a reason of a later Python") == ("a reason of a later Python", "syntax.python",
                                                           {"reason": "a reason of a later Python"})
    assert [english.format(**values) == text(key, "en", **values) for _, key, english in SYNTAX
            for values in [{name: "(" for name in placeholders(english)}]] == [True] * len(SYNTAX)


@pytest.mark.parametrize("key", sorted(SYNTAX_ERRORS))
def test_a_syntax_error_in_a_folder_is_said_in_korean_and_chinese(tmp_path, key):
    from queries.knowledge import check_folder
    (tmp_path / "my.dl").write_text(SYNTAX_ERRORS[key] + "\n", encoding="utf-8")
    problems = [p for p in check_folder(str(tmp_path)) if p.key == "problem.syntax"]
    assert [p.values["reason"][0] for p in problems] == [key]
    assert text(problems[0].key, "en", **problems[0].values) == str(problems[0])
    for lang in ("ko", "zh"):
        said = line(problems[0], lang)
        assert said != str(problems[0]) and _foreign(said, tmp_path) == [], (lang, said)


@pytest.mark.parametrize("goal, key", [
    ("clash('子', X", "engine.goal_syntax_at"), ("clash(X) & (X = 1)", "engine.goal_syntax_at"),
    ("p(" * 2000 + ")" * 2000, "engine.goal_syntax_at"), ("clash('\ud800', X)", "engine.goal_not_text"),
])
def test_a_goal_python_cannot_read_is_said_in_korean_and_chinese(goal, key):
    with pytest.raises(UserError) as raised:
        KnowledgeBase().ask(goal)
    e = raised.value
    assert (e.key, e.values["reason"][0]) == ("engine.goal", key) and text(e.key, "en", **e.values) == str(e)
    for lang in ("ko", "zh"):
        said = line(e, lang).replace(repr(goal if len(goal) < 80 else goal[:79] + "…"), " ")
        assert _foreign(said, ROOT) == [], (lang, said)


@pytest.mark.parametrize("answer, key", [
    (("error", "UserError", "x", None, ("k",), None), "sandbox.answer_said"),
    (("error", "UserError", "x", [1], None, None), "sandbox.answer_problem"),
    (("ok", 1), "sandbox.answer_shape"),
    (("yes",), "sandbox.answer_kind"),
])
def test_a_malformed_answer_of_the_sandbox_is_said_in_korean_and_chinese(answer, key):
    from queries import sandbox
    from queries.engine import wire
    with pytest.raises(wire.Malformed) as raised:
        sandbox._check_answer(answer)
    said = raised.value.said
    assert said[0] == key and text(*said[:1], "en", **said[1]) == str(raised.value)
    for lang in ("ko", "zh"):
        stopped = text("sandbox.malformed", lang, what="ask", malformed=said, restored="")
        assert _foreign(stopped.replace("ask", " ").replace("'ok'", " "), ROOT) == [], (lang, stopped)


@pytest.mark.parametrize("request_, key", [((1,), "sandbox.request_kind"), (("ask", (), {1: 2}), "sandbox.request_names"),
                                           (("ask", ()), "sandbox.request_shape")])
def test_a_malformed_request_names_its_message(request_, key):
    from queries import sandbox
    from queries.engine import wire
    with pytest.raises(wire.Malformed) as raised:
        sandbox._check_request(request_)
    assert raised.value.said[0] == key and line(error(*raised.value.said[:1], **raised.value.said[1]), "ko") != \
        str(raised.value)
