"""Every scheduler the service can be handed declares every hook it calls.

The service calls its scheduler's hooks directly (``service.plumbing.scheduling.Scheduler``), so a
scheduler that lacks one must be caught before it runs: mypy checks each implementation in
the tree against the protocol, and a double written without a hook is shown to fail."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

IMPLEMENTATIONS = """
from bench.bot_run_bench import _TurnLog
from service.plumbing.scheduling import NullScheduler, Scheduler
from tests.service.test_bot_runs import SharingScheduler
from tests.support.schedulers import RecordingScheduler
from workers.scheduler import CeleryScheduler


def every_scheduler(
    null: NullScheduler, celery: CeleryScheduler, recording: RecordingScheduler,
    sharing: SharingScheduler, turn_log: _TurnLog,
) -> list[Scheduler]:
    return [null, celery, recording, sharing, turn_log]
"""

# A double as the service's doubles used to be written: bot turns and deadlines only.
INCOMPLETE = """
from datetime import datetime

from service.plumbing.scheduling import Scheduler


class TurnsOnly:
    shares_by_owner = False

    def bot_turn(self, game_id: str, seq: int, *, live: bool = True) -> None: ...

    def deadline(self, game_id: str, seq: int, eta: datetime) -> None: ...

    def game_finished(self, game_id: str) -> None: ...


def handed(double: TurnsOnly) -> Scheduler:
    return double
"""


@pytest.mark.timeout(300)
def test_every_scheduler_implements_the_protocol_and_a_partial_double_fails(
    tmp_path: Path,
) -> None:
    (tmp_path / "implementations.py").write_text(IMPLEMENTATIONS)
    (tmp_path / "incomplete.py").write_text(INCOMPLETE)
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
         "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"),
         str(tmp_path / "implementations.py"), str(tmp_path / "incomplete.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=280,
    )  # fmt: skip
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert not [e for e in errors if "implementations.py" in e], checked.stdout
    incomplete = [e for e in errors if "incomplete.py" in e]
    assert len(incomplete) == 1 and '"TurnsOnly", expected "Scheduler"' in incomplete[0], (
        checked.stdout
    )
