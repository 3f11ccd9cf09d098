// The board as SVG, drawn from GET /rules (fields on the 5×5 grid, island, compass) and a
// game's public state (amoebas, food). Offered fields/amoebas become buttons.
import { t } from "./i18n.js";
import { SHAPES, seatName, dir } from "./words.js";

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
    this.svg = el("svg", { class: "board", viewBox: `0 0 ${grid.columns.length * CELL} ${grid.rows.length * CELL}`, role: "group", "aria-label": "The board" });
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
      el("rect", { class: "bg", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 10 }, g);
      el("text", { x: 8, y: 20, "font-size": 15, "font-weight": "bold", fill: "#234" }, g).textContent = f.name;
      const title = el("title", {}, g);
      this.fields[f.name] = { g, title, food: el("g", {}, g), amoebas: el("g", {}, g) };
    }
    this.onField = null;
    this.onAmoeba = null;
  }

  _compass(cx, cy) {
    const g = el("g", { class: "compass", transform: `translate(${cx * CELL + CELL / 2},${cy * CELL + CELL / 2})`, "aria-label": "compass" }, this.svg);
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
      let x = 8;
      f.food.forEach((n, s) => {
        if (!n) return;
        shape(s, x + 6, CELL - 16, 5, view.food);
        el("text", { x: x + 13, y: CELL - 11, "font-size": 13 }, view.food).textContent = n;
        x += 28;
      });
      const list = byField[f.name] || [];
      list.forEach((a, i) => {
        const ax = 26 + (i % 3) * 34, ay = 44 + Math.floor(i / 3) * 34;
        const key = `${a.seat}:${a.number}`;
        const g = el("g", { class: "amoeba", "data-amoeba": key }, view.amoebas);
        shape(a.seat, ax, ay, 13, g);
        el("text", { x: ax, y: ay + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold" }, g).textContent = a.number;
        if (a.dp) el("text", { x: ax + 10, y: ay - 9, "font-size": 12, fill: "#b00", "font-weight": "bold" }, g).textContent = "+".repeat(a.dp);
        el("title", {}, g).textContent = t("amoeba_title", { seat: seatName(a.seat), n: a.number, dp: a.dp });
        if (offered.amoebas.has(key)) this._button(g, `Target ${seatName(a.seat)} amoeba ${a.number}`, () => this.onAmoeba?.(a));
      });
      const foodText = f.food.map((n, s) => `${n} ${["orange", "sky blue", "green", "pink"][s]}`).join(", ");
      view.title.textContent = `${f.name}: food ${foodText}; ${list.length} amoebas`;
      view.g.classList.toggle("offered", offered.fields.has(f.name));
      view.g.classList.toggle("selected", selected === f.name);
      if (offered.fields.has(f.name)) this._button(view.g, `Field ${f.name}`, () => this.onField?.(f.name));
      else this._unbutton(view.g);
    }
    this.svg.setAttribute("aria-label", `The board; current drift ${dir(card?.drift)}`);
  }

  _button(g, label, fn) {
    g.classList.add("offered");
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
    g.onclick = (ev) => { ev.stopPropagation(); fn(); };
    g.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fn(); } };
  }

  _unbutton(g) {
    g.removeAttribute("tabindex"); g.removeAttribute("role"); g.removeAttribute("aria-label");
    g.onclick = null; g.onkeydown = null;
  }
}

/** The scoring ladder 1–50 with each seat's marker (shape + colour). */
export function drawLadder(container, state) {
  const svg = el("svg", { class: "ladder", viewBox: "0 0 500 110", width: "100%", role: "img" });
  const at = {};
  for (const p of state.seats) (at[p.score] ||= []).push(p.seat);
  for (let i = 0; i <= 50; i++) {
    const col = i % 17, row = Math.floor(i / 17);
    const x = col * 29 + 2, y = row * 36 + 2;
    el("rect", { x, y, width: 27, height: 34, fill: i >= 40 ? "#fde3c8" : "#fff", stroke: "#aaa" }, svg);
    el("text", { x: x + 2, y: y + 10 }, svg).textContent = i;
    (at[i] || []).forEach((s, k) => shape(s, x + 7 + (k % 2) * 12, y + 18 + Math.floor(k / 2) * 10, 4.5, svg));
  }
  svg.setAttribute("aria-label", "Scores: " + state.seats.map((p) => `${seatName(p.seat)} ${p.score}`).join(", "));
  container.replaceChildren(svg);
}
