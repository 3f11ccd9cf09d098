"""5 and 6 players: one test per rule difference, each quoting the Dutch rule text (the seed
``ursuppe-rules-nl-3-to-6-players.txt``) and RULINGS.md, "5 and 6 players" where it settles a
point. The numbers come from ``engine.counts.PLAYER_COUNTS`` (docs/rules.md, "Player counts")."""

from __future__ import annotations

import pytest
from helpers_engine import build_position, dp, first, food, of_type

from engine import SUPPORTED_PLAYERS, Game
from engine.genes import cards_for
from engine.position import Feeding


def _finish_start_spaces(g: Game) -> None:
    while g.pending.kind == "start_space":
        g.apply(g.pending.actions[-1], g.pending.seat)


def test_five_and_six_players_are_supported():
    """"Een strategisch spel voor 3, 4, 5 of 6 spelers\""""
    assert SUPPORTED_PLAYERS == (3, 4, 5, 6)


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_two_cubes_of_every_colour_on_every_field_55_per_colour(players):
    """"Van elke meespelende kleur worden 2 voedingsstoffen in elk veld van de oersoep gelegd."
    (RULINGS: "Colours five and six are added (7 amoebas and 55 cubes each)".)"""
    g = Game.new(players, 3)
    assert all(food(g, f) == [2] * players for f in ("B1", "A2", "D5"))
    assert [g.cube_total(c) for c in range(players)] == [55] * players
    assert g.supply == [55 - 2 * 19] * players


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_start_spaces_1_to_n(players):
    """"de zetstenen op de velden 1 tot 4 (bij 3 spelers 1-3, 1-5 of 1-6 bij 5 of 6 spelers)\""""
    g = Game.new(players, 7)
    assert [a["space"] for a in g.pending.actions] == list(range(1, players + 1))
    _finish_start_spaces(g)
    assert sorted(g.score) == list(range(1, players + 1))


@pytest.mark.parametrize(("players", "dp_first"), [(5, 0), (6, 1)])
def test_five_six_first_amoebas_one_dp_with_6_players_none_with_5(players, dp_first):
    """"Bij vier en zes spelers krijgen de eerste amoeben elk één schadepunt (SP). Bij drie en
    vijf spelers krijgen de eerste amoeben geen schadepunten.\""""
    g = Game.new(players, 11)
    _finish_start_spaces(g)
    for _ in range(players):
        assert g.pending.context == {"reason": "setup", "dp": dp_first}
        placed = first(g.apply(g.pending.actions[0], g.pending.seat), "amoeba_placed")
        assert placed["dp"] == dp_first
    for _ in range(players):  # the second amoebas: no DP, whatever the count
        assert g.pending.context["dp"] == 0
        g.apply(g.pending.actions[-1], g.pending.seat)
    assert g.round == 1


def _feed(players, field_food, genes=()):
    return build_position(players, amoebas=[(0, 1, "B2")], food={"B2": field_food},
                          genes=[list(genes)] + [[]] * (players - 1),
                          at=Feeding(0, 1))  # fmt: skip


def test_five_players_an_amoeba_eats_one_cube_of_each_of_the_four_other_colours():
    """"Een amoebe eet ... 4 voedingsstoffen bij 5 en 6 spelers, maar nooit haar eigen kleur!"
    "Bij 5 en 6 spelers eet de amoebe 4 vreemde kleuren.\""""
    g = _feed(5, [5, 5, 5, 5, 5])
    fed = first(g.setup_events, "amoeba_fed")  # the only answer: taken by the engine
    assert fed["eaten"] == [0, 1, 1, 1, 1]
    assert food(g, "B2") == [7, 4, 4, 4, 4]  # 4 eaten, 2 of its own colour excreted


def test_five_players_an_amoeba_missing_one_colour_starves():
    """"Amoeben eten dus alleen maar indien alle voedingsstoffen beschikbaar zijn.\""""
    g = _feed(5, [5, 5, 5, 5, 0])
    events = g.setup_events
    assert first(events, "amoeba_starved")["number"] == 1
    assert dp(g, 0, 1) == 1 and food(g, "B2") == [5, 5, 5, 5, 0]


def test_six_players_an_amoeba_eats_four_of_the_five_other_colours_owner_picks():
    """"Bij 5 en 6 spelers eet de amoebe 4 vreemde kleuren." RULINGS: "An amoeba eats 4 cubes
    of 4 different other colours (with 6 players, the owner picks which 4 of the 5)": the
    Dutch "een tweede voedingsstof" for 6 players is not a fifth cube (docs/rules.md)."""
    g = _feed(6, [5] * 6)
    eats = sorted(tuple(a["eat"]) for a in g.pending.actions if a["type"] == "feed")
    assert len(eats) == 5
    assert all(e[0] == 0 and sum(e) == 4 and max(e) == 1 for e in eats)
    g.apply({"type": "feed", "eat": [0, 1, 1, 0, 1, 1]}, 0)
    assert food(g, "B2") == [7, 4, 4, 5, 4, 4]


def test_six_players_one_missing_colour_is_no_starvation_two_are():
    """Four of five: a field without one other colour still feeds; without two it starves."""
    g = _feed(6, [0, 5, 5, 5, 5, 0])
    assert first(g.setup_events, "amoeba_fed")["eaten"] == [0, 1, 1, 1, 1, 0]
    g = _feed(6, [0, 5, 5, 5, 0, 0])
    assert of_type(g.setup_events, "amoeba_starved")


def test_six_players_substitution_eats_one_colour_fewer_one_cube_more():
    """RULINGS "Substitution: eat one colour fewer and one cube more", applied to 4 of 5."""
    g = _feed(6, [5] * 6, genes=["substitution"])
    shapes = {tuple(sorted(a["eat"], reverse=True)) for a in g.pending.actions
              if a["type"] == "feed"}  # fmt: skip
    assert shapes == {(1, 1, 1, 1, 0, 0), (2, 2, 1, 0, 0, 0), (3, 1, 1, 0, 0, 0)}


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_phase4_each_player_receives_11_bp(players):
    """"Elke speler krijgt 10 BP (11 BP bij 5 en 6 spelers).\""""
    amoebas = [(s, 1, f) for s, f in enumerate(["B2", "B3", "B4", "B5", "A2", "A3"][:players])]
    g = build_position(players, phase=4, amoebas=amoebas, bp=[0] * players)
    got = of_type(g.setup_events, "bp_received")
    assert sorted((e["seat"], e["amount"]) for e in got) == [(s, 11) for s in range(players)]


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_phase6_amoeba_table(players):
    """"5 en 6 spelers: amoeben: 0 tot 1 / 2 / 3 / 4 / 5 / 6 — velden: 0 / 1 / 2 / 4 / 5 / 6"
    (7 amoebas, beyond the printed table, also 6: RULINGS "6+ -> 6")."""
    fields = ["A2", "A3", "A4", "A5", "B5", "C5", "D5"]
    steps = []
    for k in range(8):
        g = build_position(players, phase=6,
                           amoebas=[(0, i + 1, f) for i, f in enumerate(fields[:k])],
                           scores=[10, *range(1, players)])  # fmt: skip
        steps.append(first([e for e in g.setup_events if e.get("seat") == 0],
                           "marker_advanced")["steps"])  # fmt: skip
    assert steps == [0, 0, 1, 2, 4, 5, 6, 6]


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_gene_cards_use_the_4_player_counts(players):
    """"Bij 5 of 6 spelers worden enkel de genkaarten gebruikt die rechtsonder een "5+6"
    tonen." Those cards are not in our sources; RULINGS: "use the 4-player counts\""""
    assert cards_for(players) == cards_for(4)
    assert sum(Game.new(players, 1).gene_supply) == 30


def test_six_players_a_death_leaves_two_cubes_of_each_of_the_six_colours():
    """"Per verwijderde amoebe worden 2 voedingsstoffen van elke kleur ... in het veld geplaatst.\""""
    g = build_position(6, phase=5, amoebas=[(5, 1, "B2", 2)])
    assert first(g.setup_events, "amoeba_died")["seat"] == 5
    assert food(g, "B2") == [2] * 6


def test_rules_data_lists_every_player_count_and_what_changes():
    """GET /rules reads the same table the engine plays by (engine/counts.py)."""
    from engine import rules_data

    data = rules_data()
    assert data["players"] == [3, 4, 5, 6]
    six = data["player_counts"][-1]
    assert six["players"] == 6 and six["division_bp"] == 11 and six["first_amoeba_dp"] == 1
    assert six["feed_pattern"] == [1, 1, 1, 1, 0]
    assert six["amoeba_advance"] == [0, 0, 1, 2, 4, 5, 6, 6]
