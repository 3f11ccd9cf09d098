// The leaderboard (GET /ratings?pool=): one table per game size and 2-player variant,
// bot levels included and marked, each name linking to its profile.
import { call, rules as loadRules } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { poolsOf } from "./pools.js";

const $ = (id) => document.getElementById(id);
const KEY = "ursuppe.pool";

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
  put(table, rows.length
    ? h("tr", {}, h("th", {}, t("th_rank")), h("th", {}, t("th_player")), ["th_ordinal", "th_mu", "th_sigma", "th_games"].map((k) => h("th", { class: "num" }, t(k))))
    : h("tr", {}, h("td", { class: "muted" }, t("leaderboard_empty"))));
  rows.forEach((r, i) => {
    const tr = document.createElement("tr");
    tr.className = r.bot ? "rating bot" : "rating";
    cell(tr, String(i + 1));
    const a = Object.assign(document.createElement("a"), { href: `/players/${r.player_id}`, textContent: r.name });
    const who = document.createElement("span");
    who.append(a);
    if (r.bot) who.append(Object.assign(document.createElement("span"), { className: "badge", textContent: t("bot_badge") }));
    cell(tr, who);
    cell(tr, r.ordinal.toFixed(2), "num");
    cell(tr, r.mu.toFixed(2), "num");
    cell(tr, r.sigma.toFixed(2), "num");
    cell(tr, String(r.games), "num");
    table.append(tr);
  });
}

async function main() {
  translatePage();
  setTitle(document.title);
  followTurns();
  const pools = poolsOf(await loadRules());
  for (const p of pools) $("pool").add(new Option(p.label, p.id));
  const wanted = new URLSearchParams(location.search).get("pool") || localStorage.getItem(KEY);
  if (pools.some((p) => p.id === wanted)) $("pool").value = wanted;
  else $("pool").value = "4p";
  $("pool").onchange = () => show();
  await show();
  document.body.dataset.ready = "1";
}

main();
