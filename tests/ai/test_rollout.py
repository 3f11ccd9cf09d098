"""The cheap playout policy (ai/rollout.py) and the search bot's ``rollout`` option: legal
actions in every decision of whole games, the two horizons stop where they say, the search
with a playout answers legally and reproducibly, and the arena passes the option on."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers_ai import make_random_positions

from ai.arena import arena_bot, play_game, played_rollout
from ai.evaluation import DEST
from ai.levels import ROLLOUT_BY_GAME, make_bot
from ai.mcts import MctsBot
from ai.rollout import HORIZONS, cheap_action, horizon_for, playout
from engine import Game


@pytest.mark.parametrize(
    ("players", "variant"),
    [(3, None), (4, None), (5, None), (6, None), (2, "double_1"), (2, "double_2")],
)
def test_the_cheap_policy_plays_whole_games_legally(players: int, variant: str | None) -> None:
    """Every seat plays by the policy from setup to the end; ``apply`` validates each action,
    and the policy buys genes and places amoebas (it is no "always done")."""
    rng = random.Random(players)
    g = Game.new(players, 40 + players, variant=variant)
    kinds: dict[str, set[str]] = {}
    while not g.is_over:
        action = cheap_action(g, rng)
        assert any(action is a for a in g.legal_actions())
        kinds.setdefault(g.pending.kind, set()).add(action["type"])  # type: ignore[union-attr]
        g.apply(action, player=g.pending_player)
    assert "buy" in kinds.get("buy_genes", set())
    assert "place" in kinds.get("divide", set())
    assert {"drift", "move"} <= kinds["movement"]


def test_movement_drifts_to_food_and_moves_only_towards_food() -> None:
    """Drift when the drift ends on food the amoeba can eat; move (1 BP) when it does not and
    a neighbour has food; drift when nothing in reach has any."""
    rng = random.Random(0)
    g = Game.new(5, 3)
    while g.pending.kind != "movement":  # type: ignore[union-attr]
        g.apply(cheap_action(g, rng))
    assert any(a["type"] == "move" for a in g.legal_actions())
    assert cheap_action(g, rng)["type"] == "drift"  # every field has 2 cubes of each colour
    seat, number = g.pending.seat, g.deciding_amoeba()  # type: ignore[union-attr]
    field = g.pos(seat, number)
    drift = g.current_card()[0]
    dest = field if drift < 0 else DEST[field][drift]
    g.food = [0] * len(g.food)
    assert cheap_action(g, rng)["type"] == "drift"  # no food in reach: save the BP
    other = next(f for f in DEST[field] if f not in (field, dest))
    g.food[other * 5 : other * 5 + 5] = [2] * 5
    assert cheap_action(g, rng)["type"] == "move"


def _first_movement_of(g: Game, seat: int, rng: random.Random) -> Game:
    """Play on by the policy until ``seat`` must move an amoeba in phase 1."""
    while not (g.pending.seat == seat and g.pending.kind == "movement"):  # type: ignore[union-attr]
        g.apply_unchecked(cheap_action(g, rng))
    return g


def test_phase_horizon_ends_with_phase_1_and_leaves_other_phases_alone(
    random_positions: Callable[..., list[Game]],
) -> None:
    rng = random.Random(1)
    for g in random_positions(40, seed=5, players=5):
        before = g.to_dict()
        played = playout(g, 0, "phase", rng)
        if before["phase"] != 1:
            assert played == 0 and g.to_dict() == before
        else:
            assert played >= 1 and (g.is_over or g.phase != 1)


def test_feeding_horizon_ends_at_the_seats_next_movement() -> None:
    """From the middle of a seat's phase-1 turn: its other amoebas, the other seats, phases 3
    and 4 and the next round's earlier movers are played; the playout stops at the seat's
    first movement decision of the next round (or the game's end)."""
    rng = random.Random(2)
    g = _first_movement_of(Game.new(5, 11), 2, rng)
    round_ = g.round
    played = playout(g, 2, "feeding", rng)
    assert played >= 10
    if not g.is_over:
        assert g.round == round_ + 1 and g.phase == 1
        assert g.pending.seat == 2 and g.pending.kind == "movement"  # type: ignore[union-attr]
        assert (2, g._stack[-1][2]) in g.amoebas_to_feed()


@pytest.mark.parametrize("rollout", HORIZONS)
def test_search_with_a_playout_answers_legally_and_reproducibly(
    random_positions: Callable[..., list[Game]], rollout: str
) -> None:
    for g in random_positions(4, seed=8, players=5):
        before = g.to_dict()
        first = MctsBot(seed=4, iterations=12, rollout=rollout)
        second = MctsBot(seed=4, iterations=12, rollout=rollout)
        action = first.choose(g)
        assert action in g.legal_actions()
        assert second.choose(g) == action
        assert g.to_dict() == before


def test_rollout_option_is_checked_and_off_by_default() -> None:
    assert MctsBot(seed=1).rollout is None
    with pytest.raises(ValueError, match="rollout"):
        MctsBot(seed=1, rollout="forever")
    with pytest.raises(ValueError, match="rollout"):
        MctsBot(seed=1, rollout={5: "forever"})
    with pytest.raises(ValueError, match="horizon"):
        playout(Game.new(4, 1), 0, "forever", random.Random(1))


def _positions_of(game: int | str, count: int, seed: int) -> list[Game]:
    """Random positions of a game ``ROLLOUT_BY_GAME`` names: a player count or a variant."""
    if isinstance(game, str):
        return make_random_positions(
            count, seed=seed, new_game=lambda s: Game.new(2, s, variant=game)
        )
    return make_random_positions(count, seed=seed, players=game)


def test_the_levels_play_on_by_game_and_search_as_before_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search levels carry ``ROLLOUT_BY_GAME``; in a game it does not list (4 players,
    and Double I with its four colours) the search is the same search as without a playout,
    iteration for iteration; in each game it lists, the search plays on to that horizon."""
    import ai.mcts

    bot = make_bot("mcts-fast", seed=1)
    assert isinstance(bot, MctsBot) and bot.rollout is ROLLOUT_BY_GAME
    assert not {3, 4, "double_1", "decoy"} & set(ROLLOUT_BY_GAME)
    calls: list[str] = []
    real = ai.mcts.playout

    def spy(g: Game, seat: int, horizon: str, rng: random.Random) -> int:
        calls.append(horizon)
        return real(g, seat, horizon, rng)

    monkeypatch.setattr(ai.mcts, "playout", spy)
    for g in _positions_of(4, 6, seed=21) + _positions_of("double_1", 6, seed=21):
        by_game = MctsBot(seed=6, iterations=20, rollout=ROLLOUT_BY_GAME)
        plain = MctsBot(seed=6, iterations=20)
        assert by_game.choose(g) == plain.choose(g)
        assert by_game.last_choices == plain.last_choices
    assert calls == []
    for game, horizon in ROLLOUT_BY_GAME.items():
        g = next(p for p in _positions_of(game, 20, seed=22) if p.round >= 1
                 and len(p.legal_actions()) > 1)  # fmt: skip
        MctsBot(seed=6, iterations=4, rollout=ROLLOUT_BY_GAME).choose(g)
        assert calls and set(calls) == {horizon}, game
        calls.clear()


def test_a_variant_is_looked_up_by_its_name_not_its_colours() -> None:
    by_game = {4: "phase", "double_2": "feeding"}
    assert horizon_for(by_game, None, 4) == "phase"
    assert horizon_for(by_game, "double_2", 4) == "feeding"
    assert horizon_for(by_game, "double_1", 4) is None
    assert horizon_for("phase", "double_1", 4) == "phase"
    assert horizon_for(None, None, 5) is None


def test_the_arena_passes_the_rollout_to_search_levels_only() -> None:
    bot = arena_bot("mcts-fast", 1, None, None, 2000.0, "phase")
    assert isinstance(bot, MctsBot) and bot.rollout == "phase" and bot.iterations == 170
    default = arena_bot("mcts-fast", 1, None, None, 2000.0)
    assert isinstance(default, MctsBot) and default.rollout is ROLLOUT_BY_GAME
    off = arena_bot("mcts-fast", 1, None, None, 2000.0, "off")
    assert isinstance(off, MctsBot) and off.rollout is None
    assert arena_bot("greedy", 1, None, None, 2000.0, "phase").name == "greedy"
    task = (3, ("mcts-50ms", "random", "random"), None, 0, None, False, None, 200.0, "phase")
    r = play_game(task)
    assert sorted(r["ranking"]) == [0, 1, 2]
    assert len(r["cpu"]) == 3 and r["cpu"][0] > 0  # the search seat's own CPU is recorded


def test_an_arena_file_is_named_by_the_playout_its_search_levels_played() -> None:
    """A run without a playout keeps the names runs had before (the committed baselines);
    a run with one says which, whether it came from ``--rollout`` or the levels' own."""
    five = ["mcts-fast", "greedy", "greedy", "greedy", "greedy"]
    assert played_rollout(five, None, None) == ROLLOUT_BY_GAME.get(5) == "feeding"
    assert played_rollout(five, None, "off") is None
    assert played_rollout(five, None, "phase") == "phase"
    assert played_rollout(["mcts-fast", "greedy", "greedy", "greedy"], None, None) is None
    assert played_rollout(["greedy"] * 5, None, "feeding") is None  # no search level
    assert played_rollout(["mcts-fast", "greedy"], "double_1", None) is None  # 4 colours
    assert played_rollout(["mcts-fast", "greedy"], "double_2", None) == "phase"
