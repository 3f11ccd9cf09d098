"""Hand-made positions: a game set up exactly as a test, a tutorial or an analysis needs it.

Rule tests start from a position that shows the rule, not from a long random game. The
position keeps the stock invariants (55 cubes per colour, gene cards) by deriving the supplies
from what is on the board and in the players' hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.board import FIELD_INDEX
from engine.environment import DEFAULT_DECK, deck_from_data
from engine.errors import EngineError
from engine.game import Game
from engine.genes import GENE_INDEX, cards_for, mask_of
from engine.machine import run
from engine.state import CUBES_PER_COLOUR

AmoebaSpec = tuple[int, int, str, int] | tuple[int, int, str]


def build_position(
    players: int = 4,
    *,
    seed: int = 0,
    round: int = 1,
    phase: int = 1,
    amoebas: Iterable[AmoebaSpec] = (),
    food: Mapping[str, Sequence[int]] | None = None,
    bp: Sequence[int] | None = None,
    genes: Sequence[Sequence[str]] | None = None,
    new_genes: Sequence[Sequence[str]] | None = None,
    scores: Sequence[int] | None = None,
    deck: list[dict] | None = None,
    revealed: int | None = None,
    frames: Sequence[tuple] | None = None,
) -> Game:
    """A game in ``round`` at the start of ``phase`` (or at ``frames``), advanced to its first
    decision.

    - ``amoebas``: (seat, number, field name[, dp]).
    - ``food``: field name -> cubes per colour; fields not named are empty.
    - ``genes`` / ``new_genes``: gene ids per seat (new = acquired this round).
    - ``scores``: ladder spaces (default 1..n by seat).
    - ``deck``: cards in draw order (default: the default deck unshuffled); ``revealed``: how
      many are face up, the last being the current card (default: ``round`` before phase 2,
      ``round + 1`` from phase 2 on, the card of phase 2 itself being the next to reveal).
    - ``frames``: run these frames (machine ops) first, then the phases after ``phase``.
    """
    cards = deck_from_data(deck) if deck is not None else DEFAULT_DECK
    g = Game._blank(players, seed, cards)
    g.deck = list(range(len(cards)))
    g.round = round
    g.phase = phase
    if revealed is None:
        revealed = round if phase <= 2 else round + 1
    if not 1 <= revealed <= len(cards):
        raise EngineError("invalid_state", f"revealed must be 1..{len(cards)}")
    g.deck_pos = revealed
    g.food = [0] * len(g.food)
    for name, cubes in (food or {}).items():
        if len(cubes) != players:
            raise EngineError("invalid_state", f"food on {name} needs {players} counts")
        for c, k in enumerate(cubes):
            g.food[FIELD_INDEX[name] * players + c] = k
    g.supply = [CUBES_PER_COLOUR - sum(g.food[c::players]) for c in range(players)]
    if min(g.supply) < 0:
        raise EngineError("invalid_state", "more than 55 cubes of a colour on the board")
    for spec in amoebas:
        seat, number, field = spec[0], spec[1], spec[2]
        dp = spec[3] if len(spec) > 3 else 0
        if g.pos(seat, number) >= 0:
            raise EngineError("invalid_state", f"amoeba {seat}/{number} placed twice")
        g.place_amoeba(seat, number, FIELD_INDEX[field], dp)
    g.bp = list(bp) if bp is not None else [4] * players
    g.genes = [mask_of(list(ids)) for ids in genes] if genes else [0] * players
    g.new_genes = [mask_of(list(ids)) for ids in new_genes] if new_genes else [0] * players
    g.gene_supply = cards_for(players)
    for ids in genes or ():
        for gid in ids:
            g.gene_supply[GENE_INDEX[gid]] -= 1
    if min(g.gene_supply) < 0:
        raise EngineError("invalid_state", "more gene cards held than the game has")
    g.score = list(scores) if scores is not None else list(range(1, players + 1))
    later = [(f"phase{k}",) for k in range(6, phase, -1)]
    first = list(reversed(frames)) if frames is not None else [(f"phase{phase}",)]
    g.stack = [("round_end",), *later, *first]
    g.events = []
    run(g)
    g.setup_events = g.events
    g.events = None
    return g
