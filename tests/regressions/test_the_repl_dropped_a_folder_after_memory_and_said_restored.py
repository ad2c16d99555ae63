"""After ``:memory 160`` the REPL's worker started again without the folder that no longer fit
under the new limit, and still said "the session restored"; the next question met "unknown
predicate big/1" (red team L11). The REPL now says what could not be restored."""
import io

import pytest

pytestmark = pytest.mark.slow

BIG = "".join(f"+ dg('{i:02d}')\n" for i in range(40)) + \
    "big(S) <= dg(A) & dg(B) & dg(D) & (S == ('x' * 4000) + A + B + D)\n"      # about 260 MB of texts


def test_memory_says_the_folder_it_dropped(folder, liuyao, monkeypatch):
    path = folder({"kb/m.dl": BIG})
    monkeypatch.setattr("sys.stdin", io.StringIO(":memory 160\n"))
    code, out, err = liuyao("repl", "--kb", path, "--timeout", "60")
    said = next(line for line in out.splitlines() if line.startswith("memory limit: 160 MB"))
    assert "the session restored" not in said and "not all was restored" in said
    assert "computing big needed more than the limit of 160 MB" in said and str(path) in said
