// The leaderboard (GET /ratings?pool=): one table per game size and 2-player variant,
// bot levels included and marked, each name linking to its profile.
import { call, rules as loadRules } from "./api.js";

const $ = (id) => document.getElementById(id);
const KEY = "ursuppe.pool";

/** The pools the server rates: the game sizes (3p … 6p), then the 2-player variants. */
export function poolsOf(rules) {
  return [
    ...rules.rules.players.filter((n) => n > 2).map((n) => ({ id: `${n}p`, label: `${n} players` })),
    ...rules.rules.variants.map((v) => ({ id: v.id, label: `2 players: ${v.summary.split(":")[0]}` })),
  ];
}

function cell(tr, content, cls) {
  const td = document.createElement("td");
  td.append(content);
  if (cls) td.className = cls;
  tr.append(td);
}

async function show() {
  const pool = $("pool").value;
  localStorage.setItem(KEY, pool);
  const rows = (await call(`/ratings?pool=${encodeURIComponent(pool)}&page_size=100`)).data;
  const table = $("board");
  table.innerHTML = rows.length
    ? "<tr><th>#</th><th>Player</th><th>Ordinal</th><th>μ</th><th>σ</th><th>Games</th></tr>"
    : "<tr><td class=muted>No rated game in this table yet.</td></tr>";
  rows.forEach((r, i) => {
    const tr = document.createElement("tr");
    tr.className = r.bot ? "rating bot" : "rating";
    cell(tr, String(i + 1));
    const a = Object.assign(document.createElement("a"), { href: `/players/${r.player_id}`, textContent: r.name });
    const who = document.createElement("span");
    who.append(a);
    if (r.bot) who.append(Object.assign(document.createElement("span"), { className: "badge", textContent: "bot" }));
    cell(tr, who);
    cell(tr, r.ordinal.toFixed(2), "num");
    cell(tr, r.mu.toFixed(2), "num");
    cell(tr, r.sigma.toFixed(2), "num");
    cell(tr, String(r.games), "num");
    table.append(tr);
  });
}

async function main() {
  const pools = poolsOf(await loadRules());
  $("pool").innerHTML = pools.map((p) => `<option value="${p.id}">${p.label}</option>`).join("");
  const wanted = new URLSearchParams(location.search).get("pool") || localStorage.getItem(KEY);
  if (pools.some((p) => p.id === wanted)) $("pool").value = wanted;
  else $("pool").value = "4p";
  $("pool").onchange = () => show();
  await show();
  document.body.dataset.ready = "1";
}

main();
