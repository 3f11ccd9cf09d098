"""Who calls what in the game service, read from the source (``ast``), for the tests that
prove a guarantee sits at one gate (tests/api/test_api_admission.py): which service methods,
routes and worker tasks can reach a given function.

The graph is of names as the code spells them, which is how this code base calls its
parts: ``self.m()`` is the class's own method, ``self.<field>.m()`` a method of the part
class the field is declared as (``creation: Creation``), ``<anything>.<part>.m`` (as in
``deps.service().creation.create_game``) a method of the class of the ``GameService``
attribute ``<part>``, and a bare name a module-level function (``standin_level``). A call
this reading cannot resolve is not an edge: the tests pair the graph with a runtime guard
(a game row inserted without the gate is refused at the flush).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: A node: (class name, method name), or ("", function name) for a module-level function.
Node = tuple[str, str]


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imported_names(module: ast.Module) -> set[str]:
    """The names a module's imports bind (modules and functions alike)."""
    names: set[str] = set()
    for node in module.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def service_parts() -> dict[str, str]:
    """``GameService``'s part attributes and their classes: ``{"creation": "Creation", …}``,
    from the assignments ``self.<attr> = <Class>(…)`` of ``service/game_service.py``."""
    parts: dict[str, str] = {}
    for node in ast.walk(_parse(ROOT / "service" / "game_service.py")):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
        ):
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    parts[target.attr] = node.value.func.id
    return parts


@dataclass
class CallGraph:
    """Edges between service methods and functions (``service/**/*.py``)."""

    parts: dict[str, str] = field(default_factory=service_parts)
    edges: dict[Node, set[Node]] = field(default_factory=dict)
    #: Where each node is defined: (file relative to the root, line).
    where: dict[Node, tuple[str, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for path in sorted((ROOT / "service").rglob("*.py")):
            if "migrations" in path.parts:
                continue
            module = _parse(path)
            rel = str(path.relative_to(ROOT))
            modules = _imported_names(module)
            for top in module.body:
                if isinstance(top, ast.ClassDef):
                    fields = {
                        s.target.id: s.annotation.id
                        for s in top.body
                        if isinstance(s, ast.AnnAssign)
                        and isinstance(s.target, ast.Name)
                        and isinstance(s.annotation, ast.Name)
                    }
                    for fn in top.body:
                        if isinstance(fn, ast.FunctionDef):
                            node = (top.name, fn.name)
                            self.where[node] = (rel, fn.lineno)
                            self.edges[node] = self.calls(fn, modules, top.name, fields)
                elif isinstance(top, ast.FunctionDef):
                    node = ("", top.name)
                    self.where.setdefault(node, (rel, top.lineno))
                    self.edges.setdefault(node, set()).update(self.calls(top, modules))

    def calls(
        self,
        fn: ast.AST,
        modules: set[str],
        cls: str | None = None,
        fields: dict[str, str] | None = None,
    ) -> set[Node]:
        """The nodes ``fn``'s body names (called or passed on); ``modules``: the names its
        module imports (``play`` in ``play.hand_to_bot``)."""
        fields = fields or {}
        out: set[Node] = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                out.add(("", node.func.id))
            if not isinstance(node, ast.Attribute):
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id == "self" and cls is not None:
                out.add((cls, node.attr))
            elif isinstance(owner, ast.Attribute):
                inner = owner.value
                if isinstance(inner, ast.Name) and inner.id == "self" and owner.attr in fields:
                    out.add((fields[owner.attr], node.attr))
                elif owner.attr in self.parts:
                    out.add((self.parts[owner.attr], node.attr))
            elif isinstance(owner, ast.Name) and owner.id in modules:
                out.add(("", node.attr))  # module.function, e.g. play.hand_to_bot
        return out

    def reaches(self, start: Iterable[Node], sinks: set[Node]) -> bool:
        """Whether a path leads from any of ``start`` to one of ``sinks``."""
        seen: set[Node] = set()
        todo = list(start)
        while todo:
            node = todo.pop()
            if node in sinks:
                return True
            if node in seen:
                continue
            seen.add(node)
            todo.extend(self.edges.get(node, ()))
        return False

    def callers(self, target: Node) -> set[Node]:
        """The nodes that name ``target`` directly."""
        return {node for node, out in self.edges.items() if target in out}


def function_calls(graph: CallGraph, fn: Callable[..., object]) -> set[Node]:
    """What a function outside the service (a route's view, a worker task) names, with the
    functions of its own module that it calls, followed."""
    module = inspect.getmodule(fn)
    local = {
        name: obj
        for name, obj in vars(module).items()
        if inspect.isfunction(obj) and obj.__module__ == getattr(module, "__name__", None)
    }
    out: set[Node] = set()
    seen: set[str] = set()
    todo = [fn]
    while todo:
        current = inspect.unwrap(todo.pop())
        if current.__qualname__ in seen:
            continue
        seen.add(current.__qualname__)
        tree = ast.parse(textwrap.dedent(inspect.getsource(current)))
        modules = {n for n, v in vars(module).items() if inspect.ismodule(v)}
        found = graph.calls(tree, modules)
        out |= found
        todo.extend(local[name] for cls, name in found if cls == "" and name in local)
    return out
