// Reporting a player or a chat message to the moderators (POST /reports; docs/api.md,
// "Reports and moderation"): a small button that opens a form in place, the reasons the
// API names (ReportReason), an optional comment, and a word of thanks once it is sent.
// Everything is put on the page as text (dom.js).
import { ApiError, callAsPlayer, myPlayer } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The reasons of the API's ReportReason, in its order. */
export const REASONS = ["abuse", "cheating", "spam", "name", "other"];

/** A "Report" button with its form, for ``target``: ``{player_id}`` or ``{message: {game_id,
 * message_id}}``; ``name``: whom it reports, for the button's title. */
export function reportControl(target, name) {
  const box = h("span", { class: "report" });
  const button = h("button", { type: "button", class: "report-open", title: t(target.message ? "report_message_title" : "report_title", { name }) }, t("report"));
  const reason = h("select", { class: "report-reason", "aria-label": t("report_reason") },
    REASONS.map((r) => h("option", { value: r }, t(`report_reason_${r}`))));
  const comment = h("input", { class: "report-comment", maxlength: "500", placeholder: t("report_comment"), "aria-label": t("report_comment") });
  const status = h("span", { class: "report-status", role: "status" });
  const form = h("form", { class: "report-form", hidden: true },
    reason, " ", comment, " ", h("button", { type: "submit" }, t("report_send")), " ",
    h("button", { type: "button", class: "report-cancel" }, t("report_cancel")));
  button.onclick = () => { form.hidden = !form.hidden; status.textContent = ""; };
  form.querySelector(".report-cancel").onclick = () => { form.hidden = true; };
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const body = { ...target, reason: reason.value };
    if (comment.value.trim()) body.comment = comment.value.trim();
    try {
      await callAsPlayer("/reports", { method: "POST", body }, myPlayer()?.name || t("chat_guest"));
      form.hidden = true;
      comment.value = "";
      status.textContent = t("report_sent");
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const key = `report_${err.problem?.code}`;
      status.textContent = t(key) === key ? err.message : t(key);
    }
  };
  box.append(button, " ", form, " ", status);
  return box;
}
