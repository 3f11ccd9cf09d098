"""The interpreter that drives a game: a stack of frames, one pending decision at a time.

Why a stack of tuples: the game must stop at any decision of any seat (a defender in the
middle of another player's turn, an amoeba clinging to one that leaves), be saved, restored and
cloned, and resume exactly there. A frame is a typed NamedTuple ``(op, *ints/strs)``
(engine.frames, with the table of every op): immutable, so a clone copies the list and shares
the frames, and JSON-able, so ``to_dict`` stores where the game is.

Two kinds of op are registered here by the rule modules:
- a *step* runs at once: it pops itself and pushes the frames that continue the game;
- a *decision* stays on top of the stack while pending. Its ``legal`` function computes the
  Decision (seat, kind, legal actions, context) from the state alone, or None when the
  decision no longer applies (the amoeba died meanwhile); its ``resolve`` function carries out
  an action that ``legal`` offered. ``resolve`` can trust its action: the game validated it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from engine.decision import Decision, Frame
from engine.frames import OPS_FRAMES

if TYPE_CHECKING:
    from engine.state import State

Step = Callable[["State", Frame], None]
Legal = Callable[["State", Frame], "Decision | None"]
Resolve = Callable[["State", Frame, dict], None]


def _not_a_step(state: State, frame: Frame) -> None:
    raise AssertionError(f"{frame[0]!r} is a decision, not a step")


def _not_a_decision(state: State, frame: Frame) -> Decision | None:
    raise AssertionError(f"{frame[0]!r} is a step, not a decision")


def _no_resolve(state: State, frame: Frame, action: dict) -> None:
    raise AssertionError(f"{frame[0]!r} is a step, not a decision")


class Op:
    """A registered op: a step (``is_step``) or a decision's ``legal`` and ``resolve``.

    One record per op, so that the interpreter finds everything about a frame with ONE dict
    look-up and typed attribute reads (the registry is on the path of every frame)."""

    __slots__ = ("is_step", "step", "legal", "resolve")

    def __init__(self, is_step: bool, step: Step, legal: Legal, resolve: Resolve) -> None:
        self.is_step = is_step
        self.step = step
        self.legal = legal
        self.resolve = resolve


OPS: Final[dict[str, Op]] = {}


def step(op: str) -> Callable[[Step], Step]:
    """Register a step under ``op``."""

    def register(fn: Step) -> Step:
        assert op not in OPS and OPS_FRAMES[op][1], op
        OPS[op] = Op(True, fn, _not_a_decision, _no_resolve)
        return fn

    return register


def decision(op: str, legal: Legal) -> Callable[[Resolve], Resolve]:
    """Register a decision under ``op``: ``legal`` decorates-in its ``resolve``."""

    def register(resolve: Resolve) -> Resolve:
        assert op not in OPS and not OPS_FRAMES[op][1], op
        OPS[op] = Op(False, _not_a_step, legal, resolve)
        return resolve

    return register


def run(state: State) -> None:
    """Advance until a decision with a real choice is pending, or the game is over.

    A decision with exactly one legal action is resolved here and logged as ``auto_action``
    (docs/rules.md: a choice with only one legal answer may be resolved by the engine); so is
    every decision of the decoy colour, picked by ``decoy_choice`` (``"by": "decoy"``).
    """
    stack = state._stack
    ops = OPS
    while stack:
        frame = stack[-1]
        op = ops[frame[0]]
        if op.is_step:
            stack.pop()
            op.step(state, frame)
            continue
        pending = op.legal(state, frame)
        if pending is None:
            stack.pop()
            continue
        actions = pending.actions
        if len(actions) == 1:
            stack.pop()
            action = actions[0]
            if state.events is not None:
                state.events.append(
                    {
                        "type": "auto_action",
                        "seat": pending.seat,
                        "kind": pending.kind,
                        "action": action,
                    }  # fmt: skip
                )
            op.resolve(state, frame, action)
            continue
        if pending.seat == state.decoy:
            stack.pop()
            action = decoy_choice(state, pending)
            state.emit(
                {
                    "type": "auto_action",
                    "seat": pending.seat,
                    "kind": pending.kind,
                    "action": action,
                    "by": "decoy",
                }  # fmt: skip
            )
            op.resolve(state, frame, action)
            continue
        state.pending = pending
        return
    state.pending = None


#: Decisions where the decoy's choice is drawn from the game's generator: where it stands.
_DECOY_DRAWS: Final = frozenset({"start_space", "place_amoeba"})


def decoy_choice(state: State, pending: Decision) -> dict:
    """The decoy makes no decisions (docs/rules.md, "Decoy"): the game picks for it. Its start
    space and setup fields are drawn with the game's generator (so a replay repeats them);
    everything else takes ``actions[0]``, the conservative choice (drift, eat the first
    pattern, done). With no BP and no genes the decoy rarely has anything else to pick."""
    actions = pending.actions
    if pending.kind in _DECOY_DRAWS:
        return actions[state.rand_below(len(actions))]
    return actions[0]


def pending_of(state: State) -> Decision | None:
    """Recompute the pending decision from the stack (after ``from_dict``)."""
    if not state._stack:
        return None
    frame = state._stack[-1]
    return OPS[frame[0]].legal(state, frame)


def push(state: State, *frames: Frame) -> None:
    """Push ``frames`` so that the first one given runs first."""
    stack = state._stack
    i = len(frames)
    while i:  # not extend(reversed(...)): no iterator object on this hot path
        i -= 1
        stack.append(frames[i])
