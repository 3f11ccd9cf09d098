"""Self-play data that a generation keeps across sessions: one directory a run, one gzip
member a game.

A generation of self-play costs CPU hours, more than one working session spares, so it runs
in the background at the lowest priority and a later session goes on where the last stopped
(``python -m ai.value_pipeline generate``). That needs three things of the files:

- each game written whole as it ends, so a run stopped at any moment keeps every finished
  game: a game is appended as a gzip member of its own and flushed to disk;
- a cut-off last member (the process killed while writing) costs that one game and nothing
  after it: readers stop at it, and the next run writes a new part file instead of appending
  behind it;
- the finished games known without a database: the (seed, game kind) pairs in the parts,
  which the next run skips.

The parts are small enough to commit (gzip members of one game each), which is how the data
travels from one session's machine to the next. Plain ``.jsonl`` files, as older runs wrote,
are still read.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import zlib
from collections.abc import Iterator
from pathlib import Path

PART_GLOB = "part-*.jsonl.gz"


def append_game(path: Path, record: dict) -> None:
    """Append one game to a part file as a gzip member of its own, on disk when this
    returns (mtime 0: the same game gives the same bytes)."""
    member = gzip.compress((json.dumps(record) + "\n").encode(), mtime=0)
    with path.open("ab") as fh:
        fh.write(member)
        fh.flush()
        os.fsync(fh.fileno())


def read_members(path: Path) -> Iterator[dict]:
    """The games of one part file, in the order written; stops at a member cut off by a
    stopped run (that game is played again by the next one)."""
    raw = path.read_bytes()
    while raw:
        unpack = zlib.decompressobj(wbits=31)  # 31: a gzip member
        try:
            text = unpack.decompress(raw)
        except zlib.error:
            return  # a damaged tail: nothing after it is trusted
        if not unpack.eof:
            return  # a member cut off mid-write
        for line in text.decode().splitlines():
            yield json.loads(line)
        raw = unpack.unused_data


def parts(directory: Path) -> list[Path]:
    """A run directory's part files, oldest first."""
    return sorted(directory.glob(PART_GLOB))


def next_part(directory: Path) -> Path:
    """The part file a new run writes: never one an earlier run wrote, so a cut-off member
    of that one is never written behind."""
    taken = parts(directory)
    number = int(taken[-1].name.split("-")[1].split(".")[0]) + 1 if taken else 0
    return directory / f"part-{number:03d}.jsonl.gz"


def data_files(paths: list[Path]) -> list[Path]:
    """Data paths as given (run directories, part files, plain ``.jsonl`` files) as the files
    to read, a directory's parts in order."""
    files: list[Path] = []
    for path in paths:
        files.extend(parts(path) if path.is_dir() else [path])
    return files


def data_digest(path: Path) -> str:
    """The identity of a data file or run directory in provenance: the SHA-256 of its bytes
    (a directory's parts in order), first 16 hex digits."""
    sha = hashlib.sha256()
    for file in data_files([path]):
        sha.update(file.read_bytes())
    return sha.hexdigest()[:16]
