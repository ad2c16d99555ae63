"""What the browser tests share: Debian's chromium driven by Playwright (nothing downloaded),
a server on a free loopback port, and the screenshots of docs/screenshots/. A module that
imports this is skipped where chromium or Playwright is missing; CI installs both (.ci/run).
"""
import os
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no chromium at {CHROMIUM} (apt-get install -y chromium fonts-noto-cjk)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install '.[test]')")

import uvicorn  # noqa: E402

from queries.web.app import create_app  # noqa: E402
from queries.web.pool import Pool  # noqa: E402

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture(scope="module")
def server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with Pool(size=2, waiting=8, timeout=10) as pool:
        config = uvicorn.Config(create_app(pool), host="127.0.0.1", port=port, log_level="warning")
        running = uvicorn.Server(config)
        thread = threading.Thread(target=running.run, daemon=True)
        thread.start()
        for _ in range(200):
            if running.started:
                break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
        running.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def shot(page, name, full_page=True):
    """Save the page as docs/screenshots/NAME.png when LIUYAO_SCREENSHOTS=1."""
    if os.environ.get("LIUYAO_SCREENSHOTS") == "1":
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)
