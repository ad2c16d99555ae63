"""The engine tests' own small program (``base/``: twelve names, their order and element, and
three clauses) and the ways the tests open it, alone or with a folder of their own."""
from pathlib import Path

from queries.engine import Folder, KnowledgeBase
from queries.engine.program import check_folders

BASE = Folder(Path(__file__).parent / "base", "", "base")


def with_base(*extra, **options):
    """A knowledge base of the base program and the given folders (paths are the user's)."""
    return KnowledgeBase([BASE, *extra], **options)


def check_folder(folder):
    """Every problem of a folder read together with the base program."""
    return check_folders([BASE, folder], folder)


def write(folder: Path, files: dict) -> Path:
    """Write {relative path: text} into a folder; returns it."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder
