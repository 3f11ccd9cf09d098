"""Setup (RULINGS.md, "Setup", "Stock", "Environment cards", "Scoring ladder")."""

from __future__ import annotations

import pytest
from helpers_engine import FIELD_NAMES, first, of_type

from engine import Game
from engine.environment import DEFAULT_DECK


def _finish_start_spaces(g: Game, pick=lambda actions: actions[-1]) -> None:
    while g.pending.kind == "start_space":
        g.apply(pick(g.pending.actions), g.pending.seat)


@pytest.mark.parametrize("players", [3, 4])
def test_setup_two_cubes_of_every_colour_in_play_on_every_field(players):
    """"Place food" / German D.: "Von den Farben der mitspielenden Amöben kommen je 2
    Nährstoffe in jedes Feld der Ursuppe." """
    g = Game.new(players, 1)
    assert g.food == [2] * (19 * players)
    assert first(g.setup_events, "game_created")["food_per_field"] == 2


@pytest.mark.parametrize("players", [3, 4])
def test_stock_55_cubes_per_colour_the_rest_in_the_supply(players):
    """"55 food cubes per colour in total (2 per field at setup, the rest in the supply).\""""
    g = Game.new(players, 2)
    assert g.supply == [55 - 38] * players
    assert [g.cube_total(c) for c in range(players)] == [55] * players


def test_stock_each_player_starts_with_4_bp():
    """"Each player starts with 4 BP.\""""
    assert Game.new(4, 3).bp == [4, 4, 4, 4]


def test_setup_deck_is_shuffled_and_one_card_is_revealed():
    """"Place food; shuffle the environment deck and reveal one" and "At setup one card is
    revealed (it sets round 1's drift).\""""
    orders = set()
    for seed in range(12):
        g = Game.new(4, seed)
        assert sorted(g._deck) == list(range(11))
        assert g._deck_pos == 1
        revealed = of_type(g.setup_events, "card_revealed")
        assert len(revealed) == 1 and revealed[0]["round"] == 0
        drift, ozone = DEFAULT_DECK[g._deck[0]]
        assert revealed[0]["card"]["ozone"] == ozone
        assert g.public_view()["environment"]["remaining"] == 10
        orders.add(tuple(g._deck))
    assert len(orders) > 6  # shuffled by the seed, not a fixed order


def test_setup_start_rolls_with_two_dice_ties_re_rolled_among_the_tied():
    """"all roll two dice, re-rolling ties among the tied; the highest roll picks any free
    start space first.\""""
    checked = 0
    for seed in range(200):
        g = Game.new(4, seed)
        rolls = of_type(g.setup_events, "start_roll")
        first_round = {r["seat"]: sum(r["dice"]) for r in rolls[:4]}
        assert sorted(first_round) == [0, 1, 2, 3]
        assert all(len(r["dice"]) == 2 and all(1 <= d <= 6 for d in r["dice"]) for r in rolls)
        totals = list(first_round.values())
        tied = {s for s, t in first_round.items() if totals.count(t) > 1}
        rerolled = {r["seat"] for r in rolls[4:]}
        if len(rolls) == 4:
            assert not tied
        else:
            assert rerolled <= tied and rerolled
            checked += 1
        order = first(g.setup_events, "start_order")["seats"]
        assert sorted(order) == [0, 1, 2, 3]
        # first-round totals are non-increasing along the order
        assert [first_round[s] for s in order] == sorted(totals, reverse=True)
        assert g.pending.kind == "start_space" and g.pending.seat == order[0]
    assert checked > 10


def test_setup_highest_roll_chooses_any_free_start_space_first():
    """"the highest roll picks any free start space first. One marker per space, always.\""""
    g = Game.new(4, 7)
    order = first(g.setup_events, "start_order")["seats"]
    assert [a["space"] for a in g.pending.actions] == [1, 2, 3, 4]
    g.apply({"type": "start_space", "space": 3}, order[0])
    assert g.score[order[0]] == 3
    assert g.pending.seat == order[1]
    assert [a["space"] for a in g.pending.actions] == [1, 2, 4]
    _finish_start_spaces(g)
    assert sorted(g.score) == [1, 2, 3, 4]


@pytest.mark.parametrize(("players", "dp"), [(4, 1), (3, 0)])
def test_setup_first_placement_ascending_one_dp_with_4_players_none_with_3(players, dp):
    """"in ascending order each player places one amoeba on a field with no amoeba, with 1 DP
    in games of 4 or 6 players and no DP with 3 or 5.\""""
    g = Game.new(players, 11)
    _finish_start_spaces(g)
    ascending = sorted(range(players), key=g.score.__getitem__)
    for seat in ascending:
        assert g.pending.kind == "place_amoeba" and g.pending.seat == seat
        assert g.pending.context == {"reason": "setup", "dp": dp}
        events = g.apply(g.pending.actions[0], seat)
        placed = first(events, "amoeba_placed")
        assert placed["dp"] == dp
        assert g.adp[seat * 7 + placed["number"] - 1] == dp


@pytest.mark.parametrize("players", [3, 4])
def test_setup_second_placement_descending_without_dp(players):
    """"then in descending order a second amoeba, no DP, again on a field with no amoeba.\""""
    g = Game.new(players, 12)
    _finish_start_spaces(g)
    for _ in range(players):
        g.apply(g.pending.actions[0], g.pending.seat)
    descending = sorted(range(players), key=g.score.__getitem__, reverse=True)
    for seat in descending:
        assert g.pending.seat == seat and g.pending.context["dp"] == 0
        placed = first(g.apply(g.pending.actions[-1], seat), "amoeba_placed")
        assert placed["dp"] == 0
    assert g.round == 1
    assert [g.amoeba_count(s) for s in range(players)] == [2] * players


def test_setup_amoebas_go_on_fields_with_no_amoeba_and_the_player_picks_the_number():
    """"on a field with no amoeba" (both placements) and "The player picks the amoeba's
    number (1-7) whenever one is placed.\""""
    g = Game.new(4, 13)
    _finish_start_spaces(g)
    used: set[str] = set()
    for _ in range(8):
        actions = g.pending.actions
        fields = {a["field"] for a in actions}
        assert fields == set(FIELD_NAMES) - used
        seat = g.pending.seat
        numbers = {a["number"] for a in actions}
        assert numbers == set(range(1, 8)) - set(g.alive_numbers(seat))
        choice = {"type": "place", "field": sorted(fields)[-1], "number": max(numbers)}
        g.apply(choice, seat)
        assert g.pos(seat, choice["number"]) >= 0
        used.add(choice["field"])
    assert len(used) == 8
    assert g.round == 1 and g.phase == 1
