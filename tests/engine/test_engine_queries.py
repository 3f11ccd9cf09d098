"""What search may ask the engine: counts of cards, the undrawn multiset, the amoebas still to
feed, a determinized copy and whether chance was involved. None of it may reveal a hidden part
(the order of the undrawn cards, the coming dice)."""

from __future__ import annotations

import random
from collections import Counter

from engine import Game
from engine.environment import DEFAULT_DECK, card_to_dict

CHANCE_EVENTS = {"dice_rolled", "fight_rolled", "start_roll", "card_revealed"}


def _midgame(seed: int, rounds: int = 2) -> Game:
    g = Game.new(4, seed)
    rng = random.Random(seed)
    while g.round < rounds:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_card_counts_and_the_undrawn_multiset_are_the_public_ones() -> None:
    """All cards minus the revealed ones, as every player can count them."""
    g = _midgame(3)
    env = g.public_view()["environment"]
    assert g.deck_size == len(DEFAULT_DECK)
    assert g.cards_left == env["remaining"] == len(g.undrawn_cards())
    named = Counter((c["drift"], c["ozone"]) for c in map(card_to_dict, g.undrawn_cards()))
    every = Counter((c["drift"], c["ozone"]) for c in map(card_to_dict, DEFAULT_DECK))
    revealed = Counter((c["drift"], c["ozone"]) for c in env["revealed"])
    assert named == every - revealed


def test_determinized_copies_change_only_the_hidden_parts() -> None:
    g = _midgame(5)
    h = g.determinized(random.Random(9))
    saved, copy = g.to_dict(), h.to_dict()
    assert copy["rng"] != saved["rng"]
    assert copy["deck"] != saved["deck"]  # 8 undrawn cards: this seed reorders them
    drawn = saved["deck_pos"]
    assert copy["deck"][:drawn] == saved["deck"][:drawn]
    assert sorted(copy["deck"][drawn:]) == sorted(saved["deck"][drawn:])
    assert h.public_view() == g.public_view()
    assert h.undrawn_cards() == g.undrawn_cards()  # the multiset, not the order
    hidden = {"rng", "deck"}
    assert {k: v for k, v in copy.items() if k not in hidden} == {
        k: v for k, v in saved.items() if k not in hidden
    }


def test_determinized_from_a_seed_is_reproducible() -> None:
    g = _midgame(6)
    assert g.determinized(4).to_dict() == g.determinized(random.Random(4)).to_dict()
    assert g.determinized(4).to_dict() != g.determinized(5).to_dict()


def test_chance_since_is_true_exactly_when_a_die_was_rolled_or_a_card_revealed() -> None:
    rng = random.Random(2)
    seen = {True: 0, False: 0}
    for seed in range(4):
        g = Game.new(4, seed)
        while not g.is_over:
            before = g.clone()
            events = g.apply(rng.choice(g.legal_actions()))
            chance = any(e["type"] in CHANCE_EVENTS for e in events)
            assert g.chance_since(before) == chance, events
            seen[chance] += 1
    assert seen[True] > 50 and seen[False] > 50


def test_amoebas_to_feed_shrink_through_phase_one() -> None:
    """At the first phase-1 decision every amoeba still feeds; one leaves the set when it has
    fed or starved, and the set is empty once phase 1 is over."""
    g = _midgame(7, rounds=1)
    rng = random.Random(7)
    while g.phase != 1:
        assert g.amoebas_to_feed() == set()
        g.apply(rng.choice(g.legal_actions()))
    everyone = {(s, k) for s in range(4) for k in g.alive_numbers(s)}
    assert g.amoebas_to_feed() == everyone
    left = everyone
    finished = 0
    while g.phase == 1:
        events = g.apply(rng.choice(g.legal_actions()))
        now = g.amoebas_to_feed()
        done = {
            (e["seat"], e["number"])
            for e in events
            if e["type"] in ("amoeba_fed", "amoeba_starved") and g.phase == 1
        }
        assert now <= left
        assert not (now & done)
        finished += len(done)
        left = now
    assert finished > 0
    assert g.amoebas_to_feed() == set()
