"""An upload stopped at the time limit was not rolled back: its file stayed in the session's
folder, the restarted worker dropped the whole folder (every rule of the session unknown while
the page still listed them), and every later rule failed (red team M7). A rule or file is now
loaded by a fresh worker from a copy of the session's folder, which becomes the session's only
when it loads: a refusal, a time limit or a stopped worker leaves the files, the rules and the
worker as they were."""
import pytest

from queries.errors import KnowledgeError, QueryTimeout
from queries.web.pool import Pool

from .programs import COUNT_UP

MINE = "line_mine(C, P) <= line_relative(C, P, '官鬼')"


def _mine(pool, session):
    with pool.worker(session) as box:
        box.cast("787889", month="戌", day="乙巳")
        return box.ask("line_mine(C, P)")


@pytest.mark.slow
def test_a_failed_upload_leaves_the_session_as_it_was():
    with Pool(size=1, waiting=0, timeout=2) as pool:
        session = pool.add_rule(None, MINE)["session"]
        folder = pool._private[session].folder
        files = sorted(p.relative_to(folder) for p in folder.rglob("*"))
        mine = _mine(pool, session)
        for upload, raised in (({"runaway.dl": COUNT_UP}, QueryTimeout), ({"bad.dl": "x(C) <= nope(C)\n"}, KnowledgeError)):
            with pytest.raises(raised):
                pool.add_files(session, upload)
            private = pool._private[session]
            assert sorted(p.relative_to(private.folder) for p in private.folder.rglob("*")) == files
            assert pool.rules(session) == [MINE] and _mine(pool, session) == mine
        pool.add_rule(session, "line_other(C, P) <= line_mine(C, P)")
        assert pool.rules(session) == [MINE, "line_other(C, P) <= line_mine(C, P)"]
        assert not [p for p in (pool.root / session).iterdir() if p != pool._private[session].folder.parent]
