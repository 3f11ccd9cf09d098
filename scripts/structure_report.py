"""Print the structure figures a restructuring is judged by: modules, lines and import floors
per package and per room of the service, the largest modules and functions, imports inside
functions, which package imports which, and the SQL statements built outside the store.

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


#: What builds a SQL statement: these names imported from sqlalchemy, or ``__table__``'s
#: ``insert``/``update``/``delete``.
STATEMENT_NAMES = frozenset(
    {"select", "insert", "update", "delete", "func", "text", "exists", "union", "union_all",
     "literal", "literal_column", "bindparam", "tuple_", "case", "and_", "or_", "not_"}
)  # fmt: skip
#: The session's own calls that run a statement: reads by key (``get``), the ORM's writes of
#: a row (``add``, ``delete``, ``merge``) and the statements it executes. Counted on a receiver
#: named ``session`` (``session.get``, ``self.session.add``): every session of the service is.
SESSION_STATEMENTS = frozenset(
    {"get", "get_one", "add", "add_all", "delete", "merge", "execute", "scalar", "scalars",
     "query", "refresh"}
)  # fmt: skip
#: Where the service's statements may be built: the store, and the engine's own set-up
#: (SQLite PRAGMAs, the migrations' lock) in ``service/plumbing/db.py``.
STATEMENT_HOMES = ("service/store/", "service/plumbing/db.py", "service/models/")


def statement_sites(path: Path) -> list[int]:
    """Lines of ``path`` that build a SQL statement (``STATEMENT_NAMES``) or have the session
    run one (``SESSION_STATEMENTS``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
            names.update(a.asname or a.name for a in node.names if a.name in STATEMENT_NAMES)
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (
            isinstance(func, ast.Name)
            and func.id in names
            or (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id in names  # func.count(), func.max()
            )
            or (
                isinstance(func, ast.Attribute)
                and func.attr in {"insert", "update", "delete"}
                and isinstance(func.value, ast.Attribute)
                and func.value.attr == "__table__"
            )
        ):
            lines.append(node.lineno)
        elif isinstance(func, ast.Attribute) and func.attr in SESSION_STATEMENTS:
            receiver = func.value
            if (isinstance(receiver, ast.Name) and receiver.id == "session") or (
                isinstance(receiver, ast.Attribute) and receiver.attr == "session"
            ):
                lines.append(node.lineno)
    return sorted(set(lines))  # a line that builds a statement and runs it is one site


def statements_outside_the_store() -> dict[str, list[int]]:
    """``{module: lines}`` of the statements the service and its scripts build outside
    ``STATEMENT_HOMES``."""
    found = {}
    for path in [*modules("service"), *modules("scripts")]:
        if not str(path).startswith(STATEMENT_HOMES):
            lines = statement_sites(path)
            if lines:
                found[str(path)] = lines
    return found


def module_name(path: Path) -> str:
    parts = list(path.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floors(package: str) -> tuple[int, int]:
    """(import floors, arrows) of the package's modules: an arrow for each module a module
    imports at its top level; the floors are the longest chain of arrows plus one (cycles
    counted once)."""
    paths = modules(package)
    names = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    targets.add(full if full in names else node.module)
            elif isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
        me = module_name(path)
        graph[me] = {t for t in targets if t in names and t != me}
    depth: dict[str, int] = {}

    def level(name: str, seen: frozenset[str]) -> int:
        if name in depth:
            return depth[name]
        below = [level(t, seen | {name}) for t in graph.get(name, ()) if t not in seen]
        depth[name] = 1 + max(below, default=0)
        return depth[name]

    return max((level(n, frozenset()) for n in graph), default=0), sum(map(len, graph.values()))


def import_graph(package: str) -> dict[str, set[str]]:
    """``{module: modules of the package it imports}``, every import counted wherever it
    stands (at the top, under ``TYPE_CHECKING``, in a function): each is a tie that a reader
    follows. ``from a import b`` is the module ``a.b`` when there is one, else ``a``; the
    packages above an imported module count as imported (their ``__init__`` runs first)."""
    paths = modules(package)
    names = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        me = module_name(path)
        here = me if path.name == "__init__.py" else me.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                    base = f"{parent}.{base}" if base else parent
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in names else base)
        # Importing ``a.b.c`` runs ``a/b/__init__.py`` first: a tie too, unless the package
        # is one this module stands in (it is being imported already).
        mine = {me.rsplit(".", k)[0] for k in range(me.count(".") + 1)}
        for target in list(targets):
            targets.update(target.rsplit(".", k)[0] for k in range(1, target.count(".") + 1))
        graph[me] = {t for t in targets if t in names and t not in mine}
    return graph


def import_circles(package: str) -> list[list[str]]:
    """The package's modules that import each other in a loop: each circle (a strongly
    connected set of two or more modules) sorted, the circles in order."""
    graph = import_graph(package)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(name: str) -> None:  # Tarjan's strongly connected components
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for target in sorted(graph.get(name, ())):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in on_stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            found = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                found.append(top)
                if top == name:
                    break
            if len(found) > 1:
                circles.append(sorted(found))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(circles)


def largest_module(package: str) -> tuple[int, str]:
    """(lines, path) of the package's longest module."""
    return max((len(p.read_text(encoding="utf-8").splitlines()), str(p)) for p in modules(package))


def private_reads(package: str, allowed: tuple[str, ...] = ("self", "cls")) -> list[str]:
    """``module:line: expression`` of each read of a ``_private`` attribute of an object
    the package did not define itself: an attribute that starts with one underscore, read
    from anything but ``self``/``cls`` or a module the file imports (``argparse._...``
    is the standard library's own, not another object's insides)."""
    found = []
    for path in modules(package):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            (a.asname or a.name).split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for a in node.names
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (
                    isinstance(node.value, ast.Name) and node.value.id in {*allowed, *imported}
                )
            ):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    return found


def imports_from(package: str, other: str) -> list[str]:
    """``module:line`` of each import in ``package`` of a module of ``other``."""
    found = []
    for path in modules(package):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                named = [node.module]
            else:
                continue
            if any(n == other or n.startswith(other + ".") for n in named):
                found.append(f"{path}:{node.lineno}")
    return found


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of the lines that carry code: no blank lines, comments, imports,
    docstrings or lone brackets, whitespace removed."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            skip.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = "".join(line.split())
        if number in skip or not text or text.startswith("#") or text in {")", "]", "}", "),"}:
            continue
        found.append((number, text))
    return found


def duplicates(packages: tuple[str, ...], size: int = 6) -> list[tuple[str, str]]:
    """Places where ``size`` lines of code in a row repeat elsewhere, as pairs of
    ``module:line`` (a longer repeat counts once)."""
    seen: dict[tuple[str, ...], str] = {}
    pairs: list[tuple[str, str]] = []
    last: dict[tuple[str, str], int] = {}
    for package in packages:
        for path in modules(package):
            lines = _code_lines(path)
            for i in range(len(lines) - size + 1):
                window = tuple(text for _, text in lines[i : i + size])
                here = f"{path}:{lines[i][0]}"
                if window not in seen:
                    seen[window] = here
                    continue
                first = seen[window]
                key = (first.rsplit(":", 1)[0], str(path))
                if last.get(key) != i - 1:  # a new repeat, not the next window of one
                    pairs.append((first, here))
                last[key] = i
    return pairs


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
    print("## packages: modules, lines, import floors, arrows")
    for package in PACKAGES:
        paths = modules(package)
        lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths)
        floor, arrows = floors(package)
        print(f"  {package}: {len(paths)} modules, {lines} lines, {floor} floors, {arrows} arrows")
    rooms = sorted({p.parent for p in modules("service")})
    print("## service: rooms (modules, lines)")
    for room in rooms:
        paths = sorted(room.glob("*.py"))
        lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths)
        print(f"  {room}/: {len(paths)} modules, {lines} lines")
    outside = statements_outside_the_store()
    print(f"## SQL statements built outside the store: {sum(map(len, outside.values()))}")
    for module, lines in sorted(outside.items()):
        print(f"  {module}: {len(lines)} (lines {', '.join(map(str, lines))})")
    for package in ("service", "api"):
        circles = import_circles(package)
        print(f"## import circles in {package}/: {len(circles)}")
        for circle in circles:
            print(f"  {' <-> '.join(circle)}")
    biggest, where = largest_module("service")
    print(f"## largest module of service/: {biggest} lines ({where})")
    private = private_reads("ai")
    print(f"## ai/ reads of another object's _private attributes: {len(private)}")
    for where in private:
        print(f"  {where}")
    from_tests = imports_from("bench", "tests")
    print(f"## bench/ imports from tests/: {len(from_tests)}")
    for where in from_tests:
        print(f"  {where}")
    repeats = duplicates(("service", "api", "workers"))
    print(f"## repeated code (6 lines or more) in service, api, workers: {len(repeats)} pairs")
    for first, again in repeats:
        print(f"  {first} = {again}")
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
