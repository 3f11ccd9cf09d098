"""Fair share between owners of bot work (workers/fairshare.py), on real Redis, and a
flood of one owner's search-bot games that does not stop another owner's game."""

from __future__ import annotations

import uuid

import pytest
import redis
from sqlalchemy import func, select

from service.models import GameRow
from tests.workers.test_workers_games import assert_log_complete, finished, wait_for
from workers import fairshare
from workers.fairshare import FairShare, Waiting

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]


@pytest.fixture
def share(redis_url: str) -> FairShare:
    client = redis.Redis.from_url(redis_url)
    return FairShare(
        client, f"ursuppe:fair:test-{uuid.uuid4().hex[:10]}", quota=2, search_quota=1, lease=60
    )


def test_an_owner_over_its_quota_waits_in_order_and_others_do_not(share: FairShare) -> None:
    admit = share.admit
    assert admit("a1", 0, owner="p:a", search=False, live=False)
    assert admit("a2", 0, owner="p:a", search=False, live=False)
    assert not admit("a3", 0, owner="p:a", search=False, live=False)
    assert not admit("a4", 0, owner="p:a", search=False, live=False)
    assert not admit("a3", 7, owner="p:a", search=False, live=False)  # keeps its place
    assert admit("a1", 9, owner="p:a", search=False, live=False)  # a game in play goes on
    # Another owner, and the same owner's other pool, have slots of their own.
    assert admit("b1", 0, owner="p:b", search=False, live=False)
    assert admit("s1", 0, owner="p:a", search=True, live=True)
    assert not admit("s2", 0, owner="p:a", search=True, live=True)
    assert share.counts("p:a", search=False) == (2, 2)

    assert share.release("a1", owner="p:a", search=False) == [Waiting("a3", 7, False)]
    assert share.release("zz", owner="p:a", search=False) == []  # held nothing: no slot
    assert share.release("a2", owner="p:a", search=False) == [Waiting("a4", 0, False)]
    assert share.release("s1", owner="p:a", search=True) == [Waiting("s2", 0, True)]
    assert share.counts("p:a", search=False) == (2, 0)


def test_a_lost_slot_expires_with_its_lease(share: FairShare, monkeypatch) -> None:
    now = [1_000_000_000]
    monkeypatch.setattr(fairshare, "_now_ms", lambda: now[0])
    assert share.admit("g1", 0, owner="a:10.0.0.1", search=True, live=False)
    assert not share.admit("g2", 0, owner="a:10.0.0.1", search=True, live=False)
    now[0] += 61_000  # g1's worker died: nobody released its slot
    assert share.admit("g2", 0, owner="a:10.0.0.1", search=True, live=False)


def _started_unfinished(service, owner: str) -> int:  # noqa: ANN001
    with service.sessions() as session:
        return session.scalar(
            select(func.count()).where(
                GameRow.creator_player_id == owner, GameRow.status == "active", GameRow.seq > 0
            )
        )


def test_a_flood_of_one_owners_search_games_does_not_stop_another_owners_game(
    stack,  # noqa: ANN001
) -> None:
    """Player A creates 12 bot-only games of ``mcts-50ms`` bots at once; player B then a
    game of random bots. B's game plays to its end while A's flood is still in play, and
    A never has more than its quota (one search game) in bot play."""
    st, worker = stack(URSUPPE_OWNER_SEARCH_GAMES="1")
    a = st.service.accounts.create("flood").player.id
    b = st.service.accounts.create("other").player.id
    search = {"kind": "bot", "level": "mcts-50ms"}
    flood = [
        st.service.creation.create_game(
            players=3, seats=[search] * 3, player=a, seed=100 + i
        ).game.id
        for i in range(12)
    ]
    counts = st.scheduler.fair_share().counts(f"p:{a}", search=True)
    assert counts == (1, 11)  # one sent, eleven wait unsent
    game_id = st.service.creation.create_game(
        players=3, seats=[{"kind": "bot", "level": "random"}] * 3, player=b, seed=5
    ).game.id
    peak = [0]

    def done() -> bool:
        peak[0] = max(peak[0], _started_unfinished(st.service, a))
        return finished(st.service, game_id)

    wait_for(done, 180, "the other owner's game to finish", worker)
    assert_log_complete(st.service, game_id)
    assert peak[0] <= 1
    assert not all(finished(st.service, g) for g in flood)  # the flood was still going
