// The seats: an open game's links that join its open seats, and the seated player's tools
// (resigning, armed by a first click).
import { call, forgetSeat, invitationsFor } from "../api.js";
import { chip } from "../board.js";
import { h, put } from "../dom.js";
import { t } from "../i18n.js";
import { $ } from "./state.js";

/** An open game: "waiting for players" and, for each open seat, a link to the lobby that
 * joins it (with the seat's invitation code when this browser created a private game). */
export function renderOpenSeats(view) {
  const { game, gameId } = view;
  const panel = $("decision");
  const open = game.seats.filter((s) => s.kind === "human" && !s.occupied);
  const codes = Object.fromEntries((invitationsFor(gameId) || []).map((i) => [i.seat, i.code]));
  const key = `open/${open.map((s) => s.seat).join(",")}`;
  if (panel.dataset.markup === key) return;
  panel.dataset.markup = key;
  panel.hidden = false;
  panel.dataset.kind = "";
  const items = open.map((s) => {
    const url = new URL("/lobby", location.origin);
    url.searchParams.set("join", gameId);
    url.searchParams.set("seat", s.seat);
    if (codes[s.seat]) url.searchParams.set("invite", codes[s.seat]);
    const code = codes[s.seat] ? [" ", h("span", { class: "code" }, t("invitation_code", { code: codes[s.seat] }))] : null;
    return h("li", { class: "seat-link", "data-seat": s.seat }, chip(s.seat), ` ${t("seat_link", { n: s.seat + 1 })}`, code, " ",
      h("input", { readonly: true, class: "invite-url", value: url.href, "aria-label": t("seat_link", { n: s.seat + 1 }) }), " ",
      h("button", { type: "button", class: "copy" }, t("copy_link")));
  });
  put(panel, h("h2", { class: "thinking" }, t("waiting_players")), h("p", {}, t("open_seats_intro")), h("ul", { class: "seat-links" }, items));
  for (const b of panel.querySelectorAll("button.copy")) {
    b.onclick = async () => {
      const input = b.previousElementSibling;
      input.select();
      try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand("copy"); }
      b.textContent = t("copied");
    };
  }
}

async function resign(view, refresh, button) {
  if (button.dataset.armed !== "1") {
    button.dataset.armed = "1";
    button.textContent = t("really_resign");
    return;
  }
  await call(`/games/${view.gameId}/seats/${view.mine.seat}/resign`, { method: "POST", token: view.mine.token });
  forgetSeat(view.gameId);
  view.mine = null;
  view.shownDecision = null;
  await refresh();
}

export function renderSeatTools(view, refresh) {
  $("seat-tools").hidden = !(view.mine && view.game.status === "active");
  $("resign").onclick = (ev) => resign(view, refresh, ev.currentTarget);
}
