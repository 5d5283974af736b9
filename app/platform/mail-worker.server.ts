import { and, asc, eq, lte, notInArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type pg from "pg";
import type { Db } from "../db/client.server.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { OUTBOX_CHANNEL } from "./email.server.ts";
import type { Storage } from "./storage.server.ts";
import { escapeHtml } from "./text.ts";

/** An outbox row ready for the wire, its attachments read from storage. */
export type OutgoingMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** Hands one message over; resolves once the other side has accepted it, throws otherwise. */
export type Deliver = (message: OutgoingMessage) => Promise<void>;

export function smtpDelivery(smtpUrl: string): Deliver {
  // A message's row stays locked while it is sent: a mail server that stops answering must not
  // hold it for nodemailer's default of ten minutes.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (message) => {
    await transport.sendMail(message);
  };
}

/**
 * Without SMTP_URL, messages are "delivered" to the server's log. The body holds sign-in links,
 * which are secrets, and the recipient is a player's address: only development shows them;
 * production prints the Message-ID and subject (decision 0044: no e-mail address in the log).
 */
export function logDelivery(log: (line: string) => void, options: { showBody: boolean }): Deliver {
  return async (message) => {
    if (!options.showBody) return log(`[mail] ${message.messageId}: ${message.subject}`);
    const files = message.attachments.map((attachment) => `\n[attached: ${attachment.filename}]`);
    log(`[mail] to ${message.to}: ${message.subject}\n${message.text}${files.join("")}`);
  };
}

/**
 * The sender's postal address as the last line of a message, text and HTML. Added here, where the
 * From header is set, so that no message can leave without it (CASL) and the setting is read once.
 */
function withPostalAddress<Message extends { text: string; html: string }>(
  message: Message,
  postalAddress: string,
): Message {
  const footer = `<p style="font-size:13px;color:#64748b">${escapeHtml(postalAddress)}</p>\n`;
  const end = message.html.lastIndexOf("</body>");
  return {
    ...message,
    text: `${message.text}\n\n${postalAddress}`,
    html:
      end === -1
        ? `${message.html}\n${footer}`
        : `${message.html.slice(0, end)}${footer}${message.html.slice(end)}`,
  };
}

/** Exponential back-off: firstMs after the first failed attempt, doubling, never above maxMs. */
export function retryDelayMs(attempts: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** (attempts - 1), maxMs);
}

export type MailWorkerOptions = {
  db: Db;
  from: string;
  /** MAIL_POSTAL_ADDRESS, at the foot of every message. */
  postalAddress: string;
  deliver: Deliver;
  storage: Storage;
  /** Where failures are reported. */
  log: (line: string) => void;
  /** How often to look for due messages without a notification (retries are found this way). */
  pollMs?: number;
  /** After this many failed attempts a message is marked failed and left alone. */
  maxAttempts?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
};

/** Messages one pass handles before the loop starts another (and checks for shutdown). */
const PASS_SIZE = 100;

type Outcome = { id: number; result: "sent" | "retried" | "failed"; error?: string };

/**
 * Sends the outbox: each message in a transaction of its own that locks its row
 * (`FOR UPDATE SKIP LOCKED`, so other server processes take other rows), hands it to `deliver`
 * and marks it sent, or schedules a retry, before committing. A crash after the mail server
 * accepted a message and before the commit leaves it pending: it is sent again, with the same
 * Message-ID (docs/decisions/0006-mail-outbox.md).
 */
export function createMailWorker(options: MailWorkerOptions) {
  const { db, storage, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const firstRetryMs = options.firstRetryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 60 * 60_000;
  const messageIdDomain = /@([^\s@>]+)>?\s*$/.exec(options.from)?.[1] ?? "localhost";

  let stopping = false;
  let running: Promise<void> | undefined;
  let listener: pg.PoolClient | undefined;
  let poked = false;
  let wake: (() => void) | undefined;

  const poke = () => {
    poked = true;
    wake?.();
  };

  async function outgoing(row: typeof outboxEmail.$inferSelect): Promise<OutgoingMessage> {
    const attachments = await Promise.all(
      row.attachments.map(async (attachment) => {
        const content = await storage.read(attachment.folder, attachment.name);
        if (!content)
          throw new Error(`attachment ${attachment.folder}/${attachment.name} is missing`);
        return { filename: attachment.filename, contentType: attachment.contentType, content };
      }),
    );
    return withPostalAddress(
      {
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<${row.messageId}@${messageIdDomain}>`,
        headers: row.headers,
        attachments,
      },
      options.postalAddress,
    );
  }

  /** Claims, sends and settles the oldest due message not in `skip`; undefined when none is due. */
  function sendNext(skip: number[]): Promise<Outcome | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outboxEmail)
        .where(
          and(
            eq(outboxEmail.status, "pending"),
            lte(outboxEmail.nextAttemptAt, sql`now()`),
            skip.length > 0 ? notInArray(outboxEmail.id, skip) : undefined,
          ),
        )
        .orderBy(asc(outboxEmail.nextAttemptAt), asc(outboxEmail.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return undefined;
      const attempts = row.attempts + 1;
      let error: string | undefined;
      try {
        await options.deliver(await outgoing(row));
      } catch (caught) {
        error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 2000);
      }
      if (error === undefined) {
        await tx
          .update(outboxEmail)
          .set({ status: "sent", attempts, sentAt: sql`now()`, lastError: null })
          .where(eq(outboxEmail.id, row.id));
        return { id: row.id, result: "sent" };
      }
      const failed = attempts >= maxAttempts;
      const delaySeconds = retryDelayMs(attempts, firstRetryMs, maxRetryMs) / 1000;
      await tx
        .update(outboxEmail)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError: error,
          nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
        })
        .where(eq(outboxEmail.id, row.id));
      return { id: row.id, result: failed ? "failed" : "retried", error };
    });
  }

  function report(outcome: Outcome) {
    if (outcome.result === "failed") {
      log(
        `[mail] message ${outcome.id} failed after ${maxAttempts} attempts, not retried: ${outcome.error}`,
      );
    } else if (outcome.result === "retried") {
      log(`[mail] message ${outcome.id} not sent, will retry: ${outcome.error}`);
    }
  }

  /**
   * Sends every message due now, up to PASS_SIZE, each at most once in this pass (a failure
   * retried without delay waits for the next pass).
   */
  async function sendDue() {
    const counts = { sent: 0, retried: 0, failed: 0 };
    const done: number[] = [];
    while (!stopping && done.length < PASS_SIZE) {
      const outcome = await sendNext(done);
      if (!outcome) break;
      done.push(outcome.id);
      counts[outcome.result] += 1;
      report(outcome);
    }
    return counts;
  }

  /** Notifications from enqueueEmail, sent by PostgreSQL when the enqueuing transaction commits. */
  async function listen() {
    if (listener) return;
    const client = await db.$client.connect();
    client.on("notification", poke);
    client.on("error", (error) => {
      if (listener !== client) return;
      log(`[mail] stopped listening for new mail (polling meanwhile): ${error.message}`);
      listener = undefined;
      client.release(error);
    });
    try {
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    listener = client;
  }

  function sleep() {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function run(ready: () => void) {
    while (!stopping) {
      poked = false;
      let full = false;
      try {
        await listen();
        const counts = await sendDue();
        full = counts.sent + counts.retried + counts.failed >= PASS_SIZE;
      } catch (error) {
        log(`[mail] the outbox could not be read: ${(error as Error).message}`);
      }
      ready();
      if (!full && !poked && !stopping) await sleep();
    }
    ready();
  }

  return {
    sendDue,
    /** Starts sending in the background; resolves after the first pass over the outbox. */
    start(): Promise<void> {
      return new Promise((ready) => {
        running = run(ready);
      });
    },
    /** Lets the message being sent finish, then stops; the rest waits in the outbox. */
    async stop() {
      stopping = true;
      wake?.();
      await running;
      listener?.release(true);
      listener = undefined;
    },
  };
}
