"""Print the structure figures a restructuring is judged by: lines per module, the largest
functions, imports inside functions, and which package imports which.

Run from the repository root: ``python -m scripts.structure_report [package ...]``. It reads
source as text (``ast``), so it runs nothing of the project.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

PACKAGES = (
    "engine", "ai", "service", "api", "workers", "web", "harness", "bench", "scripts", "tests",
)  # fmt: skip


def modules(package: str) -> list[Path]:
    """The package's Python files, migrations left out (they are generated history)."""
    return sorted(p for p in Path(package).rglob("*.py") if "migrations" not in p.parts)


def functions(tree: ast.AST) -> list[tuple[str, int]]:
    """Every function or method with its length in lines."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append((node.name, (node.end_lineno or node.lineno) - node.lineno + 1))
    return found


def nested_imports(tree: ast.AST) -> list[int]:
    """Line numbers of imports that sit inside a function body."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    lines.append(inner.lineno)
    return lines


def imported_packages(tree: ast.AST) -> set[str]:
    """The project's top-level packages this module imports, at any depth."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names & set(PACKAGES)


def main(argv: list[str]) -> None:
    """Print the report for the named packages (default: the service)."""
    focus = argv or ["service"]
    edges: Counter[tuple[str, str]] = Counter()
    nested: dict[str, list[str]] = {package: [] for package in PACKAGES}
    for package in PACKAGES:
        for path in modules(package):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for target in imported_packages(tree):
                if target != package:
                    edges[(package, target)] += 1
            nested[package] += [f"{path}:{line}" for line in nested_imports(tree)]
    for package in focus:
        print(f"## {package}: lines per module")
        sized = [(len(p.read_text(encoding="utf-8").splitlines()), p) for p in modules(package)]
        for lines, path in sorted(sized, reverse=True)[:15]:
            print(f"{lines:6d}  {path}")
        print(f"## {package}: largest functions")
        biggest = []
        for path in modules(package):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            biggest += [(n, f"{path}:{name}") for name, n in functions(tree)]
        for lines, name in sorted(biggest, reverse=True)[:10]:
            print(f"{lines:6d}  {name}")
    counts = ", ".join(f"{package} {len(found)}" for package, found in nested.items())
    print(f"## imports inside functions: {counts}")
    for package in focus:
        for where in nested[package]:
            print(f"  {where}")
    print("## package imports (importer -> imported: modules)")
    for (source, target), count in sorted(edges.items()):
        print(f"  {source} -> {target}: {count}")


if __name__ == "__main__":
    main(sys.argv[1:])
