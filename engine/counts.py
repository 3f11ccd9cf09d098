"""How many of each component a game has, and what changes with the number of players.

Defined once here because a variant changes them (more players, another number of amoebas or
cubes per colour): every module, the bots, the service's validation and the rules data import
them from here. ``PLAYER_COUNTS`` is the one table of what differs between 3, 4, 5 and 6
players (docs/rules.md, "Player counts"); ``SUPPORTED_PLAYERS`` is its keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

AMOEBAS_PER_COLOUR: Final = 7  # numbered 1..7; also the most one player can have on the board
CUBES_PER_COLOUR: Final = 55


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """The rules that depend on the number of players (colours in play)."""

    players: int
    feed_pattern: tuple[int, ...]  # cubes eaten from the other colours, largest first
    division_bp: int  # BP each player receives in phase 4
    first_amoeba_dp: int  # DP on each player's first setup amoeba
    amoeba_advance: tuple[int, ...]  # ladder advance by amoebas on the board (index 0..7)
    gene_cards_column: int  # which printed column of gene card counts is used (3 or 4)
    tentacle_limit: int  # cubes Tentacle may take from the field left

    def as_data(self) -> dict:
        """For ``GET /rules``: what a client shows about this player count."""
        return {
            "players": self.players,
            "feed_pattern": list(self.feed_pattern),
            "division_bp": self.division_bp,
            "first_amoeba_dp": self.first_amoeba_dp,
            "amoeba_advance": list(self.amoeba_advance),
            "gene_cards_column": self.gene_cards_column,
            "tentacle_limit": self.tentacle_limit,
        }


_ADVANCE_3_4: Final = (0, 0, 0, 1, 2, 4, 5, 6)  # docs/rules.md, "Player counts"
_ADVANCE_5_6: Final = (0, 0, 1, 2, 4, 5, 6, 6)  # docs/rules.md, "Player counts"

PLAYER_COUNTS: Final[dict[int, PlayerCount]] = {
    # 3 players: two cubes of one other colour and one of the other.
    3: PlayerCount(3, (2, 1), 10, 0, _ADVANCE_3_4, 3, 2),
    # 4 players: one cube of each of the three other colours; first amoebas 1 DP.
    4: PlayerCount(4, (1, 1, 1), 10, 1, _ADVANCE_3_4, 4, 3),
    # 5 players: one cube of each of the four other colours; 11 BP.
    5: PlayerCount(5, (1, 1, 1, 1), 11, 0, _ADVANCE_5_6, 4, 3),
    # 6 players: one cube of four of the five other colours (owner's pick); 11 BP; 1 DP.
    # The 5-6 gene cards are not in our sources: the 4-player counts stand in (docs/rules.md).
    6: PlayerCount(6, (1, 1, 1, 1, 0), 11, 1, _ADVANCE_5_6, 4, 3),
}
SUPPORTED_PLAYERS: Final = tuple(PLAYER_COUNTS)
SUPPORTED_PLAYERS_TEXT: Final = (
    ", ".join(map(str, SUPPORTED_PLAYERS[:-1])) + f" or {SUPPORTED_PLAYERS[-1]}"
)
"""The player counts for messages: "3, 4, 5 or 6"."""


NO_PLAYER: Final = -1  # the controller of a colour no player decides for (the decoy)


@dataclass(frozen=True, slots=True)
class Variant:
    """A way to play with a number of players the base game does not have (docs/rules.md, "2
    players"): how many players, how many colours, and which player controls each colour."""

    id: str
    players: int
    controllers: tuple[int, ...]  # controllers[colour] = the player deciding for it; -1: none
    summary: str
    changes: tuple[str, ...] = ()  # what differs from the base game, for GET /rules
    shared: bool = False  # Double II: a player's colours share BP, genes and one marker

    @property
    def decoy(self) -> int:
        """The colour the engine moves by itself (``-1``: none): the decoy variant's."""
        return self.controllers.index(NO_PLAYER) if NO_PLAYER in self.controllers else -1

    @property
    def colours(self) -> int:
        return len(self.controllers)

    def as_data(self) -> dict:
        """For ``GET /rules``: the variant and what changes in it."""
        return {
            "id": self.id,
            "players": self.players,
            "colours": self.colours,
            "controllers": [None if c == NO_PLAYER else c for c in self.controllers],
            "decoy_colour": None if self.decoy < 0 else self.decoy,
            "summary": self.summary,
            "changes": list(self.changes),
            "shared": self.shared,
        }

    def lead(self) -> tuple[int, ...] | None:
        """Double II: each colour's player's first (lowest) colour, the one that holds the
        shared purse, genes and marker's turns; None when colours share nothing."""
        if not self.shared:
            return None
        return tuple(self.controllers.index(p) for p in self.controllers)


# Double II, [ES] "Las nuevas amebas cuestan 4 (y 3 con Velocidad de División)".
DOUBLE_2_DIVISION_COST: Final = (4, 3)  # (without, with Division Rate)

DECOY_NEW_AMOEBAS: Final = 2  # "consigue 2 amebas por ronda" (docs/rules.md, "Decoy")

VARIANTS: Final[dict[str, Variant]] = {
    # Colours alternate between the players (0, 1, 0, 1): docs/rules.md, "2 players".
    "double_1": Variant(
        "double_1",
        2,
        (0, 1, 0, 1),
        "Double I: each player plays two colours of a 4-colour game; a player's result is the "
        "worse of their two colours.",
        (
            "4 colours on the board, played by the 4-player rules",
            "colours 0 and 2 are player 0's, 1 and 3 player 1's",
            "a player's result is the worse of their two colours",
        ),
    ),
    # Colours alternate as in Double I; a player's two colours share BP, genes and one
    # marker (docs/rules.md, "Double II").
    "double_2": Variant(
        "double_2",
        2,
        (0, 1, 0, 1),
        "Double II: each player plays two colours with one purse of BP, one set of genes and "
        "one marker, which advances by the amoeba table for each colour plus the gene table once.",
        (
            "4 colours on the board (feeding 1:1:1, 4-player gene cards); colours 0 and 2 are "
            "player 0's, 1 and 3 player 1's",
            "the starting amoebas have no DP",
            "one marker per player, start spaces 1-2; a player's colours act together in the "
            "orders, first colour first",
            "phase 1: the trailing player's first colour, the leader's two colours, the trailing "
            "player's second colour",
            "one BP purse and one set of genes per player, for both colours: one gene-defect "
            "turn and one buying turn per player, 10 BP per player in phase 4",
            "new amoebas cost 4 BP (3 with Division Rate); each colour divides by the usual "
            "rules (one amoeba left: anywhere)",
            "phase 6: the amoeba table for each colour plus the gene table once",
            "Parasitism and Aggression act only on the other player's colours",
        ),
        shared=True,
    ),
    # The decoy is the third colour of a 3-colour game (docs/rules.md, "Decoy").
    "decoy": Variant(
        "decoy",
        2,
        (0, 1, NO_PLAYER),
        "Decoy: a third colour played by the game itself; whether it scores is the option "
        "decoy_scores.",
        (
            "3 colours on the board, played by the 3-player rules (feeding 2:1, 3-player gene "
            "cards, no DP on the first amoebas)",
            "colour 2 is the decoy: it always drifts, makes no decisions, has no BP and buys no "
            "genes",
            "the decoy's amoebas die at 3 DP (Life Expectancy from the start, not a card)",
            "in phase 4 the decoy gets two new amoebas free, on fields the game draws",
            "decoy_scores true: its marker advances like a player's and can end the game; "
            "false: it stays on its start space",
        ),
    ),
}
