import { desc, lt } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { outboxEmail, type StoredAttachment } from "../db/schema/platform.ts";
import type { Locale } from "../i18n/locale.ts";
import { pageOf } from "./query.ts";
import { escapeHtml } from "./text.ts";

export type { StoredAttachment };

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: StoredAttachment[];
  /**
   * Extra header lines (List-Unsubscribe…); the worker sets From, To, Subject and Message-ID, and
   * adds the postal address at the foot.
   */
  headers?: Record<string, string>;
};

/** A short message of plain paragraphs, as text and as the same paragraphs in HTML. */
export function paragraphsEmail(
  to: string,
  subject: string,
  paragraphs: string[],
  locale: Locale,
  headers?: Email["headers"],
): Email {
  return {
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
</body></html>`,
    ...(headers ? { headers } : {}),
  };
}

/** The channel the mail worker listens on; PostgreSQL delivers a notification only on commit. */
export const OUTBOX_CHANNEL = "outbox_email";

/**
 * Queues a message in the caller's transaction (or on its own with the pool): it exists, and the
 * mail worker sends it, only if that transaction commits. Never waits for a mail server.
 */
export async function enqueueEmail(dbOrTx: Db | Tx, email: Email): Promise<void> {
  await dbOrTx.insert(outboxEmail).values(email);
  await dbOrTx.execute(`notify ${OUTBOX_CHANNEL}`);
}

export const OUTBOX_PAGE_SIZE = 50;

/** A page of the outbox, newest first; `before` is the last id of the previous page. */
export async function readOutbox(db: Db, before?: number) {
  const messages = await db
    .select()
    .from(outboxEmail)
    .where(before === undefined ? undefined : lt(outboxEmail.id, before))
    .orderBy(desc(outboxEmail.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
  const page = pageOf(messages, OUTBOX_PAGE_SIZE, (last) => last.id);
  return { messages: page.items, olderBefore: page.next ?? undefined };
}
