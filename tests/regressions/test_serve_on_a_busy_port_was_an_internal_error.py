"""``liuyao serve`` on a port in use, or with a host that does not resolve, exited 3 (the status
of a bug of ours) with uvicorn's own lines (red team L8). The socket is now bound before anything
starts: one line naming the address, exit 2."""
import socket
import subprocess
import sys


def _serve(*args):
    return subprocess.run([sys.executable, "-m", "queries.cli", "serve", *args], capture_output=True, text=True,
                          timeout=60)


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve("--port", str(port))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"liuyao: cannot listen on 127.0.0.1:{port} (") and "another --port" in done.stderr


def test_an_unknown_host_is_one_line():
    done = _serve("--host", "256.1.1.1", "--port", "80")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith("liuyao: --host 256.1.1.1: no such address")
