"""A ``liuyao serve`` of the tests' own on a free loopback port: started as the command is, its
workers' temporary folders under a folder of the test's, stopped by its own pid."""
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    base: str
    process: subprocess.Popen
    temp: str

    def pools(self) -> list:
        """The pool folders (liuyao-web-*) the server has in its temporary folder."""
        return sorted(name for name in os.listdir(self.temp) if name.startswith("liuyao-web-"))


@contextlib.contextmanager
def served(temp, *args, start=60.0):
    """The server, once it answers; ``temp`` is its TMPDIR; ``args`` more options of serve."""
    port = free_port()
    env = {**os.environ, "TMPDIR": str(temp)}
    process = subprocess.Popen([sys.executable, "-m", "queries.cli", "serve", "--port", str(port), *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + start
    try:
        while True:
            if process.poll() is not None:
                raise AssertionError(f"serve stopped: {process.stderr.read()}")
            try:
                if httpx.get(f"{base}/static/style.css", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("serve did not answer")
            time.sleep(0.2)
        yield Server(base, process, str(temp))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def token(client, base) -> str:
    """The page's CSRF token for ``client`` (an httpx.Client keeping cookies), asked of the page."""
    if "liuyao_csrf" not in client.cookies:
        client.get(f"{base}/")
    return client.cookies["liuyao_csrf"]
