"""Realistic play for the load benchmark (``bench/load_bench.py``), one simulated person
per locust user: create a game with two random bots, join it, then poll ``/pending`` and
submit when it is their turn, read the game now and then, and follow it on the live stream
for a moment (the stream process is a separate server: ``URSUPPE_LOAD_STREAM_BASE``).
A finished game is followed by a new one, as a person would start another."""

from __future__ import annotations

import os
from typing import Any

from locust import HttpUser, between, task

API = "/api/v1"
STREAM_BASE = os.environ.get("URSUPPE_LOAD_STREAM_BASE", "")
SEATS = [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


class Person(HttpUser):
    wait_time = between(0.2, 0.6)  # reading the board, choosing a move

    def on_start(self) -> None:
        self.new_game()

    def new_game(self) -> None:
        body = {"players": 3, "seats": SEATS, "time_limit": 0}
        created = self.client.post(f"{API}/games", json=body, name="create game").json()
        self.game = created["game"]["id"]
        joined = self.client.post(
            f"{API}/games/{self.game}/seats", json={"name": "load"}, name="join"
        ).json()
        self.seat = joined["seat"]
        self.auth = {"Authorization": f"Bearer {joined['token']}"}

    @task(8)
    def play(self) -> None:
        doc: dict[str, Any] = self.client.get(
            f"{API}/games/{self.game}/pending", name="pending"
        ).json()
        pending = doc.get("pending")
        if pending is None:
            state = self.client.get(f"{API}/games/{self.game}", name="game").json()
            if state["status"] in ("finished", "aborted"):
                self.new_game()
            return
        if pending.get("player", pending["seat"]) != self.seat:
            return  # the bots' turn: look again later
        body = {"action": pending["actions"][0], "expected_seq": doc["seq"]}
        with self.client.post(
            f"{API}/games/{self.game}/actions",
            json=body,
            headers=self.auth,
            name="submit",
            catch_response=True,
        ) as resp:
            if resp.status_code == 409:
                resp.success()  # a bot moved first; the next poll shows the new decision

    @task(2)
    def look(self) -> None:
        self.client.get(f"{API}/games/{self.game}", name="game")

    @task(1)
    def watch(self) -> None:
        """Open the game's stream (ndjson), read its first message, close it."""
        with self.client.get(
            f"{STREAM_BASE}{API}/games/{self.game}/stream",
            headers={"Accept": "application/x-ndjson"},
            name="stream (first message)",
            stream=True,
            catch_response=True,
        ) as resp:
            for line in resp.iter_lines():
                if line and b'"heartbeat"' not in line:
                    break
            if resp.status_code == 200:
                resp.success()
            else:
                resp.failure(f"HTTP {resp.status_code}")
