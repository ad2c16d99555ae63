"""The page under attack and load (issue 26), on loopback: while one client runs the red team's
H1, H2, M8 and M10 against ``liuyao serve``, another client's requests are timed.

    python bench/load.py [--seconds 20] [--workers 2] [--calm]

The attacker is the address 127.0.0.2 (a client of its own, as another machine would be):
- H1: a session with a rule that never ends, and 20 threads looping its goal on the session;
- H2: 5 threads posting bodies of 200 MB (with a Content-Length and without);
- M8: 8 refused first rules, then 10 threads looping ``POST /api/judge`` (proof, Korean);
- M10: 4 threads looping a goal of 216,000 answers (16 MB).
The other client (127.0.0.1) loops a chart page, ``POST /api/chart``, a goal, a static file,
and adds a rule of its own at the end. Printed: the other client's count, median, p95 and
maximum per request, its statuses, the attacker's statuses, and the server's peak resident
memory (VmHWM, the server process alone: the workers are processes of their own); ``--calm``
times the other client alone, for comparison. The test
``tests/web/test_load.py`` runs the same, shorter, and asserts the other client's requests all
completed without a 5xx and the server stayed under 600 MB; the times are reported here only.
"""
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path[0] = str(Path(__file__).resolve().parent.parent)   # bench/calendar.py must not hide the standard calendar

import argparse  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402

CAST = {"values": "787889", "month": "戌", "day": "乙巳"}
TALLY = ("tally(C, N) <= cast_line(C, 1, N)", "tally(C, N) <= tally(C, M) & (N == M + 1)")
BIG = "sexagenary(P, A, B, O) & sexagenary(Q, X, D, O2) & sexagenary(R, E, F, O3)"
ATTACKER, OTHER = "127.0.0.2", "127.0.0.1"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(workers, timeout, temp):
    """``liuyao serve`` as a process of its own: (process, base URL), once it answers."""
    import httpx
    port = _port()
    process = subprocess.Popen([sys.executable, "-m", "queries.cli", "serve", "--port", str(port),
                                "--workers", str(workers), "--timeout", str(timeout)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TMPDIR": temp}, cwd=Path(__file__).resolve().parent.parent)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{base}/static/style.css", timeout=2).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"serve did not start: {process.stderr.read()}")


def _peak_mb(pid) -> float:
    """The peak resident memory of a process so far (VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def _client(address, **options):
    import httpx
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=60, **options)


def _token(client, base) -> str:
    client.get(f"{base}/")
    return client.cookies["liuyao_csrf"]


def _attack(base, stop, seen):
    """Every attack, each in threads of its own, until ``stop``; ``seen`` counts their statuses."""
    import httpx
    lock = threading.Lock()

    def count(what, status):
        with lock:
            seen[f"{what} {status}"] += 1

    def loop(what, send):
        with _client(ATTACKER) as client:
            while not stop.is_set():
                try:
                    count(what, send(client).status_code)
                except httpx.HTTPError as e:
                    count(what, type(e).__name__)

    with _client(ATTACKER) as owner:
        token = _token(owner, base)
        for rule in TALLY:
            owner.post(f"{base}/rule", data={**CAST, "rule": rule, "csrf": token})
        session = owner.cookies["liuyao_session"]
        for i in range(8):                                  # M8: refused first rules
            fresh = _client(ATTACKER)
            count("M8 refused rule", fresh.post(f"{base}/rule", data={**CAST, "rule": f"broken{i}(X) <= nope(X",
                                                                      "csrf": _token(fresh, base)}).status_code)
            fresh.close()

    def h1(client):
        return client.post(f"{base}/api/ask", json={**CAST, "goal": "tally(C, N)"},
                           headers={"cookie": f"liuyao_session={session}"})

    def h2(client, declared):
        def body():
            chunk = b"a" * 65536
            for _ in range(200 * 16):
                yield chunk
        headers = {"content-type": "application/x-www-form-urlencoded"}
        if declared:
            headers["content-length"] = str(200 * 2 ** 20)
        return client.post(f"{base}/rule", content=body(), headers=headers)

    def m8(client):
        return client.post(f"{base}/api/judge", json={**CAST, "topic": "wealth", "proof": True, "lang": "ko"})

    def m10(client):
        return client.post(f"{base}/api/ask", json={"goal": BIG})

    attacks = [("H1", h1)] * 20 + [("H2", lambda c: h2(c, True))] * 3 + [("H2", lambda c: h2(c, False))] * 2 + \
        [("M8", m8)] * 10 + [("M10", m10)] * 4
    threads = [threading.Thread(target=loop, args=attack, daemon=True) for attack in attacks]
    for thread in threads:
        thread.start()
    return threads


def _other(base, stop, times, statuses, errors):
    """The other client, one request at a time, until ``stop``; then a rule of its own."""
    import httpx
    asks = [("page", lambda c: c.get(f"{base}/chart", params=CAST)),
            ("api chart", lambda c: c.post(f"{base}/api/chart", json=CAST)),
            ("api ask", lambda c: c.post(f"{base}/api/ask", json={**CAST, "goal": "line_relative(C, 3, R)"})),
            ("static", lambda c: c.get(f"{base}/static/style.css"))]
    with _client(OTHER) as client:
        while not stop.is_set():
            for name, ask in asks:
                start = time.perf_counter()
                try:
                    status = ask(client).status_code
                except httpx.HTTPError as e:
                    errors.append(f"{name}: {type(e).__name__}")
                    continue
                times.setdefault(name, []).append(time.perf_counter() - start)
                statuses[f"{name} {status}"] += 1
        start = time.perf_counter()
        try:
            status = client.post(f"{base}/rule", data={**CAST, "rule": "line_mine(C, P) <= line_relative(C, P, '官鬼')",
                                                        "csrf": _token(client, base)}).status_code
            times.setdefault("own rule", []).append(time.perf_counter() - start)
            statuses[f"own rule {status}"] += 1
        except httpx.HTTPError as e:
            errors.append(f"own rule: {type(e).__name__}")


def run(seconds=20.0, workers=2, timeout=5, attack=True):
    """The scenario (without the attacks when not ``attack``): {"times": name -> [s],
    "statuses", "errors", "attacks", "peak_mb"}."""
    with tempfile.TemporaryDirectory() as temp:
        process, base = _serve(workers, timeout, temp)
        try:
            stop, seen, times, statuses, errors = threading.Event(), Counter(), {}, Counter(), []
            threads = _attack(base, stop, seen) if attack else []
            time.sleep(1.0)                                 # the attacks under way
            until = threading.Timer(seconds, stop.set)
            until.start()
            _other(base, stop, times, statuses, errors)
            stop.set()
            for thread in threads:
                thread.join(timeout + 30)
            peak = _peak_mb(process.pid)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
    return {"times": times, "statuses": statuses, "errors": errors, "attacks": seen, "peak_mb": peak}


def main():
    args = argparse.ArgumentParser()
    args.add_argument("--seconds", type=float, default=20)
    args.add_argument("--workers", type=int, default=2)
    args.add_argument("--calm", action="store_true", help="the other client alone")
    args = args.parse_args()
    found = run(args.seconds, args.workers, attack=not args.calm)
    print("| the other client | requests | median s | p95 s | max s |")
    print("|---|---|---|---|---|")
    for name, times in found["times"].items():
        times = sorted(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"| {name} | {len(times)} | {statistics.median(times):.3f} | {p95:.3f} | {times[-1]:.3f} |")
    print(f"\nthe other client's statuses: {dict(sorted(found['statuses'].items()))}; errors: {found['errors']}")
    print(f"the attacker's statuses: {dict(sorted(found['attacks'].items()))}")
    print(f"the server's peak resident memory: {found['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
