"""A fitted leaf value for search: the expected final ladder margin of one seat.

Why: ``ai.evaluation`` projects each seat's final points with hand-set weights, which is fine
for comparing the actions of one decision (GreedyBot) but not for comparing positions that
search reaches at different depths and stages: early in the game BP and amoebas are worth far
more than the hand weights say, late the ladder is almost all that counts. Here the same terms
(``PART_NAMES``), taken relative to the opponents, are weighed by a linear model fitted to the
final margin (own final points minus the best opponent's) of greedy self-play games, with every
weight also scaled by the share of scorings left, so the weighing changes over the game.
``python -m ai.fit_value`` makes the data and the weights (``ai/value_weights.py``).

Two feature sets: version 1 (``FEATURE_NAMES``) is the evaluation's terms only, fitted on greedy
self-play; version 2 (``FEATURE_NAMES_2``) adds ``ai.value_features`` (food after the rivals
have eaten, attacks, the race for the finish) and is fitted on the search bot's own self-play
(``ai/value2_weights.py``). ``leaf_value`` uses version 2 where it has a fit for the player
count (and for 5-6 players, standing in from 4, as version 1 does), else version 1.

The value is in ladder points, like ``ai.greedy.margin``, so search code treats both alike;
a finished game is worth its actual margin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ai.evaluation import PART_NAMES, evaluate, evaluate_parts, remaining_scorings
from ai.greedy import margin
from ai.value2_weights import WEIGHTS as WEIGHTS_2
from ai.value_features import EXTRA_NAMES, extra_parts
from ai.value_weights import WEIGHTS

if TYPE_CHECKING:
    from engine import Game

PARTS: Final = len(PART_NAMES)
# Base features: the hand margin, the ladder margin, then each part minus the others' mean and
# minus that of the opponent projected best (the one to beat).


def _base_names(parts: tuple[str, ...]) -> tuple[str, ...]:
    return (
        ("eval_margin", "score_margin")
        + tuple(f"rel_{name}" for name in parts)
        + tuple(f"lead_{name}" for name in parts)
    )


BASE_NAMES: Final[tuple[str, ...]] = _base_names(PART_NAMES)
# The terms that are the same for every seat and action: fitted (they absorb the mean final
# margin, which is negative: the best of three opponents is the one to beat) but left out of
# the value. Within one decision they only add jumps between leaves at different stages (a
# turn that ends in the next phase or round), which search would chase: with them and with
# weights per phase, MCTS at 100 ms won 15 of 100 games against greedy instead of 35-42.
CONSTANT_NAMES: Final = ("bias", "stage")
# Every base feature once as is and once times the share of scorings left; then the constants.
FEATURE_NAMES: Final[tuple[str, ...]] = (
    BASE_NAMES + tuple(f"{name}*stage" for name in BASE_NAMES) + CONSTANT_NAMES
)
SEAT_TERMS: Final = len(FEATURE_NAMES) - len(CONSTANT_NAMES)
# Version 2: the evaluation's terms and ``ai.value_features``' terms, built the same way.
BASE_NAMES_2: Final[tuple[str, ...]] = _base_names(PART_NAMES + EXTRA_NAMES)
FEATURE_NAMES_2: Final[tuple[str, ...]] = (
    BASE_NAMES_2 + tuple(f"{name}*stage" for name in BASE_NAMES_2) + CONSTANT_NAMES
)
SEAT_TERMS_2: Final = len(FEATURE_NAMES_2) - len(CONSTANT_NAMES)
#: The feature names of each version of the value.
VERSION_FEATURES: Final = {1: FEATURE_NAMES, 2: FEATURE_NAMES_2}


def stage(g: Game) -> float:
    """The share of the game's scorings still to come: 1 at the start, 0 at the end."""
    return min(remaining_scorings(g) / max(g.deck_size, 1), 1.0)


def features(totals: list[float], parts: list[list[float]], seat: int, st: float) -> list[float]:
    """The feature vector of ``seat`` from ``evaluate_parts`` output (``FEATURE_NAMES``), or
    from those parts with ``extra_parts`` appended to each seat's (``FEATURE_NAMES_2``)."""
    n = len(totals)
    best_total = -1e9
    best_score = -1e9
    leader = seat
    for o in range(n):
        if o != seat:
            if totals[o] > best_total:
                best_total = totals[o]
                leader = o
            if parts[o][0] > best_score:
                best_score = parts[o][0]
    base = [totals[seat] - best_total, parts[seat][0] - best_score]
    own = parts[seat]
    count = len(own)
    inv = 1.0 / (n - 1)
    for i in range(count):
        others = 0.0
        for o in range(n):
            if o != seat:
                others += parts[o][i]
        base.append(own[i] - others * inv)
    lead = parts[leader]
    for i in range(count):
        base.append(own[i] - lead[i])
    out = list(base)
    for x in base:
        out.append(x * st)
    out.append(1.0)
    out.append(st)
    return out


def weights_for(players: int, version: int = 1) -> tuple[float, ...]:
    """The fitted weights of ``version`` for ``players``; without a fit (5 and 6 players),
    those of the nearest fitted count, the most players on a tie. The features are all
    relative to the opponents (own minus their mean, own minus the best), so a 4-player fit
    is the closest stand-in for 5-6; docs/ai.md says how it plays."""
    table = WEIGHTS_2 if version == 2 else WEIGHTS
    if players in table:
        return table[players]
    nearest = min(table, key=lambda n: (abs(n - players), -n))
    return table[nearest]


def version_for(players: int) -> int:
    """The value version ``leaf_value`` uses for ``players`` colours: 2 where it is fitted for
    that count, or for 5-6 colours when its 4-colour fit can stand in; else 1."""
    if players in WEIGHTS_2 or (players >= 5 and 4 in WEIGHTS_2):
        return 2
    return 1


def feature_vector(g: Game, seat: int, version: int) -> list[float]:
    """The features of ``seat`` in a game in progress, for ``version`` of the value."""
    totals, parts = evaluate_parts(g)
    if version == 2:
        extras = extra_parts(g, [p[8] for p in parts])  # 8: amoebas_next
        parts = [p + e for p, e in zip(parts, extras, strict=True)]
    return features(totals, parts, seat, stage(g))


def leaf_value(g: Game, seat: int, version: int | None = None) -> float:
    """Expected final margin of ``seat`` (own points minus the best opponent's), by the
    value ``version`` (default: ``version_for`` the player count)."""
    if g.pending is None or g.lead is not None:
        # The final scores: the actual margin. Double II has no fit: the hand value's margin
        # between the two players stands in (docs/ai.md).
        return margin(evaluate(g), seat, g)
    if version is None:
        version = version_for(g.players)
    weights = weights_for(g.players, version)
    x = feature_vector(g, seat, version)
    value = 0.0
    for i in range(len(x) - len(CONSTANT_NAMES)):  # constants left out: see CONSTANT_NAMES
        value += weights[i] * x[i]
    return value
