"""Attacks and their answers (docs/rules.md: Struggle for Survival, Aggression, Defense, Escape,
Armor, Persistence, and Holding against an escaping target).

An attack is a chain of frames that may hand the decision to the target's owner in the middle
of someone else's turn and then return exactly there:
``defend`` (target: accept / defend / escape) -> a fight (lost: back to ``defend``), or an
escape move then ``escape_check`` (failed: back to ``defend``) -> ``attack_hits`` or
``attack_misses`` (-> the attacker's Persistence retry).
``flags`` remember what this attack has used: Defense, Escape, the defender's and the
attacker's Persistence retries, and whether the attacker clung to the escaping target (which
ends the attack, docs/rules.md "Escape and Holding").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.decision import Decision
from engine.frames import AmoebaStep, Attack, AttackRetry, MoveStep, SeatTurn
from engine.genes import AGGRESSION, ARMOR, DEFENSE, ESCAPE, PERSISTENCE, STREAMLINING
from engine.machine import decision, push, step
from engine.rules.common import amoeba_ref, push_feed, starve

if TYPE_CHECKING:
    from engine.state import State

DEFENSE_USED, ESCAPE_USED, DEFENSE_RETRIED, ATTACK_RETRIED, ATTACKER_CLUNG = 1, 2, 4, 8, 16
STRUGGLE_CUBES: Final = 1  # a Struggle for Survival victim leaves one cube of every colour
KILL_CUBES: Final = 2  # a death in phase 5 (natural or Aggression) leaves two of every colour
_ACCEPT: Final = {"type": "accept"}
_DEFEND: Final = {"type": "defend"}
_ESCAPE: Final = {"type": "escape"}


def start_attack(g: State, seat: int, number: int, target: int, target_number: int,
                 phase: int, flags: int) -> None:  # fmt: skip
    """Declare an attack; the target's owner answers only if it holds Defense or Escape."""
    field = g.pos(seat, number)
    g.emit(
        {
            "type": "attack_declared",
            "attacker": amoeba_ref(g, seat, number),
            "target": amoeba_ref(g, target, target_number),
            "phase": phase,
        }
    )
    op = "defend" if g.genes[target] & (DEFENSE | ESCAPE) else "attack_hits"
    push(g, Attack(op, seat, number, target, target_number, field, phase, flags))


def attack_targets(g: State, seat: int, number: int, field: int) -> list[dict]:
    """Struggle for Survival: any amoeba on the field but itself; Armor is immune in phase 1."""
    return [
        {"type": "attack", "target": {"seat": s, "number": k}}
        for s, k in g.amoebas_on(field)
        if (s, k) != (seat, number) and not g.genes[s] & ARMOR
    ]


def _legal_defend(g: State, frame: Attack) -> Decision | None:
    """The target's answer: accept, Defense (a fight), Escape; each once, in either order.

    ``DEFENSE_USED`` in the flags means a fight was fought and lost (a won fight ends the
    attack): the defender may then still escape, or with Persistence fight once more, free.
    """
    _, seat, number, target, target_number, field, phase, flags = frame
    if g.pos(target, target_number) != field:
        return None
    genes = g.genes[target]
    actions = [_ACCEPT]
    if genes & DEFENSE:
        if not flags & DEFENSE_USED:
            if g.bp[target] >= 1:
                actions.append(_DEFEND)
        elif genes & PERSISTENCE and not flags & DEFENSE_RETRIED:
            actions.append(_DEFEND)
    if genes & ESCAPE and not flags & ESCAPE_USED and (g.bp[target] >= 1 or genes & STREAMLINING):
        actions.append(_ESCAPE)
    context = {"attacker": amoeba_ref(g, seat, number), "target": amoeba_ref(g, target, target_number),
               "phase": phase, "fight_lost": bool(flags & DEFENSE_USED)}  # fmt: skip
    return Decision(target, "defend", actions, context)


@decision("defend", _legal_defend)
def _defend(g: State, frame: Attack, action: dict) -> None:
    target, target_number, flags = frame.target, frame.target_number, frame.flags
    kind = action["type"]
    if kind == "accept":
        push(g, frame._replace(op="attack_hits"))
    elif kind == "defend":
        if flags & DEFENSE_USED:  # Persistence: the lost fight once more, free
            flags |= DEFENSE_RETRIED
        else:
            g.bp[target] -= 1
            g.emit({"type": "bp_paid", "seat": target, "amount": 1, "reason": "defense"})
            flags |= DEFENSE_USED
        _fight(g, frame._replace(flags=flags))
    else:
        if not g.genes[target] & STREAMLINING:
            g.bp[target] -= 1
            g.emit({"type": "bp_paid", "seat": target, "amount": 1, "reason": "escape"})
        g.emit({"type": "escape_started", "amoeba": amoeba_ref(g, target, target_number)})
        push(
            g,
            AmoebaStep.new("escape_move", target, target_number),
            MoveStep.new("after_move", target, target_number, "escape"),
            frame._replace(op="escape_check", flags=flags | ESCAPE_USED),
        )


def _fight(g: State, attack: Attack) -> None:
    """Both roll one die, ties re-rolled; the higher wins.

    A lost fight returns to the defender's ``defend`` decision, which offers what is left
    (Escape, a Persistence retry) and otherwise resolves to accept by itself.
    """
    while True:
        a, d = g.roll(), g.roll()
        g.emit({"type": "fight_rolled", "attacker_die": a, "defender_die": d})
        if a != d:
            break
    if a > d:
        g.emit({"type": "fight_won", "winner": "attacker"})
        push(g, attack._replace(op="defend"))
    else:
        g.emit({"type": "fight_won", "winner": "defender"})
        push(g, attack._replace(op="attack_misses"))


def attacker_clung(g: State, seat: int, number: int, target: int, target_number: int) -> None:
    """Amoeba (seat, number) clung to (target, target_number): if that is the attacker of the
    attack the target is escaping from, the attack is over from this moment (docs/rules.md,
    "Escape and Holding"), whatever the later steps of the escape."""
    stack = g._stack
    for i in range(len(stack) - 1, -1, -1):
        frame = stack[i]
        if frame.op == "escape_check":
            assert isinstance(frame, Attack)
            if (frame.seat, frame.number, frame.target, frame.target_number) == (
                seat, number, target, target_number
            ):  # fmt: skip
                stack[i] = frame._replace(flags=frame.flags | ATTACKER_CLUNG)
            return


@step("escape_check")
def _escape_check(g: State, frame: Attack) -> None:
    """The attack is over if the attacker clung; it fails if the target ended on another
    field; else the target may still defend."""
    _, seat, number, target, target_number, field, phase, flags = frame
    now = g.pos(target, target_number)
    if flags & ATTACKER_CLUNG:
        # docs/rules.md "Escape and Holding" (FAQ 8): the attack ended when the attacker clung;
        # in phase 1 it then feeds, or starves, where it ends up, its attack spent.
        if now != field:
            g.emit({"type": "escape_succeeded", "amoeba": amoeba_ref(g, target, target_number)})
        g.emit(
            {
                "type": "attack_ended",
                "attacker": amoeba_ref(g, seat, number),
                "reason": "clung_to_target",
            }
        )
        if phase == 1 and g.pos(seat, number) >= 0:
            push_feed(g, seat, number, may_attack=False)
        return
    if now == field:
        g.emit({"type": "escape_failed", "amoeba": amoeba_ref(g, target, target_number)})
        push(g, frame._replace(op="defend"))
        return
    g.emit({"type": "escape_succeeded", "amoeba": amoeba_ref(g, target, target_number)})
    push(g, frame._replace(op="attack_misses"))


@step("attack_hits")
def _attack_hits(g: State, frame: Attack) -> None:
    _, seat, number, target, target_number, _field, phase, _flags = frame
    if phase == 1:
        g.emit(
            {
                "type": "attack_succeeded",
                "attacker": amoeba_ref(g, seat, number),
                "target": amoeba_ref(g, target, target_number),
            }
        )
        g.remove_amoeba(target, target_number, STRUGGLE_CUBES, cause="struggle_for_survival")
        return
    if g.genes[target] & ARMOR:
        dp = g.add_damage(target, target_number)
        g.emit({"type": "armor_absorbed", "target": amoeba_ref(g, target, target_number), "dp": dp})
        if dp >= g.death_limit(target):
            g.remove_amoeba(target, target_number, KILL_CUBES, cause="aggression")
        return
    g.emit(
        {
            "type": "attack_succeeded",
            "attacker": amoeba_ref(g, seat, number),
            "target": amoeba_ref(g, target, target_number),
        }
    )
    g.remove_amoeba(target, target_number, KILL_CUBES, cause="aggression")


@step("attack_misses")
def _attack_misses(g: State, frame: Attack) -> None:
    """A failed attack: Persistence may try once more; else in phase 1 the attacker starves."""
    _, seat, number, target, target_number, _field, phase, flags = frame
    g.emit(
        {
            "type": "attack_failed",
            "attacker": amoeba_ref(g, seat, number),
            "target": amoeba_ref(g, target, target_number),
        }
    )
    if g.pos(seat, number) < 0:
        return
    if g.genes[seat] & PERSISTENCE and not flags & ATTACK_RETRIED:
        push(g, AttackRetry.new("attack_retry", seat, number, phase))
    elif phase == 1:
        starve(g, seat, number)


def _aggression_targets(g: State, seat: int) -> list[dict]:
    actions = []
    for number in g.alive_numbers(seat):
        for other, other_number in g.amoebas_on(g.pos(seat, number)):
            if not g.partners(other, seat):  # another player's (Double II: not the partner)
                actions.append({"type": "attack", "attacker": number,
                                "target": {"seat": other, "number": other_number}})  # fmt: skip
    return actions


def _legal_attack_retry(g: State, frame: AttackRetry) -> Decision | None:
    _, seat, number, phase = frame
    if phase == 1:
        field = g.pos(seat, number)
        actions = [{"type": "starve"}, *attack_targets(g, seat, number, field)]
    else:
        actions = [{"type": "pass"}, *_aggression_targets(g, seat)]
    return Decision(seat, "attack_retry", actions, {"amoeba": amoeba_ref(g, seat, number),
                                                    "phase": phase})  # fmt: skip


@decision("attack_retry", _legal_attack_retry)
def _attack_retry(g: State, frame: AttackRetry, action: dict) -> None:
    """Persistence: the second attempt is free; Defense and Escape may answer it afresh."""
    _, seat, number, phase = frame
    kind = action["type"]
    if kind == "starve":
        starve(g, seat, number)
    elif kind == "attack":
        target = action["target"]
        attacker = action.get("attacker", number)
        start_attack(g, seat, attacker, target["seat"], target["number"], phase, ATTACK_RETRIED)


def _legal_aggression(g: State, frame: SeatTurn) -> Decision | None:
    seat = frame.seat
    if g.bp[seat] < 1:
        return None
    targets = _aggression_targets(g, seat)
    if not targets:
        return None
    return Decision(seat, "aggression", [{"type": "pass"}, *targets], {})


@decision("aggression", _legal_aggression)
def _aggression(g: State, frame: SeatTurn, action: dict) -> None:
    """Phase 5: once per round, pay 1 BP to attack another player's amoeba on a shared field."""
    if action["type"] == "attack":
        seat = frame.seat
        g.bp[seat] -= 1
        g.emit({"type": "bp_paid", "seat": seat, "amount": 1, "reason": "aggression"})
        target = action["target"]
        start_attack(g, seat, action["attacker"], target["seat"], target["number"], 5, 0)


def aggressors(g: State) -> list[int]:
    return [s for s in g.descending() if g.genes[s] & AGGRESSION]
