// The board as SVG, drawn from GET /rules (fields on the 5×5 grid, island, compass) and a
// game's public state (amoebas, food). Offered fields/amoebas become buttons.
import { t } from "./i18n.js";
import { SHAPES, colour, seatName, dir } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = 120;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** The seat's shape (circle, square, triangle, diamond, star, cross) centred on (x, y). */
export function shape(seat, x, y, r, parent, cls = "") {
  const c = `s${seat} body ${cls}`;
  const attrs = { class: c, stroke: "#222", "stroke-width": 1.5 };
  switch (SHAPES[seat]) {
    case "circle": return el("circle", { cx: x, cy: y, r, ...attrs }, parent);
    case "square": return el("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, ...attrs }, parent);
    case "triangle": return el("polygon", { points: `${x},${y - r * 1.1} ${x + r * 1.05},${y + r * 0.8} ${x - r * 1.05},${y + r * 0.8}`, ...attrs }, parent);
    case "star": {
      const pts = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5, rr = k % 2 ? r * 0.5 : r * 1.2;
        pts.push(`${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`);
      }
      return el("polygon", { points: pts.join(" "), ...attrs }, parent);
    }
    case "cross": {
      const a = r * 1.05, b = r * 0.38;
      const p = [[-b, -a], [b, -a], [b, -b], [a, -b], [a, b], [b, b], [b, a], [-b, a], [-b, b], [-a, b], [-a, -b], [-b, -b]];
      return el("polygon", { points: p.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" "), ...attrs }, parent);
    }
    default: return el("polygon", { points: `${x},${y - r * 1.15} ${x + r * 1.15},${y} ${x},${y + r * 1.15} ${x - r * 1.15},${y}`, ...attrs }, parent);
  }
}

/** A small legend SVG of one seat's shape, for text next to names. */
export function chip(seat, size = 18) {
  const svg = el("svg", { width: size, height: size, viewBox: "0 0 20 20", "aria-hidden": "true" });
  shape(seat, 10, 10, 7.5, svg);
  return svg;
}

export class Board {
  constructor(container, rules) {
    this.rules = rules;
    const grid = rules.board.grid;
    this.svg = el("svg", { class: "board", viewBox: `0 0 ${grid.columns.length * CELL} ${grid.rows.length * CELL}`, role: "group", "aria-label": t("board_label") });
    container.replaceChildren(this.svg);
    this.fields = {};
    const island = rules.board.island;
    const ix = grid.columns.indexOf(island[0]), iy = grid.rows.indexOf(Number(island.slice(1)));
    const isl = el("g", { class: "island" }, this.svg);
    el("ellipse", { cx: ix * CELL + CELL / 2, cy: iy * CELL + CELL / 2, rx: CELL * 0.45, ry: CELL * 0.38, fill: "#c9b27c", stroke: "#8a7440" }, isl);
    el("text", { x: ix * CELL + CELL / 2, y: iy * CELL + CELL / 2 + 5, "text-anchor": "middle", "font-size": 16 }, isl).textContent = t("island");
    this._compass(0, 0);
    for (const f of rules.board.fields) {
      const g = el("g", { class: "field", "data-field": f.name, transform: `translate(${f.x * CELL},${f.y * CELL})` }, this.svg);
      // The part that becomes the field's button when it is offered: the field and its
      // name, the one text a person sees on it as a control ("Field B1"). The food counts
      // and amoebas lie beside it, so that their numbers are not read as its label.
      const hit = el("g", { class: "hit" }, g);
      el("rect", { class: "bg", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 10 }, hit);
      el("text", { x: 8, y: 20, "font-size": 15, "font-weight": "bold", fill: "#234" }, hit).textContent = f.name;
      const title = el("title", {}, g);
      this.fields[f.name] = { g, hit, title, food: el("g", {}, g), amoebas: el("g", {}, g) };
    }
    this.onField = null;
    this.onAmoeba = null;
    this.last = { fields: new Set(), amoebas: new Set() };
  }

  _compass(cx, cy) {
    const g = el("g", { class: "compass", transform: `translate(${cx * CELL + CELL / 2},${cy * CELL + CELL / 2})`, "aria-label": t("board_compass") }, this.svg);
    el("circle", { r: 40, fill: "#fff", stroke: "#333" }, g);
    const pos = { N: [0, -28], E: [28, 0], S: [0, 28], W: [-28, 0] };
    for (const d of this.rules.compass.directions) {
      el("text", { x: pos[d][0], y: pos[d][1] + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold" }, g).textContent = d;
    }
    this.drift = el("path", { d: "M0,-18 L6,8 L0,3 L-6,8 Z", fill: "#D55E00" }, g);
  }

  /** Draw the public state; ``offered`` = {fields: Set, amoebas: Set("seat:number")}. */
  draw(state, offered = { fields: new Set(), amoebas: new Set() }, selected = null) {
    const byField = {};
    for (const p of state.seats) for (const a of p.amoebas) (byField[a.field] ||= []).push({ seat: p.seat, ...a });
    const card = state.environment.current;
    const angle = { N: 0, E: 90, S: 180, W: 270 }[card?.drift];
    this.drift.setAttribute("visibility", angle === undefined ? "hidden" : "visible");
    if (angle !== undefined) this.drift.setAttribute("transform", `rotate(${angle})`);
    for (const f of state.fields) {
      const view = this.fields[f.name];
      view.food.replaceChildren();
      view.amoebas.replaceChildren();
      // Food counts in rows of three along the field's foot, so six colours still fit inside.
      const heaps = f.food.map((n, s) => [s, n]).filter(([, n]) => n);
      const rows = Math.ceil(heaps.length / 3);
      heaps.forEach(([s, n], k) => {
        const x = 6 + (k % 3) * 37, y = CELL - 12 - (rows - 1 - Math.floor(k / 3)) * 18;
        shape(s, x + 5, y - 4, 4.5, view.food);
        el("text", { class: "food-count", "data-colour": s, x: x + 12, y, "font-size": 13 }, view.food).textContent = n;
      });
      const list = byField[f.name] || [];
      list.forEach((a, i) => {
        const ax = 24 + (i % 4) * 26, ay = 40 + Math.floor(i / 4) * 28;
        const key = `${a.seat}:${a.number}`;
        const g = el("g", { class: `amoeba${this.last.amoebas.has(key) ? " last" : ""}`, "data-amoeba": key }, view.amoebas);
        shape(a.seat, ax, ay, 11, g);
        el("text", { x: ax, y: ay + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold" }, g).textContent = a.number;
        if (a.dp) el("text", { x: ax + 10, y: ay - 9, "font-size": 12, fill: "#b00", "font-weight": "bold" }, g).textContent = "+".repeat(a.dp);
        el("title", {}, g).textContent = t("amoeba_title", { seat: seatName(a.seat), n: a.number, dp: a.dp });
        if (offered.amoebas.has(key)) this._button(g, t("board_target", { seat: seatName(a.seat), n: a.number }), () => this.onAmoeba?.(a));
      });
      const foodText = f.food.map((n, s) => `${n} ${colour(s)}`).join(", ");
      view.title.textContent = t("board_field_title", { field: f.name, food: foodText || t("nothing"), n: list.length });
      view.g.classList.toggle("offered", offered.fields.has(f.name));
      view.g.classList.toggle("selected", selected === f.name);
      view.g.classList.toggle("last", this.last.fields.has(f.name));
      if (offered.fields.has(f.name)) this._button(view.g, t("board_field", { field: f.name }), () => this.onField?.(f.name), view.hit);
      else this._unbutton(view.g, view.hit);
    }
    this.svg.setAttribute("aria-label", t("board_drift", { dir: dir(card?.drift), drift: card?.drift ?? "none" }));
    this.onDraw?.(state, offered, selected); // the board in words follows (board-text.js)
  }

  /** ``g`` answers a click anywhere on it; ``control`` (``g`` itself unless given) is the
   * button the keyboard and a screen reader reach. Focusing ``g`` passes to the control. */
  _button(g, label, fn, control = g) {
    g.classList.add("offered");
    control.setAttribute("tabindex", "0");
    control.setAttribute("role", "button");
    control.setAttribute("aria-label", label);
    if (control !== g) {
      g.setAttribute("tabindex", "-1");
      g.onfocus = () => control.focus();
    }
    g.onclick = (ev) => { ev.stopPropagation(); fn(); };
    g.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fn(); } };
  }

  _unbutton(g, control = g) {
    for (const node of new Set([g, control])) {
      node.removeAttribute("tabindex"); node.removeAttribute("role"); node.removeAttribute("aria-label");
    }
    g.onclick = null; g.onkeydown = null; g.onfocus = null;
  }
}

/** The scoring ladder 0–50 with each colour's marker (shape + colour): 13 squares a row,
 * big enough that the numbers stay readable when the ladder shrinks to a phone's width. */
export function drawLadder(container, state) {
  const cols = 13, w = 38, h = 42;
  const svg = el("svg", { class: "ladder", viewBox: `0 0 ${cols * w + 4} ${Math.ceil(51 / cols) * h + 4}`, width: "100%", role: "img" });
  const at = {};
  for (const p of state.seats) (at[p.score] ||= []).push(p.seat);
  for (let i = 0; i <= 50; i++) {
    const x = (i % cols) * w + 2, y = Math.floor(i / cols) * h + 2;
    el("rect", { x, y, width: w - 2, height: h - 2, fill: i >= 40 ? "#fde3c8" : "#fff", stroke: "#aaa" }, svg);
    el("text", { x: x + 3, y: y + 15 }, svg).textContent = i;
    (at[i] || []).forEach((s, k) => shape(s, x + 9 + (k % 3) * 10, y + 24 + Math.floor(k / 3) * 10, 4.5, svg));
  }
  svg.setAttribute("aria-label", t("ladder_label", { scores: state.seats.map((p) => t("ladder_score", { seat: seatName(p.seat), score: p.score })).join(", ") }));
  container.replaceChildren(svg);
}
