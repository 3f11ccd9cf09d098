"""Property tests over random games: invariants after every action,
replay, save/restore (mid-reaction included), clone independence and the public view.

Random play is uniform over the legal actions with a seeded ``random.Random``; hypothesis draws
the seeds and player counts. Runtime is kept to a few tens of seconds on a 2-core machine.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import SUPPORTED_PLAYERS, EngineError, Game, replay
from engine.board import FIELD_COUNT
from engine.counts import VARIANTS
from engine.genes import BIT, GENES, cards_for
from engine.position import Aggression, Feeding, build_position

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.sampled_from(SUPPORTED_PLAYERS)
EXCLUSIVE = [(BIT["persistence"], BIT["speed"]), (BIT["movement_2"], BIT["movement_1"]),
             (BIT["aggression"], BIT["struggle_for_survival"])]  # fmt: skip
FULL_CARDS = {n: cards_for(n) for n in SUPPORTED_PLAYERS}
REACTIONS = {"defend", "cling", "attack_retry", "escape_move", "tentacle",
             "second_move"}  # fmt: skip


def check_invariants(g: Game) -> None:
    n = g.n
    food = g.food
    supply = g.supply
    for c in range(n):
        # per colour, cubes on the board + supply = 55
        assert sum(food[c::n]) + supply[c] == 55, c
    assert min(food) >= 0 and min(supply) >= 0
    apos = g.apos
    for s in range(n):
        assert sum(1 for p in apos[s * 7 : s * 7 + 7] if p >= 0) <= 7
        held = g.genes[s]
        for adv, low in EXCLUSIVE:
            assert not (held & adv and held & low)
    assert min(g.bp) >= 0, ("negative BP", g.bp)
    assert min(g.adp) >= 0
    assert min(apos) >= -1 and max(apos) < FIELD_COUNT
    # Double II: a player's colours hold one purse, one gene set, one marker (counted once)
    players = range(n) if g.lead is None else sorted(set(g.lead))
    if g.lead is not None:
        for c in range(n):
            lead = g.lead[c]
            assert (g.bp[c], g.genes[c], g.score[c]) == (g.bp[lead], g.genes[lead], g.score[lead])
    # one marker per ladder space (0 = not yet on the ladder, during setup)
    placed = [g.score[s] for s in players if g.score[s]]
    assert len(set(placed)) == len(placed) and all(1 <= x <= 50 for x in placed)
    # cards held + supply = the count for that player number
    full = FULL_CARDS[n]
    genes = [g.genes[s] for s in players]
    gene_supply = g.gene_supply
    for i in range(len(GENES)):
        bit = 1 << i
        assert sum(1 for m in genes if m & bit) + gene_supply[i] == full[i], GENES[i].id
    # the game ends within the deck's rounds
    assert g.round <= len(g._deck) - 1
    if g.pending is not None:
        assert len(g.pending.actions) >= 2  # single answers are taken by the engine
        assert 0 <= g.pending.seat < n
    else:
        assert g.over and g.phase == 0


def check_attacks(events: list[dict]) -> None:
    """docs/rules.md, "Escape and Holding": "an attacker never removes or damages a target that
    is not on its own field" — a successful attack's attacker and target share a field."""
    for e in events:
        if e["type"] == "attack_succeeded":
            assert e["attacker"]["field"] == e["target"]["field"], e


def random_game(players: int, seed: int, rnd: random.Random, check: bool = True):
    g = Game.new(players, seed)
    actions = []
    if check:
        check_invariants(g)
        check_attacks(g.setup_events)
    while not g.is_over:
        action = rnd.choice(g.pending.actions)
        events = g.apply(action, g.pending.seat)
        actions.append(action)
        if check:
            check_invariants(g)
            check_attacks(events)
    return g, actions


@settings(max_examples=800, deadline=None, derandomize=True)
@given(seed=SEEDS, players=PLAYERS)
def test_property_invariants_hold_after_every_action(seed, players):
    """Cubes + supply = 55 per colour; <= 7 amoebas; one marker per space; BP and DP never
    negative; cards held + supply = the count; the game ends within the deck's rounds; a
    successful attack's attacker and target share a field."""
    g, actions = random_game(players, seed, random.Random(seed))
    assert g.round <= 10 and g.over
    assert g.ranking() == sorted(range(players), key=lambda s: -g.score[s])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=SEEDS, variant=st.sampled_from(sorted(VARIANTS)), decoy_scores=st.booleans())
def test_property_every_variant_keeps_the_invariants_and_replays(seed, variant, decoy_scores):
    """The same invariants in every 2-player variant, each decision answered by the player
    controlling its colour; the game replays exactly from its seed and actions. The decoy
    (docs/rules.md, "Decoy") never decides, holds no gene and no BP."""
    spec = VARIANTS[variant]
    decoy_scores = decoy_scores and spec.decoy >= 0
    g = Game.new(spec.players, seed, variant=variant, decoy_scores=decoy_scores)
    rnd = random.Random(seed)
    actions = []
    check_invariants(g)
    while not g.is_over:
        assert g.pending.seat != spec.decoy and g.pending_player >= 0
        action = rnd.choice(g.pending.actions)
        check_attacks(g.apply(action, player=g.pending_player))
        actions.append(action)
        check_invariants(g)
        if spec.decoy >= 0:
            assert g.bp[spec.decoy] == 0 and g.genes[spec.decoy] == 0
    assert sorted(g.player_ranking()) == list(range(spec.players))
    again = replay(spec.players, seed, actions, variant=variant, decoy_scores=decoy_scores)
    assert again.to_dict() == g.to_dict()


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seed=SEEDS, phase=st.sampled_from([1, 5]))
def test_property_an_attacker_clinging_to_its_escaping_target_never_kills_it_elsewhere(seed, phase):
    """The invariant where it is easiest to break: an attacker with Holding beside a
    target with Escape, Speed and Movement I (rolled dice), both players' choices random, the
    game played to its end."""
    rnd = random.Random(seed)
    attacker = ["struggle_for_survival" if phase == 1 else "aggression", "holding"]
    g = build_position(4, seed=seed, amoebas=[(0, 1, "B4"), (1, 1, "B4"), (2, 1, "D2")],
                       genes=[attacker, ["escape", "speed", "movement_1"], [], []],
                       at=Feeding(0, 1) if phase == 1 else Aggression(0))  # fmt: skip
    check_attacks(g.setup_events)
    while not g.is_over:
        check_attacks(g.apply(rnd.choice(g.pending.actions)))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=SEEDS, players=PLAYERS)
def test_property_replay_reproduces_the_game(seed, players):
    """"`replay(seed, actions)` reproducing a game exactly".\""""
    g, actions = random_game(players, seed, random.Random(seed ^ 0x5EED), check=False)
    again = replay(players, seed, actions)
    assert again.to_dict() == g.to_dict()
    assert again.over


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=SEEDS, players=PLAYERS, data=st.data())
def test_property_to_dict_from_dict_round_trips_mid_game_and_continues_identically(
    seed, players, data
):
    """`to_dict()`/`from_dict()` round-trip everything including the RNG; the restored game
    continues exactly like the original — also mid-reaction (a pending "defend", "cling" ...)."""
    rnd = random.Random(seed)
    g = Game.new(players, seed)
    restored = None
    steps = 0
    save_at = data.draw(st.integers(min_value=0, max_value=400))
    while not g.is_over:
        kind = g.pending.kind
        if restored is None and (steps >= save_at or kind in REACTIONS):
            saved = json.loads(json.dumps(g.to_dict()))
            restored = Game.from_dict(saved)
            assert restored.to_dict() == g.to_dict()
            assert restored.pending.to_dict() == g.pending.to_dict()
        action = rnd.choice(g.pending.actions)
        events = g.apply(action, g.pending.seat)
        if restored is not None:
            assert restored.apply(action, restored.pending.seat) == events
        steps += 1
    if restored is not None:
        assert restored.to_dict() == g.to_dict() and restored.is_over


def test_property_round_trip_mid_reaction_for_every_reaction_kind():
    """Save and restore at each kind of out-of-turn decision, then continue identically."""
    seen: set[str] = set()
    for seed in range(400):
        rnd = random.Random(seed)
        g = Game.new(4 if seed % 3 else 3, seed)
        while not g.is_over:
            kind = g.pending.kind
            if kind in REACTIONS and kind not in seen:
                seen.add(kind)
                copy = Game.from_dict(json.loads(json.dumps(g.to_dict())))
                assert copy.pending.to_dict() == g.pending.to_dict()
                follow = random.Random(seed * 7)
                while not g.is_over:
                    action = follow.choice(g.pending.actions)
                    assert copy.apply(action, copy.pending.seat) == g.apply(action, g.pending.seat)
                assert copy.to_dict() == g.to_dict()
                break
            g.apply(rnd.choice(g.pending.actions), g.pending.seat)
        if seen >= {"defend", "cling", "tentacle", "second_move", "attack_retry"}:
            break
    assert {"defend", "cling", "tentacle", "second_move"} <= seen, seen


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seed=SEEDS, players=PLAYERS, data=st.data())
def test_property_clone_is_independent(seed, players, data):
    """"a cheap clone() (flat data, no deepcopy)": playing on the clone leaves the original
    untouched, and both continue alike."""
    rnd = random.Random(seed)
    g = Game.new(players, seed)
    for _ in range(data.draw(st.integers(min_value=0, max_value=300))):
        if g.is_over:
            break
        g.apply(rnd.choice(g.pending.actions), g.pending.seat)
    if g.is_over:
        return
    before = g.to_dict()
    twin = g.clone()
    assert twin.to_dict() == before
    other = random.Random(seed + 1)
    while not twin.is_over:
        twin.apply(other.choice(twin.pending.actions), twin.pending.seat)
    assert g.to_dict() == before
    # and the original still plays on exactly like a fresh clone of it
    a, b = g.clone(), g
    follow_a, follow_b = random.Random(3), random.Random(3)
    while not b.is_over:
        x, y = follow_a.choice(a.pending.actions), follow_b.choice(b.pending.actions)
        a.apply(x, a.pending.seat)
        b.apply(y, b.pending.seat)
    assert a.to_dict() == b.to_dict()


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=SEEDS, players=PLAYERS, data=st.data())
def test_property_public_view_hides_the_rng_and_the_deck_order(seed, players, data):
    """"a public view that hides what no player may know (the order of the undrawn environment
    cards and the RNG state)": changing either leaves the view unchanged."""
    rnd = random.Random(seed)
    g = Game.new(players, seed)
    for _ in range(data.draw(st.integers(min_value=0, max_value=400))):
        if g.is_over:
            break
        g.apply(rnd.choice(g.pending.actions), g.pending.seat)
    view = g.public_view()
    text = json.dumps(view)
    assert "rng" not in view and "deck" not in view and "seed" not in view
    assert format(g._rng, "016x") not in text
    twin = g.clone()
    twin._rng ^= 0xDEADBEEF
    rest = twin._deck[twin._deck_pos :]
    random.Random(seed).shuffle(rest)
    twin._deck[twin._deck_pos :] = rest[::-1]
    assert twin.public_view() == view


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=SEEDS, players=PLAYERS)
def test_property_rejected_actions_leave_the_state_unchanged(seed, players):
    """"every illegal or malformed action raises one exception type ... and the state is
    unchanged" — tried at every decision of a random game."""
    rnd = random.Random(seed)
    g = Game.new(players, seed)
    bad = [{"type": "drift", "extra": 1}, {"type": "nope"}, {}, [], "drift",
           {"type": "buy", "gene": "wings"}, {"type": "place", "field": "C3", "number": 1}]
    while not g.is_over:
        before = g.to_dict()
        action = rnd.choice(bad)
        try:
            g.apply(action, g.pending.seat)
        except EngineError as err:
            assert err.code in {"malformed_action", "illegal_action"}
        else:
            raise AssertionError(f"{action!r} accepted")
        try:
            g.apply(g.pending.actions[0], (g.pending.seat + 1) % players)
        except EngineError as err:
            assert err.code == "not_your_turn"
        assert g.to_dict() == before
        g.apply(rnd.choice(g.pending.actions), g.pending.seat)
