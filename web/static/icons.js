// Icons the page draws itself as inline SVG, so none depends on an emoji font being
// installed (a browser without one shows empty boxes for ⏱, ⏮ or ⚀). Each is built as
// DOM nodes (dom.js), like everything else on the pages.
import { svg } from "./dom.js";

const icon16 = (parts, label = "") => svg("svg", {
  class: "icon", viewBox: "0 0 16 16", width: "1em", height: "1em",
  ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" }),
}, parts.map(([tag, attrs]) => svg(tag, attrs)));

const LINE = { stroke: "currentColor", "stroke-width": "2" };
const SHAPES = {
  clock: [["circle", { cx: 8, cy: 9, r: 6, fill: "none", stroke: "currentColor", "stroke-width": "1.6" }],
    ["path", { d: "M8 9V5.5M8 9l2.5 1.5M6 1.5h4", stroke: "currentColor", "stroke-width": "1.6", fill: "none", "stroke-linecap": "round" }]],
  first: [["path", { d: "M3 2v12", ...LINE }], ["path", { d: "M13 2 5 8l8 6z", fill: "currentColor" }]],
  prev: [["path", { d: "M12 2 4 8l8 6z", fill: "currentColor" }]],
  next: [["path", { d: "M4 2l8 6-8 6z", fill: "currentColor" }]],
  last: [["path", { d: "M13 2v12", ...LINE }], ["path", { d: "M3 2l8 6-8 6z", fill: "currentColor" }]],
};

/** An icon by name (clock, first, prev, next, last) as an SVG element. */
export function icon(name, label = "") { return icon16(SHAPES[name], label); }

// Pip positions of a die face on a 16-unit square.
const PIPS = { 1: [[8, 8]], 2: [[4, 4], [12, 12]], 3: [[4, 4], [8, 8], [12, 12]],
  4: [[4, 4], [12, 4], [4, 12], [12, 12]], 5: [[4, 4], [12, 4], [8, 8], [4, 12], [12, 12]],
  6: [[4, 4], [12, 4], [4, 8], [12, 8], [4, 12], [12, 12]] };

/** A die showing ``face`` (1..6) as an SVG element. */
export function dieFace(face) {
  const pips = (PIPS[face] || []).map(([cx, cy]) => ["circle", { cx, cy, r: "1.6", fill: "currentColor" }]);
  return icon16([["rect", { x: ".8", y: ".8", width: "14.4", height: "14.4", rx: "3", fill: "#fff", stroke: "currentColor", "stroke-width": "1.2" }], ...pips]);
}

/** The food mark of the board's legend: a circle in the first colour's fill. */
export function foodMark() {
  return icon16([["circle", { cx: 8, cy: 8, r: 6, class: "s1", stroke: "#222" }]]);
}
