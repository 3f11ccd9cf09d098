"""An engine with one of the flaws ``ursuppe-bridge --check`` must name (docs/bots.md,
"Checking an engine"); otherwise it answers pending.actions[0], echoing the seq.

    flawed_engine.py <none|no_flush|float|chatty|keeps_running>

``no_flush``: answers without flushing (stdout to a pipe is block-buffered: the answers
arrive when the process exits); ``float``: integers written as 3.0; ``chatty``: a line of
progress on stdout before each answer; ``keeps_running``: ignores the end of stdin.
"""

import json
import sys
import time

flaw = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "decision":
        continue
    action = message["pending"]["pending"]["actions"][0]
    if flaw == "float":
        action = {k: float(v) if type(v) is int else v for k, v in action.items()}
    if flaw == "chatty":
        print("thinking...", flush=True)
    sys.stdout.write(json.dumps({"seq": message["seq"], "action": action}) + "\n")
    if flaw != "no_flush":
        sys.stdout.flush()
if flaw == "keeps_running":
    time.sleep(60)
