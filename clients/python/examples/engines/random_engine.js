#!/usr/bin/env node
// A sample engine for ursuppe-bridge in JavaScript (docs/bots.md, "The engine protocol"):
// one JSON message per line on stdin, one JSON line on stdout per decision, a legal action
// chosen at random. Diagnostics go to stderr, never stdout.
"use strict";
const readline = require("node:readline");

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "decision") {
    const actions = message.pending.pending.actions;
    const action = actions[Math.floor(Math.random() * actions.length)];
    // The decision's seq echoed: a line that is not this answer is never taken for it.
    process.stdout.write(JSON.stringify({ seq: message.seq, action }) + "\n");
  } else if (message.type === "hello") {
    process.stderr.write(`js engine: protocol ${message.protocol}\n`);
  } else if (message.type === "game_over") {
    process.stderr.write(`js engine: game ${message.game_id} ${message.status}\n`);
  }
  // Other types may be added to the protocol: ignore them.
});
lines.on("close", () => process.exit(0));
