"""What the game waits for (``Decision``) and what the interpreter's stack holds (``Frame``).

A module of its own so that the state (which holds the pending decision and the stack) and the
interpreter (which computes decisions from the state) both import it, and neither imports the
other at run time.
"""

from __future__ import annotations

from typing import Any

Frame = tuple  # (op name, *values): engine.frames names the values of every op

#: Every ``Decision.kind`` the engine asks for, in the order a round meets them. Clients key
#: their help texts on these (``GET /rules``); tests/engine check the list against the rules.
DECISION_KINDS: tuple[str, ...] = (
    "start_space",
    "place_amoeba",
    "movement",
    "choose_die",
    "choose_direction",
    "second_move",
    "escape_move",
    "tentacle",
    "cling",
    "feed",
    "defend",
    "attack_retry",
    "aggression",
    "pay_defect",
    "buy_genes",
    "divide",
)


class Decision:
    """What the game waits for: ``seat`` must pick one of ``actions``.

    ``actions[0]`` is always the conservative choice (drift, done, pass, accept, take nothing,
    the first feeding pattern that makes no other player pay, else starve): the timeout policy
    "default action" applies it.
    """

    __slots__ = ("seat", "kind", "actions", "_context")

    def __init__(
        self, seat: int, kind: str, actions: list[dict], context: dict[str, Any] | tuple
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.actions = actions
        # A dict, or ``(builder, *immutable args)`` built on first read: search and playouts
        # create far more decisions than anyone reads the context of.
        self._context = context

    @property
    def context(self) -> dict[str, Any]:
        context = self._context
        if type(context) is tuple:
            context = self._context = context[0](*context[1:])
        return context  # type: ignore[return-value]

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "actions": self.actions,
            "context": self.context,
        }

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, {len(self.actions)} actions)"
