"""The floor plan holds (scripts/structure_report.py measures it): no import circle in the
service or the API, no module of the service over 450 lines, the bots read the engine through
its public interface only, and the benchmarks import nothing from the tests. Each check is
also held against a small made-up package, so that it is seen to find what it looks for."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from scripts.structure_report import (
    import_circles,
    imports_from,
    largest_module,
    private_reads,
)

#: The most lines a module of the service may have (docs: the house's small modules).
MAX_LINES = 450


def test_no_import_circle_in_the_service_or_the_api() -> None:
    assert import_circles("service") == []
    assert import_circles("api") == []


def test_no_module_of_the_service_is_over_the_limit() -> None:
    lines, path = largest_module("service")
    assert lines <= MAX_LINES, path


def test_the_bots_read_nothing_private_of_the_engine() -> None:
    assert private_reads("ai") == []


def test_the_benchmarks_import_nothing_from_the_tests() -> None:
    assert imports_from("bench", "tests") == []


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


@pytest.fixture
def made_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory of its own: the checks read packages relative to it."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_circle_is_found_however_it_is_tied(made_up: Path) -> None:
    """A circle under ``TYPE_CHECKING``, one through a package's ``__init__`` (importing
    ``p.q.schemas`` runs ``p/q/__init__.py``, which imports ``p.routes``), and a module that
    imports its own package's ``__init__`` (no circle: it is being imported already)."""
    _package(made_up, {
        "p/__init__.py": "",
        "p/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.b import B\n",
        "p/b.py": "from p import a\n",
        "p/q/__init__.py": "from p.routes import blp\n",
        "p/q/schemas.py": "import p.q\n",
        "p/routes.py": "from p.stream import s\n",
        "p/stream.py": "from p.q.schemas import Schema\n",
    })  # fmt: skip
    assert import_circles("p") == [
        ["p.a", "p.b"],
        ["p.q", "p.routes", "p.stream"],
    ]


def test_the_largest_module_is_measured(made_up: Path) -> None:
    _package(made_up, {"p/__init__.py": "", "p/big.py": "x = 1\n" * 451, "p/small.py": "y = 2\n"})
    assert largest_module("p") == (451, os.path.join("p", "big.py"))


def test_a_private_read_is_found_and_a_module_of_the_library_is_not(made_up: Path) -> None:
    _package(made_up, {
        "p/__init__.py": "",
        "p/bot.py": """
            import argparse

            class Bot:
                def choose(self, g):
                    self._seen = g._stack[-1]
                    return argparse._SubParsersAction, g.__class__
            """,
    })  # fmt: skip
    assert private_reads("p") == [os.path.join("p", "bot.py") + ":6: g._stack"]


def test_an_import_from_the_tests_is_found(made_up: Path) -> None:
    _package(made_up, {
        "b/__init__.py": "",
        "b/bench.py": "import testsuite\n\ndef run():\n    from tests.x import helper\n",
    })  # fmt: skip
    assert imports_from("b", "tests") == [os.path.join("b", "bench.py") + ":4"]
