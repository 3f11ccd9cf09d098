"""The review of a game: the search values the action taken (its focus) and its own choice;
losses are classified by the documented thresholds; accuracy per player."""

from __future__ import annotations

from ai.mcts import MctsBot, _fast_key, distinct
from ai.random_bot import RandomBot
from ai.review import THRESHOLDS, classify, decision_accuracy, review_game, summarize
from engine import Game


def test_classify_by_the_thresholds() -> None:
    assert classify(0.0) is None
    assert classify(THRESHOLDS["inaccuracy"] - 0.01) is None
    assert classify(THRESHOLDS["inaccuracy"]) == "inaccuracy"
    assert classify(THRESHOLDS["mistake"]) == "mistake"
    assert classify(THRESHOLDS["blunder"] + 3) == "blunder"
    assert decision_accuracy(0) == 100 and decision_accuracy(1) < decision_accuracy(0.5) < 100


def test_the_focus_action_is_valued_even_when_the_search_would_not_try_it() -> None:
    g = Game.new(4, 21)
    while g.pending.kind != "place_amoeba":
        g.apply(g.legal_actions()[0])
    acts, _ = distinct(g.legal_actions())
    assert len(acts) > 12  # widened: a short search tries only the best few
    focus = acts[-1]
    bot = MctsBot(seed=3, iterations=40)
    bot.choose(g.clone(), focus=focus, focus_visits=10)
    by_key = {_fast_key(a): visits for a, visits, _ in bot.last_choices}
    assert by_key[_fast_key(focus)] >= 10


def test_review_of_a_short_random_game() -> None:
    g = Game.new(3, 5)
    bots = [RandomBot(s) for s in range(3)]
    actions = []
    while not g.is_over and len(actions) < 40:
        player = g.pending_player
        action = bots[player].choose(g)
        actions.append({"seq": len(actions) + 1, "seat": player, "action": action})
        g.apply(action, player=player)
    record = {"players": 3, "seed": 5, "options": {}, "actions": actions}
    review = review_game(record, seed=1, iterations=24, focus_visits=6)
    assert review["decisions"] and review["iterations"] == 24
    for d in review["decisions"]:
        assert d["loss"] >= 0 and d["class"] == classify(d["loss"])
        assert (d["best"] is None) or d["best"] != d["action"]
    again = review_game(record, seed=1, iterations=24, focus_visits=6)
    assert again["decisions"] == review["decisions"]  # counted iterations: reproducible
    players = summarize(review["decisions"], 3)
    assert sum(p["decisions"] for p in players) == len(review["decisions"])
