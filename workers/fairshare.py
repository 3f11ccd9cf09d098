"""The workers' fair share between owners of bot work (docs/workers.md, "Fair share").

An owner (a player, or the client address of a game created without one:
``service.rules.play.owner_of``) may have at most ``quota`` games *in bot play* at once in each
pool: ``bots`` (bot-only games) and ``search`` (games with a search bot, live or not).
A game in bot play holds a slot from the send of its first bot turn to the end of its bot
run (a human decides next, the game ended); its bot turns are queued as usual. Any
further game of that owner waits, without a message in the queue, in the owner's waiting
list (oldest first); the run that gives a slot back sends the first waiting game's turn.

So the queue holds at most ``quota`` turns per owner and pool, and another owner's turn
waits behind a bounded amount of work whatever one owner creates. Both sets live in Redis
and change in one Lua script each (atomic across web processes and workers). The database
stays the truth: a slot whose game was lost (a killed worker, an aborted game) expires
after ``lease`` seconds, and the deadline sweep re-offers a waiting game whose turn is
overdue (``Turns.expire_deadline``), so losing Redis delays bot work, never loses it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

# KEYS: running (zset game -> lease end), waiting (zset game -> arrival), turns (hash game
# -> "seq|live"). ARGV: game, seq|live, now ms, lease ms, quota. 1: send it now; 0: waits.
_ADMIT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
local lease_end = tonumber(ARGV[3]) + tonumber(ARGV[4])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[5]) then
  redis.call('ZADD', KEYS[1], lease_end, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 then redis.call('HDEL', KEYS[3], ARGV[1]) end
  return 1
end
redis.call('ZADD', KEYS[2], 'NX', ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], 86400000)
redis.call('PEXPIRE', KEYS[3], 86400000)
return 0
"""

# KEYS as above. ARGV: game, now ms, lease ms, quota. Frees the game's slot and fills the
# free slots from the waiting list: {game, "seq|live", game, ...} to send now.
_RELEASE = """
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local lease_end = tonumber(ARGV[2]) + tonumber(ARGV[3])
local out = {}
while redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) do
  local popped = redis.call('ZPOPMIN', KEYS[2])
  if #popped == 0 then break end
  local game = popped[1]
  local turn = redis.call('HGET', KEYS[3], game)
  redis.call('HDEL', KEYS[3], game)
  if turn then
    redis.call('ZADD', KEYS[1], lease_end, game)
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    table.insert(out, game)
    table.insert(out, turn)
  end
end
return out
"""


@dataclass(frozen=True)
class Waiting:
    """A game's turn let through by a run's end: send it now."""

    game_id: str
    seq: int
    live: bool


class FairShare:
    """Per-owner slots on a Redis ``client`` (redis-py), keys under ``prefix``."""

    def __init__(
        self, client: Any, prefix: str, *, quota: int, search_quota: int, lease: float
    ) -> None:
        self.client = client
        self.prefix = prefix
        self.quotas = {"bots": max(quota, 1), "search": max(search_quota, 1)}
        self.lease_ms = max(int(lease * 1000), 1000)
        self._admit = client.register_script(_ADMIT)
        self._release = client.register_script(_RELEASE)

    def _keys(self, owner: str, search: bool) -> tuple[list[str], int]:
        pool = "search" if search else "bots"
        base = f"{self.prefix}:{pool}:{owner}"
        return [f"{base}:running", f"{base}:waiting", f"{base}:turns"], self.quotas[pool]

    def admit(self, game_id: str, seq: int, *, owner: str, search: bool, live: bool) -> bool:
        """True: send the turn now (the game holds, or just took, one of the owner's
        slots; its lease is renewed). False: it waits in the owner's list (once per game:
        a game already waiting keeps its place, with this latest ``seq``)."""
        keys, quota = self._keys(owner, search)
        turn = f"{seq}|{int(live)}"
        args = [game_id, turn, _now_ms(), self.lease_ms, quota]
        return bool(self._admit(keys=keys, args=args))

    def release(self, game_id: str, *, owner: str, search: bool) -> list[Waiting]:
        """The game's bot run ended: free its slot; the waiting games now let through."""
        keys, quota = self._keys(owner, search)
        out = self._release(keys=keys, args=[game_id, _now_ms(), self.lease_ms, quota])
        let_through = []
        for game, turn in zip(out[::2], out[1::2], strict=True):
            seq, live = _text(turn).split("|")
            let_through.append(Waiting(_text(game), int(seq), live == "1"))
        return let_through

    def counts(self, owner: str, *, search: bool) -> tuple[int, int]:
        """(games in bot play, games waiting) of ``owner`` in a pool (tests, operators)."""
        keys, _ = self._keys(owner, search)
        return int(self.client.zcard(keys[0])), int(self.client.zcard(keys[1]))


def _now_ms() -> int:
    return int(time.time() * 1000)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
