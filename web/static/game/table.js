// The table around the board: the players (one row per colour, grouped under its player),
// the gene market, the status line, and the whole table drawn for one position.
import { chip, drawLadder } from "../board.js";
import { h } from "../dom.js";
import { drawPhaseTrack, geneRef, geneRefs, phaseName } from "../help.js";
import { t } from "../i18n.js";
import { colour, dir, seatName, setSeatNames } from "../words.js";
import { $ } from "./state.js";

/** Who plays a seat, as the messages take it (words.js, seatArgs): a bot without a name of
 * its own is named by its seat and level ("Bot 2 (greedy)"), so two bots of one level stay
 * apart; an open seat says so. */
export function playerArgs(seat) {
  const place = seat.seat + 1;
  if (seat.kind === "bot" && (!seat.name || seat.name.startsWith("bot:"))) return { who: "bot", name: "", place, level: seat.bot_level };
  return seat.name ? { who: "named", name: seat.name, place, level: "" } : { who: "open", name: "", place, level: "" };
}
export const playerName = (seat) => t("player_name", playerArgs(seat));

/** The colours (the state's seats) with the player controlling each: in the 2-player
 * variants a player holds two colours, and the decoy colour has none. */
export function colours(game) {
  return (game.state?.seats || game.seats.map((s) => ({ seat: s.seat, player: s.seat }))).map((c) => ({
    colour: c.seat, player: c.decoy ? null : (c.player ?? c.seat), decoy: Boolean(c.decoy), state: game.state ? c : null,
  }));
}

/** The player whose turn it is (pending.player answers for the colour pending.seat). */
export const pendingPlayer = (game, p) => game.seats[p.player ?? p.seat];

/** Whether the pending decision ``p`` is this browser's seat's. */
export const isMine = (view, p) => Boolean(p && view.mine && (p.player ?? p.seat) === view.mine.seat);

export function learnNames(game) {
  setSeatNames(colours(game).map((c) => (c.decoy ? { who: "decoy", name: "", place: c.colour + 1, level: "" } : playerArgs(game.seats[c.player]))));
}

/** Put ``node`` in a panel only when it differs from what is there (compared by its
 * serialized form): an open gene card in it stays open. */
export function setIfChanged(el, node) {
  const markup = node.outerHTML;
  if (el.dataset.markup === markup) return;
  el.dataset.markup = markup;
  el.replaceChildren(node);
}

/** One row per colour, grouped under its player (the decoy last, marked). */
export function renderPlayers(view) {
  const { game, mine } = view;
  const all = colours(game);
  const groups = game.seats.map((seat) => ({ seat, list: all.filter((c) => c.player === seat.seat) }));
  const decoys = all.filter((c) => c.decoy);
  // A colour's row: its mark and name with its genes beneath, then score, BP and amoebas
  // (four narrow columns: the table fits a phone without scrolling sideways).
  const row = (c, attrs) => {
    const st = c.state;
    const num = (n) => h("td", { class: "num" }, n);
    const genes = st ? h("div", { class: "genes" }, geneRefs(st.genes, "—")) : null;
    const cells = st ? [num(st.score), num(st.bp), num(st.amoebas.length)] : h("td", { colspan: 3 });
    return h("tr", { class: "colour", "data-colour": c.colour, ...attrs }, h("td", { title: seatName(c.colour) }, chip(c.colour), ` ${colour(c.colour)}`, genes), cells);
  };
  const table = h("table", {}, h("tr", {}, h("th", {}, `${t("th_colour")} · ${t("th_genes")}`), h("th", {}, t("th_score")), h("th", {}, t("bp")), h("th", {}, t("th_amoebas"))));
  for (const { seat, list } of groups) {

    // The player's clock (clocks.js fills it): a bank or a deadline belongs to the player.
    table.append(h("tr", { class: "player-row", "data-player": seat.seat }, h("th", { colspan: 3 }, t(mine && mine.seat === seat.seat ? "player_name_you" : "player_name", playerArgs(seat))),
      h("td", { class: "clock", "data-seat": seat.seat, title: t("th_clock") })));
    table.append(...list.map((c) => row(c, { "data-player": seat.seat })));
  }
  if (decoys.length) {
    table.append(h("tr", { class: "player-row decoy", "data-decoy": "1" }, h("th", { colspan: 4 }, t("decoy_group"))));
    table.append(...decoys.map((c) => row(c, { "data-decoy": "1" })));
  }
  setIfChanged($("players"), table);
}

export function renderMarket(view) {
  const st = view.game.state;
  if (!st) return;
  const supply = st.gene_supply;
  const rows = view.rules.texts.genes.map((g) => h("tr", { "data-gene": g.id }, h("td", {}, geneRef(g.id)), h("td", {}, `${g.price} ${t("bp")}`),
    h("td", {}, `${g.mp} ${t("mp")}`), h("td", {}, t("cards_left", { n: supply[g.id] ?? 0 }))));
  const head = ["th_gene", "th_price", "th_mutation", "th_cards"].map((k) => h("th", {}, t(k)));
  setIfChanged($("market"), h("table", {}, h("tr", {}, head), rows));
}

export function renderStatus(view) {
  const { game, mine } = view;
  const st = game.state;
  const env = st?.environment;
  const where = st && game.status === "active" ? ` · ${t("round_n", { n: st.round })}, ${st.round ? phaseName(st.phase) : phaseName("setup")}` : "";
  $("status").textContent = `${t("game_n", { id: game.id.slice(0, 8) })} · ${t(`status_${game.status}`)}${where}`;
  $("environment").textContent = env?.current ? t("environment", { dir: dir(env.current.drift), drift: env.current.drift ?? "none", ozone: env.current.ozone, left: env.remaining }) : "";
  const p = game.status === "active" ? game.pending : null;
  $("whose-turn").textContent = p ? (isMine(view, p) ? t("your_turn") : t("to_decide", { seat: seatName(p.seat) })) : "";
  $("whose-turn").classList.toggle("thinking", Boolean(p && pendingPlayer(game, p)?.kind === "bot"));
  $("role").textContent = mine ? t("you_play_seat", { n: mine.seat + 1 }) : t("watching");
  drawPhaseTrack($("phase-track"), st, game.status !== "active");
}

/** The whole table (board, players, market, ladder) as it stood at ``state``, with ``last``
 * outlined as the last move: a paced entry's position, or the replay's. */
export function drawTable(view, state, last) {
  view.game = { ...view.game, state };
  view.board.last = last;
  view.board.draw(state);
  renderPlayers(view); renderMarket(view); renderStatus(view); drawLadder($("ladder"), state);
}
