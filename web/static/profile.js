// A player's public profile (GET /players/{id}): its rating in each table, the history of
// one table drawn as an SVG chart by the page itself, and its latest games with results.
import { ApiError, call, rules as loadRules } from "./api.js";
import { lang, t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { poolLabel } from "./pools.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const playerId = decodeURIComponent(location.pathname.split("/").pop());
let rules = null;

function svg(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The ordinal after each rated game, oldest first, as a line with a labelled y range. */
function drawChart(history) {
  const box = $("chart");
  box.innerHTML = "";
  if (!history.length) { box.textContent = t("profile_no_history"); return; }
  const points = [...history].reverse().map((h) => h.ordinal);
  points.unshift(history[history.length - 1].mu_before - 3 * history[history.length - 1].sigma_before);
  const w = 600, h = 200, pad = 36;
  const lo = Math.min(...points), hi = Math.max(...points);
  const span = hi - lo || 1;
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(points.length - 1, 1);
  const y = (v) => h - pad / 2 - ((v - lo) * (h - pad)) / span;
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": t("profile_chart_label", { lo: lo.toFixed(1), hi: hi.toFixed(1), n: points.length - 1 }) });
  chart.append(svg("line", { x1: pad, y1: y(lo), x2: w - pad / 2, y2: y(lo), class: "axis" }));
  chart.append(svg("text", { x: 2, y: y(hi) + 4, class: "tick" }, hi.toFixed(1)));
  chart.append(svg("text", { x: 2, y: y(lo) + 4, class: "tick" }, lo.toFixed(1)));
  chart.append(svg("polyline", { points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "series", fill: "none" }));
  points.forEach((v, i) => chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3, class: "dot" })));
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
  const seat = game.seats.findIndex((s) => s.player_id === playerId);
  if (!game.result || seat < 0) return "";
  return t("profile_place", { place: game.result.ranking.indexOf(seat) + 1, n: game.players });
}

function header(keys) {
  return `<tr>${keys.map((k) => `<th>${t(k)}</th>`).join("")}</tr>`;
}

async function main() {
  translatePage();
  followTurns();
  try {
    let data;
    [rules, { data }] = await Promise.all([loadRules(), call(`/players/${encodeURIComponent(playerId)}`)]);
    setTitle(t("profile_page_title", { name: data.player.name }));
    $("title").textContent = data.player.name;
    $("name").textContent = data.bot ? t("profile_bot", { name: data.player.name }) : data.player.name;
    $("since").textContent = t("profile_since", { date: new Date(data.player.created_at).toLocaleDateString(lang()) });
    const ratings = $("ratings");
    ratings.innerHTML = data.ratings.length ? header(["pool_label", "th_ordinal", "th_mu", "th_sigma", "th_games"]) : `<tr><td class=muted>${t("profile_not_rated")}</td></tr>`;
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
    games.innerHTML = data.recent_games.length ? header(["game", "th_place", "scores"]) : `<tr><td class=muted>${t("none")}</td></tr>`;
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
