"""Every SQL statement of the service is built and run in the store (``service/store/``): the
parts, the rules, the plumbing and the scripts call its query functions by name, build none,
and have no session run one (no ``session.get``, ``session.add``, ``session.execute``, ...;
new rows go through the store's one write path, ``service.store.transactions``)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from scripts.structure_report import statement_sites, statements_outside_the_store


def test_no_statement_is_built_or_run_outside_the_store() -> None:
    assert statements_outside_the_store() == {}


@pytest.mark.parametrize(
    "call",
    [
        "session.scalar(pick(Row))",
        "session.scalar(func.count())",
        "session.execute(Row.__table__.delete())",
        "session.get(Row, 1)",
        "session.get_one(Row, 1)",
        "session.add(Row())",
        "session.add_all([Row()])",
        "session.delete(row)",
        "session.merge(row)",
        "session.execute(statement)",
        "session.scalars(statement)",
        "session.query(Row)",
        "session.refresh(row)",
        "self.session.get(Row, 1)",
    ],
)
def test_the_check_finds_each_way_a_statement_is_built_or_run(tmp_path: Path, call: str) -> None:
    """Each way a part could build a statement or have the session run one is counted, on
    the line it stands on."""
    module = tmp_path / "part.py"
    module.write_text(
        textwrap.dedent(
            f"""
            from sqlalchemy import func, select as pick

            def read(self, session, Row, row, statement):
                {call}
            """
        )
    )
    assert statement_sites(module) == [5]


def test_the_check_leaves_what_runs_no_statement_alone(tmp_path: Path) -> None:
    """A dict's ``get`` and ``update``, a set's ``add``, the session's ``flush`` (the write
    path's own) and a ``select`` that is not SQLAlchemy's count for nothing."""
    module = tmp_path / "part.py"
    module.write_text(
        textwrap.dedent(
            """
            from selectors import select

            def read(session, seen, found, names):
                seen.update({1: 2})
                found.get("x")
                names.add("y")
                session.flush()
                select([], [], [])
            """
        )
    )
    assert statement_sites(module) == []
