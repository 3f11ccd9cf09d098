// How the tournament pages say a tournament's terms, in the page's language.
import { lang, t } from "./i18n.js";

export function formatText(x) {
  if (x.format === "swiss") return t("tn_swiss_rounds", { n: x.rounds });
  if (x.format === "round_robin") return t("tn_round_robin");
  return t("tn_arena_minutes", { m: Math.round((x.duration || 0) / 60) });
}

export function termsText(x) {
  const size = x.variant ? x.variant : t("qp_players_n", { n: x.players });
  return [size, x.rated ? t("qp_rated") : t("qp_unrated")].join(" · ");
}

export function when(iso) {
  if (!iso) return "";
  return new Date(iso).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
}

export function score(value) {
  return Number(value).toLocaleString(lang(), { maximumFractionDigits: 3 });
}

/** The lobby's card: the tournaments this browser's player could enter now. */
export async function drawEnterable(table, call, token, h, put) {
  const items = (await call("/tournaments?enterable=true", { token })).data.items;
  if (!items.length) {
    put(table, h("tr", {}, h("td", { class: "muted" }, t("tn_lobby_none"))));
    return;
  }
  put(table, items.map((x) => h("tr", { class: "tournament", "data-id": x.id },
    h("td", {}, h("a", { href: `/tournaments/${x.id}` }, x.name)),
    h("td", {}, formatText(x)), h("td", {}, termsText(x)),
    h("td", {}, x.status === "upcoming" ? t("tn_starts", { when: when(x.starts_at) }) : t("tn_running")))));
}
