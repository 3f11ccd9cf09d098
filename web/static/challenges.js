// Challenges and rematches in the browser (docs/api.md, "Challenges and rematches"): the
// lobby lists the challenges to this browser's player (accept, decline with a reason) and
// the ones it made (cancel); a player's profile page challenges that player; a finished
// game's page offers a rematch to the players who held its seats, and shows a rematch
// offered by another. A game created by a challenge is
// played with the player token, which acts in every seat its player holds.
import { ApiError, call, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t } from "./i18n.js";
import { onTurns } from "./notify.js";

const REASONS = ["generic", "later", "too_fast", "too_slow", "time_control", "rated", "casual", "variant", "no_bot", "only_bot"];
const POLL_MS = 20000;
const WAIT_MS = 2000;

function token() { return myPlayer()?.token || null; }

async function asPlayer(path, options = {}) {
  return (await call(path, { ...options, token: token() })).data;
}

function problemText(err) {
  return err instanceof ApiError ? (err.problem?.detail || err.message) : String(err);
}

/** Open the game a challenge made: the player token plays the player's seat there. */
function openChallengeGame(gameId) {
  location.href = `/game/${gameId}`;
}

function terms(c) {
  const tc = c.terms.time_control || { type: "none" };
  const clock = tc.type === "per_decision" ? t("ch_tc_seconds", { n: tc.seconds })
    : tc.type === "bank" ? t("ch_tc_bank", { m: Math.round(tc.initial / 60), s: tc.increment })
      : tc.type === "correspondence" ? t("ch_tc_days", { n: tc.days }) : t("ch_tc_none");
  const variant = c.terms.options?.variant;
  return [variant ? t("pool_variant", { variant }) : t("ch_players", { n: c.terms.players }), clock,
    c.terms.rated ? t("ch_rated") : t("ch_casual")].join(" · ");
}

function who(p) { return p.bot ? t("ch_bot_name", { name: p.name }) : p.name; }

/** One incoming challenge: who, the terms, accept and decline (with a reason). */
function incomingRow(c, refresh) {
  const reason = h("select", { id: `challenge-reason-${c.id}`, "aria-label": t("ch_reason_label") },
    REASONS.map((r) => h("option", { value: r }, t(`ch_reason_${r}`))));
  const status = h("span", { class: "muted", role: "status", id: `challenge-status-${c.id}` });
  const accept = h("button", { type: "button", id: `challenge-accept-${c.id}` }, t("ch_accept"));
  const decline = h("button", { type: "button", id: `challenge-decline-${c.id}` }, t("ch_decline"));
  accept.onclick = async () => {
    accept.disabled = decline.disabled = true;
    try {
      const done = await asPlayer(`/challenges/${c.id}/accept`, { method: "POST" });
      if (done.game_id) { openChallengeGame(done.game_id); return; }
      status.textContent = t("ch_waiting_others");
      waitForGame(c.id, status);
    } catch (err) { status.textContent = problemText(err); refresh(); }
  };
  decline.onclick = async () => {
    accept.disabled = decline.disabled = true;
    try {
      await asPlayer(`/challenges/${c.id}/decline`, { method: "POST", body: { reason: reason.value } });
      refresh();
    } catch (err) { status.textContent = problemText(err); }
  };
  const text = c.rematch_of ? t("ch_rematch_from", { name: who(c.challenger) }) : t("ch_from", { name: who(c.challenger) });
  return h("li", { class: "challenge", "data-challenge": c.id }, h("strong", {}, text), " ", h("span", {}, terms(c)), " ",
    accept, " ", reason, " ", decline, " ", status);
}

/** One challenge this player made: whom, how many accepted, cancel. */
function outgoingRow(c, refresh) {
  const cancel = h("button", { type: "button", id: `challenge-cancel-${c.id}` }, t("ch_cancel"));
  const status = h("span", { class: "muted", role: "status" });
  cancel.onclick = async () => {
    cancel.disabled = true;
    try { await asPlayer(`/challenges/${c.id}`, { method: "DELETE" }); refresh(); } catch (err) { status.textContent = problemText(err); }
  };
  const names = c.invited.map((i) => `${who(i.player)}${i.status === "accepted" ? " ✓" : ""}`).join(", ");
  return h("li", { class: "challenge", "data-challenge": c.id }, h("strong", {}, t("ch_to", { names })), " ", h("span", {}, terms(c)), " ", cancel, " ", status);
}

/** How a challenge ended without a game: declined (with the reason given), withdrawn,
 * expired. */
function endedText(c) {
  if (c.status === "declined" && c.decline_reason) {
    return t("ch_declined_because", { reason: t(`ch_reason_${c.decline_reason}`) });
  }
  return t(`ch_status_${c.status}`);
}

/** Wait for the challenge's game (then open it) or its end (then say how it ended): the
 * player's notices about it (accepted, declined, withdrawn, expired) wake the check at once;
 * a look every ``POLL_MS`` stands in for a notice lost, or for a page without them. */
function waitForGame(challengeId, status) {
  let timer = null, over = false;
  const check = async () => {
    clearTimeout(timer);
    if (over) return;
    try {
      const c = await asPlayer(`/challenges/${challengeId}`);
      if (c.game_id) { over = true; openChallengeGame(c.game_id); return; }
      if (c.status !== "open") { over = true; status.textContent = endedText(c); return; }
    } catch (err) { over = true; status.textContent = problemText(err); return; }
    clearTimeout(timer);
    timer = setTimeout(check, POLL_MS);
  };
  onTurns((_turns, event) => {
    if (String(event.type).startsWith("challenge") && event.data?.id === challengeId) check();
  });
  timer = setTimeout(check, WAIT_MS);
}

/** The lobby's challenges card (``box``): drawn when the browser has a player, redrawn on
 * the player's notices and every ``POLL_MS``. */
export function challengesCard(box) {
  if (!box) return;
  const accepted = h("p", { id: "challenge-news", role: "status" });
  let timer = null;
  const refresh = async () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, POLL_MS);
    if (!token()) { box.hidden = true; return; }
    let list;
    try { list = await asPlayer("/challenges"); } catch { return; }
    const incoming = list.filter((c) => c.direction === "incoming");
    const outgoing = list.filter((c) => c.direction === "outgoing");
    box.hidden = !list.length && !accepted.textContent;
    put(box, h("h2", {}, t("ch_title")), accepted,
      incoming.length ? h("ul", { id: "challenges-incoming", class: "plain" }, incoming.map((c) => incomingRow(c, refresh))) : null,
      outgoing.length ? h("h3", {}, t("ch_outgoing")) : null,
      outgoing.length ? h("ul", { id: "challenges-outgoing", class: "plain" }, outgoing.map((c) => outgoingRow(c, refresh))) : null);
  };
  onTurns((_turns, event) => {
    if (event.type === "challenge_accepted" && event.data?.game_id) {
      const open = h("button", { type: "button", id: "challenge-open-game" }, t("ch_open_game"));
      open.onclick = async () => {
        const c = await asPlayer(`/challenges/${event.data.id}`);
        openChallengeGame(event.data.game_id);
      };
      put(accepted, t("ch_accepted_news"), " ", open);
    }
    if (String(event.type).startsWith("challenge") || event.type === "hello" || event.type === "open") refresh();
  });
  refresh();
}

/** A player's profile's challenge card (``box``): the game's size, the level of the
 * service's bots in the seats nobody was invited to, rated or not; "Challenge" sends it to
 * ``player`` (``{id, name}``, ``bot``: a bot account) and opens its game once accepted.
 * Hidden without a player in this browser and on the player's own profile. */
export function challengeCard(box, player, levels) {
  const me = myPlayer();
  box.hidden = !me?.token || me.id === player.id;
  if (box.hidden) return;
  const size = h("select", { id: "challenge-players" }, [3, 4, 5, 6].map((n) => h("option", { value: n }, String(n))));
  const level = h("select", { id: "challenge-bot-level" }, levels.map((l) => h("option", { value: l }, l)));
  level.value = levels.includes("greedy") ? "greedy" : levels[0];
  const rated = h("input", { type: "checkbox", id: "challenge-rated", checked: true });
  const status = h("p", { class: "muted", role: "status", id: "challenge-status" });
  const send = h("button", { type: "button", id: "challenge-send" }, t("ch_send", { name: who(player) }));
  send.onclick = async () => {
    send.disabled = true;
    status.textContent = "";
    try {
      const c = await asPlayer("/challenges", { method: "POST", body: {
        invited: [player.id], players: Number(size.value), bot_level: level.value, rated: rated.checked } });
      // The service's bots answer within the request: open the game, or say why not.
      if (c.game_id) { openChallengeGame(c.game_id); return; }
      if (c.status !== "open") { send.disabled = false; status.textContent = endedText(c); return; }
      status.textContent = t("ch_sent", { name: who(player) });
      waitForGame(c.id, status);
    } catch (err) { send.disabled = false; status.textContent = problemText(err); }
  };
  put(box, h("h2", {}, t("ch_new_title")),
    h("div", { class: "seatrow" },
      h("label", {}, `${t("players")} `, size),
      h("label", {}, `${t("bot_level_label")} `, level),
      h("label", {}, rated, ` ${t("qp_rated")}`)),
    h("p", {}, send), status);
}

/** The finished game's rematch card (``#rematch`` of the game page): for a player of the
 * game, "Rematch" (a challenge to the others with the same seats and terms), and a
 * rematch another player offered, to accept or decline. */
export async function renderRematch(game) {
  const box = document.getElementById("rematch");
  if (!box) return;
  const me = myPlayer();
  const mine = me?.token && game.status === "finished" && game.seats.some((s) => s.player_id === me.id);
  if (!mine) { box.hidden = true; return; }
  if (box.dataset.game === game.id) return; // drawn for this game already
  box.dataset.game = game.id;
  box.hidden = false;
  const status = h("span", { class: "muted", role: "status", id: "rematch-status" });
  const button = h("button", { type: "button", id: "rematch-button" }, t("ch_rematch"));
  const offers = h("ul", { class: "plain", id: "rematch-offers" });
  button.onclick = async () => {
    button.disabled = true;
    try {
      const c = await asPlayer(`/games/${game.id}/rematch`, { method: "POST" });
      if (c.game_id) { openChallengeGame(c.game_id); return; }
      if (c.challenger.id !== me.id) { button.disabled = false; status.textContent = t("ch_rematch_offered_to_you"); return; }
      status.textContent = t("ch_rematch_waiting", { names: c.invited.map((i) => who(i.player)).join(", ") });
      waitForGame(c.id, status);
    } catch (err) { button.disabled = false; status.textContent = problemText(err); }
  };
  put(box, h("h2", {}, t("ch_rematch_title")), h("p", {}, button, " ", status), offers);
  try {
    const incoming = (await asPlayer("/challenges?direction=incoming")).filter((c) => c.rematch_of === game.id);
    put(offers, incoming.map((c) => incomingRow(c, () => {})));
  } catch { /* the button stays */ }
}

// The lobby's card draws itself where the page has one (lobby.html); the game page calls
// ``renderRematch`` (game.js).
challengesCard(document.getElementById("challenges"));
