import type { Locale } from "../i18n/locale.ts";
import type { Email } from "../platform/email.server.ts";
import { escapeHtml } from "../platform/text.ts";

/** A directory e-mail of plain paragraphs, as text and as the same paragraphs in HTML. */
export function paragraphsEmail(
  to: { email: string; locale: Locale },
  subject: string,
  lines: string[],
  headers?: Record<string, string>,
): Email {
  return {
    to: to.email,
    subject,
    text: lines.join("\n\n"),
    html: `<!doctype html><html lang="${to.locale}"><body style="font-family:sans-serif;color:#1f2937">\n${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}\n</body></html>`,
    ...(headers ? { headers } : {}),
  };
}
