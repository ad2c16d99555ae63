"""Speed of the web page and the API (``liuyao serve``), on loopback; prints a table.

    python bench/web.py [--requests 200] [--seconds 60]

Server time (the ``Server-Timing`` header: from the request read to the response made) of a
chart page, a mark's proof fragment and a judgment page, over casts of 60 seeds, after one
warm-up each; then requests per second of ``POST /api/chart`` with 8 concurrent clients (at most
``--requests`` requests and ``--seconds`` seconds). Targets (issue 18): a chart page under
100 ms server time, a proof fragment under 50 ms. The pool has 2 workers (this machine's cores).
"""
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)   # bench/calendar.py must not hide the standard calendar

import argparse  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402


def _server(pool):
    import uvicorn
    from queries.web.app import create_app
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(pool), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def _ms(response) -> float:
    response.raise_for_status()
    return float(response.headers["server-timing"].split("dur=")[1])


def _row(name, times, target=None):
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    goal = f"{target} ms" if target else ""
    print(f"| {name} | {len(times)} | {statistics.median(times):.1f} | {p90:.1f} | {max(times):.1f} | {goal} |")


def main():
    import httpx
    from queries.web.pool import Pool
    args = argparse.ArgumentParser()
    args.add_argument("--requests", type=int, default=200)
    args.add_argument("--seconds", type=float, default=60)
    args = args.parse_args()
    with Pool(size=2, waiting=16, timeout=10) as pool:
        server, base = _server(pool)
        casts = [{"random": "1", "seed": str(seed), "month": "申", "day": "乙巳"} for seed in range(60)]
        with httpx.Client(base_url=base, timeout=30) as client:
            for path in ("/chart", "/mark"):
                client.get(path, params={**casts[0], "field": "relative", "pos": "1", "value": "-"})
            page, proof, judged = [], [], []
            for cast in casts:
                page.append(_ms(client.get("/chart", params=cast)))
                data = client.post("/api/chart", json={**cast, "random": True, "seed": int(cast["seed"])}).json()
                line = data["lines"][0]
                proof.append(_ms(client.get("/mark", params={**cast, "field": "relative", "kind": "line", "pos": "1",
                                                             "value": line["relative"]},
                                            headers={"HX-Request": "true"})))
                judged.append(_ms(client.get("/chart", params={**cast, "topic": "wealth"})))
        print("| server time, ms | requests | median | p90 | max | target |")
        print("|---|---|---|---|---|---|")
        _row("chart page", page, 100)
        _row("proof fragment (a mark)", proof, 50)
        _row("judgment page (chart and question)", judged)
        body = {"values": "787889", "month": "戌", "day": "乙巳"}
        stop = time.monotonic() + args.seconds
        counts = {"ok": 0, "busy": 0, "other": 0}
        lock = threading.Lock()
        left = [args.requests]

        def client_loop(_):
            with httpx.Client(base_url=base, timeout=30) as client:
                while time.monotonic() < stop:
                    with lock:
                        if left[0] <= 0:
                            return
                        left[0] -= 1
                    status = client.post("/api/chart", json=body).status_code
                    with lock:
                        counts["ok" if status == 200 else "busy" if status == 503 else "other"] += 1

        start = time.perf_counter()
        with ThreadPoolExecutor(8) as clients:
            list(clients.map(client_loop, range(8)))
        wall = time.perf_counter() - start
        done = sum(counts.values())
        print(f"\nPOST /api/chart, 8 concurrent clients: {done} requests in {wall:.1f} s, "
              f"{counts['ok'] / wall:.1f} answered per second ({counts['ok']} 200, {counts['busy']} 503, "
              f"{counts['other']} other)")
        server.should_exit = True


if __name__ == "__main__":
    main()
