"""The public face of the engine: create, decide, apply, save, restore, clone, replay."""

from __future__ import annotations

import random
from typing import Any, Final

from engine import rules  # noqa: F401  (registers every step and decision)
from engine.actions import shape_problem
from engine.board import FIELD_COUNT, FIELD_NAMES
from engine.chance import ChanceSource
from engine.counts import AMOEBAS_PER_COLOUR, CUBES_PER_COLOUR, SUPPORTED_PLAYERS, VARIANTS
from engine.decision import Decision
from engine.environment import Card, card_to_dict, deck_from_data
from engine.errors import (
    EngineError,
    GameOverError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidStateError,
    MalformedActionError,
    NotYourTurnError,
)
from engine.frames import Stage, frame_from_list
from engine.genes import GENES, cards_for, genes_of, mask_of
from engine.machine import OPS, pending_of, run
from engine.rng import seed_state
from engine.state import START_BP, State

FORMAT_VERSION: Final = 1
CUBES_PER_FIELD_AT_SETUP: Final = 2


class Game(State):
    """One game of Ursuppe. See docs/engine-api.md for the contract."""

    __slots__ = ("setup_events", "variant", "controllers")
    setup_events: list[dict]
    variant: str | None  # engine.counts.VARIANTS key; None for the base game
    controllers: tuple[int, ...]  # the player deciding for each colour (seat)

    # --- creation ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        *,
        deck: list[dict] | None = None,
        chance: ChanceSource | None = None,
        variant: str | None = None,
        decoy_scores: bool = False,
    ) -> Game:
        """Set up a game and advance to its first decision.

        ``variant`` (``engine.counts.VARIANTS``): a way to play with 2 players; ``players``
        counts the players, the game has the variant's colours (docs/rules.md, "2 players").
        ``decoy_scores`` (variant ``decoy`` only): whether the decoy's marker advances.

        ``chance``: a source of dice such as ``engine.chance.ScriptedDice`` (rule tests,
        tutorials, "what if the die shows 4"); without it every die comes from the game's
        generator (docs/engine-api.md, "Chance").

        The setup's events (food, deck, start rolls) are in ``game.setup_events``. The
        arguments are checked here, since they come from clients: a wrong value or type is an
        ``invalid_options`` error, never a TypeError.
        """
        colours = _colours(players, variant)
        if type(decoy_scores) is not bool:
            raise InvalidOptionsError("decoy_scores must be true or false")
        if decoy_scores and (variant is None or VARIANTS[variant].decoy < 0):
            raise InvalidOptionsError("decoy_scores is an option of the decoy variant")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOptionsError("seed must be an integer")
        if chance is not None and not callable(getattr(chance, "roll", None)):
            raise InvalidOptionsError("chance must have a roll() method")
        g = cls._blank(colours, seed, deck_from_data(deck), variant, decoy_scores)
        if g.decoy >= 0:
            g.bp[g.decoy] = 0  # the decoy never moves actively nor buys (docs/rules.md, "Decoy")
        g.chance = chance  # type: ignore[assignment]
        g.events = []
        for c in range(colours):
            for f in range(FIELD_COUNT):
                g.add_cubes(f, c, CUBES_PER_FIELD_AT_SETUP)
        g.emit(
            {"type": "game_created", "players": colours, "food_per_field": CUBES_PER_FIELD_AT_SETUP}
        )
        g._deck = list(range(len(g.cards)))
        for i in range(len(g._deck) - 1, 0, -1):  # Fisher-Yates with the game's generator
            j = g.rand_below(i + 1)
            g._deck[i], g._deck[j] = g._deck[j], g._deck[i]
        g._deck_pos = 1
        g.emit({"type": "card_revealed", "card": card_to_dict(g.current_card()), "round": 0})
        g._stack = [Stage.new("setup")]
        run(g)
        g.setup_events = g.events
        g.events = None
        return g

    @classmethod
    def _blank(
        cls,
        players: int,
        seed: int,
        cards: tuple,
        variant: str | None = None,
        decoy_scores: bool = False,
    ) -> Game:
        """An empty game of ``players`` colours."""
        g = cls()
        n = players
        g.variant = variant
        g.controllers = VARIANTS[variant].controllers if variant else tuple(range(n))
        g.decoy = VARIANTS[variant].decoy if variant else -1
        g.decoy_scores = decoy_scores
        g.lead = VARIANTS[variant].lead() if variant else None
        g.n = n
        g.seed = seed
        g._rng = seed_state(seed)
        g.cards = cards
        g._deck = []
        g._deck_pos = 0
        g.round = 0
        g.phase = 0
        g.food = [0] * (FIELD_COUNT * n)
        g.supply = [CUBES_PER_COLOUR] * n
        g.apos = [-1] * (AMOEBAS_PER_COLOUR * n)
        g.adp = [0] * (AMOEBAS_PER_COLOUR * n)
        g.bp = g.shared([START_BP] * n)
        g.genes = g.shared([0] * n)
        g.new_genes = g.shared([0] * n)
        g.gene_supply = cards_for(n)
        g.score = g.shared([0] * n)
        g._stack = []
        g.seq = 0
        g.over = False
        g.events = None
        g.pending = None
        g.chance = None
        g.setup_events = []
        return g

    # --- playing -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def player_count(self) -> int:
        """The people (or bots) playing: ``players`` colours unless a variant says otherwise."""
        return max(self.controllers) + 1

    @property
    def pending_player(self) -> int | None:
        """The player who decides the pending decision (for the colour ``pending.seat``)."""
        return self.controllers[self.pending.seat] if self.pending is not None else None

    def player_ranking(self) -> list[int]:
        """Players, the winner first. A player with several colours (Double I) is placed by
        the worse of them: its colour furthest back on the ladder (docs/rules.md, "2 players").
        The decoy is no player: the players keep their ladder order around it."""
        order = self.ranking()
        if self.variant is None:
            return order
        worst = [max(order.index(c) for c, p in enumerate(self.controllers) if p == player)
                 for player in range(self.player_count)]  # fmt: skip
        return sorted(range(self.player_count), key=worst.__getitem__)

    @property
    def is_over(self) -> bool:
        return self.pending is None

    @property
    def scores(self) -> list[int]:
        return list(self.score)

    def legal_actions(self) -> list[dict]:
        return self.pending.actions if self.pending is not None else []

    def apply(
        self, action: object, seat: int | None = None, *, player: int | None = None
    ) -> list[dict]:
        """Apply one action of the pending decision; return the events it caused.

        ``seat`` is the colour deciding, ``player`` the player controlling it (they differ
        only in a variant); either is checked when given. Raises EngineError (state untouched)
        for a finished game, the wrong seat or player, a malformed action or one that is not
        legal now.
        """
        decision = self.pending
        if decision is None:
            raise GameOverError("the game is over; no action can be applied")
        if seat is not None and seat != decision.seat:
            raise NotYourTurnError(
                f"seat {decision.seat} must decide ({decision.kind}), not {seat}"
            )
        if player is not None and player != self.controllers[decision.seat]:
            raise NotYourTurnError(
                f"player {self.controllers[decision.seat]} must decide ({decision.kind}) for "
                f"colour {decision.seat}, not player {player}"
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
                raise MalformedActionError(problem)
            raise IllegalActionError(
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
        frame = self._stack.pop()
        self.seq += 1
        self.pending = None
        OPS[frame[0]].resolve(self, frame, action)
        run(self)

    # --- what search may read, and copies with the hidden parts resampled --------------------
    @property
    def deck_size(self) -> int:
        """Environment cards in this game's deck, drawn or not."""
        return len(self._deck)

    @property
    def cards_left(self) -> int:
        """Environment cards not drawn yet (one is drawn each round)."""
        return len(self._deck) - self._deck_pos

    def undrawn_cards(self) -> list[Card]:
        """The undrawn environment cards as a multiset: every player may count them (all cards
        minus the revealed ones), nobody knows their order, so they come in the order of the
        game's card list, never in draw order."""
        cards = self.cards
        return [cards[i] for i in sorted(self._deck[self._deck_pos :])]

    def deciding_amoeba(self) -> int:
        """The number of the seat's amoeba that the pending decision is about, for the kinds
        whose context names one ``amoeba``: movement, choose_die, choose_direction,
        second_move, escape_move and feed. The context says the same, but builds a whole dict
        with field names; a playout asks this many thousand times a second."""
        return self._stack[-1][2]  # type: ignore[no-any-return]

    def amoebas_to_feed(self) -> set[tuple[int, int]]:
        """(seat, number) of the amoebas that still move and feed in this round's phase 1
        (empty outside phase 1): the ones that fed already face no feeding before the scoring.

        Read from the frames waiting on the stack: a seat whose turn has not begun yet, or one
        amoeba still to move or still to feed."""
        out: set[tuple[int, int]] = set()
        if self.phase != 1:
            return out
        for frame in self._stack:
            if frame.op == "p1_amoeba" or frame.op == "p1_feed":
                out.add((frame.seat, frame.number))
            elif frame.op == "p1_player":
                out.update((frame.seat, k) for k in self.alive_numbers(frame.seat))
        return out

    def determinized(self, rng: random.Random | int) -> Game:
        """A clone whose hidden parts come from ``rng`` (a ``random.Random``, or a seed for one):
        the undrawn environment cards in a new order and a new generator for the dice.

        What search plays on: a bot that only ever looks at determinized copies cannot use the
        real order of the cards or the coming dice, because it never sees them."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        c = self.clone()
        rest = c._deck[c._deck_pos :]
        rng.shuffle(rest)
        c._deck[c._deck_pos :] = rest
        c._rng = seed_state(rng.getrandbits(64))
        c.chance = None  # a test's scripted dice are not part of what search may know
        return c

    def chance_since(self, earlier: Game) -> bool:
        """Whether a die was rolled or a card revealed since ``earlier``, the copy this game
        was cloned from: search averages such actions over several determinizations."""
        return self._rng != earlier._rng or self._deck_pos != earlier._deck_pos

    # --- copies ---------------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy sharing only immutable parts (cards, frames, the decision)."""
        g = Game()
        g.n = self.n
        g.variant = self.variant
        g.controllers = self.controllers
        g.decoy = self.decoy
        g.decoy_scores = self.decoy_scores
        g.lead = self.lead
        g.seed = self.seed
        g._rng = self._rng
        g.cards = self.cards
        g._deck = self._deck[:]
        g._deck_pos = self._deck_pos
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
        if self.lead is not None:  # a slice is a plain list: share again (Double II)
            g.bp, g.genes = g.shared(g.bp), g.shared(g.genes)
            g.new_genes, g.score = g.shared(g.new_genes), g.shared(g.score)
        g._stack = self._stack[:]
        g.seq = self.seq
        g.over = self.over
        g.events = None
        g.pending = self.pending
        g.chance = self.chance.copy() if self.chance is not None else None
        g.setup_events = []
        return g

    def to_dict(self) -> dict:
        """Everything, the generator and the deck order included: for storage, not clients."""
        return {
            "format": FORMAT_VERSION,
            "players": self.n,
            "variant": self.variant,
            "decoy_scores": self.decoy_scores,
            "seed": self.seed,
            "rng": format(self._rng, "016x"),
            "cards": [card_to_dict(c) for c in self.cards],
            "deck": list(self._deck),
            "deck_pos": self._deck_pos,
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
            "stack": [list(f) for f in self._stack],
            "seq": self.seq,
            "over": self.over,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Restore a game saved by ``to_dict`` exactly, pending decision included.

        ``data`` is ``Any``: whatever it is, a bad one raises ``invalid_state``."""
        try:
            if data.get("format") != FORMAT_VERSION:
                raise InvalidStateError(f"unknown state format {data.get('format')!r}")
            variant = data.get("variant")  # absent in states saved before variants
            if variant is not None and variant not in VARIANTS:
                raise InvalidStateError(f"unknown variant {variant!r}")
            decoy_scores = data.get("decoy_scores", False)  # absent in states saved before it
            if type(decoy_scores) is not bool:
                raise InvalidStateError("decoy_scores must be a boolean")
            g = cls._blank(
                data["players"], data["seed"], deck_from_data(data["cards"]), variant, decoy_scores
            )
            g._rng = int(data["rng"], 16)
            g._deck = list(data["deck"])
            g._deck_pos = data["deck_pos"]
            g.round = data["round"]
            g.phase = data["phase"]
            g.food = list(data["food"])
            g.supply = list(data["supply"])
            g.apos = list(data["apos"])
            g.adp = list(data["adp"])
            g.bp = g.shared(list(data["bp"]))
            g.genes = g.shared([mask_of(ids) for ids in data["genes"]])
            g.new_genes = g.shared([mask_of(ids) for ids in data["new_genes"]])
            g.gene_supply = [data["gene_supply"][gene.id] for gene in GENES]
            g.score = g.shared(list(data["score"]))
            g._stack = [frame_from_list(f) for f in data["stack"]]
            g.seq = data["seq"]
            g.over = data["over"]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidStateError(f"not a saved game: {exc!r}") from exc
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
                    "player": self.controllers[s] if self.controllers[s] >= 0 else None,
                    "decoy": s == self.decoy,
                    "score": self.score[s],
                    "bp": self.bp[s],
                    "genes": genes_of(self.genes[s]),
                    # docs/rules.md "Phase 3": a lower gene bought this round cannot be
                    # given up for its advanced gene yet; players can see which those are.
                    "genes_bought_this_round": genes_of(self.new_genes[s]),
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
        revealed = [card_to_dict(self.cards[i]) for i in self._deck[: self._deck_pos]]
        pending = None
        if self.pending is not None:
            pending = self.pending.to_dict()
            pending["player"] = self.controllers[self.pending.seat]
        return {
            "players": n,
            "variant": self.variant,
            "decoy_scores": self.decoy_scores,
            "player_count": self.player_count,
            "round": self.round,
            "phase": self.phase,
            "seq": self.seq,
            "over": self.is_over,
            "ranking": self.ranking() if self.is_over else None,
            "player_ranking": self.player_ranking() if self.is_over else None,
            "seats": players,
            "fields": [
                {"name": FIELD_NAMES[f], "food": self.food[f * n : f * n + n]}
                for f in range(FIELD_COUNT)
            ],
            "environment": {
                "current": revealed[-1] if revealed else None,
                "revealed": revealed,
                "remaining": len(self._deck) - self._deck_pos,
            },
            "gene_supply": {g.id: self.gene_supply[i] for i, g in enumerate(GENES)},
            "pending": pending,
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


def _colours(players: object, variant: object) -> int:
    """The colours of a new game; ``invalid_options`` for a count or variant not offered."""
    if variant is None:
        if type(players) is not int or players not in SUPPORTED_PLAYERS:
            raise InvalidOptionsError(f"players must be one of {SUPPORTED_PLAYERS}")
        return players
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise InvalidOptionsError(f"variant must be one of {sorted(VARIANTS)}")
    spec = VARIANTS[variant]
    if type(players) is not int or players != spec.players:
        raise InvalidOptionsError(f"variant {variant} is for {spec.players} players")
    return spec.colours


def replay(
    players: int,
    seed: int,
    actions: Any,
    deck: list[dict] | None = None,
    variant: str | None = None,
    decoy_scores: bool = False,
) -> Game:
    """Rebuild a game from its seed and the actions players applied, in order."""
    game = Game.new(players, seed, deck=deck, variant=variant, decoy_scores=decoy_scores)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except EngineError as exc:
            raise type(exc)(f"replay failed at action {i}: {exc.message}") from exc
    return game


__all__ = ["Decision", "Game", "replay"]
