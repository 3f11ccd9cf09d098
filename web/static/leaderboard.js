// The leaderboard (GET /ratings?pool=): one table per game size and 2-player variant,
// bot levels included and named as the game names them, the viewer's own row marked, each
// name linking to its profile; what μ, σ and the ordinal mean is told below the choice.
import { call, myPlayer, rules as loadRules } from "./api.js";
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

/** A bot level's player (``bot-greedy``, named ``bot:greedy`` inside) plays the service's
 * bots of that level: its row reads as the game's seats name them ("bot greedy"). */
const isBotLevel = (playerId) => playerId.startsWith("bot-");

/** The name a person reads on a row: a bot level's in the page's language, else the
 * player's own. */
function displayName(r) {
  return isBotLevel(r.player_id) ? t("bot_level", { level: r.player_id.slice(4) }) : r.name;
}

async function show() {
  const pool = $("pool").value;
  localStorage.setItem(KEY, pool);
  const rows = (await call(`/ratings?pool=${encodeURIComponent(pool)}&page_size=100`)).data;
  const table = $("board");
  put(table, rows.length
    ? h("tr", {}, h("th", {}, t("th_rank")), h("th", {}, t("th_player")), ["th_ordinal", "th_mu", "th_sigma", "th_games"].map((k) => h("th", { class: "num" }, t(k))))
    : h("tr", {}, h("td", { class: "muted" }, t("leaderboard_empty"))));
  const me = myPlayer()?.id;
  rows.forEach((r, i) => {
    const tr = document.createElement("tr");
    tr.className = r.bot ? "rating bot" : "rating";
    const mine = r.player_id === me;
    if (mine) { tr.classList.add("mine"); tr.setAttribute("aria-current", "true"); }
    cell(tr, String(i + 1));
    const a = Object.assign(document.createElement("a"), { href: `/players/${r.player_id}`, textContent: mine ? t("name_you", { name: displayName(r) }) : displayName(r) });
    const who = document.createElement("span");
    who.append(a);
    if (r.bot && !isBotLevel(r.player_id)) who.append(Object.assign(document.createElement("span"), { className: "badge", textContent: t("bot_badge") }));
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
