"""Knowledge files found and read safely: only regular files inside the folder given, each of a
bounded size, so that nothing outside it is ever read and nothing waits on a pipe or a device.

A link is followed when what it names is inside the folder (the folder as given, links in its
own path resolved); a link out of it, a pipe, a device or a socket is a problem of its own,
named by the file's place in the folder and never by what is behind it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.tsv").write_text("x\\n1\\n", encoding="utf-8")
>>> (folder / "b.tsv").symlink_to("/etc/hostname")
>>> (tsvs, dls), problems = knowledge_files(folder, ("*.tsv", "*.dl"), lambda p: p.name)
>>> [p.name for p in tsvs], dls, problems
(['a.tsv'], [], ['b.tsv:1: a link to a file outside the folder; copy the file into it'])
"""
from __future__ import annotations

import fnmatch
import os
import stat
from pathlib import Path

from .errors import KnowledgeError

MAX_FILE = 8 * 2 ** 20          # bytes of one fact table or clause file
MAX_FILES = 10_000              # files of one folder


def knowledge_files(folder, patterns, name, parts=()):
    """The files under ``folder`` (a folder that exists) whose names match each of ``patterns``,
    sorted, one list per pattern, and the problems found on the way (``name(path)`` names a file
    in a problem). With ``parts`` (subfolder names), only those of them the folder has are read,
    if it has any."""
    root = Path(os.path.realpath(folder))
    found, problems, seen = [[] for _ in patterns], [], {root}
    starts = [part for part in parts if os.path.isdir(Path(folder) / part) or os.path.islink(Path(folder) / part)]
    todo = [(Path(folder) / part, Path(os.path.realpath(Path(folder) / part))) for part in reversed(starts)]
    for shown, real in todo:
        if not real.is_relative_to(root):
            problems.append(f"{name(shown)}: a link to a folder outside the folder; copy the folder into it")
    todo = [(shown, real) for shown, real in todo if real.is_relative_to(root) and real.is_dir()] \
        if starts else [(Path(folder), root)]
    count = 0
    while todo:
        shown, real = todo.pop()
        try:
            entries = sorted(os.scandir(real), key=lambda e: e.name)
        except OSError as e:
            problems.append(f"{name(shown)}: cannot list the folder ({e.strerror})")
            continue
        for entry in entries:
            path, target = shown / entry.name, Path(real) / entry.name
            kinds = [i for i, pattern in enumerate(patterns) if fnmatch.fnmatchcase(entry.name, pattern)]
            try:
                if entry.is_symlink():
                    target = Path(os.path.realpath(target))
                    if not target.is_relative_to(root):
                        if kinds or target.is_dir():
                            what = "folder" if target.is_dir() else "file"
                            problems.append(f"{name(path)}{'' if what == 'folder' else ':1'}: a link to a {what} "
                                            f"outside the folder; copy the {what} into it")
                        continue
                mode = os.stat(target).st_mode
            except OSError:
                if kinds:
                    problems.append(f"{name(path)}:1: cannot read (a broken link?)")
                continue
            if stat.S_ISDIR(mode):
                if target not in seen:
                    seen.add(target)
                    todo.append((path, target))
                continue
            if not kinds:
                continue
            if not stat.S_ISREG(mode):
                problems.append(f"{name(path)}:1: not a regular file (a pipe, a device or a socket); "
                                "only files are read")
                continue
            count += 1
            if count > MAX_FILES:
                problems.append(f"{name(path)}: more than {MAX_FILES:,} knowledge files in one folder")
                return [sorted(paths) for paths in found], problems
            found[kinds[0]].append(path)
    return [sorted(paths) for paths in found], problems


def read_text(path, label) -> str:
    """The UTF-8 text of a regular file of at most MAX_FILE bytes; KnowledgeError naming
    ``label`` otherwise (never waits on a pipe or a device)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise KnowledgeError([f"{label}:1: cannot read ({e.strerror})"]) from None
    with os.fdopen(fd, "rb") as f:
        try:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise KnowledgeError([f"{label}:1: not a regular file (a pipe, a device or a socket); "
                                      "only files are read"])
            data = f.read(MAX_FILE + 1)
        except OSError as e:
            raise KnowledgeError([f"{label}:1: cannot read ({e.strerror})"]) from None
    if len(data) > MAX_FILE:
        raise KnowledgeError([f"{label}:1: larger than {MAX_FILE // 2 ** 20} MB; split it into smaller files"])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise KnowledgeError([f"{label}:1: not UTF-8 text ({e.reason} at byte {e.start})"]) from None
