// The account page's notices: the email address (verified by a mailed link), which notices
// and how often, in this page's language where the emails are written in it, and Web Push on
// this browser (push.js). The address is shown here to its player only (docs/api.md,
// "Notices by email and push").
import { ApiError, call, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { lang, t } from "./i18n.js";
import { pushControl } from "./push.js";

// The languages the emails are written in (the `lang` of PUT /players/me/notices, a closed
// set of the API): a page in another language leaves the emails' language as it was.
const MAIL_LANGUAGES = ["en", "de", "nl", "es"];
const mailLang = () => (MAIL_LANGUAGES.includes(lang()) ? lang() : undefined);

/** Draw the notices card into ``card`` for the signed-in player; ``fail`` shows a refusal. */
export async function showNoticeSettings(card, fail) {
  const player = myPlayer();
  if (!player) { card.hidden = true; return; }
  let choices;
  try {
    choices = (await call("/players/me/notices", { token: player.token })).data;
  } catch (err) { fail(err); return; }
  card.hidden = false;
  const redraw = () => showNoticeSettings(card, fail);
  const save = async (path, method, body) => {
    try {
      await call(path, { method, body, token: player.token });
      await redraw();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      fail(err);
    }
  };

  const status = choices.email === null ? t("notices_no_address")
    : choices.unsubscribed ? t("notices_unsubscribed", { email: choices.email })
    : choices.email_verified ? t("notices_verified", { email: choices.email })
    : t("notices_unverified", { email: choices.email });

  const address = h("input", { id: "notice-email", type: "email", maxlength: "254", required: true, autocomplete: "email", value: choices.email ?? "" });
  const addressForm = h("form", { id: "notice-email-form", class: "seatrow" },
    h("label", {}, h("span", {}, t("notices_address")), " ", address),
    h("button", { type: "submit" }, t("notices_save_address")));
  addressForm.onsubmit = (ev) => { ev.preventDefault(); save("/players/me/email", "PUT", { address: address.value.trim(), lang: mailLang() }); };

  const kinds = h("fieldset", { id: "notice-kinds" }, h("legend", {}, t("notices_kinds")),
    ...choices.kinds_available.map((kind) => h("label", { class: "check" },
      h("input", { type: "checkbox", name: "kind", value: kind, checked: choices.kinds.includes(kind) }),
      " ", t(`notice_kind_${kind}`))));
  const cadence = h("fieldset", { id: "notice-cadence" }, h("legend", {}, t("notices_cadence")),
    ...["now", "digest"].map((c) => h("label", { class: "check" },
      h("input", { type: "radio", name: "cadence", value: c, checked: choices.cadence === c }),
      " ", t(`notice_cadence_${c}`))));
  const choicesForm = h("form", { id: "notice-choices" }, kinds, cadence,
    h("button", { type: "submit" }, t("notices_save_choices")));
  choicesForm.onsubmit = (ev) => {
    ev.preventDefault();
    const picked = [...choicesForm.querySelectorAll("input[name=kind]:checked")].map((i) => i.value);
    const how = choicesForm.querySelector("input[name=cadence]:checked")?.value ?? "now";
    save("/players/me/notices", "PUT", { kinds: picked, cadence: how, lang: mailLang() });
  };

  const remove = choices.email === null ? null
    : h("button", { type: "button", id: "notice-remove" }, t("notices_remove"));
  if (remove) remove.onclick = () => save("/players/me/email", "DELETE");

  put(card,
    h("h2", {}, t("notices_title")),
    h("p", { class: "muted" }, t("notices_text")),
    choices.email_available ? [
      h("p", { id: "notice-status", role: "status" }, status),
      addressForm, choicesForm, remove && h("div", { class: "seatrow" }, remove),
    ] : h("p", { id: "notice-status" }, t("notices_no_email_here")),
    h("h3", {}, t("push_title")),
    h("div", { id: "notice-push", class: "seatrow" }));
  await pushControl(card.querySelector("#notice-push"), choices.push_available, fail);
}
