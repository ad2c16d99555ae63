"""Rebuild texts/zhouyi.tsv from the Kanseki Repository's KR1a0001 (周易, the TLS base edition).

    python texts/make_zhouyi.py GIT_DIR_OF_KR1a0001 > texts/zhouyi.tsv

Reads the 64 chapter files KR1a0001_001.txt … _064.txt at HEAD, drops the page marks and paragraph
signs, joins each part's phrases, and applies the edits of texts/edits.tsv (each must match once).
Not part of the package: the shipped table is its output, and texts/README.md says what it did.
"""
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LABEL = re.compile(r"^(初[九六]|[九六][二三四五]|上[九六]|用[九六])[、：:]$")
PLACE = {"初": 1, "二": 2, "三": 3, "四": 4, "五": 5, "上": 6}


def chapter(git_dir: str, number: int) -> list:
    text = subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:KR1a0001_{number:03d}.txt"],
                          check=True, capture_output=True, text=True).stdout
    return [line.replace("¶", "").strip() for line in text.split("\n")
            if line.strip() and not line.startswith(("#", "<pb"))]


def edits() -> dict:
    rows = [line.split("\t") for line in (HERE / "edits.tsv").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")][1:]
    table = {}
    for number, part, before, after, _why in rows:
        table.setdefault((int(number), part), []).append((before, after))
    return table


def place(label: str) -> str:
    return "use" if label[0] == "用" else f"line{PLACE[label[0] if label[0] in '初上' else label[1]]}"


def split_images(hexagram: int, block: str, lines: dict) -> dict:
    """乾's 象 follows all its lines: 大象 first, then a 小象 for each line, each opening with the quoted line."""
    marks = [block.index("「" + quote) for quote in ("潛龍勿用", "見龍在田", "終日乾乾", "或躍在淵", "飛龍在天", "亢龍有悔", "用九")]
    parts = {"image": block[:marks[0]]}
    for key, start, end in zip(["line1", "line2", "line3", "line4", "line5", "line6", "use"], marks, marks[1:] + [len(block)]):
        parts[key + "_image"] = block[start:end]
    return parts


def hexagram(git_dir: str, number: int, changes: dict) -> list:
    lines = chapter(git_dir, number)
    heading = lines.pop(0)
    if heading.endswith("（"):               # a sign on the line after the heading, in brackets
        heading += lines.pop(0)
    for before, after in changes.get((number, "heading"), []):
        heading = heading.replace(before, after)
    if not re.fullmatch(r"\*\* 《[^》]+第[^》]+》", heading):
        sys.exit(f"hexagram {number}: heading {heading!r}")
    sign = lines.pop(0)
    if sign != chr(0x4DBF + number) + sign[1] + "下" + sign[3] + "上":
        sys.exit(f"hexagram {number}: sign line {sign!r}")
    parts, key, labels = {}, None, {}
    for line in lines:
        label = LABEL.match(line)
        if label and key != "wenyan":
            key = place(label.group(1))
            labels[key] = label.group(1)
            parts[key] = ""
        elif line.startswith("《彖》曰：") and key != "wenyan":
            key = "tuan"
            parts[key] = line.removeprefix("《彖》曰：")
        elif line.startswith("《象》曰：") and key != "wenyan":
            key = "image" if key in ("judgment", "tuan") else key + "_image"
            parts[key] = line.removeprefix("《象》曰：")
        elif line.startswith("《文言》曰："):
            key = "wenyan"
            parts[key] = line.removeprefix("《文言》曰：")
        elif key is None:
            key = "judgment"
            name = re.match(r"^《([^》]+)》", line).group(1)
            labels[key] = name
            # the name is the first word of 艮's judgment (艮其背); elsewhere it only heads it
            parts[key] = line.replace(f"《{name}》", name if line.startswith("《艮》其") else "", 1)
        else:
            parts[key] += line
    if number == 1:
        parts.update(split_images(number, parts.pop("line6_image" if "line6_image" in parts else "image"), parts))
    rows = []
    for key, text in parts.items():
        for before, after in changes.get((number, key), []):
            if text.count(before) != 1:
                sys.exit(f"edit {number} {key} {before!r}: found {text.count(before)} times")
            text = text.replace(before, after)
        rows.append((number, key, labels.get(key, labels.get(key.removesuffix("_image"), "-")), text))
    return rows, heading, sign


ORDER = ["judgment", "tuan", "image"] + [f"line{p}{s}" for p in range(1, 7) for s in ("", "_image")] + ["use", "use_image", "wenyan"]


def main(git_dir: str):
    changes = edits()
    print("# zhouyi — the words of the 周易 for each hexagram (King Wen number), from the Kanseki Repository's KR1a0001")
    print("# (TLS base edition), licensed CC BY-SA 4.0: see texts/README.md and texts/LICENSE. Built by texts/make_zhouyi.py;")
    print("# the edits to the source text are listed in texts/edits.tsv. part: judgment 卦辭, tuan 彖, image 大象,")
    print("# lineN 爻辭 of line N, lineN_image its 小象, use 用九/用六, use_image its 小象, wenyan 文言.")
    print("hexagram:int\tpart\tlabel\tzh")
    for number in range(1, 65):
        rows, _heading, _sign = hexagram(git_dir, number, changes)
        for row in sorted(rows, key=lambda row: ORDER.index(row[1])):
            print("\t".join(str(value) for value in row))


if __name__ == "__main__":
    main(sys.argv[1])
