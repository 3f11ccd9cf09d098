"""The gene table (docs/rules.md, "Genes").

Each gene has an index used as a bit in a player's gene mask: a mask is one int, so cloning
the genes of a player is free and "does the player hold X" is one AND.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from engine.counts import PLAYER_COUNTS


class Gene(NamedTuple):
    id: str
    german: str
    price: int
    mp: int  # mutation points; Ray Protection is -2
    cards3: int  # cards in a 3-player game
    cards4: int  # cards in a 4-player game
    replaces: tuple[str, ...]  # lower genes (an advanced gene gives one of them up)
    progress: int  # cards it counts as for the ladder (advanced 2, Ray Protection 0)
    defect_value: int  # what it pays when given up against a gene defect


def _g(gid, german, price, mp, c3, c4, replaces=(), progress=1, defect_value=None) -> Gene:
    return Gene(gid, german, price, mp, c3, c4, replaces, progress,
                mp if defect_value is None else defect_value)  # fmt: skip


GENES: Final[tuple[Gene, ...]] = (
    _g("intelligence", "Intelligenz", 2, 3, 1, 2),
    _g("movement_1", "Bewegung I", 3, 2, 2, 2),
    _g("spores", "Sporen", 3, 3, 1, 1),
    _g("speed", "Geschwindigkeit", 4, 3, 1, 2),
    _g("defense", "Verteidigung", 4, 4, 1, 1),
    _g("escape", "Flucht", 4, 4, 1, 2),
    _g("substitution", "Ersatzkost", 4, 4, 1, 1),
    _g("ray_protection", "Strahlenschutz", 5, -2, 1, 2, progress=0, defect_value=4),
    _g("streamlining", "Stromlinienform", 5, 4, 1, 1),
    _g("tentacle", "Tentakel", 5, 4, 1, 2),
    _g("holding", "Klammern", 5, 4, 1, 1),
    _g("life_expectancy", "Lebenserwartung", 5, 5, 1, 2),
    _g("frugality", "Genügsamkeit", 6, 5, 0, 1),
    _g("struggle_for_survival", "Überlebenskampf", 6, 4, 2, 2),
    _g("parasitism", "Parasitismus", 6, 5, 0, 1),
    _g("division_rate", "Teilungsrate", 6, 5, 1, 2),
    _g("persistence", "Ausdauer", 4, 4, 1, 1, ("speed",), progress=2),
    _g("movement_2", "Bewegung II", 5, 5, 1, 2, ("movement_1",), progress=2),
    _g("aggression", "Aggression", 5, 5, 1, 1, ("struggle_for_survival",), progress=2),
    _g("armor", "Panzerung", 6, 6, 1, 1, ("defense", "escape"), progress=2),
)

GENE_COUNT: Final = len(GENES)
GENE_INDEX: Final[dict[str, int]] = {g.id: i for i, g in enumerate(GENES)}
BIT: Final[dict[str, int]] = {g.id: 1 << i for i, g in enumerate(GENES)}
#: A gene mask uses the bits below ``1 << MASK_BITS`` (one bit per gene of ``GENES``): what
#: a caller packing masks into a larger key may rely on.
MASK_BITS: Final[int] = len(GENES)

# Convenience bits for the rules that test them.
INTELLIGENCE: Final = BIT["intelligence"]
MOVEMENT_1: Final = BIT["movement_1"]
SPORES: Final = BIT["spores"]
SPEED: Final = BIT["speed"]
DEFENSE: Final = BIT["defense"]
ESCAPE: Final = BIT["escape"]
SUBSTITUTION: Final = BIT["substitution"]
RAY_PROTECTION: Final = BIT["ray_protection"]
STREAMLINING: Final = BIT["streamlining"]
TENTACLE: Final = BIT["tentacle"]
HOLDING: Final = BIT["holding"]
LIFE_EXPECTANCY: Final = BIT["life_expectancy"]
FRUGALITY: Final = BIT["frugality"]
STRUGGLE: Final = BIT["struggle_for_survival"]
PARASITISM: Final = BIT["parasitism"]
DIVISION_RATE: Final = BIT["division_rate"]
PERSISTENCE: Final = BIT["persistence"]
MOVEMENT_2: Final = BIT["movement_2"]
AGGRESSION: Final = BIT["aggression"]
ARMOR: Final = BIT["armor"]

# An advanced gene keeps its lower gene's ability (docs/rules.md): these masks ask "can it".
HAS_SPEED: Final = SPEED | PERSISTENCE
HAS_STRUGGLE: Final = STRUGGLE | AGGRESSION

# Lower gene bit -> the advanced gene bits that exclude buying it.
ADVANCED_OF: Final[dict[int, int]] = {}
for _i, _gene in enumerate(GENES):
    for _low in _gene.replaces:
        ADVANCED_OF[BIT[_low]] = ADVANCED_OF.get(BIT[_low], 0) | (1 << _i)


def cards_for(players: int) -> list[int]:
    """Cards of each gene in the supply at the start (5-6 players use the 4-player counts)."""
    column = PLAYER_COUNTS[players].gene_cards_column
    return [g.cards3 if column == 3 else g.cards4 for g in GENES]


def genes_of(mask: int) -> list[str]:
    """Gene ids held in ``mask``, in table order."""
    return [g.id for i, g in enumerate(GENES) if mask >> i & 1]


def mask_of(ids: list[str]) -> int:
    mask = 0
    for gid in ids:
        mask |= BIT[gid]
    return mask


@cache
def total_mp(mask: int) -> int:
    return sum(g.mp for i, g in enumerate(GENES) if mask >> i & 1)


@cache
def progress_cards(mask: int) -> int:
    return sum(g.progress for i, g in enumerate(GENES) if mask >> i & 1)


def gene_table_data() -> list[dict]:
    """The gene table as JSON-able data for clients."""
    return [
        {
            "id": g.id,
            "german": g.german,
            "price": g.price,
            "mp": g.mp,
            "cards": {"3": g.cards3, "4": g.cards4},
            "replaces": list(g.replaces),
            "progress": g.progress,
            "defect_value": g.defect_value,
        }
        for g in GENES
    ]
