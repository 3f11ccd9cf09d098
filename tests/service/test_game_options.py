"""A game's options, declared once (service/rules/game_options.py): the one check, the value
the engine, the row and the public view get, and the request schema built from it."""

from __future__ import annotations

import pytest

from api.resources.games.schemas import GameOptionsSchema, PublicGameOptionsSchema
from engine.counts import VARIANTS
from service.plumbing.errors import Unprocessable
from service.rules.game_options import FIELDS, GameOptions, game_size


def test_the_request_schema_has_one_field_per_option_with_its_ranges() -> None:
    schema = GameOptionsSchema()
    assert list(schema.fields) == list(FIELDS)
    assert schema.fields["variant"].metadata["enum"] == sorted(VARIANTS)
    assert set(PublicGameOptionsSchema().fields) == {
        "deck", "deck_cards", "timeout_bot_level", "resign_bot_level", "variant",
        "decoy_scores", "hints",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "players", "rated", "code"),
    [
        ({"colour": "red"}, 4, True, "invalid_option"),
        ({"variant": "triple"}, 2, True, "invalid_option"),
        ({"variant": "decoy"}, 4, True, "invalid_players"),
        ({}, 7, True, "invalid_players"),
        ({"decoy_scores": True}, 4, True, "invalid_option"),
        ({"variant": "double_1", "decoy_scores": True}, 2, True, "invalid_option"),
        ({"hints": "yes"}, 4, False, "invalid_option"),
        ({"hints": True}, 4, True, "invalid_option"),
        ({"people_pool": 1}, 4, True, "invalid_option"),
        ({"resign_bot_level": "grandmaster"}, 4, True, "invalid_option"),
        ({"timeout_bot_level": ["random"]}, 4, True, "invalid_option"),
    ],
)
def test_the_one_check_refuses_what_cannot_be_played(
    raw: dict[str, object], players: int, rated: bool, code: str
) -> None:
    with pytest.raises(Unprocessable) as err:
        GameOptions.check(raw, players=players, rated=rated)
    assert err.value.code == code


def test_chosen_options_are_kept_and_defaults_read_back() -> None:
    raw = {"variant": "decoy", "decoy_scores": True, "resign_bot_level": "greedy"}
    options = GameOptions.check(raw, players=2, rated=False)
    assert options.stored() == raw
    assert GameOptions.of(options.stored()) == options
    assert options.engine_keywords() == {"deck": None, "variant": "decoy", "decoy_scores": True}
    assert options.chosen("people_pool") is False
    assert options.public(rated=False) == {
        "deck": "default", "timeout_bot_level": None, "resign_bot_level": "greedy",
        "variant": "decoy", "decoy_scores": True, "hints": True,
    }  # fmt: skip
    assert GameOptions(hints=False).public(rated=False)["hints"] is False
    assert GameOptions().public(rated=True)["hints"] is False


def test_the_engine_sets_a_game_up_from_the_options() -> None:
    game = GameOptions.check({"variant": "double_1"}, players=2, rated=True).new_game(2, 7)
    assert game.variant == "double_1"
    assert game.player_count == 2
    assert game.players == VARIANTS["double_1"].colours


def test_a_variant_implies_its_size() -> None:
    assert game_size(None, "decoy") == (VARIANTS["decoy"].players, "decoy")
    assert game_size(None, None) == (4, None)
