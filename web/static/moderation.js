// The moderators' page (docs/api.md, "Reports and moderation"): the queue of reports, open
// ones first (GET /moderation/reports), a form on each open report to act on it (POST
// /moderation/actions), and the audit log (GET /moderation/log). The server decides who is
// a moderator: anybody else gets 403 not_moderator, and the page says so. Every name,
// comment and message goes on the page as text (dom.js).
import { ApiError, call, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { lang, t, translatePage } from "./i18n.js";
import { setTitle } from "./notify.js";

const $ = (id) => document.getElementById(id);
/** The actions of the API's ModerationAction, in its order; a report's form offers them all. */
const ACTIONS = ["warn", "mute", "bar_rated", "close_account", "lift", "dismiss"];
const token = () => myPlayer()?.token;

const when = (iso) => new Date(iso).toLocaleString(lang());
const playerLink = (id, name) => h("a", { href: `/players/${encodeURIComponent(id)}` }, name);

function fail(err) {
  if (!(err instanceof ApiError)) throw err;
  const key = `moderation_${err.problem?.code}`;
  $("moderation-error").textContent = t(key) === key ? err.message : t(key);
}

function header(keys) {
  return h("tr", {}, keys.map((k) => h("th", {}, t(k))));
}

/** A cell with its column's name, which the narrow layout shows before the value. */
const cell = (key, ...content) => h("td", { "data-label": t(key) }, ...content);

/** The form that acts on one open report. */
function actForm(report) {
  const action = h("select", { class: "act-action", "aria-label": t("moderation_action") },
    ACTIONS.map((a) => h("option", { value: a }, t(`moderation_action_${a}`))));
  const hours = h("input", { class: "act-hours", type: "number", min: "1", max: "8760", placeholder: t("moderation_hours"), title: t("moderation_hours_hint"), "aria-label": t("moderation_hours") });
  const reason = h("input", { class: "act-reason", maxlength: "500", required: true, placeholder: t("moderation_reason"), "aria-label": t("moderation_reason") });
  const form = h("form", { class: "act-form" }, action, " ", hours, " ", reason, " ", h("button", { type: "submit" }, t("moderation_act")));
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    $("moderation-error").textContent = "";
    const body = { action: action.value, reason: reason.value.trim(), report_id: report.id };
    if (hours.value) body.hours = Number(hours.value);
    try {
      await call("/moderation/actions", { method: "POST", token: token(), body });
      $("moderation-status").textContent = t("moderation_done", { action: t(`moderation_action_${body.action}`), name: report.player_name });
      await Promise.all([showQueue(), showLog()]);
    } catch (err) { fail(err); }
  };
  return form;
}

async function showQueue() {
  const status = $("queue-status").value;
  const query = status ? `?status=${status}` : "";
  const reports = (await call(`/moderation/reports${query}`, { token: token() })).data;
  const table = $("queue");
  if (!reports.length) { put(table, h("tr", {}, h("td", { class: "muted" }, t("moderation_none")))); return; }
  put(table, header(["moderation_th_reported", "moderation_th_by", "moderation_th_reason", "moderation_th_what", "moderation_th_when", "moderation_th_status"]));
  for (const r of reports) {
    const what = [];
    if (r.message_text !== null) what.push(h("div", { class: "reported-message" }, t("moderation_message", { text: r.message_text })));
    if (r.comment) what.push(h("div", { class: "report-comment-text" }, r.comment));
    table.append(h("tr", { class: `report-row ${r.status}`, "data-id": r.id },
      cell("moderation_th_reported", playerLink(r.player_id, r.player_name)),
      cell("moderation_th_by", playerLink(r.reporter_id, r.reporter_name)),
      cell("moderation_th_reason", t(`report_reason_${r.reason}`)),
      cell("moderation_th_what", what),
      cell("moderation_th_when", when(r.created_at)),
      cell("moderation_th_status", r.status === "open" ? actForm(r) : t("moderation_status_closed"))));
  }
}

async function showLog() {
  const entries = (await call("/moderation/log", { token: token() })).data;
  const table = $("log");
  if (!entries.length) { put(table, h("tr", {}, h("td", { class: "muted" }, t("none")))); return; }
  put(table, header(["moderation_th_when", "moderation_th_moderator", "moderation_th_action", "moderation_th_reported", "moderation_th_reason"]));
  for (const e of entries) {
    const until = ["mute", "bar_rated"].includes(e.action)
      ? " " + (e.until ? t("moderation_until", { when: when(e.until) }) : t("moderation_until_lifted")) : "";
    table.append(h("tr", { class: "log-row", "data-action": e.action },
      cell("moderation_th_when", when(e.created_at)),
      cell("moderation_th_moderator", e.moderator_name),
      cell("moderation_th_action", t(`moderation_action_${e.action}`) + until),
      cell("moderation_th_reported", playerLink(e.player_id, e.player_name)),
      cell("moderation_th_reason", e.reason)));
  }
}

async function main() {
  translatePage();
  setTitle(t("moderation_page_title"));
  if (!token()) {
    $("signed-out").hidden = false;
  } else {
    try {
      await Promise.all([showQueue(), showLog()]);
      $("queue-card").hidden = $("log-card").hidden = false;
      $("queue-status").onchange = () => showQueue().catch(fail);
    } catch (err) {
      if (err instanceof ApiError && err.problem?.code === "not_moderator") $("not-moderator").hidden = false;
      else fail(err);
    }
  }
  document.body.dataset.ready = "1";
}

main();
