"""``liuyao batch`` on many rows: rows a second and the pool's resident memory as it goes.

    python bench/batch.py [--rows 100000] [--jobs 2] [--every 1000]

Writes ROWS rows (random line values at fixed pillars, one of nine topics each, seed 1) to a
temporary file, runs ``liuyao batch`` on them as a process of its own, and every half second
adds up the resident memory (VmRSS) of that process and of its workers. Prints, every EVERY rows
written, the rows done, the rate and that memory; at the end the rate over the whole run and
the memory's growth from the first EVERY rows to its largest after them (issue 33: at most
50 MB over 100,000 rows). Run it on an idle machine as far as one can; it takes the cores given.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
DAYS = ("甲子", "乙巳", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉", "甲戌", "丙子", "戊寅")
TOPICS = ("wealth", "office", "illness", "house", "lost", "travel", "lawsuit", "exam", "self")


def rows(n):
    rng = random.Random(1)
    for i in range(n):
        yield {"values": "".join(rng.choice("6789") for _ in range(6)), "month": BRANCHES[i % 12],
               "day": DAYS[i % len(DAYS)], "topic": TOPICS[i % len(TOPICS)]}


def resident_mb(pid) -> float:
    """The resident memory of a process and of its children, in MB (0 for one that has gone)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if entry.name == str(pid) or fields.get("PPid", "").strip() == str(pid):
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=1000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="liuyao-batch-"))
    source, out = folder / "in.jsonl", folder / "out.jsonl"
    with open(source, "w", encoding="utf-8") as f:
        for row in rows(args.rows):
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    began = time.monotonic()
    child = subprocess.Popen([sys.executable, "-m", "queries.cli", "batch", str(source), "-o", str(out),
                              "--jobs", str(args.jobs)], stderr=subprocess.PIPE, text=True)
    first, largest, shown, done, lines, written = None, 0.0, 0, 0, 0, None
    print(f"{'rows':>8} {'s':>8} {'rows/s':>8} {'MB':>8}")
    while child.poll() is None:
        time.sleep(0.5)
        memory = resident_mb(child.pid)
        if written is None:
            try:
                written = open(out, "rb")
            except OSError:
                continue
        for block in iter(lambda: written.read(1 << 20), b""):
            lines += block.count(b"\n")
        done = max(lines - 1, 0)
        if first is not None:
            largest = max(largest, memory)
        if done >= shown + args.every:
            shown = done - done % args.every
            seconds = time.monotonic() - began
            print(f"{done:>8} {seconds:>8.1f} {done / seconds:>8.1f} {memory:>8.1f}", flush=True)
            if first is None:
                first = memory
    seconds = time.monotonic() - began
    print(child.stderr.read().strip())
    print(f"{done} rows in {seconds:.1f} s: {done / seconds:.1f} rows/s on {args.jobs} workers; resident memory "
          f"{first or 0:.1f} MB after the first {args.every} rows, at most {largest:.1f} MB after them "
          f"(growth {largest - (first or largest):+.1f} MB)")
    os.remove(source)
    if written is not None:
        written.close()
    os.remove(out)


if __name__ == "__main__":
    main()
