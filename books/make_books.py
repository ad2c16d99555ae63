"""Rebuild books/lines.tsv from the seeds, the texts this project was given to build it from.

    python books/make_books.py ../shared/seeds > books/lines.tsv

Every line of text of each seed ``NNN_<hash>.txt``, by its file and its line number as the seed
counts it (the empty lines between paragraphs are not written; a line keeps its number). Not part
of the package: the shipped table is its output, and tests/app/test_books.py checks it is current.
"""
import sys
from pathlib import Path

HEADER = """\
# lines — every line of text of the four seeds, as the seed writes it: its file, its line number
# (the empty lines between paragraphs are left out and keep their numbers: a Chinese paragraph at N,
# its Korean at N+2). Generated from the seeds, do not edit:
#   python books/make_books.py ../shared/seeds > books/lines.tsv
file\tline:int\ttext
"""


def lines(seeds: Path) -> str:
    """The table's text: its header, then every line of text of the seeds, sorted by file and line."""
    out = [HEADER]
    for path in sorted(seeds.glob("[0-9][0-9][0-9]_*.txt")):
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = text.strip()
            if "\t" in text:
                raise ValueError(f"{path.name}:{n}: a tab in the text")
            if text:
                out.append(f"{path.name}\t{n}\t{text}\n")
    return "".join(out)


def main(argv) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python books/make_books.py SEEDS_FOLDER > books/lines.tsv", file=sys.stderr)
        return 2
    sys.stdout.write(lines(Path(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
