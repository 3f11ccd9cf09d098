"""The interpreter's frames are typed ("The ops and their frames in one
readable table or typed frames, not untyped tuples read by position")."""

from __future__ import annotations

import random

from engine import Game
from engine.frames import OPS_FRAMES
from engine.machine import OPS


def test_frames_every_op_is_in_the_table_with_its_kind():
    assert set(OPS) == set(OPS_FRAMES)
    for op, (_frame_type, is_step) in OPS_FRAMES.items():
        assert OPS[op].is_step == is_step, op


def test_frames_every_frame_on_the_stack_is_its_ops_type_also_after_restore():
    """Random games: each frame is the NamedTuple its op's row names, and ``from_dict``
    restores the same typed frames."""
    seen = set()
    for seed in range(3):
        g = Game.new(4, seed)
        rnd = random.Random(seed)
        while not g.is_over:
            for frame in g._stack:
                assert type(frame) is OPS_FRAMES[frame.op][0], frame
                seen.add(frame.op)
            restored = Game.from_dict(g.to_dict())
            assert [type(f) for f in restored._stack] == [type(f) for f in g._stack]
            assert restored._stack == g._stack
            g.apply(rnd.choice(g.pending.actions))
    assert len(seen) >= 20, sorted(set(OPS_FRAMES) - seen)
