// Building the pages from data: every string goes in as a text node, never as markup, so a
// name, a label or a message shows as the characters its author typed and cannot run as
// script (docs/web.md, "Text is never markup"). The pages use these instead of innerHTML.
import { tParts } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** ``children`` flattened, strings and numbers as text, null/undefined/false left out. */
function fill(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined && v !== false) el.setAttribute(k, v === true ? "" : v);
  return fill(el, children);
}

/** An HTML element: ``h("td", { class: "num", title: name }, "3", chipNode)``. */
export function h(tag, attrs = {}, ...children) { return build(document.createElement(tag), attrs, children); }

/** An SVG element, the same way. */
export function svg(tag, attrs = {}, ...children) { return build(document.createElementNS(SVG_NS, tag), attrs, children); }

/** Several nodes and texts as one fragment (a value that is appended as a whole). */
export function frag(...children) { return fill(document.createDocumentFragment(), children); }

/** The translation of ``key`` with its ``{placeholders}`` filled by texts or nodes (a die, a
 * gene card): the translation's own words stay text too. */
export function tn(key, vars = {}) { return frag(tParts(key, vars)); }

/** ``el``'s content replaced by ``children``. */
export function put(el, ...children) { el.replaceChildren(); return fill(el, children); }
