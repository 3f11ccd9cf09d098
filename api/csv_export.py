"""The one way the API writes CSV: every CSV document it answers is made by ``csv_text``.

A spreadsheet opening a CSV runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a
formula (``=HYPERLINK(...)`` as a player's name becomes a live link), and some read a
leading tab or carriage return past to such a character. As OWASP's CSV-injection guidance
says, such a text cell is written with a single quote in front, which the spreadsheet
shows as text; the csv module quotes separators, quotes and line breaks. Numbers are
written as they are (a negative score stays a number).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any, Final

#: What a text cell may not start with (OWASP, "CSV Injection").
FORMULA_PREFIXES: Final = ("=", "+", "-", "@", "\t", "\r")


def neutral_cell(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet runs: None empty, text that could start a
    formula with a single quote in front, anything else unchanged."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV document: a header line of ``columns``, then one line per row, every cell
    through ``neutral_cell``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([neutral_cell(c) for c in columns])
    for row in rows:
        writer.writerow([neutral_cell(cell) for cell in row])
    return out.getvalue()
