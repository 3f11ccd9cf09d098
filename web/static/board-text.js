// The board in words, for a screen reader and for anyone who would rather read than look:
// each field with its food and amoebas, one list item per field, in the order of the
// board's rows. The arrow keys go from field to field (one tab stop for the whole list);
// Enter or Space on a field the decision offers picks it, as a click on the board does.
// board.js calls ``drawBoardText`` after every drawing of the board (``Board.onDraw``); the
// page keeps it in a <details> under the board ("The board in words"), its summary one
// more tab stop, opened with Enter.
import { h, put } from "./dom.js";
import { t } from "./i18n.js";
import { COLOUR_KEYS, amoebaName, colour, dir, seatName } from "./words.js";

/** One amoeba in words: whose, which, and its damage points when it has any. */
function amoebaWords(a) {
  const name = amoebaName({ seat: a.seat, number: a.number });
  return a.dp ? t("board_text_damaged", { amoeba: name, dp: a.dp }) : name;
}

/** The words of one field: its name, its food by colour and its amoebas. */
export function fieldWords(field, amoebas) {
  const food = field.food.map((n, s) => (n ? t("board_text_cubes", { n, colour: colour(s), key: COLOUR_KEYS[s] }) : null)).filter(Boolean);
  return t("board_text_field", {
    field: field.name,
    food: food.length ? food.join(", ") : t("board_text_no_food"),
    amoebas: amoebas.length ? amoebas.map(amoebaWords).join(", ") : t("board_text_no_amoebas"),
  });
}

/** Move the list's one tab stop to ``item`` and focus it. */
function rove(list, item) {
  for (const li of list.children) li.tabIndex = li === item ? 0 : -1;
  item.focus();
}

/** Draw ``state`` in words into ``box``: ``offered`` as Board.draw has it, ``board`` for
 * its handlers (a picked field or amoeba goes where a click on the board goes). */
export function drawBoardText(box, state, offered, board) {
  const focusedField = box.contains(document.activeElement) ? document.activeElement.closest("li")?.dataset.field : null;
  const byField = {};
  for (const p of state.seats) for (const a of p.amoebas) (byField[a.field] ||= []).push({ seat: p.seat, ...a });
  const list = h("ol", { class: "board-text", id: "board-text-list", "aria-labelledby": "board-text-heading" });
  for (const field of state.fields) {
    const amoebas = byField[field.name] || [];
    const item = h("li", { "data-field": field.name, tabindex: "-1" }, fieldWords(field, amoebas));
    if (offered.fields.has(field.name)) {
      item.dataset.offered = "1";
      const pick = h("button", { type: "button", class: "pick", tabindex: "-1" }, t("board_text_pick", { field: field.name }));
      pick.onclick = () => board.onField?.(field.name);
      item.append(" ", pick);
    }
    for (const a of amoebas) {
      if (!offered.amoebas.has(`${a.seat}:${a.number}`)) continue;
      const pick = h("button", { type: "button", class: "pick", tabindex: "-1" }, t("board_target", { seat: seatName(a.seat), n: a.number }));
      pick.onclick = () => board.onAmoeba?.(a);
      item.append(" ", pick);
    }
    list.append(item);
  }
  list.onkeydown = (ev) => {
    const item = ev.target.closest("li");
    if (!item) return;
    const moves = { ArrowDown: item.nextElementSibling, ArrowRight: item.nextElementSibling, ArrowUp: item.previousElementSibling,
      ArrowLeft: item.previousElementSibling, Home: list.firstElementChild, End: list.lastElementChild };
    if (ev.key in moves) {
      ev.preventDefault();
      if (moves[ev.key]) rove(list, moves[ev.key]);
    } else if ((ev.key === "Enter" || ev.key === " ") && ev.target === item) {
      const pick = item.querySelector("button.pick");
      if (pick) { ev.preventDefault(); pick.click(); }
    }
  };
  const card = state.environment?.current;
  put(box,
    h("p", { class: "muted" }, t("board_text_intro"), " ", card ? t("board_drift", { dir: dir(card.drift), drift: card.drift ?? "none" }) : null),
    list);
  const again = focusedField && list.querySelector(`li[data-field="${CSS.escape(focusedField)}"]`);
  const first = list.querySelector("li[data-offered]") || list.firstElementChild;
  for (const li of list.children) li.tabIndex = li === (again || first) ? 0 : -1;
  if (again) again.focus();
}
