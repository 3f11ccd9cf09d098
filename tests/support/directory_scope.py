"""Servers a directory's tests share, stopped when this process has run that directory's
last test instead of at the end of the session.

pytest offers no scope between "package" (which needs an ``__init__.py``: ``tests/web``
would then shadow the ``web`` package) and "session". Every process runs its tests in
collection order (pytest alone, and each xdist worker under ``--dist loadgroup``), so once
a process's next test lies outside a directory, none of that directory's tests follows:
its servers (tests/web's gunicorn and Celery worker with beat sweeping every second, the
browsers; tests/stream's stack) would only idle on the CPU until the session ends.

A session fixture enters its server into ``directory_stack(directory)``; the hook wrapper
below closes that stack after the directory's last test has torn down, and the session's
end (a stopped run included: ``pytest_sessionfinish`` runs on Ctrl-C and SIGTERM too)
closes whatever is still open. Should a test of the directory come after all (a run
reordered by ``--ff``, or test ids given out of order), the fixtures that entered the
stack are forgotten when it closes, so pytest sets them up afresh for it.
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

_open: dict[Path, ExitStack] = {}
_fixtures: dict[Path, list[Any]] = {}  # the fixture definitions whose values the stack holds


def directory_stack(directory: Path, request: pytest.FixtureRequest) -> ExitStack:
    """The exit stack of ``directory``'s shared servers in this process; ``request`` is the
    session fixture's own, whose cached value is dropped when the stack closes."""
    _fixtures.setdefault(directory, []).append(request._fixturedef)  # type: ignore[attr-defined]
    return _open.setdefault(directory, ExitStack())


def _close(directory: Path) -> None:
    try:
        _open.pop(directory).close()
    finally:
        for fixturedef in _fixtures.pop(directory, []):
            fixturedef.cached_result = None  # a later test of the directory starts it anew


def _inside(path: Path, directory: Path) -> bool:
    return directory in path.parents


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    yield  # the test's own fixtures first
    for directory in list(_open):
        leaving = nextitem is None or not _inside(nextitem.path, directory)
        if _inside(item.path, directory) and leaving:
            _close(directory)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    while _open:
        _close(next(iter(_open)))
