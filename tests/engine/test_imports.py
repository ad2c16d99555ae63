"""The engine stands alone: it imports nothing of the app, only backend.py imports pyDatalog,
and its modules import one another without a circle."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "queries" / "engine"


def module_imports(source, package="queries.engine"):
    """Every module a source imports (at the top or inside a function), by full name."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            out.add(node.module)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
            if node.module:
                out.add(f"{base}.{node.module}")
            else:
                out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def graph():
    """engine module -> the modules it imports."""
    return {("queries.engine" if p.stem == "__init__" else f"queries.engine.{p.stem}"):
            module_imports(p.read_text(encoding="utf-8")) for p in sorted(ENGINE.glob("*.py"))}


def test_the_reader_of_imports():
    source = "import os\nfrom . import render\nfrom .terms import Atom\nfrom ..errors import X\n" \
             "def f():\n    from pyDatalog import pyEngine\n"
    assert module_imports(source) == {"os", "queries.engine.render", "queries.engine.terms",
                                      "queries.errors", "pyDatalog"}


def test_nothing_outside_the_engine_is_imported():
    outside = {(m, i) for m, found in graph().items() for i in found
               if i.split(".")[0] == "queries" and not i.startswith("queries.engine")}
    assert outside == set()


def test_only_the_backend_imports_pydatalog():
    users = sorted(m for m, found in graph().items() if any(i.split(".")[0] == "pyDatalog" for i in found))
    assert users == ["queries.engine.backend"]


def test_no_import_circle_inside_the_engine():
    edges = graph()
    edges = {m: {i for i in found if i in edges and i != m} for m, found in edges.items()}
    done, path = set(), []

    def visit(m):
        assert m not in path, "import circle: " + " -> ".join(path[path.index(m):] + [m])
        if m in done:
            return
        path.append(m)
        for n in sorted(edges[m]):
            visit(n)
        path.pop()
        done.add(m)

    for m in sorted(edges):
        visit(m)
    assert "queries.engine.terms" in edges["queries.engine.kb"] and len(done) >= 15
