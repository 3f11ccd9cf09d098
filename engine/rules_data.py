"""The rules as data for clients: board, compass, default environment deck, gene table."""

from __future__ import annotations

from engine.actions import ACTION_TYPES
from engine.board import board_data
from engine.compass import compass_data
from engine.counts import PLAYER_COUNTS, SUPPORTED_PLAYERS, VARIANTS
from engine.decision import DECISION_KINDS
from engine.environment import DEFAULT_DECK, card_to_dict
from engine.genes import gene_table_data


def rules_data() -> dict:
    return {
        "board": board_data(),
        "compass": compass_data(),
        "environment_deck": [card_to_dict(c) for c in DEFAULT_DECK],
        "genes": gene_table_data(),
        "action_types": ACTION_TYPES,
        "decision_kinds": list(DECISION_KINDS),
        "players": list(SUPPORTED_PLAYERS),
        "player_counts": [PLAYER_COUNTS[n].as_data() for n in SUPPORTED_PLAYERS],
        "variants": [v.as_data() for v in VARIANTS.values()],
    }
