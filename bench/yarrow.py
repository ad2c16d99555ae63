"""The odds of the yarrow-stalk cast 大衍筮法 (queries/casting.py), and its speed; prints a table.

    python bench/yarrow.py [--casts 20000]

The classical odds of a line are 1/16 (6 老陰), 5/16 (7 少陽), 7/16 (8 少陰), 3/16 (9 老陽), against
the coins' 1/8, 3/8, 3/8, 1/8. For each value the table gives those odds, the exact odds of the
procedure as the program divides the stalks (each stalk falls to either hand, both heaps kept
non-empty once one stalk is hung: a binomial split), the exact odds were every division point
equally likely instead (a uniform split: why the program does not divide so), and the share
measured over ``--casts`` casts of six lines, seeds 0, 1, 2 …, with its standard error.
The last line is the time of one six-line cast.
"""
import argparse
import math
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from queries import KnowledgeBase  # noqa: E402
from queries.casting import yarrow_change, yarrow_lines, yarrow_numbers  # noqa: E402

CLASSICAL = {6: Fraction(1, 16), 7: Fraction(5, 16), 8: Fraction(7, 16), 9: Fraction(3, 16)}


def exact(numbers, split) -> dict:
    """The odds of each line value after the changes, a division's odds given by ``split``."""
    states = {numbers["used"]: Fraction(1)}
    for _ in range(numbers["changes"]):
        after = {}
        for stalks, odds in states.items():
            for left, weight in split(stalks, numbers["hung"]).items():
                rest = stalks - yarrow_change(stalks, left, numbers["hung"], numbers["by"])
                after[rest] = after.get(rest, 0) + odds * weight
        states = after
    return {stalks // numbers["by"]: odds for stalks, odds in sorted(states.items())}


def binomial(stalks, hung) -> dict:
    lefts = range(1, stalks - hung)
    total = sum(math.comb(stalks, k) for k in lefts)
    return {k: Fraction(math.comb(stalks, k), total) for k in lefts}


def uniform(stalks, hung) -> dict:
    lefts = range(1, stalks - hung)
    return {k: Fraction(1, len(lefts)) for k in lefts}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casts", type=int, default=20000)
    args = parser.parse_args()
    kb = KnowledgeBase()
    numbers = yarrow_numbers(kb)
    by_binomial, by_uniform = exact(numbers, binomial), exact(numbers, uniform)
    counts, start = {}, time.perf_counter()
    for seed in range(args.casts):
        for value in yarrow_lines(kb, seed)["lines"]:
            counts[value] = counts.get(value, 0) + 1
    seconds = (time.perf_counter() - start) / args.casts
    lines = 6 * args.casts
    print(f"{'value':<8}{'classical':>10}{'binomial':>10}{'uniform':>10}{'measured':>10}{'± s.e.':>9}")
    for value in sorted(CLASSICAL):
        share = counts.get(value, 0) / lines
        error = math.sqrt(share * (1 - share) / lines)
        print(f"{value:<8}{float(CLASSICAL[value]):>10.4f}{float(by_binomial[value]):>10.4f}"
              f"{float(by_uniform[value]):>10.4f}{share:>10.4f}{error:>9.4f}")
    print(f"{lines:,} lines of {args.casts:,} casts; {seconds * 1e6:.0f} µs a cast")


if __name__ == "__main__":
    main()
