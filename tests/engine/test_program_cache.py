"""The program cache: a program of no user folder, read and linted, kept as checked JSON beside
the static answers, so that a process whose files are unchanged neither parses nor lints them."""
import json
import pickle
import shutil

import pytest

from queries.engine import Cache, Folder, KnowledgeBase, Options, cache as cache_module, program as program_module
from queries.engine.cache import ENTRIES

from .programs import BASE


@pytest.fixture
def fresh(monkeypatch):
    """Each read as by a new process: nothing kept in this one."""
    def forget():
        monkeypatch.setattr(program_module, "_PROGRAMS", type(program_module._PROGRAMS)())
        monkeypatch.setattr(program_module, "_FOLDERS", type(program_module._FOLDERS)())
        monkeypatch.setattr(cache_module, "_READ", {})
    forget()
    return forget


def _open(store, folder=BASE):
    return KnowledgeBase([folder], options=Options(cache=Cache(store)))


def _entry(store):
    (entry,) = (store / ENTRIES).glob("program-*.json")
    return entry


def _refuse(monkeypatch):
    """Reading a clause file or a table, or linting, fails the test."""
    def never(*args, **kwargs):
        raise AssertionError("parsed or linted on a warm cache")
    for name in ("parse_text", "read_table", "program_problems"):
        monkeypatch.setattr(program_module, name, never)


def test_a_warm_process_parses_and_lints_no_file(tmp_path, fresh, monkeypatch):
    cold = _open(tmp_path)
    assert _entry(tmp_path).stat().st_size > 0
    fresh()
    _refuse(monkeypatch)
    warm = _open(tmp_path)
    assert warm.program is not cold.program
    unread = warm.program.rules                     # a proof pickles with its rules (test_session)
    assert "title" not in vars(unread[0].info) and pickle.loads(pickle.dumps(unread)) == cold.program.rules
    for part in ("rules", "facts", "tables", "declared", "sources", "warnings"):
        assert getattr(warm.program, part) == getattr(cold.program, part), part
    assert [r.info for r in warm.program.rules] == [r.info for r in cold.program.rules]
    assert [(f.where, f.origin, f.notes) for f in warm.program.facts] == \
        [(f.where, f.origin, f.notes) for f in cold.program.facts]
    assert warm.ask("harm(X, Y)") == cold.ask("harm(X, Y)") != []
    assert warm.explain("clash('子', '午')") == cold.explain("clash('子', '午')")


def test_a_changed_file_is_read_again(tmp_path, fresh):
    copy = Folder(shutil.copytree(BASE.path, tmp_path / "base"), "", "base")
    assert _open(tmp_path / "store", copy).ask("clash('子', X)") == [("午",)]
    rules = copy.path / "kb" / "branches.dl"
    rules.write_text(rules.read_text(encoding="utf-8").replace("(I + 6) % 12", "(I + 3) % 12"), encoding="utf-8")
    fresh()
    assert _open(tmp_path / "store", copy).ask("clash('子', X)") == [("卯",)]
    assert len(list((tmp_path / "store" / ENTRIES).glob("program-*.json"))) == 2


def _lines(entry):
    """An entry's head and its parts, as JSON."""
    head, *parts = entry.read_text(encoding="utf-8").split("\n")
    return json.loads(head), [json.loads(part) for part in parts]


def _text(head, parts):
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in (head, *parts))


def _forged(head, parts):
    """Entries not of the form the cache writes: a head that is not, or a part that is not (the
    part of ``clash``, which the test asks)."""
    program = head["program"]
    n = program["predicates"].index("clash")
    part = parts[n]
    rule = part["rules"][0]
    rule_head = rule[0]

    def with_part(**changed):
        return _text(head, [*parts[:n], {**part, **changed}, *parts[n + 1:]])

    def with_rule(changed):
        return with_part(rules=[changed, *part["rules"][1:]])

    m = len(program["predicates"]) + n          # the annotations of clash's rules

    def with_annotations(changed):
        return _text(head, [*parts[:m], changed, *parts[m + 1:]])
    return {
        "not json": "{not json",
        "not an object": "[]",
        "another key": _text({**head, "key": "0" * 32}, parts),
        "another format": _text({**head, "format": "0"}, parts),
        "no program": _text({k: v for k, v in head.items() if k != "program"}, parts),
        "a part of the head missing": _text({**head, "program": {k: v for k, v in program.items() if k != "graph"}},
                                            parts),
        "a part missing": _text(head, parts[:-1]),
        "a part not json": _text(head, parts).replace(json.dumps(part, ensure_ascii=False), "{not json"),
        "a part of another predicate": _text(head, [*parts[:n], parts[n + 1], parts[n + 1], *parts[n + 2:]]),
        "an order that does not fit": _text({**head, "program": {**program, "order": {
            **program["order"], "rules": [["clash", 99]]}}}, parts),
        "a value of another type": with_rule([[rule_head[0], [True, None], False], *rule[1:]]),
        "code as a term": with_rule([[rule_head[0], [["__import__", "os"]], False], *rule[1:]]),
        "an unknown comparison": with_rule([rule_head, [["c", "is", ["v", "X"], 1]], *rule[2:]]),
        "an empty body": with_rule([rule_head, [], *rule[2:]]),
        "a negative line": with_rule([*rule[:3], -1, *rule[4:]]),
        "annotations not of the form": with_annotations([["x"]]),
        "annotations of another rule": with_annotations([["another.rule", *parts[m][0][1:]], *parts[m][1:]]),
        "annotations for fewer rules": with_annotations(parts[m][1:]),
    }


def _forged_tables(head, parts):
    """A table's part not of the form (that of ``branch_order``, which ``clash`` reads)."""
    n = head["program"]["predicates"].index("branch_order")
    part = parts[n]
    table = part["tables"][0]
    return {
        "a row of another width": _text(head, [*parts[:n], {**part, "tables": [[*table[:5], [[["子"], 3, []]]]]},
                                               *parts[n + 1:]]),
        "a table that is not there": _text(head, [*parts[:n], {**part, "facts": [[99, "base"]]}, *parts[n + 1:]]),
    }


def test_a_malformed_entry_is_read_again_from_the_files(tmp_path, fresh):
    cold = _open(tmp_path)
    entry = _entry(tmp_path)
    good = entry.read_text(encoding="utf-8")
    head, parts = _lines(entry)
    for name, forged in {**_forged(head, parts), **_forged_tables(head, parts)}.items():
        entry.write_text(forged, encoding="utf-8")
        fresh()
        kb = _open(tmp_path)
        assert kb.ask("clash('子', X)") == [("午",)], name
        assert kb.program.rules == cold.program.rules and kb.program.facts == cold.program.facts, name
        assert entry.read_text(encoding="utf-8") == good, name     # written again


def test_a_warm_process_reads_only_the_parts_it_needs(tmp_path, fresh, monkeypatch):
    from queries.engine.stored import StoredProgram
    _open(tmp_path)
    read, decode = [], StoredProgram._decode
    monkeypatch.setattr(StoredProgram, "_decode", lambda self, pred, part: read.append(pred) or decode(self, pred, part))
    fresh()
    kb = _open(tmp_path)
    assert kb.ask("clash('子', X)") == [("午",)]
    assert "clash" in read and "harm" not in read and len(read) < len(kb.program.preds)


def test_a_warm_process_makes_a_fact_of_a_row_and_reads_an_annotation_when_shown(tmp_path, fresh, monkeypatch):
    from queries.engine import stored
    cold = _open(tmp_path)
    fresh()
    made, annotations = [], []
    monkeypatch.setattr(stored, "Fact", lambda *args: made.append(args[0].pred) or cold.program.facts[0].__class__(*args))
    read = stored._rule_info
    monkeypatch.setattr(stored, "_rule_info", lambda item: annotations.append(item[0]) or read(item))
    kb = _open(tmp_path)
    assert kb.ask("clash('子', X)") == [("午",)] and made == [] and annotations == []
    proof = kb.explain("clash('子', '午')")
    assert proof == cold.explain("clash('子', '午')")
    assert sorted(made) == sorted(leaf.pred for leaf in _leaves(proof) if leaf.kind == "fact") != []
    assert annotations == [proof.rule.id]


def _leaves(proof):
    return [proof] if not proof.children else [leaf for child in proof.children for leaf in _leaves(child)]


def test_a_user_folder_is_read_as_before(tmp_path, fresh, folder):
    mine = folder({"mine/extra.dl": "extra(X) <= clash(X, '午')\n"}) / "mine"
    KnowledgeBase([BASE, mine], options=Options(cache=Cache(tmp_path / "store")))
    assert not list((tmp_path / "store" / ENTRIES).glob("program-*.json"))


def test_a_program_read_from_the_cache_meets_the_shapes_as_each_predicate_is_read(tmp_path, fresh):
    from queries.engine import KnowledgeError
    from queries.engine.shapes import Shape
    from .programs import write
    app = Folder(write(tmp_path / "app", {"label.tsv": "id\tword\nyes\t예\n", "cast.tsv": "chart\tid\n",
                                         "word.dl": "word(C, 'yes') <= cast(C, X) & label(X, W)\n"
                                                    "word(C, 'zz') <= cast(C, X) & label(X, W)\n"
                                                    "other(C, X) <= cast(C, X)\n"}), "", "app")
    options = Options(cache=Cache(tmp_path / "store"), shapes=(Shape("word", 0, ((2, "label"),)),))
    with pytest.raises(KnowledgeError, match="'zz' has no row in label"):
        KnowledgeBase([app], options=options)          # parsed: the whole program linted at once
    fresh()
    kb = KnowledgeBase([app], options=options)         # read from the cache: each predicate as it is read
    kb.assert_fact("cast", "c1", "yes")
    assert kb.program.lazy and kb.ask("other('c1', X)") == [("yes",)]
    with pytest.raises(KnowledgeError, match="'zz' has no row in label"):
        kb.ask("word('c1', Y)")


def test_a_warm_process_reads_the_clauses_of_a_selected_predicate_for_the_values_asked(tmp_path, fresh):
    from .test_forward import SAYS
    from .programs import write
    says = Folder(write(tmp_path / "says", SAYS), "", "says")
    cold = KnowledgeBase([says], options=Options(cache=Cache(tmp_path / "store")))
    fresh()
    warm = KnowledgeBase([says], options=Options(cache=Cache(tmp_path / "store")))
    assert warm.program.lazy and warm.program.layout == cold.program.layout
    for kb in (cold, warm):
        kb.assert_fact("topic", "a", "rain")
        kb.assert_fact("seen", "a", "p")
    assert warm.ask("said('a', X)") == cold.ask("said('a', X)") == [("p",)]
    read = lambda: [rule is not None for rule in warm.program._read["say"][3]]
    assert read() == [True, False, True] and "bright" not in warm.program._read
    assert sorted(warm.program._read["say"][2]._read) == [("any", 0), ("rain", 0)]    # the lines of two values
    assert warm.program.rules_naming("say", 1, "sun") == cold.program.rules_naming("say", 1, "sun") != []
    assert read() == [True, True, True] and warm.program.rules_of("say") == cold.program.rules_of("say")
    assert [r.info for r in warm.program.rules_of("say")] == [r.info for r in cold.program.rules_of("say")]
    entry = _entry(tmp_path / "store")
    good = entry.read_text(encoding="utf-8")
    head, parts = _lines(entry)
    sun_rules, sun_infos = parts[-2], parts[-1]            # the last value's two lines
    for forged in ([*parts[:-2], [["x"]], sun_infos], [*parts[:-2], [], sun_infos],
                   [*parts[:-1], [["another.rule", *sun_infos[0][1:]]]]):
        entry.write_text(_text(head, forged), encoding="utf-8")
        fresh()
        kb = KnowledgeBase([says], options=Options(cache=Cache(tmp_path / "store")))
        assert kb.program.rules_naming("say", 1, "sun") == cold.program.rules_naming("say", 1, "sun")
        assert [r.info for r in kb.program.rules_of("say")] == [r.info for r in cold.program.rules_of("say")]
        assert entry.read_text(encoding="utf-8") == good       # written again
