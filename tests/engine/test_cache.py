"""The cache of static answers: plain JSON in a private folder, checked on the way in, never
run, never in the way."""
import json
import os
import pickle
import stat

from queries.engine import Cache, Options
from queries.engine.cache import ENTRIES

from .programs import BASE, with_base


def _open(folder, **cache):
    return with_base(options=Options(cache=Cache(folder, **cache)))


def _entry(folder):
    (entry,) = (folder / ENTRIES).glob("static-*.json")
    return entry


def test_static_answers_are_cached_and_reused(tmp_path):
    _open(tmp_path)
    cached = _entry(tmp_path)
    data = json.loads(cached.read_text(encoding="utf-8"))
    assert ["子", "午"] in data["answers"]["clash"]
    assert sorted(data["answers"]) == ["clash", "combination", "harm"]
    data["answers"]["clash"] = [["子", "卯"]]          # a well-formed entry is trusted as the engine's own
    cached.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert _open(tmp_path).ask("clash('子', X)") == [("卯",)]


def _forged(data):
    answers = dict(data["answers"])
    return {
        "not json": "{not json",
        "not text": b"\xff\xfe\x00",
        "deeply nested": "[" * 100000 + "]" * 100000,
        "not an object": "[]",
        "a value of another type": {**data, "answers": {**answers, "clash": [[True, None]]}},
        "a row of another arity": {**data, "answers": {**answers, "clash": [["子"]]}},
        "a predicate missing": {**data, "answers": {k: v for k, v in answers.items() if k != "clash"}},
        "a predicate more": {**data, "answers": {**answers, "other": []}},
        "another format": {**data, "format": "1"},
        "another key": {**data, "key": "0" * 32},
        "rows not a list": {**data, "answers": {**answers, "clash": "子午"}},
    }


def test_a_malformed_or_stale_entry_is_computed_again(tmp_path):
    _open(tmp_path)
    cached = _entry(tmp_path)
    good = json.loads(cached.read_text(encoding="utf-8"))
    for name, forged in _forged(good).items():
        if isinstance(forged, bytes):
            cached.write_bytes(forged)
        else:
            cached.write_text(forged if isinstance(forged, str) else json.dumps(forged), encoding="utf-8")
        assert _open(tmp_path).ask("clash('子', X)") == [("午",)], name
        assert json.loads(_entry(tmp_path).read_text(encoding="utf-8")) == good, name


class _Plant:
    """Unpickling this writes the marker file: proof that a pickle ran."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


def test_a_planted_pickle_never_runs(tmp_path):
    folder, marker = tmp_path / "cache", tmp_path / "marker"
    _open(folder)
    key = _entry(folder).name[len("static-"):-len(".json")]
    payload = pickle.dumps(_Plant(marker))
    for name in (f"static-{key}.json", f"static-{key}.pickle", f"program-{key}.pickle"):
        (folder / ENTRIES / name).write_bytes(payload)
    assert _open(folder).ask("clash('子', X)") == [("午",)]
    assert not marker.exists(), "a pickle in the cache ran"
    assert sorted(p.name for p in (folder / ENTRIES).iterdir() if not p.name.startswith("program-")) == \
        [f"static-{key}.json"]          # the pickles removed unread (the program's entry may be there too)
    pickle.loads(payload)
    assert marker.exists()              # the control: the payload does run when unpickled


def test_the_folder_is_made_private(tmp_path):
    folder = tmp_path / "a" / "cache"
    _open(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / ENTRIES).stat().st_mode) == 0o700
    assert stat.S_IMODE(_entry(folder).stat().st_mode) & 0o077 == 0


def test_a_folder_of_another_owner_is_not_used_and_said_once(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    uid = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: uid + 1)
    assert _open(folder).ask("clash('子', X)") == [("午",)]
    assert _open(folder).ask("clash('子', X)") == [("午",)]
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and str(folder) in lines[0] and "without a cache" in lines[0]
    assert list(folder.iterdir()) == []


def test_a_folder_others_may_write_to_is_not_used(tmp_path, capsys):
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(0o777)
    assert _open(folder).ask("clash('子', X)") == [("午",)]
    assert "without a cache" in capsys.readouterr().err
    assert list(folder.iterdir()) == []


def test_a_folder_that_cannot_be_made_is_done_without(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert _open(tmp_path / "file" / "sub").ask("clash('子', X)") == [("午",)]
    assert capsys.readouterr().err == ""


def test_an_entry_that_is_a_pipe_does_not_block(tmp_path):
    _open(tmp_path)
    cached = _entry(tmp_path)
    cached.unlink()
    os.mkfifo(cached)
    assert _open(tmp_path).ask("clash('子', X)") == [("午",)]
    assert stat.S_ISREG(cached.stat().st_mode)


def test_the_oldest_entries_go_past_the_size_bound(tmp_path, folder):
    cache = tmp_path / "cache"
    _open(cache)
    entries = [_entry(cache).name]
    bound = int(_entry(cache).stat().st_size * 2.5)     # room for two entries, not three
    for i in range(3):
        os.utime(cache / ENTRIES / entries[-1], (1000 + i, 1000 + i))     # each older than the next
        program = folder({f"p{i}/extra.dl": f"extra(X) <= clash(X, '午') & branch_order(X, {i})\n"}) / f"p{i}"
        with_base(program, options=Options(cache=Cache(cache, limit=bound)))
        (new,) = {p.name for p in (cache / ENTRIES).glob("static-*.json")} - set(entries)
        entries.append(new)
    assert sorted(p.name for p in (cache / ENTRIES).glob("static-*")) == sorted(entries[-2:])


def test_the_key_follows_the_knowledge_and_the_version(tmp_path, folder):
    a, b = Cache(tmp_path, version="1"), Cache(tmp_path, version="2")
    base = with_base().program
    more = with_base(folder({"x.dl": "x(X) <= clash(X, '午')\n"})).program
    assert a.key(base) == a.key(with_base().program)
    assert len({a.key(base), b.key(base), a.key(more)}) == 3


def test_no_cache_without_options(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert with_base().options.cache is None
    assert list(tmp_path.iterdir()) == [] and BASE.path.is_dir()
