"""Games for a bot program to play in the client's and the bridge's tests: a player (a bot
account where the server has them) holding one seat in each, the other seats the server's
`random` bots."""

from __future__ import annotations

from dataclasses import dataclass

from ursuppe_client import Client, ProblemError


@dataclass
class BotGames:
    token: str  # the player token that plays
    player_id: str
    games: list[str]
    bot_account: bool  # seated as a bot account (else as a person holding a human seat)


def become_bot_account(client: Client) -> bool:
    """Make the client's player a bot account; False where this server has none."""
    try:
        client.request("POST", "/api/v1/players/me/bot-account", token=client.player_token)
    except ProblemError as problem:
        if problem.status in (404, 405):
            return False
        raise
    return True


def bot_games(
    base_url: str,
    games: int = 1,
    players: int = 3,
    name: str = "engine",
    bot_account: bool = True,
    time_control: dict | None = None,
) -> BotGames:
    """A new player and ``games`` games where it holds seat 0 and `random` bots the rest.
    With ``bot_account`` and a server that has bot accounts the player becomes one and is
    seated as a bot; otherwise it joins a human seat reserved for it. ``time_control``:
    the games' clock (the server's default without it)."""
    setup = Client(base_url)
    created = setup.create_player({"name": name})
    player_id = created["player"]["id"]
    as_bot = bot_account and become_bot_account(setup)
    others = [{"kind": "bot", "level": "random"}] * (players - 1)
    first = (
        {"kind": "bot", "player": player_id} if as_bot else {"kind": "human", "player": player_id}
    )
    ids = []
    for _ in range(games):
        body: dict = {"players": players, "seats": [first, *others]}
        if time_control is not None:
            body["time_control"] = time_control
        game = setup.create_game(body)["game"]  # type: ignore[arg-type]
        assert time_control is None or game["time_control"] == time_control, game
        if not as_bot:
            setup.join_game(game["id"], {"name": name, "seat": 0})
        ids.append(game["id"])
    token = setup.player_token
    setup.close()
    assert token
    return BotGames(token, player_id, ids, as_bot)
