"""Positions a rule test can state ("Positions a rule test can state";
docs/engine-api.md, "Positions for tests" and "Chance"): a position at a named decision, the
next dice fixed by a script, and the genes bought this round in the public view."""

from __future__ import annotations

import pytest
from helpers_engine import first, of_type, play, where

from engine import EngineError, Game
from engine.chance import DiceExhausted, ScriptedDice
from engine.position import (
    Aggression,
    BuyingGenes,
    Dividing,
    Feeding,
    Moving,
    StartSpace,
    build_position,
)


# --- named decisions --------------------------------------------------------------------------
def test_position_at_a_named_decision_seat_0_amoeba_1_is_about_to_feed_in_phase_1():
    """Issue 14: "build a position at a named decision (e.g. "seat 0's amoeba 1 is about to
    feed") without internal names"."""
    g = build_position(4, amoebas=[(0, 1, "B2")], food={"B2": [0, 1, 1, 1]}, at=Feeding(0, 1))
    # one legal pattern: eaten at once, as the engine takes single answers (docs/rules.md);
    # the rest of phase 1 is skipped and the round goes on with phase 2
    fed = first(g.setup_events, "amoeba_fed")
    assert (fed["seat"], fed["number"], fed["eaten"]) == (0, 1, [0, 1, 1, 1])
    assert of_type(g.setup_events, "phase_started")[0] == {"type": "phase_started", "round": 1,
                                                           "phase": 2}  # fmt: skip


@pytest.mark.parametrize(
    ("at", "kind", "seat", "phase"),
    [
        (StartSpace(2), "start_space", 2, 0),
        (Moving(1, 1), "movement", 1, 1),
        (Feeding(1, 1), "feed", 1, 1),
        (BuyingGenes(3), "buy_genes", 3, 3),
        (Dividing(2), "divide", 2, 4),
        (Aggression(0), "aggression", 0, 5),
    ],
)
def test_position_each_named_decision_is_the_pending_decision(at, kind, seat, phase):
    """Every named decision builds a position whose pending decision is of that kind, that seat
    and that phase (the struggle attack keeps the feed decision open with two answers)."""
    g = build_position(
        4,
        scores=[0, 0, 0, 0] if phase == 0 else None,
        amoebas=[] if phase == 0 else [(0, 1, "B2"), (1, 1, "B2"), (2, 1, "D2"), (2, 2, "D3")],
        genes=[["aggression"], ["struggle_for_survival"], [], []],
        bp=[4, 4, 10, 10],
        at=at,
    )
    assert (g.pending.kind, g.pending.seat, g.phase) == (kind, seat, phase)


def test_position_several_named_decisions_run_in_the_order_given():
    """``at=[Moving(0, 1), Moving(1, 1)]``: seat 0's amoeba moves, then seat 1's, then phase 2."""
    g = build_position(4, amoebas=[(0, 1, "B2"), (1, 1, "D2")], at=[Moving(0, 1), Moving(1, 1)])
    assert (g.pending.kind, g.pending.seat) == ("movement", 0)
    g.apply({"type": "drift"}, 0)
    assert (g.pending.kind, g.pending.seat) == ("movement", 1)


def test_position_named_decisions_must_share_their_phase():
    with pytest.raises(EngineError) as err:
        build_position(4, amoebas=[(0, 1, "B2")], at=[Moving(0, 1), Aggression(0)])
    assert err.value.code == "invalid_state"


# --- scripted dice ----------------------------------------------------------------------------
def test_scripted_dice_fix_the_next_dice_of_a_rule_test():
    """Issue 14: "fix the next dice for a test (a scripted chance source)". Die 3 = East
    (docs/rules.md, compass): the amoeba on B2 moves to C2."""
    dice = ScriptedDice([3])
    g = build_position(4, amoebas=[(0, 1, "B2")], at=Moving(0, 1), chance=dice)
    events = g.apply({"type": "move"}, 0)
    assert first(events, "dice_rolled")["dice"] == [3]
    assert where(g, 0, 1) == "C2" and dice.remaining == []


def test_scripted_dice_never_touch_the_games_generator():
    """The production generator stays where it was: a scripted game's ``rng`` is unchanged by
    its dice, and a game without a script rolls from its generator as before."""
    scripted = Game.new(4, 99, chance=ScriptedDice([6, 6, 1, 1, 2, 2, 3, 3]))
    plain = Game.new(4, 99)
    shuffled_only = Game.new(4, 99, chance=ScriptedDice([6, 6, 5, 5, 4, 4, 3, 3]))
    assert shuffled_only._rng == scripted._rng  # the rolls did not advance the generator
    assert scripted._deck == plain._deck  # the shuffle is the generator's, as in production
    assert plain._rng != scripted._rng  # the plain game's start rolls came from its generator
    assert [e["dice"] for e in of_type(scripted.setup_events, "start_roll")] == [
        [6, 6], [1, 1], [2, 2], [3, 3]]  # fmt: skip
    assert first(scripted.setup_events, "start_order")["seats"] == [0, 3, 2, 1]
    assert plain.chance is None


def test_scripted_dice_fight_and_clone():
    """A fight with scripted dice (attacker 2, defender 5: the defender wins); a clone rolls
    what the original would roll next."""
    g = build_position(4, amoebas=[(0, 1, "B2"), (1, 1, "B2")], food={"B2": [0, 0, 0, 0]},
                       genes=[["struggle_for_survival"], ["defense"], [], []],
                       at=Feeding(0, 1), chance=ScriptedDice([2, 5]))  # fmt: skip
    g.apply({"type": "attack", "target": {"seat": 1, "number": 1}}, 0)
    twin = g.clone()
    events = g.apply({"type": "defend"}, 1)
    assert first(events, "fight_rolled") == {"type": "fight_rolled", "attacker_die": 2,
                                             "defender_die": 5}  # fmt: skip
    assert first(twin.apply({"type": "defend"}, 1), "fight_won")["winner"] == "defender"


def test_scripted_dice_that_run_out_say_so():
    g = build_position(4, amoebas=[(0, 1, "B2")], at=Moving(0, 1), chance=ScriptedDice([]))
    with pytest.raises(DiceExhausted):
        g.apply({"type": "move"}, 0)


def test_scripted_dice_reject_faces_outside_1_to_6():
    with pytest.raises(ValueError):
        ScriptedDice([0, 7])


# --- genes bought this round -------------------------------------------------------------------
def test_public_view_shows_each_players_genes_bought_this_round():
    """Issue 14: "see, in the public view, each player's genes bought this round" — the lower
    gene of an advanced one must have been "acquired in an earlier round" (RULINGS.md,
    "Phase 3")."""
    g = build_position(4, genes=[["speed"], [], [], []], bp=[20, 20, 20, 20],
                       at=BuyingGenes(0))  # fmt: skip
    play(g, {"type": "buy", "gene": "movement_1"})
    seats = g.public_view()["seats"]
    assert seats[0]["genes_bought_this_round"] == ["movement_1"]
    assert seats[0]["genes"] == ["movement_1", "speed"]
    assert all(s["genes_bought_this_round"] == [] for s in seats[1:])
    assert not any(a.get("gene") == "movement_2" for a in g.pending.actions)
