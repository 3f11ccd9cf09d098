// A tournament's page: its terms, enter and withdraw with one click, the standings, every
// round's tables (each linking to its game; one's own to play it with the player token)
// and the entries. It follows the tournament's stream (GET /tournaments/{id}/stream), so
// the standings and tables change as games end; a private tournament (whose stream needs
// the player token, which EventSource cannot send) is read again every few seconds.
import { ApiError, call, callAsPlayer, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { formatText, score, termsText, when } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
const ID = decodeURIComponent(location.pathname.split("/").pop());
const POLL_MS = 3000;
const state = { tournament: null, standings: null, rounds: null, entries: [] };

function me() { return myPlayer()?.id || null; }
function token() { return myPlayer()?.token; }

function drawAbout() {
  const x = state.tournament;
  if (!x) return;
  document.title = `${x.name} — Ursuppe`;
  put($("tn-name"), x.name);
  put($("tn-terms"), [formatText(x), termsText(x), x.service_bots ? t("tn_with_bots", { level: x.service_bots }) : null,
    x.entry === "invitation" ? t("tn_invitation") : null, x.min_rating !== null ? t("tn_min_rating", { r: x.min_rating }) : null]
    .filter(Boolean).join(" · "));
  const status = { upcoming: t("tn_starts", { when: when(x.starts_at) }), running: t("tn_round_now", { n: x.round }),
    finished: t("tn_is_finished"), cancelled: t("tn_is_cancelled") }[x.status];
  put($("tn-status"), status, " · ", t("qp_players_n", { n: x.entrants }));
  const mine = state.entries.find((e) => e.player_id === me());
  const entered = mine?.status === "entered";
  const open = x.status === "upcoming" || (x.status === "running" && x.format === "arena");
  $("tn-enter").hidden = entered || !open;
  $("tn-withdraw").hidden = !entered || x.status === "finished" || x.status === "cancelled";
  $("tn-name-label").hidden = $("tn-enter").hidden || Boolean(myPlayer());
}

function drawStandings() {
  const table = $("tn-standings");
  const items = state.standings?.items || [];
  if (!items.length) { put(table, h("tr", {}, h("td", { class: "muted" }, t("tn_no_standings")))); return; }
  put(table,
    h("tr", {}, h("th", {}, t("th_rank")), h("th", {}, t("th_player")),
      ["tn_th_score", "tn_th_games", "tn_th_byes", "tn_th_opponents", "tn_th_performance"].map((k) => h("th", { class: "num" }, t(k)))),
    items.map((s) => h("tr", { class: s.player_id === me() ? "standing mine" : "standing", "data-player": s.player_id },
      h("td", {}, String(s.rank)),
      h("td", {}, h("a", { href: `/players/${s.player_id}` }, s.name), s.withdrawn ? h("span", { class: "badge" }, t("tn_withdrawn")) : null),
      h("td", { class: "num score" }, score(s.score)),
      h("td", { class: "num" }, String(s.games)),
      h("td", { class: "num" }, String(s.byes)),
      h("td", { class: "num" }, score(s.opponents_score)),
      h("td", { class: "num" }, s.performance === null ? "–" : score(s.performance)))));
}

function tableRow(round, table) {
  const mySeat = table.seats.find((s) => s.player_id && s.player_id === me());
  const seats = table.seats.map((s) => h("li", {}, s.player_id ? s.name : t("tn_bot"),
    s.place ? h("span", { class: "badge" }, t("tn_place", { n: s.place })) : null));
  // One's own table is played on the game's page with the player token.
  const plays = Boolean(mySeat) && table.status === "playing";
  const label = plays ? t("tn_play") : table.status === "playing" ? t("tn_watch") : t("tn_see_game");
  // A round robin's later rounds are listed before their games are made (no game yet).
  const action = table.game_id ? h("a", { href: `/game/${table.game_id}`, class: plays ? "play-table" : null }, label) : null;
  const status = { playing: t("tn_playing"), finished: t("tn_done"), scheduled: t("tn_round_scheduled") }[table.status];
  return h("tr", { class: "tn-table", "data-game": table.game_id },
    h("td", {}, t("tn_table_n", { n: table.table })), h("td", {}, h("ul", { class: "plain" }, seats)),
    h("td", {}, status), h("td", {}, action));
}

function drawRounds() {
  const box = $("tn-rounds");
  const rounds = [...(state.rounds?.items || [])].reverse();
  if (!rounds.length) { put(box, h("p", { class: "muted" }, t("tn_no_rounds"))); put($("tn-mine")); return; }
  put(box, rounds.map((r) => h("div", { class: "tn-round", "data-round": r.number },
    h("h3", {}, t("tn_round_n", { n: r.number }), " ", h("span", { class: "muted" }, t(`tn_round_${r.status}`))),
    r.byes.length ? h("p", { class: "muted" }, t("tn_byes", { names: r.byes.map((b) => b.name).join(", ") })) : null,
    h("div", { class: "scroll" }, h("table", {}, r.tables.map((x) => tableRow(r, x)))))));
  const current = rounds.find((r) => r.status === "playing");
  const mine = current?.tables.find((x) => x.status === "playing" && x.seats.some((s) => s.player_id === me()));
  put($("tn-mine"), mine ? t("tn_your_table", { n: mine.table, round: current.number }) : "");
}

function drawEntries() {
  const table = $("tn-entries");
  if (!state.entries.length) { put(table, h("tr", {}, h("td", { class: "muted" }, t("tn_no_entries")))); return; }
  put(table, state.entries.map((e) => h("tr", {},
    h("td", {}, h("a", { href: `/players/${e.player_id}` }, e.name)),
    h("td", {}, t(`tn_entry_${e.status}`)))));
}

function drawAll() { drawAbout(); drawStandings(); drawRounds(); drawEntries(); }

async function load() {
  const opts = { token: token() };
  const [x, s, r, e] = await Promise.all([
    call(`/tournaments/${ID}`, opts), call(`/tournaments/${ID}/standings`, opts),
    call(`/tournaments/${ID}/rounds`, opts), call(`/tournaments/${ID}/entries`, opts)]);
  state.tournament = x.data; state.standings = s.data; state.rounds = r.data; state.entries = e.data.items;
  drawAll();
}

async function entries() {
  state.entries = (await call(`/tournaments/${ID}/entries`, { token: token() })).data.items;
  drawAll();
}

function follow() {
  if (!window.EventSource || state.tournament.private) {
    setInterval(() => load().catch(() => {}), POLL_MS);
    return;
  }
  const source = new EventSource(`/api/v1/tournaments/${ID}/stream`);
  source.addEventListener("tournament", (ev) => {
    const before = state.tournament?.entrants;
    state.tournament = JSON.parse(ev.data);
    drawAbout();
    if (before !== state.tournament.entrants) entries().catch(() => {});
  });
  source.addEventListener("standings", (ev) => { state.standings = JSON.parse(ev.data); drawStandings(); });
  source.addEventListener("rounds", (ev) => { state.rounds = JSON.parse(ev.data); drawRounds(); });
  window.addEventListener("pagehide", () => source.close());
}

async function enter() {
  put($("tn-error"));
  const name = myPlayer()?.name || $("tn-player-name").value.trim();
  if (!name) { put($("tn-error"), t("tn_name_needed")); $("tn-player-name").focus(); return; }
  await callAsPlayer(`/tournaments/${ID}/entries`, { method: "POST" }, name);
  await entries();
}

async function withdraw() {
  put($("tn-error"));
  await call(`/tournaments/${ID}/entries/me`, { method: "DELETE", token: token() });
  await entries();
}

function problem(err) {
  const code = err instanceof ApiError ? err.problem?.code : null;
  put($("tn-error"), code && t(`tn_err_${code}`) !== `tn_err_${code}` ? t(`tn_err_${code}`) : err.message);
}

async function main() {
  translatePage();
  setTitle(document.title);
  followTurns();
  $("tn-enter").onclick = () => enter().catch(problem);
  $("tn-withdraw").onclick = () => withdraw().catch(problem);
  try {
    await load();
  } catch (err) {
    put($("tn-name"), t("tn_not_found"));
    document.body.dataset.ready = "1";
    return;
  }
  follow();
  document.body.dataset.ready = "1";
}

main();
