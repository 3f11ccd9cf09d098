// A player's public profile (GET /players/{id}): its rating in each table, the history of
// one table drawn as an SVG chart by the page itself, its latest games with results, and
// for another player than this browser's, a challenge to a game (challenges.js), a
// button that blocks or unblocks the player and a way to report the player to the
// moderators (report.js).
import { ApiError, call, myBlocks, myPlayer, rules as loadRules } from "./api.js";
import { challengeCard } from "./challenges.js";
import { h, put, svg } from "./dom.js";
import { lang, t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { poolLabel } from "./pools.js";
import { reportControl } from "./report.js";

const $ = (id) => document.getElementById(id);
const playerId = decodeURIComponent(location.pathname.split("/").pop());
let rules = null;

/** The ordinal after each rated game, oldest first (the start before the first): a line
 * over the game numbers with three labelled levels, drawn at the box's own width so its
 * words keep their size on a phone. Each point names its game, place and ordinal. */
function drawChart(history) {
  const box = $("chart");
  box.replaceChildren();
  if (!history.length) { box.textContent = t("profile_no_history"); return; }
  const games = [...history].reverse();
  const first = games[0];
  const points = [first.mu_before - 3 * first.sigma_before, ...games.map((h) => h.ordinal)];
  const w = Math.max(280, Math.min(900, Math.round(box.clientWidth || 600))), h = 220;
  const left = 46, right = 12, top = 12, bottom = 34;
  const lo = Math.min(...points), hi = Math.max(...points);
  const span = hi - lo || 1;
  const x = (i) => left + (i * (w - left - right)) / Math.max(points.length - 1, 1);
  const y = (v) => top + ((hi - v) * (h - top - bottom)) / span;
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img",
    "aria-label": t("profile_chart_label", { lo: lo.toFixed(1), hi: hi.toFixed(1), n: points.length - 1 }) });
  for (const v of new Set([lo, (lo + hi) / 2, hi])) {
    chart.append(svg("line", { x1: left, y1: y(v), x2: w - right, y2: y(v), class: v === lo ? "axis" : "grid" }));
    chart.append(svg("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, v.toFixed(1)));
  }
  const every = Math.ceil(points.length / 12); // at most a dozen game numbers under the line
  points.forEach((_, i) => {
    if (i % every === 0 || i === points.length - 1) chart.append(svg("text", { x: x(i), y: h - bottom + 16, class: "tick", "text-anchor": "middle" }, String(i)));
  });
  chart.append(svg("text", { x: (left + w - right) / 2, y: h - 3, class: "tick", "text-anchor": "middle" }, t("profile_chart_x")));
  chart.append(svg("polyline", { points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "series", fill: "none" }));
  points.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 4, class: "dot" });
    const game = games[i - 1];
    dot.append(svg("title", {}, game
      ? t("profile_chart_point", { n: i, place: game.rank, of: game.seats, ordinal: v.toFixed(2) })
      : t("profile_chart_start", { ordinal: v.toFixed(2) })));
    chart.append(dot);
  });
  box.append(chart);
}

async function showHistory() {
  const pool = $("pool").value;
  const history = (await call(`/players/${encodeURIComponent(playerId)}/ratings?pool=${pool}&page_size=100`)).data;
  drawChart(history);
}

function cell(tr, content, cls) {
  const td = document.createElement("td");
  td.append(content);
  if (cls) td.className = cls;
  tr.append(td);
}

function place(game) {
  // A bot level's player (bot-greedy) plays the bot seats of its level.
  const level = playerId.startsWith("bot-") ? playerId.slice(4) : null;
  const seat = game.seats.findIndex((s) => s.player_id === playerId
    || (level !== null && s.player_id == null && s.kind === "bot" && s.bot_level === level));
  if (!game.result || seat < 0) return "";
  return t("profile_place", { place: game.result.ranking.indexOf(seat) + 1, n: game.players });
}

/** A header row; the columns from ``numeric`` on hold numbers (right-aligned). */
function header(keys, numeric = keys.length) {
  return h("tr", {}, keys.map((k, i) => h("th", i >= numeric ? { class: "num" } : {}, t(k))));
}

/** A table's one row saying it has none. */
const emptyRow = (key) => h("tr", {}, h("td", { class: "muted" }, t(key)));

/** The block card, for a signed-in browser on another person's profile (a bot level's
 * player is the service's own, never blocked): says what a block does and blocks or
 * unblocks at a click. */
async function blockCard(box, player) {
  const me = myPlayer();
  box.hidden = !me?.token || me.id === player.id || player.id.startsWith("bot-");
  if (box.hidden) return;
  let blocked;
  try {
    blocked = (await myBlocks(me.token)).some((b) => b.player_id === player.id);
  } catch (err) { // a player the server no longer knows: the rest of the profile still shows
    if (!(err instanceof ApiError)) throw err;
    box.hidden = true;
    return;
  }
  const status = h("p", { class: "muted", role: "status", id: "block-status" });
  const button = h("button", { type: "button", id: "block-button" });
  const label = () => { button.textContent = t(blocked ? "unblock_button" : "block_button", { name: player.name }); };
  button.onclick = async () => {
    button.disabled = true;
    const path = `/players/me/blocks/${encodeURIComponent(player.id)}`;
    try {
      await call(path, { method: blocked ? "DELETE" : "PUT", token: me.token });
      blocked = !blocked;
      status.textContent = t(blocked ? "block_done" : "unblock_done", { name: player.name });
      label();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status.textContent = err.message;
    } finally { button.disabled = false; }
  };
  label();
  put(box, h("h2", {}, t("block_title")), h("p", { class: "muted" }, t("block_text", { name: player.name })),
    h("p", {}, button), status);
}

async function main() {
  translatePage();
  setTitle(t("profile_page_title", { name: t("profile_player") }));
  followTurns();
  try {
    let data;
    [rules, { data }] = await Promise.all([loadRules(), call(`/players/${encodeURIComponent(playerId)}`)]);
    setTitle(t("profile_page_title", { name: data.player.name }));
    $("title").textContent = data.player.name;
    $("name").textContent = data.bot ? t("profile_bot", { name: data.player.name }) : data.player.name;
    challengeCard($("challenge"), { id: playerId, name: data.player.name, bot: data.bot }, rules.bot_levels);
    await blockCard($("block"), { id: playerId, name: data.player.name });
    if (playerId !== myPlayer()?.id && !playerId.startsWith("bot-")) put($("report"), reportControl({ player_id: playerId }, data.player.name));
    $("since").textContent = t("profile_since", { date: new Date(data.player.created_at).toLocaleDateString(lang()) });
    const ratings = $("ratings");
    put(ratings, data.ratings.length ? header(["pool_label", "th_ordinal", "th_mu", "th_sigma", "th_games"], 1) : emptyRow("profile_not_rated"));
    for (const r of data.ratings) {
      const tr = document.createElement("tr");
      tr.className = "rating";
      const a = Object.assign(document.createElement("a"), { href: `/leaderboard?pool=${encodeURIComponent(r.pool)}`, textContent: poolLabel(rules, r.pool) });
      a.dataset.pool = r.pool;
      cell(tr, a);
      cell(tr, r.ordinal.toFixed(2), "num");
      cell(tr, r.mu.toFixed(2), "num");
      cell(tr, r.sigma.toFixed(2), "num");
      cell(tr, String(r.games), "num");
      ratings.append(tr);
    }
    for (const r of data.ratings) $("pool").add(new Option(poolLabel(rules, r.pool), r.pool));
    $("pool").onchange = () => showHistory();
    if (data.ratings.length) await showHistory(); else drawChart([]);
    const games = $("games");
    put(games, data.recent_games.length ? header(["game", "th_place", "scores"]) : emptyRow("none"));
    for (const g of data.recent_games) {
      const tr = document.createElement("tr");
      tr.className = "game";
      cell(tr, Object.assign(document.createElement("a"), { href: `/game/${g.id}?watch`, textContent: t("profile_replay", { id: g.label || g.id.slice(0, 8) }) }));
      cell(tr, place(g));
      cell(tr, g.result ? g.result.scores.join(" / ") : "");
      games.append(tr);
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    $("profile-error").textContent = err.message;
  }
  document.body.dataset.ready = "1";
}

main();
