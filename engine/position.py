"""Hand-made positions: a game set up exactly as a test, a tutorial or an analysis needs it.

Rule tests start from a position that shows the rule, not from a long random game. The
position keeps the stock invariants (55 cubes per colour, gene cards) by deriving the supplies
from what is on the board and in the players' hands.

A position may start at a named decision (``at=Feeding(seat=0, number=1)``: "seat 0's amoeba
1 is about to feed in phase 1") instead of at the start of a phase; the names are part of the
public interface (docs/engine-api.md), the machine's op names behind them are not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from engine.board import FIELD_INDEX
from engine.chance import ChanceSource
from engine.counts import CUBES_PER_COLOUR
from engine.environment import DEFAULT_DECK, deck_from_data
from engine.errors import InvalidStateError
from engine.frames import AmoebaStep, Feed, SeatTurn, SetupRound, Stage
from engine.game import Game
from engine.genes import GENE_INDEX, cards_for, mask_of
from engine.machine import run

AmoebaSpec = tuple[int, int, str, int] | tuple[int, int, str]


class StartSpace(NamedTuple):
    """Setup: ``seat`` is about to choose its start space (decision ``start_space``)."""

    seat: int
    phase = 0

    def frame(self) -> tuple:
        return SeatTurn.new("choose_start", self.seat)


class Moving(NamedTuple):
    """Phase 1: the amoeba is about to drift, hold or move (decision ``movement``)."""

    seat: int
    number: int
    phase = 1

    def frame(self) -> tuple:
        return AmoebaStep.new("p1_amoeba", self.seat, self.number)


class Feeding(NamedTuple):
    """Phase 1: the amoeba has moved and is about to feed (decision ``feed``; with Struggle
    for Survival its attack is still available)."""

    seat: int
    number: int
    phase = 1

    def frame(self) -> tuple:
        return Feed.new("p1_feed", self.seat, self.number, 1)


class BuyingGenes(NamedTuple):
    """Phase 3: ``seat`` is about to buy genes (decision ``buy_genes``)."""

    seat: int
    phase = 3

    def frame(self) -> tuple:
        return SeatTurn.new("buy", self.seat)


class Dividing(NamedTuple):
    """Phase 4: ``seat`` is about to place new amoebas (decision ``divide``)."""

    seat: int
    phase = 4

    def frame(self) -> tuple:
        return SeatTurn.new("divide", self.seat)


class Aggression(NamedTuple):
    """Phase 5, after the natural deaths: ``seat`` (holding Aggression) may attack (decision
    ``aggression``)."""

    seat: int
    phase = 5

    def frame(self) -> tuple:
        return SeatTurn.new("aggression", self.seat)


NamedDecision = StartSpace | Moving | Feeding | BuyingGenes | Dividing | Aggression


def build_position(
    players: int = 4,
    *,
    seed: int = 0,
    round: int = 1,
    phase: int | None = None,
    amoebas: Iterable[AmoebaSpec] = (),
    food: Mapping[str, Sequence[int]] | None = None,
    bp: Sequence[int] | None = None,
    genes: Sequence[Sequence[str]] | None = None,
    new_genes: Sequence[Sequence[str]] | None = None,
    scores: Sequence[int] | None = None,
    deck: list[dict] | None = None,
    revealed: int | None = None,
    at: NamedDecision | Sequence[NamedDecision] | None = None,
    chance: ChanceSource | None = None,
) -> Game:
    """A game in ``round`` at the start of ``phase`` (default 1), or at the named decisions
    ``at``, advanced to its first decision.

    - ``amoebas``: (seat, number, field name[, dp]).
    - ``food``: field name -> cubes per colour; fields not named are empty.
    - ``genes`` / ``new_genes``: gene ids per seat (new = acquired this round).
    - ``scores``: ladder spaces (default 1..n by seat).
    - ``deck``: cards in draw order (default: the default deck unshuffled); ``revealed``: how
      many are face up, the last being the current card (default: ``round`` before phase 2,
      ``round + 1`` from phase 2 on, the card of phase 2 itself being the next to reveal).
    - ``at``: one named decision (``Feeding(0, 1)``) or several, taken in the order given;
      the rest of their phase is skipped, then the phases after it run as usual. ``phase``
      defaults to theirs.
    - ``chance``: where the dice come from (``engine.chance.ScriptedDice``); default the
      game's own generator, seeded with ``seed``.
    """
    named = [at] if isinstance(at, tuple) and hasattr(at, "frame") else list(at or ())
    if phase is None:
        phase = named[0].phase if named else 1
    if any(d.phase != phase for d in named):
        raise InvalidStateError(f"every named decision must be in phase {phase}")
    cards = deck_from_data(deck) if deck is not None else DEFAULT_DECK
    g = Game._blank(players, seed, cards)
    g.chance = chance
    g._deck = list(range(len(cards)))
    g.round = round if phase else 0
    g.phase = phase
    if revealed is None:
        revealed = max(round, 1) if phase <= 2 else round + 1
    if not 1 <= revealed <= len(cards):
        raise InvalidStateError(f"revealed must be 1..{len(cards)}")
    g._deck_pos = revealed
    g.food = [0] * len(g.food)
    for name, cubes in (food or {}).items():
        if len(cubes) != players:
            raise InvalidStateError(f"food on {name} needs {players} counts")
        for c, k in enumerate(cubes):
            g.food[FIELD_INDEX[name] * players + c] = k
    g.supply = [CUBES_PER_COLOUR - sum(g.food[c::players]) for c in range(players)]
    if min(g.supply) < 0:
        raise InvalidStateError("more than 55 cubes of a colour on the board")
    for spec in amoebas:
        seat, number, field = spec[0], spec[1], spec[2]
        dp = spec[3] if len(spec) > 3 else 0
        if g.pos(seat, number) >= 0:
            raise InvalidStateError(f"amoeba {seat}/{number} placed twice")
        g.place_amoeba(seat, number, FIELD_INDEX[field], dp)
    g.bp = list(bp) if bp is not None else [4] * players
    g.genes = [mask_of(list(ids)) for ids in genes] if genes else [0] * players
    g.new_genes = [mask_of(list(ids)) for ids in new_genes] if new_genes else [0] * players
    g.gene_supply = cards_for(players)
    for ids in genes or ():
        for gid in ids:
            g.gene_supply[GENE_INDEX[gid]] -= 1
    if min(g.gene_supply) < 0:
        raise InvalidStateError("more gene cards held than the game has")
    g.score = list(scores) if scores is not None else list(range(1, players + 1))
    later = [Stage.new(f"phase{k}") for k in range(6, phase, -1)]
    if named:
        first = [d.frame() for d in reversed(named)]
    elif phase == 0:
        raise InvalidStateError("a setup position needs a named decision (at=)")
    else:
        first = [Stage.new(f"phase{phase}")]
    # A setup position goes on with the amoeba placements; the others finish their round.
    rest = [SetupRound.new("setup_round", 1)] if phase == 0 else [Stage.new("round_end"), *later]
    g._stack = [*rest, *first]
    g.events = []
    run(g)
    g.setup_events = g.events
    g.events = None
    return g
