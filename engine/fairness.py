"""Provably fair dice: a commitment to a secret server seed at creation, entropy from the
human seats at joining, and the engine seed derived from both when the game starts.

Pure functions on strings (stdlib only), so ``ursuppe verify`` and any third party can
recompute them; the procedure is written out in docs/fairness.md.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

SCHEME = "ursuppe-fair-v1"
#: Engine seeds stay exact in JavaScript clients (``service.rules.play.MAX_SEED``).
SEED_BITS = 53
#: A seat's contribution: any text up to this many characters (it is hashed anyway).
MAX_ENTROPY = 256


def new_server_seed() -> str:
    """32 random bytes from the OS generator, as 64 lowercase hex digits."""
    return secrets.token_hex(32)


def _sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment(game_id: str, server_seed: str) -> str:
    """SHA-256 (hex) of ``"ursuppe-fair-v1\\n<game id>\\n<server seed hex>"``.

    The game id is inside so that one commitment cannot be reused for another game."""
    return _sha256_hex(f"{SCHEME}\n{game_id}\n{server_seed}")


def engine_seed(game_id: str, server_seed: str, contributions: Sequence[str | None]) -> int:
    """The engine's seed: the top 53 bits of SHA-256 over

        ``"ursuppe-fair-v1\\n<game id>\\n<server seed>\\n<c0>\\n<c1>...``

    with one line per seat in seat order: ``-`` for a seat that contributed nothing (a bot,
    a human who sent nothing), else the SHA-256 hex of the contribution's UTF-8 bytes.
    Hashing each contribution makes the encoding unambiguous whatever the text holds.
    """
    lines = [SCHEME, game_id, server_seed]
    lines += ["-" if c is None else _sha256_hex(c) for c in contributions]
    digest = hashlib.sha256("\n".join(lines).encode("utf-8")).digest()
    return int.from_bytes(digest, "big") >> (256 - SEED_BITS)
