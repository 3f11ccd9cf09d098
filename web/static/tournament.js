// A tournament's page: its terms, enter and withdraw with one click, the entrant's own
// round, table and place, the standings with what each column means, every round's tables
// (each linking to its game; one's own to play it with the player token) and the entries.
// Its organiser also gets the invitation link, start now, cancel, and withdraw or
// disqualify for each entry: the same requests and refusals as the API (problemWords).
// The link's code (?invitation=) shows a private tournament and enters it. The page follows
// the tournament's stream (GET /tournaments/{id}/stream), so the standings and tables change
// as games end; a private tournament (whose stream needs the player token, which
// EventSource cannot send) is read again every few seconds.
import { call, callAsPlayer, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { formatText, problemWords, score, termsText, when } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
const ID = decodeURIComponent(location.pathname.split("/").pop());
const INVITATION = new URLSearchParams(location.search).get("invitation");
const POLL_MS = 3000;
// ``invitation``: the code the organiser's own reads carry (the stream's, anonymous, lack it).
const state = { tournament: null, standings: null, rounds: null, entries: [], invitation: null, starting: false };

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
  drawOrganiser();
}

function organises() { return Boolean(me()) && state.tournament?.organiser_id === me(); }

/** The organiser's card: the invitation link, start now and cancel while it is upcoming. */
function drawOrganiser() {
  const x = state.tournament;
  $("tn-organiser").hidden = !organises();
  if (!organises()) return;
  state.invitation = x.invitation || state.invitation;
  const linked = (x.private || x.entry === "invitation") && state.invitation;
  $("tn-link-box").hidden = !linked;
  if (linked) $("tn-link").value = `${location.origin}/tournaments/${x.id}?invitation=${encodeURIComponent(state.invitation)}`;
  const upcoming = x.status === "upcoming";
  const starting = upcoming && state.starting;
  $("tn-start").hidden = !upcoming || starting;
  $("tn-cancel").hidden = !upcoming || starting;
  put($("tn-org-note"), starting ? t("tn_org_starting") : upcoming ? t("tn_org_upcoming")
    : x.status === "running" ? t("tn_org_running") : "");
}

function drawStandings() {
  const table = $("tn-standings");
  const items = state.standings?.items || [];
  if (!items.length) { put(table, h("tr", {}, h("td", { class: "muted" }, t("tn_no_standings")))); return; }
  put(table,
    h("tr", {}, h("th", {}, t("th_rank")), h("th", {}, t("th_player")),
      ["tn_th_score", "tn_th_games", "tn_th_byes", "tn_th_opponents", "tn_th_performance", "tn_th_rating"].map((k) => h("th", { class: "num" }, t(k)))),
    items.map((s) => h("tr", { class: s.player_id === me() ? "standing mine" : "standing", "data-player": s.player_id },
      h("td", {}, String(s.rank)),
      h("td", {}, h("a", { href: `/players/${s.player_id}` }, s.name),
        s.disqualified ? h("span", { class: "badge" }, t("tn_disqualified")) : s.withdrawn ? h("span", { class: "badge" }, t("tn_withdrawn")) : null),
      h("td", { class: "num score" }, score(s.score)),
      h("td", { class: "num" }, String(s.games)),
      h("td", { class: "num" }, String(s.byes)),
      h("td", { class: "num" }, score(s.opponents_score)),
      h("td", { class: "num" }, s.performance === null ? "–" : score(s.performance)),
      h("td", { class: "num" }, score(s.rating)))));
}

function tableRow(round, table) {
  const mySeat = table.seats.find((s) => s.player_id && s.player_id === me());
  const seats = table.seats.map((s) => h("li", {}, s.player_id ? s.name : t("tn_bot"),
    s.place ? h("span", { class: "badge" }, t("tn_place", { n: s.place })) : null));
  // One's own table is played on the game's page with the player token.
  const plays = Boolean(mySeat) && table.status === "playing";
  const label = plays ? t("tn_play") : table.status === "playing" ? t("tn_watch") : t("tn_see_game");
  // A planned table (a round robin's later rounds, listed before their games are made) has
  // no game and no status yet.
  const action = table.game_id ? h("a", { href: `/game/${table.game_id}`, class: plays ? "play-table" : null }, label) : null;
  const status = { playing: t("tn_playing"), finished: t("tn_done") }[table.status] || t("tn_round_scheduled");
  return h("tr", { class: "tn-table", "data-game": table.game_id },
    h("td", {}, t("tn_table_n", { n: table.table })), h("td", {}, h("ul", { class: "plain" }, seats)),
    h("td", {}, status), h("td", {}, action));
}

function drawRounds() {
  const box = $("tn-rounds");
  const rounds = [...(state.rounds?.items || [])].reverse();
  if (!rounds.length) { put(box, h("p", { class: "muted" }, t("tn_no_rounds"))); drawMine(); return; }
  put(box, rounds.map((r) => h("div", { class: "tn-round", "data-round": r.number },
    h("h3", {}, t("tn_round_n", { n: r.number }), " ", h("span", { class: "muted" }, t(`tn_round_${r.status}`))),
    r.byes.length ? h("p", { class: "muted" }, t("tn_byes", { names: r.byes.map((b) => b.name).join(", ") })) : null,
    h("div", { class: "scroll" }, h("table", {}, [...r.tables, ...(r.planned || [])]
      .sort((a, b) => a.table - b.table).map((x) => tableRow(r, x)))))));
  drawMine();
}

/** The entrant's own round: their table (who sits there, play it), a bye, or the wait for
 * the next round; and their place in the standings. */
function drawMine() {
  const box = $("tn-mine");
  const entry = state.entries.find((e) => e.player_id === me());
  if (!entry || entry.status === "invited") { put(box); return; }
  const rounds = state.rounds?.items || [];
  const current = [...rounds].reverse().find((r) => r.status === "playing");
  const lines = [];
  if (current && entry.status === "entered") {
    // An arena's one round holds every table an entrant sat at: the one being played first.
    const tables = current.tables.filter((x) => x.seats.some((s) => s.player_id === me()));
    const table = tables.find((x) => x.status === "playing") || tables[tables.length - 1];
    const arena = state.tournament?.format === "arena";
    if (table) {
      const names = table.seats.map((s) => (s.player_id ? s.name : t("tn_bot"))).join(", ");
      lines.push(h("p", { class: "tn-my-table" }, t("tn_you_table", { round: current.number, n: table.table, names }), " ",
        table.status === "playing" ? h("a", { href: `/game/${table.game_id}`, class: "play-table go" }, t("tn_play"))
          : t(arena ? "tn_you_waiting_arena" : "tn_you_waiting")));
    } else if (current.byes.some((b) => b.player_id === me())) {
      lines.push(h("p", {}, t("tn_you_bye", { round: current.number })));
    }
  }
  const items = state.standings?.items || [];
  const line = items.find((s) => s.player_id === me());
  if (line) lines.push(h("p", { class: "tn-my-place" }, t("tn_you_place", { rank: line.rank, n: items.length, score: score(line.score) })));
  put(box, lines);
}

function drawEntries() {
  const table = $("tn-entries");
  if (!state.entries.length) { put(table, h("tr", {}, h("td", { class: "muted" }, t("tn_no_entries")))); return; }
  const over = ["finished", "cancelled"].includes(state.tournament?.status);
  put(table, state.entries.map((e) => h("tr", { class: "tn-entry", "data-player": e.player_id },
    h("td", {}, h("a", { href: `/players/${e.player_id}` }, e.name)),
    h("td", {}, t(e.disqualified ? "tn_entry_disqualified" : `tn_entry_${e.status}`)),
    organises() && !over ? h("td", {}, h("div", { class: "seatrow" },
      ["entered", "invited"].includes(e.status) ? h("button", { type: "button", class: "tn-remove", "data-player": e.player_id }, t("tn_org_withdraw")) : null,
      !e.disqualified ? h("button", { type: "button", class: "tn-disqualify", "data-player": e.player_id }, t("tn_org_disqualify")) : null)) : null)));
  for (const button of table.querySelectorAll("button.tn-remove, button.tn-disqualify")) {
    const disqualify = button.classList.contains("tn-disqualify");
    button.onclick = () => removeEntrant(button.dataset.player, disqualify).catch(organiserProblem);
  }
}

function drawAll() { drawAbout(); drawStandings(); drawRounds(); drawEntries(); }

/** A read of the tournament: with the player token, and the link's code, which shows a
 * private tournament to its holder before they entered. */
async function read(path = "") {
  const code = INVITATION ? `?invitation=${encodeURIComponent(INVITATION)}` : "";
  return (await call(`/tournaments/${ID}${path}${code}`, { token: token() })).data;
}

async function load() {
  const [x, s, r, e] = await Promise.all([read(), read("/standings"), read("/rounds"), read("/entries")]);
  state.tournament = x; state.standings = s; state.rounds = r; state.entries = e.items;
  drawAll();
}

async function entries() {
  state.entries = (await read("/entries")).items;
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
  source.addEventListener("standings", (ev) => { state.standings = JSON.parse(ev.data); drawStandings(); drawMine(); });
  source.addEventListener("rounds", (ev) => { state.rounds = JSON.parse(ev.data); drawRounds(); });
  window.addEventListener("pagehide", () => source.close());
}

async function enter() {
  put($("tn-error"));
  const name = myPlayer()?.name || $("tn-player-name").value.trim();
  if (!name) { put($("tn-error"), t("tn_name_needed")); $("tn-player-name").focus(); return; }
  const body = INVITATION ? { invitation: INVITATION } : {};
  await callAsPlayer(`/tournaments/${ID}/entries`, { method: "POST", body }, name);
  await entries();
}

async function withdraw() {
  put($("tn-error"));
  await call(`/tournaments/${ID}/entries/me`, { method: "DELETE", token: token() });
  await entries();
}

function problem(err) { put($("tn-error"), problemWords(err)); }

function organiserProblem(err) { put($("tn-org-error"), problemWords(err)); }

/** The organiser's requests: each answered by the tournament (or entry) as it is now. */
async function organiserCall(path, method) {
  put($("tn-org-error"));
  return (await call(`/tournaments/${ID}${path}`, { method, token: token() })).data;
}

/** Start now: the workers pair round 1 within seconds; until the page hears of it, it
 * says so instead of offering the buttons again. */
async function startNow() {
  state.tournament = await organiserCall("/start", "POST");
  state.starting = true;
  drawAbout();
}

async function cancel() {
  if (!window.confirm(t("tn_org_cancel_confirm"))) return;
  state.tournament = await organiserCall("", "DELETE");
  drawAll();
}

async function removeEntrant(player, disqualify) {
  const name = state.entries.find((e) => e.player_id === player)?.name || player;
  if (disqualify && !window.confirm(t("tn_org_disqualify_confirm", { name }))) return;
  await organiserCall(`/entries/${encodeURIComponent(player)}${disqualify ? "?disqualify=true" : ""}`, "DELETE");
  await load();
}

async function copyLink() {
  $("tn-link").select();
  try { await navigator.clipboard.writeText($("tn-link").value); } catch { document.execCommand?.("copy"); }
  put($("tn-org-note"), t("tn_org_copied"));
}

async function main() {
  translatePage();
  setTitle(document.title);
  followTurns();
  $("tn-enter").onclick = () => enter().catch(problem);
  $("tn-withdraw").onclick = () => withdraw().catch(problem);
  $("tn-start").onclick = () => startNow().catch(organiserProblem);
  $("tn-cancel").onclick = () => cancel().catch(organiserProblem);
  $("tn-copy").onclick = () => copyLink();
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
