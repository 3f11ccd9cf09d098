"""The public face of the engine: create, decide, apply, save, restore, clone, replay."""

from __future__ import annotations

from typing import Any, Final

from engine import rules  # noqa: F401  (registers every step and decision)
from engine.actions import shape_problem
from engine.board import FIELD_COUNT, FIELD_NAMES
from engine.environment import card_to_dict, deck_from_data
from engine.errors import EngineError
from engine.genes import GENES, cards_for, genes_of, mask_of
from engine.machine import OPS, Decision, pending_of, run
from engine.rng import seed_state
from engine.state import AMOEBAS_PER_COLOUR, CUBES_PER_COLOUR, START_BP, State

SUPPORTED_PLAYERS: Final = (3, 4)
FORMAT_VERSION: Final = 1
CUBES_PER_FIELD_AT_SETUP: Final = 2


class Game(State):
    """One game of Ursuppe. See docs/engine-api.md for the contract."""

    __slots__ = ("setup_events",)
    setup_events: list[dict]

    # --- creation ------------------------------------------------------------------------
    @classmethod
    def new(cls, players: object, seed: object, *, deck: object = None) -> Game:
        """Set up a game and advance to its first decision.

        The setup's events (food, deck, start rolls) are in ``game.setup_events``. The
        arguments are typed ``object`` because they are checked here: anything else is an
        ``invalid_options`` error, never a TypeError (the compiled build enforces annotations).
        """
        if type(players) is not int or players not in SUPPORTED_PLAYERS:
            raise EngineError("invalid_options", f"players must be one of {SUPPORTED_PLAYERS}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise EngineError("invalid_options", "seed must be an integer")
        g = cls._blank(players, seed, deck_from_data(deck))
        g.events = []
        for c in range(players):
            for f in range(FIELD_COUNT):
                g.add_cubes(f, c, CUBES_PER_FIELD_AT_SETUP)
        g.emit(
            {"type": "game_created", "players": players, "food_per_field": CUBES_PER_FIELD_AT_SETUP}
        )
        g.deck = list(range(len(g.cards)))
        for i in range(len(g.deck) - 1, 0, -1):  # Fisher-Yates with the game's generator
            j = g.rand_below(i + 1)
            g.deck[i], g.deck[j] = g.deck[j], g.deck[i]
        g.deck_pos = 1
        g.emit({"type": "card_revealed", "card": card_to_dict(g.current_card()), "round": 0})
        g.stack = [("setup",)]
        run(g)
        g.setup_events = g.events
        g.events = None
        return g

    @classmethod
    def _blank(cls, players: int, seed: int, cards: tuple) -> Game:
        g = cls()  # not object.__new__: the compiled build's classes refuse it
        n = players
        g.n = n
        g.seed = seed
        g.rng = seed_state(seed)
        g.cards = cards
        g.deck = []
        g.deck_pos = 0
        g.round = 0
        g.phase = 0
        g.food = [0] * (FIELD_COUNT * n)
        g.supply = [CUBES_PER_COLOUR] * n
        g.apos = [-1] * (AMOEBAS_PER_COLOUR * n)
        g.adp = [0] * (AMOEBAS_PER_COLOUR * n)
        g.bp = [START_BP] * n
        g.genes = [0] * n
        g.new_genes = [0] * n
        g.gene_supply = cards_for(n)
        g.score = [0] * n
        g.stack = []
        g.seq = 0
        g.over = False
        g.events = None
        g.pending = None
        g.setup_events = []
        return g

    # --- playing -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.pending is None

    @property
    def scores(self) -> list[int]:
        return list(self.score)

    def legal_actions(self) -> list[dict]:
        return self.pending.actions if self.pending is not None else []

    def apply(self, action: object, seat: int | None = None) -> list[dict]:
        """Apply one action of the pending decision; return the events it caused.

        Raises EngineError (state untouched) for a finished game, the wrong seat, a malformed
        action or one that is not legal now.
        """
        decision = self.pending
        if decision is None:
            raise EngineError("game_over", "the game is over; no action can be applied")
        if seat is not None and seat != decision.seat:
            raise EngineError(
                "not_your_turn", f"seat {decision.seat} must decide ({decision.kind}), not {seat}"
            )
        legal = decision.actions
        index = -1
        for i in range(len(legal)):  # the fast path: bots hand back the engine's own object
            if legal[i] is action:
                index = i
                break
        if index < 0:
            try:
                index = legal.index(action)  # type: ignore[arg-type]
            except (ValueError, TypeError):
                index = -1
            # ``==`` takes True and 1.0 for 1: a match must also agree in every type.
            if index >= 0 and not _same_types(action, legal[index]):
                index = -1
        if index < 0:
            problem = shape_problem(action)
            if problem is not None:
                raise EngineError("malformed_action", problem)
            raise EngineError(
                "illegal_action",
                f"{action!r} is not legal for the pending {decision.kind!r} decision of seat "
                f"{decision.seat}; legal: {len(decision.actions)} actions",
            )
        legal_action = legal[index]
        events: list[dict] = []
        self.events = events
        self.emit(
            {"type": "action", "seat": decision.seat, "kind": decision.kind, "action": legal_action}
        )
        self._resolve(legal_action)
        self.events = None
        return events

    def apply_unchecked(self, action: dict) -> None:
        """Apply an action taken from ``legal_actions()`` without validation or events.

        For search and playouts only: the caller guarantees legality.
        """
        self._resolve(action)

    def _resolve(self, action: dict) -> None:
        frame = self.stack.pop()
        self.seq += 1
        self.pending = None
        OPS[frame[0]].resolve(self, frame, action)
        run(self)

    # --- copies ---------------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy sharing only immutable parts (cards, frames, the decision)."""
        g = Game()
        g.n = self.n
        g.seed = self.seed
        g.rng = self.rng
        g.cards = self.cards
        g.deck = self.deck[:]
        g.deck_pos = self.deck_pos
        g.round = self.round
        g.phase = self.phase
        g.food = self.food[:]
        g.supply = self.supply[:]
        g.apos = self.apos[:]
        g.adp = self.adp[:]
        g.bp = self.bp[:]
        g.genes = self.genes[:]
        g.new_genes = self.new_genes[:]
        g.gene_supply = self.gene_supply[:]
        g.score = self.score[:]
        g.stack = self.stack[:]
        g.seq = self.seq
        g.over = self.over
        g.events = None
        g.pending = self.pending
        g.setup_events = []
        return g

    def to_dict(self) -> dict:
        """Everything, the generator and the deck order included: for storage, not clients."""
        return {
            "format": FORMAT_VERSION,
            "players": self.n,
            "seed": self.seed,
            "rng": format(self.rng, "016x"),
            "cards": [card_to_dict(c) for c in self.cards],
            "deck": list(self.deck),
            "deck_pos": self.deck_pos,
            "round": self.round,
            "phase": self.phase,
            "food": list(self.food),
            "supply": list(self.supply),
            "apos": list(self.apos),
            "adp": list(self.adp),
            "bp": list(self.bp),
            "genes": [genes_of(m) for m in self.genes],
            "new_genes": [genes_of(m) for m in self.new_genes],
            "gene_supply": {g.id: self.gene_supply[i] for i, g in enumerate(GENES)},
            "score": list(self.score),
            "stack": [list(f) for f in self.stack],
            "seq": self.seq,
            "over": self.over,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Restore a game saved by ``to_dict`` exactly, pending decision included.

        ``data`` is ``Any``: whatever it is, a bad one raises ``invalid_state``."""
        try:
            if data.get("format") != FORMAT_VERSION:
                raise EngineError("invalid_state", f"unknown state format {data.get('format')!r}")
            g = cls._blank(data["players"], data["seed"], deck_from_data(data["cards"]))
            g.rng = int(data["rng"], 16)
            g.deck = list(data["deck"])
            g.deck_pos = data["deck_pos"]
            g.round = data["round"]
            g.phase = data["phase"]
            g.food = list(data["food"])
            g.supply = list(data["supply"])
            g.apos = list(data["apos"])
            g.adp = list(data["adp"])
            g.bp = list(data["bp"])
            g.genes = [mask_of(ids) for ids in data["genes"]]
            g.new_genes = [mask_of(ids) for ids in data["new_genes"]]
            g.gene_supply = [data["gene_supply"][gene.id] for gene in GENES]
            g.score = list(data["score"])
            g.stack = [tuple(f) for f in data["stack"]]
            g.seq = data["seq"]
            g.over = data["over"]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise EngineError("invalid_state", f"not a saved game: {exc!r}") from exc
        g.pending = pending_of(g)
        return g

    # --- what players may see --------------------------------------------------------------
    def public_view(self) -> dict:
        """The state as every player may know it: no generator, no order of undrawn cards."""
        n = self.n
        players = []
        for s in range(n):
            players.append(
                {
                    "seat": s,
                    "score": self.score[s],
                    "bp": self.bp[s],
                    "genes": genes_of(self.genes[s]),
                    "amoebas": [
                        {
                            "number": k,
                            "field": FIELD_NAMES[self.pos(s, k)],
                            "dp": self.adp[s * AMOEBAS_PER_COLOUR + k - 1],
                        }
                        for k in self.alive_numbers(s)
                    ],
                    "supply": self.supply[s],
                }
            )
        revealed = [card_to_dict(self.cards[i]) for i in self.deck[: self.deck_pos]]
        return {
            "players": n,
            "round": self.round,
            "phase": self.phase,
            "seq": self.seq,
            "over": self.is_over,
            "ranking": self.ranking() if self.is_over else None,
            "seats": players,
            "fields": [
                {"name": FIELD_NAMES[f], "food": self.food[f * n : f * n + n]}
                for f in range(FIELD_COUNT)
            ],
            "environment": {
                "current": revealed[-1] if revealed else None,
                "revealed": revealed,
                "remaining": len(self.deck) - self.deck_pos,
            },
            "gene_supply": {g.id: self.gene_supply[i] for i, g in enumerate(GENES)},
            "pending": self.pending.to_dict() if self.pending is not None else None,
        }


def _same_types(a: object, b: object) -> bool:
    """Equal values that also agree in type all the way down (JSON true is not 1)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same_types(a[k], b[k]) for k in a)  # type: ignore[attr-defined,index]
    if type(a) is list:
        return len(a) == len(b) and all(_same_types(x, y) for x, y in zip(a, b, strict=True))  # type: ignore[arg-type,call-overload]
    return a == b


def replay(players: object, seed: object, actions: Any, deck: object = None) -> Game:
    """Rebuild a game from its seed and the actions players applied, in order."""
    game = Game.new(players, seed, deck=deck)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except EngineError as exc:
            raise EngineError(exc.code, f"replay failed at action {i}: {exc.message}") from exc
    return game


__all__ = ["Decision", "Game", "replay"]
