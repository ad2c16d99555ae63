"""Uploading a file name the session already had replaced the file silently, and the page listed
it twice, though ``Pool.add_files`` said such a name is refused (red team L9). It is refused,
with one line naming the file, and the session keeps the first."""
import pytest

from queries.errors import UserError
from queries.web.pool import Pool


def test_a_second_upload_of_a_name_is_refused():
    with Pool(size=1, waiting=0) as pool:
        session = pool.add_files(None, {"same.dl": "+ same('first')\n"})["session"]
        with pytest.raises(UserError, match="^file 'same.dl': the session already has a file of that name"):
            pool.add_files(session, {"same.dl": "+ same('second')\n"})
        with pool.worker(session) as box:
            assert box.ask("same(X)") == [("first",)]
        assert pool.rules(session) == ["kb/same.dl"]
