"""Environment cards: drift direction and ozone thickness (docs/rules.md, "Material and board").

The printed values are in no source we have: DEFAULT_DECK is this project's documented
assumption (the table in docs/rules.md); a game may be created with another deck.
"""

from __future__ import annotations

from typing import Final

from engine.compass import DIRECTION_INDEX, DIRECTION_NAMES, STAY
from engine.errors import InvalidOptionsError

# (drift direction or STAY, ozone thickness)
Card = tuple[int, int]

DEFAULT_DECK: Final[tuple[Card, ...]] = tuple(
    (DIRECTION_INDEX[d] if d != "none" else STAY, ozone)
    for d, ozone in (
        ("W", 8), ("W", 11), ("W", 14), ("N", 7), ("N", 12), ("E", 9),
        ("E", 10), ("E", 13), ("S", 6), ("S", 15), ("none", 10),
    )
)  # fmt: skip

MIN_DECK, MAX_DECK = 2, 40


def card_to_dict(card: Card) -> dict:
    drift, ozone = card
    return {"drift": DIRECTION_NAMES[drift] if drift != STAY else "none", "ozone": ozone}


def deck_from_data(data: object) -> tuple[Card, ...]:
    """Validate a custom deck ``[{"drift": "W"|"N"|"E"|"S"|"none", "ozone": int}, ...]``."""
    if data is None:
        return DEFAULT_DECK
    if not isinstance(data, list) or not MIN_DECK <= len(data) <= MAX_DECK:
        raise InvalidOptionsError(f"deck must be a list of {MIN_DECK}..{MAX_DECK} cards")
    cards = []
    for i, item in enumerate(data):
        if not isinstance(item, dict) or set(item) != {"drift", "ozone"}:
            raise InvalidOptionsError(f"deck card {i} must be {{'drift', 'ozone'}}")
        drift, ozone = item["drift"], item["ozone"]
        if drift not in DIRECTION_INDEX and drift != "none":
            raise InvalidOptionsError(f"deck card {i}: drift must be W, N, E, S or none")
        if not isinstance(ozone, int) or isinstance(ozone, bool) or not 0 <= ozone <= 99:
            raise InvalidOptionsError(f"deck card {i}: ozone must be an int 0..99")
        cards.append((DIRECTION_INDEX[drift] if drift != "none" else STAY, ozone))
    return tuple(cards)
