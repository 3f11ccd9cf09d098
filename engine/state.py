"""The game state: flat lists of ints, and the primitive changes every rule is made of.

Flat data because search clones states thousands of times a second: copying a dozen small
lists is a few microseconds, where a deepcopy of nested objects is a hundred times more.

Layout (n = number of players, seat = colour index 0..n-1, amoeba numbers 1..7):
- ``food[field * n + colour]``: cubes on a field; ``supply[colour]``: cubes off the board.
- ``apos[seat * 7 + number - 1]``: the amoeba's field, or -1 when not on the board;
  ``adp[...]``: its damage points.
- ``bp[seat]``; ``genes[seat]`` a bit mask (engine.genes); ``new_genes[seat]`` genes acquired
  this round; ``gene_supply[gene index]``.
- ``score[seat]``: the ladder space (0 before the start spaces are chosen).
- ``deck``: card indexes into ``cards`` in draw order, ``deck_pos`` cards drawn so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.board import FIELD_COUNT, FIELD_NAMES
from engine.counts import AMOEBAS_PER_COLOUR
from engine.decision import Decision, Frame
from engine.environment import Card
from engine.genes import LIFE_EXPECTANCY
from engine.rng import next_below

if TYPE_CHECKING:
    from engine.chance import ChanceSource

START_BP: Final = 4


class Mirrored(list):
    """A per-colour list whose colours of one player hold one value (Double II, docs/rules.md):
    reads are plain list reads, a write goes to every colour with the same ``lead``."""

    __slots__ = ("lead",)

    def __init__(self, values: list[int], lead: tuple[int, ...]) -> None:
        super().__init__(values)
        self.lead = lead

    def __setitem__(self, i, value) -> None:  # type: ignore[no-untyped-def, override]
        if type(i) is slice:
            raise TypeError("a shared list is written one colour at a time")
        owner = self.lead[i]
        for c in range(len(self)):
            if self.lead[c] == owner:
                list.__setitem__(self, c, value)


class State:
    """Data and primitives; ``engine.game.Game`` adds the public interface."""

    __slots__ = (
        "n", "seed", "_rng", "cards", "_deck", "_deck_pos", "round", "phase",
        "food", "supply", "apos", "adp", "bp", "genes", "new_genes", "gene_supply",
        "score", "_stack", "seq", "over", "events", "pending", "chance", "decoy", "decoy_scores",
        "lead",
    )  # fmt: skip

    n: int
    seed: int
    _rng: int  # the dice and shuffles' generator: private, like the deck order
    cards: tuple[Card, ...]
    _deck: list[int]
    _deck_pos: int
    round: int
    phase: int
    food: list[int]
    supply: list[int]
    apos: list[int]
    adp: list[int]
    bp: list[int]
    genes: list[int]
    new_genes: list[int]
    gene_supply: list[int]
    score: list[int]
    _stack: list[Frame]
    seq: int
    over: bool
    events: list[dict] | None
    pending: Decision | None
    chance: ChanceSource | None  # None: dice from ``rng`` (docs/engine-api.md, "Chance")
    decoy: int  # the colour the engine moves itself (the decoy variant), -1 when none
    decoy_scores: bool  # whether the decoy's marker advances (a game option)
    lead: tuple[int, ...] | None  # Double II: lead[colour] = its player's first colour; else None

    # --- shared purse, genes and marker (Double II) ----------------------------------------
    def shared(self, values: list[int]) -> list[int]:
        """``values`` as a per-colour list; in Double II one whose writes reach every colour
        of the same player, so ``bp``, ``genes``, ``new_genes`` and ``score`` stay one purse,
        one gene set and one marker per player while every rule keeps indexing by colour."""
        return values if self.lead is None else Mirrored(values, self.lead)

    def partners(self, a: int, b: int) -> bool:
        """Whether colours ``a`` and ``b`` are one player's for Parasitism and Aggression ("de
        otro jugador"): the same colour, or in Double II the player's other colour. (Double I's
        colours stay separate players there, as in the 4-player game it is.)"""
        return a == b if self.lead is None else self.lead[a] == self.lead[b]

    def is_lead(self, seat: int) -> bool:
        """Whether ``seat`` acts for its player where Double II has one turn per player
        (start space, phase 2, phase 3, BP in phase 4, phase 6): always outside Double II."""
        return self.lead is None or self.lead[seat] == seat

    # --- events and chance ---------------------------------------------------------------
    def emit(self, event: dict) -> None:
        """Record an event (skipped when ``events`` is None, as in search playouts).

        Callers pass the event as one dict display with ``"type"`` first: built in one go at
        the call site (keyword arguments would build a dict and then insert the type)."""
        if self.events is not None:
            self.events.append(event)

    def rand_below(self, k: int) -> int:
        self._rng, value = next_below(self._rng, k)
        return value

    def roll(self) -> int:
        """One die, 1..6: from the state's own generator, or from a test's scripted source."""
        if self.chance is not None:
            return self.chance.roll()
        self._rng, value = next_below(self._rng, 6)
        return value + 1

    # --- amoebas -------------------------------------------------------------------------
    def pos(self, seat: int, number: int) -> int:
        return self.apos[seat * AMOEBAS_PER_COLOUR + number - 1]

    def alive_numbers(self, seat: int) -> list[int]:
        base = seat * AMOEBAS_PER_COLOUR
        apos = self.apos
        return [k + 1 for k in range(AMOEBAS_PER_COLOUR) if apos[base + k] >= 0]

    def amoeba_count(self, seat: int) -> int:
        base = seat * AMOEBAS_PER_COLOUR
        return sum(1 for p in self.apos[base : base + AMOEBAS_PER_COLOUR] if p >= 0)

    def amoebas_on(self, field: int) -> list[tuple[int, int]]:
        """(seat, number) of every amoeba on ``field``, by seat then number."""
        return [
            (i // AMOEBAS_PER_COLOUR, i % AMOEBAS_PER_COLOUR + 1)
            for i, p in enumerate(self.apos)
            if p == field
        ]

    def death_limit(self, seat: int) -> int:
        # The decoy has Life Expectancy from the start (docs/rules.md, "Decoy").
        return 3 if self.genes[seat] & LIFE_EXPECTANCY or seat == self.decoy else 2

    def place_amoeba(self, seat: int, number: int, field: int, dp: int = 0) -> None:
        i = seat * AMOEBAS_PER_COLOUR + number - 1
        self.apos[i] = field
        self.adp[i] = dp

    def remove_amoeba(self, seat: int, number: int, cubes_each: int, cause: str) -> None:
        """Take the amoeba off the board and put ``cubes_each`` of every colour on its field."""
        i = seat * AMOEBAS_PER_COLOUR + number - 1
        field = self.apos[i]
        self.apos[i] = -1
        self.adp[i] = 0
        name = FIELD_NAMES[field]
        self.emit(
            {"type": "amoeba_died", "seat": seat, "number": number, "field": name, "cause": cause}
        )
        placed = [self.add_cubes(field, c, cubes_each) for c in range(self.n)]
        self.emit({"type": "cubes_placed", "field": name, "cubes": placed})

    def add_damage(self, seat: int, number: int, amount: int = 1) -> int:
        i = seat * AMOEBAS_PER_COLOUR + number - 1
        self.adp[i] += amount
        return self.adp[i]

    # --- food ----------------------------------------------------------------------------
    def food_on(self, field: int) -> list[int]:
        n = self.n
        return self.food[field * n : field * n + n]

    def add_cubes(self, field: int, colour: int, count: int) -> int:
        """Move up to ``count`` cubes from the supply to the field; return how many moved."""
        k = min(count, self.supply[colour])
        if k:
            self.supply[colour] -= k
            self.food[field * self.n + colour] += k
        return k

    # --- players -------------------------------------------------------------------------
    def ascending(self) -> list[int]:
        """Seats from the rearmost marker forward (phase 1, first setup placement); ties keep
        seat order. An insertion sort: no key callback per seat (a hot path, 3-6 seats)."""
        score = self.score
        out: list[int] = []
        for s in range(self.n):
            i = len(out)
            while i and score[out[i - 1]] > score[s]:
                i -= 1
            out.insert(i, s)
        return out

    def descending(self) -> list[int]:
        """Seats from the leading marker back (phases 2-6, second setup placement); ties keep
        seat order, as ``sorted(..., reverse=True)`` would."""
        score = self.score
        out: list[int] = []
        for s in range(self.n):
            i = len(out)
            while i and score[out[i - 1]] < score[s]:
                i -= 1
            out.insert(i, s)
        return out

    def phase1_order(self) -> list[int]:
        """Phase 1's order: ascending; in Double II [ES] "Los jugadores en el segundo rango
        comienzan ... luego el jugador en cabeza se alimenta de su primer color y después su
        segundo color y finalmente el segundo jugador clasificado se alimenta de su otro
        color": the trailing player's first colour, the leader's two, the trailing one's other
        (a player's colours tie on their shared marker, so ``ascending`` lists them together,
        lower colour first)."""
        order = self.ascending()
        if self.lead is None:
            return order
        return [order[0], *order[2:], order[1]]

    def ranking(self) -> list[int]:
        """Seats, the furthest marker first (docs/rules.md, "Phase 6" and "End")."""
        return self.descending()

    def current_card(self) -> Card:
        return self.cards[self._deck[self._deck_pos - 1]]

    def cube_total(self, colour: int) -> int:
        n = self.n
        return self.supply[colour] + sum(self.food[f * n + colour] for f in range(FIELD_COUNT))
