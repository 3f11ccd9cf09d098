"""A learned leaf value: a small multilayer perceptron over version 2's features, one model
for every game size and variant.

Why: the linear value (``ai.value``) weighs each feature the same in every position and is
fitted per player count on a hundred games; a network can weigh them by the situation (a
BP lead early, the race late) and learns from all sizes and variants at once, with the game
as an input (``GAME_KINDS``, one-hot). Its inputs are the seat terms of ``ai.value``'s
version 2 (``FEATURE_NAMES_2`` without the constants), so it reads nothing the linear value
does not; its target is the same, the seat's final margin in ladder points.

Inference is NumPy, a few matrix-vector products (``Model.value``), cheap next to the
features themselves. As the linear value leaves its constant terms out (``ai.value``,
``CONSTANT_NAMES``), the network's output is taken relative to its output for a seat level
with everyone (all seat terms zero) in the same game: that part is the same for
every leaf of a decision at that stage, and search would chase its jumps between stages.

The weights and their provenance (data, seeds, commit, held-out fit) are in ``ai/models/``,
written by ``python -m ai.value_pipeline train`` (docs/ai.md, "The learned value").
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ai.value import SEAT_TERMS_2, feature_vector

if TYPE_CHECKING:
    from engine import Game

#: Every game the model knows, in the order of its one-hot inputs: player counts, then the
#: 2-player variants (``engine.counts.VARIANTS``).
GAME_KINDS: Final = ("3p", "4p", "5p", "6p", "double_1", "double_2", "decoy")
INPUTS: Final = SEAT_TERMS_2 + len(GAME_KINDS)
MODEL_DIR: Final = Path(__file__).parent / "models"
MODEL_PATH: Final = MODEL_DIR / "value_net.json"
PROVENANCE_PATH: Final = MODEL_DIR / "value_net.provenance.json"


def game_kind(variant: str | None, colours: int) -> str:
    """The ``GAME_KINDS`` entry of a game: its variant, or its player count."""
    return variant if variant is not None else f"{colours}p"


def inputs(seat_terms: list[float], kind: str) -> list[float]:
    """The model's input row: the seat terms of version 2, then the game one-hot."""
    return list(seat_terms[:SEAT_TERMS_2]) + [1.0 if k == kind else 0.0 for k in GAME_KINDS]


class Model:
    """A tanh MLP with standardised inputs; ``layers`` is a list of (weights, bias). With
    ``skip`` (one weight an input), the standardised inputs also reach the output directly:
    a linear value plus the network's correction, trained together ("wide and deep"),
    started at the linear value's weights so that training begins where the shipped search
    plays. Measured as a trial: trained on, the linear part left those weights and the search
    played worse than with the network alone (docs/ai.md, "The learned value")."""

    def __init__(self, data: dict) -> None:
        import numpy as np  # inference's one dependency beyond the engine

        self._np = np
        self.mean = np.asarray(data["mean"], dtype=float)
        self.scale = np.asarray(data["scale"], dtype=float)
        self.layers = [
            (np.asarray(w, dtype=float), np.asarray(b, dtype=float)) for w, b in data["layers"]
        ]
        skip = data.get("skip")
        self.skip = None if skip is None else np.asarray(skip, dtype=float)
        self.kinds = tuple(data["kinds"])
        if self.kinds != GAME_KINDS or self.mean.shape != (INPUTS,):
            raise ValueError("the model was trained on other inputs than ai.value_net's")
        self._baseline: dict[str, float] = {}

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> Model:
        return cls(json.loads(Path(path).read_text()))

    def predict(self, rows: object) -> object:
        """Outputs for a batch of input rows (an array of shape (n, INPUTS))."""
        np = self._np
        x = (np.asarray(rows, dtype=float) - self.mean) / self.scale
        h = x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.tanh(h)
        return h[:, 0] if self.skip is None else h[:, 0] + x @ self.skip

    def raw(self, row: list[float]) -> float:
        """The output for one input row."""
        return float(self.predict([row])[0])  # type: ignore[index]  # an array

    def baseline(self, kind: str) -> float:
        """The output for a seat level with everyone (all seat terms zero) in ``kind``;
        ``value`` subtracts it (see the module docstring). Stage is no input of its own (it
        enters as the seat terms' products with it, as in the linear value), so this is
        one number per game."""
        out = self._baseline.get(kind)
        if out is None:
            out = self._baseline[kind] = self.raw(inputs([0.0] * SEAT_TERMS_2, kind))
        return out

    def value(self, g: Game, seat: int) -> float:
        """The learned margin of ``seat`` in a game in progress, relative to the baseline."""
        x = feature_vector(g, seat, 2)
        kind = game_kind(g.variant, g.players)
        return self.raw(inputs(x, kind)) - self.baseline(kind)


_active: dict[str, Path] = {"path": MODEL_PATH}


def use(path: Path | None) -> None:
    """Play the search's ``value="net"`` with the model at ``path`` (a candidate or an
    earlier generation; None: the committed one) in this process."""
    _active["path"] = MODEL_PATH if path is None else Path(path)


@cache
def _load(path: Path) -> Model:
    return Model.load(path)


def active() -> Model:
    """The model ``value="net"`` plays with (``use``)."""
    return _load(_active["path"])


def digest(path: Path) -> str:
    """A file's identity in provenance and result records: its SHA-256, first 16 hex digits."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def available(path: Path = MODEL_PATH) -> bool:
    """Whether a model is committed at ``path``."""
    return Path(path).exists()
