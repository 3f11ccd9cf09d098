// The rating pools (docs/api.md, "Ratings") as the pages name them: a game size, or a
// 2-player variant named by its message (variant_name), explained by GET /rules `texts`.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The pools the server rates: the game sizes (3p … 6p), then the 2-player variants. */
export function poolsOf(rules) {
  return [
    ...rules.rules.players.filter((n) => n > 2).map((n) => ({ id: `${n}p`, label: t("pool_players", { n }) })),
    ...rules.rules.variants.map((v) => ({ id: v.id, label: t("pool_variant", { variant: v.id }) })),
  ];
}

/** A pool's name; an id the rules do not know is shown as it is. */
export function poolLabel(rules, id) {
  return poolsOf(rules).find((p) => p.id === id)?.label ?? id;
}

/** The game sizes a form offers, as <option>s: "4" (``count`` names it), then "2:<variant>"
 * for each 2-player variant, titled by its explanation in the page's language. */
export function playerOptions(rules, count = (n) => String(n)) {
  return [...rules.rules.players.map((n) => h("option", { value: n }, count(n))),
    ...rules.rules.variants.map((v) => h("option", { value: `${v.players}:${v.id}`, title: rules.texts?.variants?.[v.id] ?? "" }, t("variant_option", { n: v.players, variant: v.id })))];
}
