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

/** The fields of the tournament form, by the API's names: the words a refusal names them by. */
const FIELD_WORDS = { name: "tn_f_name", format: "tn_f_format", players: "tn_f_table", variant: "tn_f_table",
  rounds: "tn_f_rounds", duration: "tn_f_minutes", time_control: "tn_f_clock", service_bots: "tn_f_bots",
  starts_at: "tn_f_starts", rated: "tn_f_rated", private: "tn_f_private" };

/** A refusal of the API in the page's words: its stable ``code`` says which text (the
 * request's fields named as the form names them); a code the page has no words for shows
 * the API's own ``detail``. */
export function problemWords(err) {
  const problem = err?.problem;
  if (!problem?.code) return err?.message || String(err);
  if (problem.code === "validation_error") {
    const fields = Object.values(problem.errors || {}).flatMap((byField) => Object.keys(byField));
    return t("tn_err_validation_error", { fields: fields.map((f) => (FIELD_WORDS[f] ? t(FIELD_WORDS[f]) : f)).join(", ") });
  }
  const key = `tn_err_${problem.code}`;
  const text = t(key, { detail: problem.detail || "" });
  return text === key ? (problem.detail || err.message) : text;
}
