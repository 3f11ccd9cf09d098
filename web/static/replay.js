// The replay viewer of a finished game: steps through the log entry by entry and redraws
// the amoebas, damage, scores and environment card as the log's events report them. Food
// is not replayed (the events report what was eaten, not every cube's way back).
import { call } from "./api.js";
import { Board, drawLadder } from "./board.js";
import { entryLines } from "./words.js";

function emptyState(rules, players) {
  return {
    seats: Array.from({ length: players }, (_, s) => ({ seat: s, score: 0, amoebas: [] })),
    fields: rules.rules.board.fields.map((f) => ({ name: f.name, food: Array(players).fill(0) })),
    environment: { current: null },
  };
}

function apply(st, e) {
  const find = (seat, number) => st.seats[seat].amoebas.find((a) => a.number === number);
  switch (e.type) {
    case "amoeba_placed": st.seats[e.seat].amoebas.push({ number: e.number, field: e.field, dp: e.dp || 0 }); break;
    case "amoeba_moved": case "amoeba_carried": { const a = find(e.seat, e.number); if (a) a.field = e.to_field; break; }
    case "amoeba_died": st.seats[e.seat].amoebas = st.seats[e.seat].amoebas.filter((a) => a.number !== e.number); break;
    case "amoeba_starved": { const a = find(e.seat, e.number); if (a) a.dp = e.dp; break; }
    case "armor_absorbed": { const a = find(e.target.seat, e.target.number); if (a) a.dp = e.dp; break; }
    case "escape_succeeded": { const a = find(e.amoeba.seat, e.amoeba.number); if (a) a.field = e.amoeba.field; break; }
    case "marker_advanced": st.seats[e.seat].score = e.to_space; break;
    case "card_revealed": st.environment.current = e.card; break;
    default: break;
  }
}

export async function openReplay(box, gameId, rules, game) {
  const entries = [];
  let setup = [];
  for (let since = 0; ;) {
    const page = (await call(`/games/${gameId}/events?since=${since}&limit=500`)).data;
    if (page.setup) setup = page.setup;
    entries.push(...page.items);
    if (page.next_since == null) break;
    since = page.next_since;
  }
  box.hidden = false;
  box.innerHTML = `<h2>Replay</h2>
    <div class="actions"><button type="button" id="rp-first">⏮ Start</button><button type="button" id="rp-prev">◀ Back</button>
    <button type="button" id="rp-next">Next ▶</button><button type="button" id="rp-last">End ⏭</button>
    <span id="rp-pos" aria-live="polite"></span></div>
    <div id="rp-board"></div><div id="rp-ladder"></div><ol class="log" id="rp-log"></ol>
    <p class="muted">Positions, damage and scores are replayed from the log; food is not.</p>`;
  const board = new Board(box.querySelector("#rp-board"), rules.rules);
  let at = 0;
  const show = () => {
    const st = emptyState(rules, game.players);
    setup.forEach((e) => apply(st, e));
    for (const entry of entries.slice(0, at)) entry.events.forEach((e) => apply(st, e));
    board.draw(st);
    drawLadder(box.querySelector("#rp-ladder"), st);
    box.querySelector("#rp-pos").textContent = `move ${at} of ${entries.length}`;
    box.querySelector("#rp-log").innerHTML = at ? entryLines(entries[at - 1]).map((l) => `<li>${l}</li>`).join("") : "<li>Set-up</li>";
  };
  const go = (n) => { at = Math.max(0, Math.min(entries.length, n)); show(); };
  box.querySelector("#rp-first").onclick = () => go(0);
  box.querySelector("#rp-prev").onclick = () => go(at - 1);
  box.querySelector("#rp-next").onclick = () => go(at + 1);
  box.querySelector("#rp-last").onclick = () => go(entries.length);
  box.addEventListener("keydown", (ev) => { if (ev.key === "ArrowRight") go(at + 1); if (ev.key === "ArrowLeft") go(at - 1); });
  show();
  box.querySelector("#rp-next").focus();
}
