// Your player on this browser: create one, sign in with a one-time code from another
// device, change the name, sign out; and the games and turns of the player, each of which
// can be continued here (the seat's token moves to this browser). The lists follow the
// player stream (notify.js): a turn that comes in any game shows up at once. Also the
// players it blocked, each with a button to unblock, and deleting the account once its
// name is typed to confirm.
import { ApiError, call, forgetPlayer, keepPlayer, keepSeat, myBlocks, myPlayer, seatFor } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { showNoticeSettings } from "./notice-settings.js";
import { followTurns, onTurns, permissionControl, setTitle, stopFollowing } from "./notify.js";

const $ = (id) => document.getElementById(id);

/** A refusal in the page's language when the client knows its code, else the server's words. */
function fail(err) {
  if (!(err instanceof ApiError)) throw err;
  const key = `account_${err.problem?.code}`;
  $("account-error").textContent = t(key) === key ? err.message : t(key);
}

function cell(tr, content) {
  const td = document.createElement("td");
  td.append(content);
  tr.append(td);
}

function head(table, titles) {
  table.replaceChildren();
  if (!titles) {
    table.append(h("tr", {}, h("td", { class: "muted" }, t("none"))));
    return;
  }
  const tr = document.createElement("tr");
  for (const title of titles) tr.append(Object.assign(document.createElement("th"), { textContent: title }));
  table.append(tr);
}

/** A link that plays the seat here: with this browser's token, or a new one for it. */
function continueLink(gameId, seat, label) {
  const a = document.createElement("a");
  a.href = `/game/${gameId}`;
  a.textContent = label;
  a.onclick = async (ev) => {
    const kept = seatFor(gameId);
    if (kept && kept.seat === seat) return; // this browser already plays it
    ev.preventDefault();
    const player = myPlayer();
    try {
      const { data } = await call(`/games/${gameId}/seats/${seat}/token`, { method: "POST", token: player.token });
      keepSeat(gameId, seat, data.token, player.name);
      location.href = `/game/${gameId}`;
    } catch (err) { fail(err); }
  };
  return a;
}

let shownTurns = null; // the turns drawn last: an event that changes nothing redraws nothing

function showTurns(turns) {
  const key = JSON.stringify(turns);
  if (key === shownTurns) return;
  shownTurns = key;
  const rows = $("my-turns");
  head(rows, turns.length ? [t("game"), t("th_seat"), t("account_deadline")] : null);
  for (const turn of turns) {
    const tr = document.createElement("tr");
    tr.className = "turn";
    cell(tr, continueLink(turn.game_id, turn.seat, t("account_play", { id: turn.label || turn.game_id.slice(0, 8) })));
    cell(tr, t("seat_n", { n: turn.seat + 1 }));
    cell(tr, turn.deadline_at ? new Date(turn.deadline_at).toLocaleString() : t("account_no_deadline"));
    rows.append(tr);
  }
}

async function showGames(player) {
  const games = (await call("/players/me/games?page_size=20", { token: player.token })).data;
  const rows = $("player-games");
  head(rows, games.length ? [t("game"), t("th_status")] : null);
  for (const g of games) {
    const tr = document.createElement("tr");
    const seat = g.seats.findIndex((s) => s.player_id === player.id);
    const id = g.label || g.id.slice(0, 8);
    cell(tr, g.status === "finished" || seat < 0
      ? Object.assign(document.createElement("a"), { href: `/game/${g.id}?watch`, textContent: t("account_view", { id }) })
      : continueLink(g.id, seat, t("account_continue", { id })));
    cell(tr, t(`status_${g.status}`));
    rows.append(tr);
  }
}

/** The players blocked, latest first: each a link to its profile and a button to unblock. */
async function showBlocks(player) {
  const blocks = await myBlocks(player.token);
  const list = $("blocks");
  if (!blocks.length) { put(list, h("li", { class: "muted" }, t("none"))); return; }
  put(list, blocks.map((b) => {
    const unblock = h("button", { type: "button", class: "unblock", title: t("unblock_button", { name: b.name }) }, t("blocks_unblock"));
    unblock.dataset.player = b.player_id;
    unblock.onclick = async () => {
      unblock.disabled = true;
      try {
        await call(`/players/me/blocks/${encodeURIComponent(b.player_id)}`, { method: "DELETE", token: player.token });
        await showBlocks(player);
        $("account-status").textContent = t("unblock_done", { name: b.name });
      } catch (err) { unblock.disabled = false; fail(err); }
    };
    const li = h("li", {}, h("a", { href: `/players/${encodeURIComponent(b.player_id)}` }, b.name), " ", unblock);
    li.dataset.player = b.player_id;
    return li;
  }));
}

async function lists(player) {
  showTurns((await call("/players/me/turns", { token: player.token })).data);
  await showGames(player);
  await showBlocks(player);
  $("turns-card").hidden = $("games-card").hidden = $("blocks-card").hidden = false;
  $("delete-card").hidden = false;
}

async function show() {
  $("account-error").textContent = "";
  $("account-status").textContent = "";
  const player = myPlayer();
  $("signed-out").hidden = Boolean(player);
  $("signed-in").hidden = !player;
  $("turns-card").hidden = $("games-card").hidden = $("notices-card").hidden = true;
  $("blocks-card").hidden = $("delete-card").hidden = true;
  if (!player) return;
  try {
    const { data } = await call("/players/me", { token: player.token });
    keepPlayer({ ...player, name: data.name });
    $("player-name").textContent = data.name;
    $("player-id").textContent = data.id;
    $("profile-link").href = `/players/${data.id}`;
    permissionControl($("notices"));
    await showNoticeSettings($("notices-card"), fail);
    await lists(myPlayer());
  } catch (err) {
    if (err instanceof ApiError && err.problem?.code === "invalid_token") { forgetPlayer(); stopFollowing(); return show(); }
    fail(err);
  }
}

/** Sign in as ``player`` on this browser: keep it, follow its turns, show it. */
async function become(player) {
  keepPlayer(player);
  followTurns();
  await show();
}

function main() {
  translatePage();
  setTitle(document.title);
  $("create-player").onsubmit = async (ev) => {
    ev.preventDefault();
    const name = $("new-name").value.trim();
    try {
      const { data } = await call("/players", { method: "POST", body: { name } });
      await become({ id: data.player.id, name, token: data.token });
    } catch (err) { fail(err); }
  };
  $("signin").onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const { data } = await call("/players/signin", { method: "POST", body: { code: $("signin-code").value } });
      await become({ id: data.player.id, name: data.player.name, token: data.token });
    } catch (err) { fail(err); }
  };
  $("rename").onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      await call("/players/me", { method: "PATCH", token: myPlayer().token, body: { name: $("rename-name").value.trim() } });
      await show();
    } catch (err) { fail(err); }
  };
  $("issue-code").onclick = async () => {
    try {
      const { data } = await call("/players/me/signin-codes", { method: "POST", token: myPlayer().token });
      const code = Object.assign(document.createElement("strong"), { id: "code", className: "code", textContent: data.code });
      const [before, after] = t("account_code_hint").split("{code}");
      $("code-box").replaceChildren(before, code, after ?? "");
      $("code-box").hidden = false;
    } catch (err) { fail(err); }
  };
  $("signout").onclick = async () => {
    stopFollowing();
    try { await call("/players/me/token", { method: "DELETE", token: myPlayer().token }); } catch (err) { fail(err); }
    forgetPlayer();
    await show();
  };
  // Deleting the account: only once the player's name is typed, as a last look at what
  // goes; then this browser forgets the player (every token of it stopped working).
  $("delete-account").onsubmit = async (ev) => {
    ev.preventDefault();
    const player = myPlayer();
    if ($("delete-confirm").value.trim() !== $("player-name").textContent.trim()) {
      $("account-error").textContent = t("account_delete_mismatch");
      return;
    }
    $("delete-button").disabled = true;
    try {
      await call("/players/me", { method: "DELETE", token: player.token });
      stopFollowing();
      forgetPlayer();
      $("delete-confirm").value = "";
      await show();
      $("account-status").textContent = t("account_deleted");
    } catch (err) { fail(err); } finally { $("delete-button").disabled = false; }
  };
  // A turn that comes (or goes) in any of the player's games: the lists follow at once.
  onTurns(async (turns, event) => {
    const player = myPlayer();
    if (!player || $("signed-in").hidden) return;
    showTurns(turns);
    if (event.type !== "your_turn") await showGames(player);
  });
  followTurns();
  show().finally(() => { document.body.dataset.ready = "1"; });
}

main();
