"""queries/web/ has no import circle: each module imports only the ones below it (the front
routes app → pages, own_rules, fragments, api; the shared answers in refusals, words, pool)."""
import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "queries" / "web"


def imports() -> dict:
    """module -> the modules of queries/web it imports, at the top or inside a function."""
    found = {}
    for path in sorted(WEB.glob("*.py")):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names |= {node.module} if node.module else {a.name for a in node.names}
        found[path.stem] = {n.split(".")[0] for n in names if (WEB / f"{n.split('.')[0]}.py").exists()}
    return found


def circles(graph) -> list:
    """The modules that reach themselves through their imports."""
    def reaches(start):
        seen, stack = set(), list(graph[start])
        while stack:
            node = stack.pop()
            if node == start:
                return True
            if node not in seen:
                seen.add(node)
                stack += graph.get(node, ())
        return False
    return sorted(m for m in graph if reaches(m))


def test_no_module_of_the_web_imports_itself_round():
    graph = imports()
    assert {"app", "pages", "own_rules", "refusals"} <= set(graph) and "pages" in graph["app"]
    assert circles(graph) == []


def test_the_check_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"a"}, "c": set()}) == ["a", "b"]
