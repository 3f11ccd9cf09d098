"""Bad input: every illegal or malformed action raises EngineError with a
machine-readable code and a message, and leaves ``to_dict()`` unchanged."""

from __future__ import annotations

import pytest
from helpers_engine import build_position

from engine import EngineError, Game
from engine.position import Moving, StartSpace


@pytest.fixture
def game() -> Game:
    """A movement decision of seat 0 (drift or move)."""
    return build_position(4, amoebas=[(0, 1, "B2")], at=Moving(0, 1))


def rejected(g: Game, action, seat=None) -> EngineError:
    before = g.to_dict()
    pending = g.pending.to_dict() if g.pending else None
    with pytest.raises(EngineError) as info:
        g.apply(action, seat)
    assert g.to_dict() == before
    assert (g.pending.to_dict() if g.pending else None) == pending
    assert info.value.message and info.value.to_dict()["code"] == info.value.code
    return info.value


@pytest.mark.parametrize("action", [None, "drift", 3, ["drift"], ("type", "drift"), 1.5])
def test_bad_input_non_dict_is_malformed(game, action):
    """"an action is an object with a string "type"".\""""
    assert rejected(game, action).code == "malformed_action"


@pytest.mark.parametrize("action", [{}, {"kind": "drift"}, {"type": None}, {"type": 1},
                                    {"type": ["drift"]}])  # fmt: skip
def test_bad_input_missing_or_non_string_type_is_malformed(game, action):
    """A missing or non-string "type" is malformed."""
    assert rejected(game, action).code == "malformed_action"


def test_bad_input_unknown_type_is_malformed(game):
    """Types outside engine.actions.ACTION_TYPES are malformed."""
    assert rejected(game, {"type": "teleport"}).code == "malformed_action"


def test_bad_input_known_type_not_legal_now_is_illegal(game):
    """A well-formed action that the pending decision does not offer is illegal."""
    assert rejected(game, {"type": "buy", "gene": "speed"}).code == "illegal_action"
    assert rejected(game, {"type": "hold"}).code == "illegal_action"  # no Holding gene
    assert rejected(game, {"type": "move", "direction": "N"}).code == "illegal_action"


def test_bad_input_wrong_seat_is_not_your_turn(game):
    """"wrong seat" -> not_your_turn."""
    assert rejected(game, {"type": "drift"}, seat=2).code == "not_your_turn"


def test_bad_input_after_game_over(game):
    """"after game over" -> game_over."""
    g = build_position(4, round=10, phase=6, revealed=11, amoebas=[(0, 1, "B2")])
    assert g.is_over
    assert rejected(g, {"type": "drift"}).code == "game_over"
    assert rejected(g, "garbage").code == "game_over"


def test_bad_input_extra_fields_are_rejected(game):
    """An action with a field the vocabulary does not define is rejected."""
    err = rejected(game, {"type": "drift", "direction": "N"})
    assert err.code in {"malformed_action", "illegal_action"}


def test_bad_input_extra_fields_and_wrong_value_types_are_malformed(game):
    """Malformed = the request's shape is wrong (extra fields, wrong value types), as opposed to
    illegal = well-formed but not allowed now; clients and the API need to tell them apart."""
    assert rejected(game, {"type": "drift", "please": True}).code == "malformed_action"
    g = build_position(4, amoebas=[(0, 1, "B3")], genes=[["movement_2"], [], [], []],
                       at=Moving(0, 1))  # fmt: skip
    assert rejected(g, {"type": "move", "direction": 3}).code == "malformed_action"


def test_bad_input_wrong_value_types_bool_or_float_for_an_int_are_rejected():
    """Wrong value types must raise: JSON true is not the number 1 (Python's True == 1 and
    1.0 == 1 make list.index() accept them)."""
    g = build_position(4, scores=[0, 0, 0, 0], at=StartSpace(0))
    for bad in ({"type": "start_space", "space": True}, {"type": "start_space", "space": 1.0}):
        with pytest.raises(EngineError):
            g.clone().apply(bad, 0)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "place", "field": "C3", "number": 1}, "illegal_action"),
        ({"type": "place", "field": "B2", "number": 8}, "illegal_action"),
        ({"type": "place", "field": "B2", "number": 0}, "illegal_action"),
        ({"type": "place", "field": "b2", "number": 1}, "illegal_action"),
        ({"type": "place", "field": "B2"}, "illegal_action"),
    ],
)
def test_bad_input_place_outside_the_board_or_numbers(action, code):
    """Placing on the island, off the board, or with a number outside 1..7 is refused."""
    g = build_position(4, phase=4, amoebas=[(0, 1, "B3"), (0, 2, "B4")], bp=[10, 0, 0, 0],
                       scores=[4, 3, 2, 1])  # fmt: skip
    assert g.pending.kind == "divide"
    assert rejected(g, action).code in {code, "malformed_action"}


def test_bad_input_buying_what_cannot_be_afforded_or_is_sold_out():
    """Purchases outside the offered list are illegal (price, supply, advanced rules)."""
    g = build_position(4, phase=3, amoebas=[(0, 1, "B2")], bp=[5, 0, 0, 0],
                       genes=[["speed"], ["spores"], [], []], new_genes=[["speed"], [], [], []])
    for action in ({"type": "buy", "gene": "armor"}, {"type": "buy", "gene": "spores"},
                   {"type": "buy", "gene": "speed"},
                   {"type": "buy", "gene": "persistence", "give_up": "speed"}):  # fmt: skip
        assert rejected(g, action).code == "illegal_action"


def test_bad_input_a_rejected_action_changes_nothing_not_even_the_rng(game):
    """"an error that leaves the state untouched" — the generator included."""
    rng = game._rng
    for action in ({"type": "teleport"}, {"type": "direction", "direction": "N"}, 7):
        with pytest.raises(EngineError):
            game.apply(action)
    assert game._rng == rng and game.seq == 0


def test_bad_options_for_a_new_game():
    """Game.new rejects bad options with code invalid_options."""
    for kwargs in ({"players": 1, "seed": 1}, {"players": 7, "seed": 1},
                   {"players": 4, "seed": "x"}, {"players": 4, "seed": True},
                   {"players": 4, "seed": 1, "deck": [{"drift": "Q", "ozone": 1}] * 3},
                   {"players": 4, "seed": 1, "deck": []}):  # fmt: skip
        with pytest.raises(EngineError) as info:
            Game.new(**kwargs)
        assert info.value.code == "invalid_options"


def test_bad_saved_state_is_invalid_state():
    """Game.from_dict refuses data that is not a saved game."""
    for data in ({}, {"format": 1}, {"format": 99}):
        with pytest.raises(EngineError) as info:
            Game.from_dict(data)
        assert info.value.code == "invalid_state"


def test_bad_input_each_reason_has_its_exception_class_with_the_same_code(game):
    """Issue 15 item 5: "Engine errors as exception subclasses per code (like python-chess's
    IllegalMoveError)"; the codes stay as the API's problem codes."""
    import engine

    assert isinstance(rejected(game, {"type": "teleport"}), engine.MalformedActionError)
    assert isinstance(rejected(game, {"type": "hold"}), engine.IllegalActionError)
    assert isinstance(rejected(game, {"type": "drift"}, seat=2), engine.NotYourTurnError)
    with pytest.raises(engine.InvalidOptionsError) as err:
        Game.new(7, 1)
    assert err.value.code == "invalid_options"
    with pytest.raises(engine.InvalidStateError) as err:
        Game.from_dict({"format": 99})
    assert err.value.code == "invalid_state"
    codes = {cls.code for cls in (engine.MalformedActionError, engine.IllegalActionError,
             engine.NotYourTurnError, engine.GameOverError, engine.InvalidOptionsError,
             engine.InvalidStateError)}  # fmt: skip
    assert codes == {"malformed_action", "illegal_action", "not_your_turn", "game_over",
                     "invalid_options", "invalid_state"}  # fmt: skip
    assert all(issubclass(cls, EngineError) for cls in vars(engine).values()
               if isinstance(cls, type) and cls.__name__.endswith("Error"))  # fmt: skip
