"""Every SQL statement of the service is built in the store (``service/store/``): the parts,
the rules, the plumbing and the scripts call its query functions and build none."""

from __future__ import annotations

import textwrap
from pathlib import Path

from scripts.structure_report import statement_sites, statements_outside_the_store


def test_no_statement_is_built_outside_the_store() -> None:
    assert statements_outside_the_store() == {}


def test_the_check_finds_the_ways_a_statement_is_built(tmp_path: Path) -> None:
    """Three statements and a harmless ``.update()`` of a dict: the check counts three."""
    module = tmp_path / "part.py"
    module.write_text(
        textwrap.dedent(
            """
            from sqlalchemy import func, select as pick

            def read(session, Row, seen):
                seen.update({1: 2})
                session.scalar(pick(Row))
                session.scalar(func.count())
                session.execute(Row.__table__.delete())
            """
        )
    )
    assert statement_sites(module) == [6, 7, 8]
