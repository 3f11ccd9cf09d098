// The lobby: create a game (every option the create schema accepts), join open games,
// resume the games whose seat tokens this browser keeps, and find games to watch; "Play now"
// (quick play) lives in quickplay.js.
import { ApiError, call, callAsPlayer, keepCreatorToken, keepInvitations, keepSeat, myPlayer, mySeats, rules as loadRules } from "./api.js";
import { frag, h, put } from "./dom.js";
import { botLevelText, resetHelp, setTexts, variantText } from "./help.js";
import { t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { playerOptions } from "./pools.js";
import { quickPlay } from "./quickplay.js";
import { drawEnterable } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
let levels = [];

// "3".."6" or "2:<variant id>" (GET /rules `variants`: the 2-player ways to play).
function chosen() {
  const [n, variant] = $("players").value.split(":");
  return { n: Number(n), variant: variant || null };
}

function seatRows() {
  const { n, variant } = chosen();
  $("decoy-options").hidden = variant !== "decoy";
  $("variant-help").textContent = variant ? variantText(variant) : "";
  const box = $("seats");
  const old = [...box.querySelectorAll(".seatrow")].map((r) => ({ kind: r.querySelector(".kind")?.value, level: r.querySelector(".level")?.value }));
  box.replaceChildren();
  for (let s = 0; s < n; s++) {
    const row = document.createElement("div");
    row.className = "seatrow";
    if (s === 0) { row.textContent = t("seat_1_you"); box.append(row); continue; }
    const kind = old[s]?.kind || "bot";
    const kinds = [h("option", { value: "bot" }, t("kind_bot")), h("option", { value: "human" }, t("kind_human"))];
    row.append(h("span", {}, t("seat_n", { n: s + 1 })), " ",
      h("label", {}, `${t("player")} `, h("select", { class: "kind", id: `seat-${s}-kind` }, kinds)), " ",
      h("label", {}, `${t("bot_level_label")} `, h("select", { class: "level", id: `seat-${s}-level` }, levelOptions())), " ",
      h("label", {}, `${t("bot_name")} `, h("input", { class: "botname", id: `seat-${s}-name`, maxlength: "64", placeholder: t("optional") })));
    row.querySelector(".kind").value = kind;
    if (old[s]?.level) row.querySelector(".level").value = old[s].level;
    const sync = () => {
      const bot = row.querySelector(".kind").value === "bot";
      row.querySelector(".level").disabled = !bot;
      row.querySelector(".botname").disabled = !bot;
    };
    row.querySelector(".kind").onchange = sync; sync();
    box.append(row);
  }
}

/** The clock chosen in the form, as POST /games takes it (docs/api.md, Time controls). */
function timeControl() {
  const type = $("time-control").value;
  const num = (id) => Number($(id).value);
  if (type === "bank") return { time_control: { type, initial: Math.round(num("bank-minutes") * 60), increment: num("bank-increment") } };
  if (type === "correspondence") return { time_control: { type, days: num("corr-days") } };
  if (type === "none") return { time_control: { type } };
  return { time_limit: num("time-limit") };
}

/** Show the fields of the chosen time control only. */
function showTimeFields() {
  for (const el of document.querySelectorAll("#create-form .tc")) el.hidden = !el.classList.contains(`tc-${$("time-control").value}`);
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const { n, variant } = chosen();
  const seats = [{ kind: "human" }];
  for (let s = 1; s < n; s++) {
    const kind = $(`seat-${s}-kind`).value;
    const name = $(`seat-${s}-name`).value.trim();
    seats.push(kind === "bot" ? { kind, level: $(`seat-${s}-level`).value, ...(name ? { name } : {}) } : { kind });
  }
  const body = {
    players: n, seats, ...timeControl(), timeout_policy: $("timeout-policy").value,
    options: { timeout_bot_level: $("timeout-bot").value, resign_bot_level: $("resign-bot").value },
  };
  if (variant) body.options.variant = variant;
  if (variant === "decoy") body.options.decoy_scores = $("decoy-scores").checked;
  if ($("label").value) body.label = $("label").value;
  if ($("private").checked) body.private = true;
  if (!$("rated").checked) body.rated = false; // an unrated game offers hints (docs/web.md)
  try {
    if ($("use-deck").checked) body.options.deck = JSON.parse($("deck").value);
    const name = $("your-name").value || t("player");
    const created = (await callAsPlayer("/games", { method: "POST", body }, name)).data;
    keepCreatorToken(created.game.id, created.creator_token);
    const codes = created.invitations || [];
    if (codes.length) keepInvitations(created.game.id, codes);
    await join(created.game.id, 0, codes.find((i) => i.seat === 0)?.code);
  } catch (err) {
    if (!(err instanceof ApiError) && !(err instanceof SyntaxError)) throw err;
    $("create-error").textContent = err instanceof SyntaxError ? t("deck_not_json", { error: err.message }) : err.message;
  }
}

async function join(gameId, seat, invite) {
  const name = $("your-name").value || t("player");
  const body = seat === undefined ? { name } : { name, seat };
  if (invite) body.invite = invite;
  // A signed-in browser joins as its player: the seat shows in the player's games everywhere.
  const options = { method: "POST", body };
  const joined = (await (myPlayer() ? callAsPlayer(`/games/${gameId}/seats`, options, name) : call(`/games/${gameId}/seats`, options))).data;
  keepSeat(gameId, joined.seat, joined.token, name);
  location.href = `/game/${gameId}`;
}

// Each seat of a listed game; a person's name isolated (<bdi>) from the words around it.
function seatsText(g) {
  const parts = g.seats.map((s) => (s.kind === "bot" ? t("lobby_bot_seat", { level: s.bot_level })
    : s.occupied ? h("bdi", { class: "name" }, s.name) : t("status_open")));
  return frag(...parts.flatMap((p, i) => (i ? [", ", p] : [p])));
}

function table(el, head, rows) {
  put(el, rows.length ? h("tr", {}, head.map((x) => h("th", {}, x))) : h("tr", {}, h("td", { class: "muted" }, t("none"))), rows);
}

function row(cells) {
  const tr = document.createElement("tr");
  for (const c of cells) { const td = document.createElement("td"); td.append(c); tr.append(td); }
  return tr;
}

function link(href, text) { const a = document.createElement("a"); a.href = href; a.textContent = text; return a; }

async function lists() {
  const mine = mySeats();
  const myRows = [];
  for (const [id, s] of Object.entries(mine)) {
    try {
      const g = (await call(`/games/${id}`)).data;
      const turn = g.status === "active" && g.pending_seat === s.seat ? ` — ${t("your_turn")}` : "";
      myRows.push(row([link(`/game/${id}`, t("resume", { id: id.slice(0, 8) })), t("seat_n", { n: s.seat + 1 }), t(`status_${g.status}`) + turn]));
    } catch { /* a game that is gone */ }
  }
  table($("my-games"), [t("game"), t("your_seat"), t("th_status")], myRows);
  const open = (await call("/games?status=open&open_seats=true&page_size=20")).data;
  table($("open-games"), [t("game"), t("seats"), ""], open.map((g) => {
    const b = document.createElement("button"); b.type = "button"; b.textContent = t("join"); b.className = "join";
    b.onclick = () => join(g.id).catch((err) => { $("create-error").textContent = err.message; });
    return row([t("game_players", { id: g.id.slice(0, 8), n: g.players }), seatsText(g), mine[g.id] ? t("joined") : b]);
  }));
  const active = (await call("/games?status=active&page_size=20")).data;
  table($("active-games"), [t("game"), t("seats"), t("progress")], active.map((g) => row([link(`/game/${g.id}?watch`, t("watch", { id: g.id.slice(0, 8) })), seatsText(g), t("move_n", { n: g.seq })])));
  const done = (await call("/games?status=finished&page_size=10")).data;
  table($("finished-games"), [t("game"), t("seats"), t("scores")], done.map((g) => row([link(`/game/${g.id}?watch`, t("replay_n", { id: g.id.slice(0, 8) })), seatsText(g), g.result ? playerScores(g) : ""])));
}

/** One score per player: in a 2-player variant a player's colours count as the worse of
 * them (that is how the game ranks players), and the decoy is nobody's. */
function playerScores(g) {
  const variant = controllersOf[g.options?.variant];
  const scores = g.result.scores;
  if (!variant) return scores.join(" / ");
  return Array.from({ length: g.players }, (_, p) => Math.min(...scores.filter((_, c) => variant[c] === p))).join(" / ");
}

/** The bot levels as options, each with its one-sentence explanation as a tooltip. */
function levelOptions() {
  return levels.map((l) => h("option", { value: l, title: botLevelText(l) }, l));
}

/** "Learn to play": a 3-player game against two random bots, no clock, unrated (so the
 * table offers hints), every help fresh. */
async function learn() {
  resetHelp();
  $("players").value = "3";
  seatRows();
  for (const s of [1, 2]) { $(`seat-${s}-kind`).value = "bot"; $(`seat-${s}-level`).value = "random"; }
  $("time-control").value = "none";
  $("rated").checked = false; // a first game is for learning: unrated, with hints
  showTimeFields();
  await create({ preventDefault() {} });
}

/** A link from a game's "waiting for players" panel: ?join=<game>&seat=<n>[&invite=<code>]
 * offers to take that seat under the name in the form. */
function invited() {
  const q = new URLSearchParams(location.search);
  const gameId = q.get("join");
  if (!gameId) return;
  const seat = Number(q.get("seat"));
  const box = $("invited");
  box.hidden = false;
  box.querySelector("p").textContent = t("invited_to", { id: gameId.slice(0, 8), n: seat + 1 });
  $("accept-invite").onclick = () => join(gameId, seat, q.get("invite") || undefined)
    .catch((err) => { box.querySelector("p").textContent = err.message; });
}

let controllersOf = {}; // variant id -> the player controlling each colour (GET /rules)

async function main() {
  translatePage();
  setTitle(document.title);
  followTurns();
  const rules = await loadRules();
  setTexts(rules.texts);
  levels = rules.bot_levels;
  controllersOf = Object.fromEntries(rules.rules.variants.map((v) => [v.id, v.controllers]));
  $("deck").value = JSON.stringify(rules.rules.environment_deck);
  for (const sel of document.querySelectorAll("select.levels")) put(sel, levelOptions());
  put($("bot-levels"), levels.map((l) => [h("dt", {}, l), h("dd", {}, botLevelText(l))]));
  $("learn-button").onclick = () => learn().catch((err) => { $("create-error").textContent = err.message; });
  // The player counts come from GET /rules (engine/counts.py): one list, not a copy here.
  put($("players"), playerOptions(rules));
  $("players").value = "4";
  $("players").onchange = seatRows;
  seatRows();
  $("create-form").onsubmit = create;
  $("time-control").onchange = showTimeFields;
  showTimeFields();
  invited();
  quickPlay(rules);
  await Promise.all([drawEnterable($("enterable"), call, myPlayer()?.token, h, put).catch(() => {}), lists()]);
  document.body.dataset.ready = "1";
}

main();
