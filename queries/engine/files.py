"""Knowledge files found and read safely: only regular files inside the folder given, each of a
bounded size, so that nothing outside it is ever read and nothing waits on a pipe or a device.

A link is followed when what it names is inside the folder (the folder as given, links in its
own path resolved); a link out of it, a pipe, a device or a socket is a problem of its own,
named by the file's place in the folder and never by what is behind it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.tsv").write_text("x\\n1\\n", encoding="utf-8")
>>> (folder / "b.tsv").symlink_to("/etc/hostname")
>>> (tsvs, dls), problems, seen = knowledge_files(folder, ("*.tsv", "*.dl"), lambda p: p.name)
>>> [p.name for p in tsvs], dls, problems
(['a.tsv'], [], ['b.tsv:1: a link to a file outside the folder; copy the file into it'])
>>> read_text(tsvs[0], "a.tsv", seen[tsvs[0]]).splitlines()
['x', '1']

A file is read only if it is still the file the walk found (``read_text`` compares the file it
opened with ``identity``), so a link swapped in after the walk is never followed out.
"""
from __future__ import annotations

import fnmatch
import heapq
import os
import stat
from pathlib import Path

from .errors import KnowledgeError
from .problem import Problem

MAX_FILE = 8 * 2 ** 20          # bytes of one fact table or clause file
MAX_FILES = 10_000              # knowledge files of one folder
MAX_ENTRIES = 20_000            # files and folders looked at in one folder (a mistyped --kb /)
MAX_BYTES = 32 * 2 ** 20        # bytes of all the knowledge files of one folder


def knowledge_files(folder, patterns, name, parts=()):
    """The files under ``folder`` (a folder that exists) whose names match each of ``patterns``,
    sorted, one list per pattern; the problems found on the way (``name(path)`` names a file
    in a problem); and each file's identity as the walk found it, for ``read_text``. With ``parts`` (subfolder names), only those of them the folder has are read,
    if it has any. Each folder and file is read once: through its own path before any link to
    it, and a link to it is then left aside."""
    root = _real(folder) or Path(folder)
    starts = [Path(folder) / part for part in parts if os.path.isdir(Path(folder) / part)
              or os.path.islink(Path(folder) / part)] or [Path(folder)]
    walk = _Walk(root, patterns, name)
    links = [path for path in starts if os.path.islink(path)]
    for path in starts:
        if path not in links:
            walk.folder(path, root / path.relative_to(folder))
    links += walk.links
    walk.links = []
    heapq.heapify(links)
    while links and not walk.full:
        path = heapq.heappop(links)
        target = _real(path)
        kinds = walk.kinds(path.name)
        if target is None:
            if kinds:
                walk.problems.append(Problem(f"{name(path)}:1: cannot read (a link that cannot be followed)",
                                             "problem.link_unreadable", where=f"{name(path)}:1"))
        elif not target.is_relative_to(root):
            if os.path.isdir(target):
                walk.problems.append(Problem(f"{name(path)}: a link to a folder outside the folder; copy the folder "
                                             "into it", "problem.link_folder_outside", where=name(path)))
            elif kinds:
                walk.problems.append(Problem(f"{name(path)}:1: a link to a file outside the folder; copy the file "
                                             "into it", "problem.link_file_outside", where=f"{name(path)}:1"))
        elif os.path.isdir(target):
            if target not in walk.seen:
                walk.folder(path, target)
        elif kinds:
            walk.file(path, target, kinds)
        for link in walk.links:
            heapq.heappush(links, link)
        walk.links = []
    return [sorted(paths) for paths in walk.found], walk.problems, walk.identity


def _real(path):
    """Where a path leads, its links followed; None when one of them cannot be read."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return None


class _Walk:
    """The files found so far under a root, the real folders and files already read, the links
    met but not yet followed, and the problems."""

    def __init__(self, root, patterns, name):
        self.patterns, self.name = patterns, name
        self.found, self.problems, self.links = [[] for _ in patterns], [], []
        self.seen, self.count, self.entries, self.bytes, self.full = set(), 0, 0, 0, False
        self.identity = {}      # a file found -> (device, inode) of what it was then

    def kinds(self, filename):
        return [i for i, pattern in enumerate(self.patterns) if fnmatch.fnmatchcase(filename, pattern)]

    def folder(self, shown, real):
        """Read a folder and its subfolders (not through links: those wait in ``links``)."""
        todo = [(shown, real)]
        while todo and not self.full:
            shown, real = todo.pop()
            self.seen.add(real)
            try:
                entries = sorted(os.scandir(real), key=lambda e: e.name)
            except OSError as e:
                self.problems.append(Problem(f"{self.name(shown)}: cannot list the folder ({e.strerror})",
                                             "problem.cannot_list", where=self.name(shown), reason=e.strerror))
                continue
            self.entries += len(entries)
            if self.entries > MAX_ENTRIES:
                self.problems.append(Problem(f"{self.name(shown)}: more than {MAX_ENTRIES:,} files and folders "
                                             "in the folder; give the folder of your knowledge",
                                             "problem.too_many_entries", where=self.name(shown), most=MAX_ENTRIES))
                self.full = True
                return
            for entry in entries:
                path = shown / entry.name
                try:
                    link, folder = entry.is_symlink(), entry.is_dir(follow_symlinks=False)
                except OSError:
                    link = folder = False
                if link:
                    self.links.append(path)
                elif folder:
                    todo.append((path, real / entry.name))
                elif self.kinds(entry.name):
                    self.file(path, real / entry.name, self.kinds(entry.name))
                if self.full:
                    return

    def file(self, shown, real, kinds):
        if real in self.seen:
            return
        self.seen.add(real)
        try:
            st = os.stat(real)
        except OSError:
            self.problems.append(Problem(f"{self.name(shown)}:1: cannot read (a broken link?)",
                                         "problem.broken_link", where=f"{self.name(shown)}:1"))
            return
        if not stat.S_ISREG(st.st_mode):
            self.problems.append(_not_regular(f"{self.name(shown)}:1"))
            return
        self.count += 1
        self.bytes += st.st_size
        if self.count > MAX_FILES:
            self.problems.append(Problem(f"{self.name(shown)}: more than {MAX_FILES:,} knowledge files in one "
                                         "folder", "problem.too_many_files", where=self.name(shown), most=MAX_FILES))
            self.full = True
            return
        if self.bytes > MAX_BYTES:
            self.problems.append(Problem(f"{self.name(shown)}: the knowledge files of the folder hold more than "
                                         f"{MAX_BYTES:,} bytes; give the folder of your knowledge, or split it",
                                         "problem.folder_too_large", where=self.name(shown), most=MAX_BYTES))
            self.full = True
            return
        self.identity[shown] = (st.st_dev, st.st_ino)
        self.found[kinds[0]].append(shown)


def _read_most(fd, size, most) -> bytes:
    """At most ``most`` bytes of an open file, read ``size`` bytes at a time (a little more than
    its size as stat found it, to see it grew): a buffer as large as the bound is never made."""
    chunks, got = [], 0
    while got < most:
        chunk = os.read(fd, min(size, most - got))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_text(path, label, identity=None) -> str:
    """The UTF-8 text of a regular file of at most MAX_FILE bytes; KnowledgeError naming
    ``label`` otherwise (never waits on a pipe or a device). With ``identity`` (device, inode),
    the file opened must be that one: a file swapped since it was found is not read."""
    return decoded(read_bytes(path, label, identity), label)


def read_bytes(path, label, identity=None) -> bytes:
    """The bytes of the file ``read_text`` reads, with its checks but the text's."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise KnowledgeError([_cannot_read(f"{label}:1", e)]) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise KnowledgeError([_not_regular(f"{label}:1")])
        if identity is not None and (st.st_dev, st.st_ino) != tuple(identity):
            raise KnowledgeError([Problem(f"{label}:1: the file changed while the folder was read (a link "
                                          "swapped in?); read it again", "problem.swapped",
                                          where=f"{label}:1")])
        data = _read_most(fd, max(st.st_size + 1, 1 << 16), MAX_FILE + 1)
    except OSError as e:
        raise KnowledgeError([_cannot_read(f"{label}:1", e)]) from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE:
        raise KnowledgeError([Problem(f"{label}:1: larger than {MAX_FILE:,} bytes; split it into smaller files",
                                      "problem.too_large", where=f"{label}:1", most=MAX_FILE)])
    return data


def decoded(data: bytes, label) -> str:
    """A file's bytes as UTF-8 text; KnowledgeError naming ``label`` when they are not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise KnowledgeError([Problem(f"{label}:1: not UTF-8 text ({e.reason} at byte {e.start})",
                                      "problem.not_utf8", where=f"{label}:1", reason=e.reason,
                                      byte=e.start)]) from None


def _cannot_read(where, e):
    return Problem(f"{where}: cannot read ({e.strerror})", "problem.cannot_read", where=where, reason=e.strerror)


def _not_regular(where):
    return Problem(f"{where}: not a regular file (a pipe, a device or a socket); only files are read",
                   "problem.not_regular", where=where)
