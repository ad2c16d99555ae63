"""The page of the regressions: a pool of one shared worker (so that every request meets the
same worker), made once for a test file, and the page's ``client`` on it (tests/web's fixture);
``form`` adds the page's token to a writing form."""
import pytest

pytest.importorskip("fastapi")

from queries.web.pool import Pool  # noqa: E402
from tests.web.conftest import CAST, client, form  # noqa: E402,F401  (the page's fixture, on this pool)


@pytest.fixture(scope="module")
def pool():
    with Pool(size=1, waiting=4, timeout=10, idle=600) as pool:
        yield pool
