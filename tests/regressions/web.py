"""The page of the regressions: a pool of one shared worker and the application on it (a
TestClient), made once for a test file; ``form`` adds the page's token to a writing form."""
import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from queries.web.app import create_app  # noqa: E402
from queries.web.pool import Pool  # noqa: E402
from tests.web.conftest import CAST, form  # noqa: E402,F401


@pytest.fixture(scope="module")
def pool():
    with Pool(size=1, waiting=4, timeout=10, idle=600) as pool:
        yield pool


@pytest.fixture(scope="module")
def client(pool):
    with TestClient(create_app(pool)) as client:
        yield client
