"""An engine for the bridge's fault tests: plays pending.actions[-1], except that at the
decision named by its arguments it crashes, hangs or answers something the bridge must not
play. Each start appends a line to the file named by FAULTY_ENGINE_STARTS, so a test sees
the restarts.

    faulty_engine.py <mode> <n>   # misbehave at the n-th decision

Modes: ``crash`` (exit 3), ``hang``, ``illegal`` (an action that is not offered),
``garbage`` (a line that is not JSON instead of the answer), ``stray`` (a line of chatter
on stdout before the answer), ``float`` (the last action with its integers written as
``3.0``, at the first decision from the n-th on whose actions hold an integer).
"""

import json
import os
import sys
import time

mode, at = sys.argv[1], int(sys.argv[2])
marker = os.environ.get("FAULTY_ENGINE_STARTS")
if marker:
    with open(marker, "a") as f:
        f.write(f"{os.getpid()}\n")
# The decisions counted across restarts, so that a restarted engine does not fault again.
counter = os.environ["FAULTY_ENGINE_COUNT"]
done = counter + ".faulted"


def has_integer(action: dict) -> bool:
    return any(isinstance(v, int) and not isinstance(v, bool) for v in action.values())


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "decision":
        continue
    with open(counter, "a+") as f:
        f.seek(0)
        n = len(f.read().splitlines()) + 1
        f.write(f"{message['seq']}\n")
    actions = message["pending"]["pending"]["actions"]
    answer = actions[-1]
    if n >= at and not os.path.exists(done):
        if mode == "float" and has_integer(answer):
            open(done, "w").close()
            answer = {k: float(v) if has_integer({k: v}) else v for k, v in answer.items()}
        elif mode != "float":
            open(done, "w").close()
            if mode == "crash":
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "illegal":
                print(json.dumps({"action": {"type": "no_such_action"}}), flush=True)
                continue
            if mode == "garbage":
                print("this is not JSON", flush=True)
                continue
            if mode == "stray":
                print("thinking about it...", flush=True)
    print(json.dumps({"action": answer}), flush=True)
