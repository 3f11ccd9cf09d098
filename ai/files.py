"""Writing result and model files whole.

Why: arenas, ladders and the value pipeline rewrite their files while they run (after every
seed group or game, a model retrained beside a running arena), and a reader (the tables of
``bench.ai_tables``, a search loading the model, a person's ``cat``) must never find half a
file. So each file is written beside its place and renamed over it, which is atomic.
"""

from __future__ import annotations

from pathlib import Path


def write_whole(path: Path, text: str) -> None:
    """Replace the file at ``path`` by ``text`` in one step."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)
