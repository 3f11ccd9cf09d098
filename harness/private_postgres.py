"""A PostgreSQL cluster of a test's own, which the test may restart.

The shared server on 5432 serves every other test (and other runs on the machine);
restarting it would break them. A fault test that restarts PostgreSQL gets a throw-away
cluster instead: ``initdb`` into a temporary directory, the server on a free port, gone
with the directory afterwards. PostgreSQL refuses to run as root, so as root the cluster
belongs to the ``postgres`` user the Debian package creates.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from harness.processes import free_port


def _bindir() -> Path:
    """The server's programs: Debian keeps them out of PATH, under the version's bin/."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError("initdb not found: install PostgreSQL (scripts/ensure-services.sh)")
    return Path(initdb).resolve().parent


class PrivateCluster:
    """``url(db)`` for a database in it; ``restart()`` stops it (fast: open sessions are
    ended, as a crash or a failover would end them) and starts it again."""

    def __init__(self, directory: Path) -> None:
        self.bindir = _bindir()
        self.directory = directory
        self.data = directory / "data"
        self.port = free_port()
        self._as_postgres = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def init(self) -> PrivateCluster:
        if self._as_postgres:
            shutil.chown(self.directory, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        return self

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory} -F"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.directory / "log"),
                  "-o", options, "-w", "start")  # fmt: skip

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url("postgres", driver=False), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def url(self, database: str, *, driver: bool = True) -> str:
        scheme = "postgresql+psycopg" if driver else "postgresql"
        return f"{scheme}://postgres@127.0.0.1:{self.port}/{database}"


@contextmanager
def private_cluster() -> Iterator[PrivateCluster]:
    """A started cluster of this test's own; stopped and deleted afterwards."""
    directory = Path(tempfile.mkdtemp(prefix="ursuppe-pg-"))
    cluster = PrivateCluster(directory).init()
    cluster.start()
    try:
        yield cluster
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            cluster.stop()  # fails when already down (a test that failed mid-restart)
        shutil.rmtree(directory, ignore_errors=True)
