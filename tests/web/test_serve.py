"""liuyao serve: its options, refused in one line when out of range."""
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "queries.cli", "serve", *args], capture_output=True, text=True,
                          timeout=60)


def test_a_bad_port_or_pool_is_one_line():
    for args, said in ((("--port", "99999"), "--port 99999"), (("--workers", "0"), "--workers 0"),
                       (("--timeout", "-1"), "--timeout")):
        done = run(*args)
        assert done.returncode == 2 and said in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_help_names_the_options():
    done = run("--help")
    assert done.returncode == 0 and all(o in done.stdout for o in ("--host", "--port", "--workers", "--timeout"))
