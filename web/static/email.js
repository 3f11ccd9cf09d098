// The links of the notice emails: /email?verify=<token> confirms an address at once;
// /email?unsubscribe=<key> asks for one click (mail clients use the List-Unsubscribe
// header instead, which needs none: docs/api.md, "Notices by email and push").
import { ApiError, call } from "./api.js";
import { t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

async function run() {
  const params = new URLSearchParams(location.search);
  const result = $("email-result");
  const said = (key) => { result.textContent = t(key); };
  try {
    if (params.has("verify")) {
      await call("/notices/verify", { method: "POST", body: { token: params.get("verify") } });
      said("email_verified");
    } else if (params.has("unsubscribe")) {
      said("email_unsubscribe_ask");
      const button = $("unsubscribe");
      button.hidden = false;
      button.onclick = async () => {
        try {
          await call(`/notices/unsubscribe?key=${encodeURIComponent(params.get("unsubscribe"))}`, { method: "POST" });
          button.hidden = true;
          said("email_unsubscribed");
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          said("email_link_unknown");
        }
      };
    } else {
      said("email_link_unknown");
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    said("email_link_unknown");
  }
}

translatePage();
run().finally(() => { document.body.dataset.ready = "1"; });
