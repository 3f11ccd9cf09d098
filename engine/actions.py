"""The action vocabulary: every ``type`` an action may have, and what it means.

These names are part of the public API (clients send them), so they only ever grow.
"""

from __future__ import annotations

ACTION_TYPES: dict[str, str] = {
    "start_space": 'Setup: take free start space {"space": k} on the ladder.',
    "place": 'Put an amoeba {"field": "B2", "number": 1..7} on the board (setup, division).',
    "drift": "Phase 1: let the amoeba drift with the current (stays on the no-drift card).",
    "hold": "Phase 1, Holding: stay put, free.",
    "move": "Phase 1 / escape: move actively; roll the compass, or with Movement II "
    '{"direction": "W"|"N"|"E"|"S"|"none"}.',
    "die": 'Movement I: keep one of the two dice {"face": 1..6}.',
    "direction": 'After a 6: choose {"direction": "W"|"N"|"E"|"S"}.',
    "skip": "Speed: make no second move.",
    "tentacle": 'Tentacle: take {"take": [cubes per colour]} from the field being left.',
    "cling": "Holding: cling to the amoeba leaving your field and be carried along.",
    "let_go": "Holding: stay where you are.",
    "feed": 'Eat {"eat": [cubes per colour]} (and with Parasitism {"parasite": seat}).',
    "starve": "Eat nothing: 1 damage point.",
    "attack": 'Struggle for Survival / Aggression: attack {"target": {"seat", "number"}} '
    '(phase 5 also names its own {"attacker": number}).',
    "accept": "Attacked: take the attack without (further) defence.",
    "defend": "Defense: pay 1 BP (free on a Persistence retry) and fight with dice.",
    "escape": "Escape: pay 1 BP (free with Streamlining) and move out of turn.",
    "pass": "Aggression: make no attack this round.",
    "pay_bp": 'Gene defect: pay {"amount": k} BP.',
    "give_up_gene": 'Gene defect: give up {"gene": id}.',
    "buy": 'Phase 3: buy {"gene": id} (advanced genes name the lower one in "give_up").',
    "done": "End this turn of buying genes or dividing.",
}
