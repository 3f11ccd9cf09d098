"""The directory of prometheus_client's multi-process mode, for the process kinds that fork
(gunicorn's workers, Celery's prefork pool): set in the parent before any child imports
prometheus_client, which picks its mode at import. Standard library only, so that
``gunicorn.conf.py`` can use it before anything else is imported.
"""

from __future__ import annotations

import os
import shutil
import tempfile

VARIABLE = "PROMETHEUS_MULTIPROC_DIR"


def prepare() -> str | None:
    """Make ``PROMETHEUS_MULTIPROC_DIR`` an empty directory: the operator's (emptied: a
    previous run's files belong to dead processes) or a new temporary one. Returns the
    directory when it was created here (the caller removes it at exit), else None."""
    given = os.environ.get(VARIABLE)
    if given:
        shutil.rmtree(given, ignore_errors=True)
        os.makedirs(given, exist_ok=True)
        return None
    created = tempfile.mkdtemp(prefix="ursuppe-metrics-")
    os.environ[VARIABLE] = created
    return created
