import { LOCALES, type Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import type { Email } from "../platform/email.server.ts";
import { escapeHtml } from "../platform/text.ts";

/** One message with a single action link, in the player's language, as plain text and HTML. */
function actionEmail(
  kind: "verify" | "reset" | "existing",
  to: { email: string; name: string; locale: string },
  url: string,
): Email {
  const locale: Locale = (LOCALES as readonly string[]).includes(to.locale)
    ? (to.locale as Locale)
    : "en-CA";
  const t = serverT(locale);
  const greeting = t("email.greeting", { name: to.name });
  const lines = [t(`email.${kind}.text`), t("email.ignore"), t("email.signature")];
  return {
    to: to.email,
    subject: t(`email.${kind}.subject`),
    text: [greeting, "", lines[0], url, "", lines[1], "", lines[2]].join("\n"),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lines[0] ?? "")}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t(`email.${kind}.button`))}</a></p>
<p style="font-size:14px">${escapeHtml(url)}</p>
<p>${escapeHtml(lines[1] ?? "")}</p>
<p>${escapeHtml(lines[2] ?? "")}</p>
</body></html>`,
  };
}

export const verificationEmail = (
  to: { email: string; name: string; locale: string },
  url: string,
) => actionEmail("verify", to, url);

export const passwordResetEmail = (
  to: { email: string; name: string; locale: string },
  url: string,
) => actionEmail("reset", to, url);

/** Sign-up with an address that already has an account: the owner hears of it, nobody else. */
export const existingAccountEmail = (
  to: { email: string; name: string; locale: string },
  loginUrl: string,
) => actionEmail("existing", to, loginUrl);
