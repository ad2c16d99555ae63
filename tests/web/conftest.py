import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from queries.web.app import create_app  # noqa: E402
from queries.web.pool import Pool  # noqa: E402

CAST = {"values": "787889", "month": "戌", "day": "乙巳"}
BROKEN = {"values": "787889", "month": "申", "day": "乙巳"}      # line 6 寅 is 月破 in a 申 month


@pytest.fixture(scope="module")
def pool():
    with Pool(size=2, waiting=4, timeout=10, idle=600) as pool:
        yield pool


@pytest.fixture(scope="module")
def client(pool):
    with TestClient(create_app(pool)) as client:
        yield client


def form(client, data):
    """A writing form's fields with the page's token (a page is asked for first when the client
    has no token yet), as the page's own forms post them."""
    if "liuyao_csrf" not in client.cookies:
        client.get("/")
    return {**data, "csrf": client.cookies["liuyao_csrf"]}
