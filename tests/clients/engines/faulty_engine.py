"""An engine for the bridge's fault tests: plays pending.actions[-1], except that at the
decision named by its arguments it crashes, hangs or answers something illegal. Each start
appends a line to the file named by FAULTY_ENGINE_STARTS, so a test sees the restarts.

    faulty_engine.py <crash|hang|illegal|garbage> <n>   # misbehave at the n-th decision
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
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "decision":
        continue
    with open(counter, "a+") as f:
        f.seek(0)
        n = len(f.read().splitlines()) + 1
        f.write(f"{message['seq']}\n")
    actions = message["pending"]["pending"]["actions"]
    if n == at:
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
    print(json.dumps({"action": actions[-1]}), flush=True)
