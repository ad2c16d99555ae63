"""Fixtures of the whole suite. The tests mirror the house: tests/engine/ runs the engine on
programs of its own (no shipped knowledge), tests/knowledge/ the shipped knowledge (the
agreement tests there are marked slow), tests/regressions/ one file per bug, and the app's
tests the rest."""
import pytest

from queries import KnowledgeBase

LONGEST = ("tests/knowledge/test_pure_engine.py", "tests/knowledge/test_agreement_pydatalog_1.py",
           "tests/knowledge/test_agreement_pydatalog_2.py", "tests/knowledge/test_agreement.py")


def pytest_collection_modifyitems(items):
    """The longest files first (a minute each, measured: bench/README.md), so that the workers,
    which take the files in this order, do not end waiting on one of them."""
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in LONGEST)


@pytest.fixture(scope="session")
def kb():
    """The shipped knowledge; tests that assert facts must retract them."""
    return KnowledgeBase()


@pytest.fixture
def folder(tmp_path):
    """Write a user knowledge folder: folder({"kb/r.dl": "...", "facts/t.tsv": "..."})."""
    def make(files):
        for name, text in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return tmp_path
    return make


@pytest.fixture(autouse=True, scope="session")
def _compiled():
    """The package compiled once, when this interpreter writes no bytecode itself
    (PYTHONDONTWRITEBYTECODE): every ``liuyao`` process and sandbox worker the tests start then
    reads it instead of compiling each module again (a tenth of a second a process)."""
    import compileall
    import sys
    from pathlib import Path
    if sys.dont_write_bytecode:
        compileall.compile_dir(Path(__file__).resolve().parent.parent / "queries", quiet=1)


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Tests compute static answers afresh into a cache folder of their own."""
    import os
    os.environ["LIUYAO_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
