import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.server.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { type Email, enqueueEmail } from "./email.server.ts";
import {
  createMailWorker,
  logDelivery,
  type MailWorkerOptions,
  retryDelayMs,
  smtpDelivery,
} from "./mail-worker.server.ts";
import { createLocalStorage } from "./storage.server.ts";

let database: DatabaseHandle;
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "mail-storage-")));
const FROM = "Nearby <no-reply@nearby.example>";

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

beforeEach(async () => {
  await database.db.delete(outboxEmail);
});

/**
 * A local SMTP server that refuses every message with 451 ("try again later") until told to
 * accept; `beforeAccept` can hold an accepted message back.
 */
async function startMailServer(port = 0) {
  const received: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state = {
    accepting: false,
    refused: 0,
    beforeAccept: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (!state.accepting) {
          state.refused += 1;
          done(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        await state.beforeAccept();
        received.push(Buffer.concat(chunks).toString("utf8"));
        for (const waiter of waiters) if (received.length >= waiter.count) waiter.resolve();
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as net.AddressInfo;
  return {
    state,
    received,
    url: `smtp://127.0.0.1:${address.port}`,
    /** Resolves once `count` messages have been accepted. */
    arrived: (count: number) =>
      new Promise<void>((resolve) => {
        if (received.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A header's value, its folded lines joined (long values continue on indented lines). */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, "mi").exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();

const email = (subject: string, extra: Partial<Email> = {}): Email => ({
  to: "player@example.com",
  subject,
  text: `${subject}: https://nearby.example/api/auth/verify-email?token=secret-${subject.length}`,
  html: `<p>${subject}</p>`,
  ...extra,
});

function worker(overrides: Partial<MailWorkerOptions> & Pick<MailWorkerOptions, "deliver">) {
  const log: string[] = [];
  const mailWorker = createMailWorker({
    db: database.db,
    from: FROM,
    postalAddress: "Nearby, 123 Example Street, Toronto ON M5V 0A1",
    storage,
    log: (line) => log.push(line),
    firstRetryMs: 0,
    ...overrides,
  });
  return Object.assign(mailWorker, { log });
}

const rows = () => database.db.select().from(outboxEmail).orderBy(asc(outboxEmail.id));

describe("a mail server that refuses, then accepts", () => {
  test("every queued message arrives once it accepts, exactly once", async () => {
    const port = await freePort();
    const mail = worker({ deliver: smtpDelivery(`smtp://127.0.0.1:${port}`) });
    for (const subject of ["First", "Second", "Third"])
      await enqueueEmail(database.db, email(subject));

    // Nothing listens on the port: the connection is refused.
    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 3, failed: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(row.lastError).toContain("ECONNREFUSED");
    }

    // A server answers but refuses each message with 451.
    const server = await startMailServer(port);
    try {
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 3, failed: 0 });
      expect(server.state.refused).toBe(3);
      for (const row of await rows()) {
        expect(row).toMatchObject({ status: "pending", attempts: 2 });
        expect(row.lastError).toContain("451");
      }

      server.state.accepting = true;
      expect(await mail.sendDue()).toEqual({ sent: 3, retried: 0, failed: 0 });
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

      expect(server.received.map((raw) => header(raw, "Subject")).sort()).toEqual([
        "First",
        "Second",
        "Third",
      ]);
      const ids = await rows();
      expect(server.received.map((raw) => header(raw, "Message-ID")).sort()).toEqual(
        ids.map((row) => `<${row.messageId}@nearby.example>`).sort(),
      );
      for (const row of ids) {
        expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
        expect(row.sentAt).toBeInstanceOf(Date);
      }
      expect(mail.log.filter((line) => line.includes("will retry"))).toHaveLength(6);
    } finally {
      await server.close();
    }
  });

  test("two workers on the same table never send one message twice", async () => {
    const server = await startMailServer();
    server.state.accepting = true;
    // The first two messages in flight wait for each other: both workers are sending at once.
    const held: (() => void)[] = [];
    server.state.beforeAccept = () =>
      held.length >= 2
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            held.push(resolve);
            if (held.length === 2) for (const release of held) release();
          });
    // Another pool, as another server process would have.
    const other = await openDatabase({ databaseUrl: database.url, embeddedDataDir: "" });
    try {
      const subjects = Array.from({ length: 20 }, (_, index) => `Message ${index + 1}`);
      for (const subject of subjects) await enqueueEmail(database.db, email(subject));
      const first = worker({ deliver: smtpDelivery(server.url) });
      const second = worker({ db: other.db, deliver: smtpDelivery(server.url) });

      const [a, b] = await Promise.all([first.sendDue(), second.sendDue()]);

      expect(a.sent + b.sent).toBe(20);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect(server.received.map((raw) => header(raw, "Subject")).sort()).toEqual(subjects.sort());
      const messageIds = server.received.map((raw) => header(raw, "Message-ID"));
      expect(new Set(messageIds).size).toBe(20);
      expect((await rows()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await server.close();
    }
  });

  test("a message refused N times is marked failed, keeps its error and is left alone", async () => {
    const server = await startMailServer();
    try {
      const mail = worker({ deliver: smtpDelivery(server.url), maxAttempts: 3 });
      await enqueueEmail(database.db, email("Never accepted"));
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

      expect(server.state.refused).toBe(3);
      const [row] = await rows();
      expect(row).toMatchObject({ status: "failed", attempts: 3, sentAt: null });
      expect(row?.lastError).toContain("451");
      expect(mail.log.at(-1)).toMatch(
        new RegExp(`message ${row?.id} failed after 3 attempts, not retried: .*451`),
      );
    } finally {
      await server.close();
    }
  });

  test("a refused message waits for its back-off before the next attempt", async () => {
    const server = await startMailServer();
    try {
      const mail = worker({ deliver: smtpDelivery(server.url), firstRetryMs: 60_000 });
      await enqueueEmail(database.db, email("Later"));
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
      server.state.accepting = true;
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
      const [due] = await database.db
        .select({
          inSeconds: sql<number>`extract(epoch from ${outboxEmail.nextAttemptAt} - now())::float8`,
        })
        .from(outboxEmail);
      expect(due?.inSeconds).toBeGreaterThan(55);
      expect(due?.inSeconds).toBeLessThanOrEqual(60);
      expect(server.received).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

test("retries back off exponentially up to a cap", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => retryDelayMs(attempts, 30, 3600))).toEqual([
    30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
  ]);
});

describe("attachments", () => {
  test("are read from storage when the message is sent", async () => {
    const server = await startMailServer();
    server.state.accepting = true;
    try {
      const bytes = Buffer.from("%PDF-1.4 a short curriculum vitae");
      const name = await storage.save("cvs", bytes, "pdf");
      await enqueueEmail(
        database.db,
        email("New application", {
          attachments: [
            { folder: "cvs", name, filename: "cv.pdf", contentType: "application/pdf" },
          ],
        }),
      );
      const [row] = await rows();
      expect(JSON.stringify(row?.attachments)).not.toContain(bytes.toString("base64"));

      expect(await worker({ deliver: smtpDelivery(server.url) }).sendDue()).toMatchObject({
        sent: 1,
      });
      const [raw = ""] = server.received;
      expect(raw).toMatch(/Content-Type: application\/pdf; name="?cv\.pdf"?/);
      expect(raw).toMatch(/Content-Disposition: attachment; filename="?cv\.pdf"?/);
      expect(raw).toContain(bytes.toString("base64"));
    } finally {
      await server.close();
    }
  });

  test("extra header lines go out with the message", async () => {
    const server = await startMailServer();
    server.state.accepting = true;
    try {
      await enqueueEmail(
        database.db,
        email("Your job alert", {
          headers: {
            "List-Unsubscribe": "<https://nearby.example/jobs/alerts/unsubscribe?token=abc>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }),
      );
      expect(await worker({ deliver: smtpDelivery(server.url) }).sendDue()).toMatchObject({
        sent: 1,
      });
      const [raw = ""] = server.received;
      expect(header(raw, "List-Unsubscribe")).toBe(
        "<https://nearby.example/jobs/alerts/unsubscribe?token=abc>",
      );
      expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    } finally {
      await server.close();
    }
  });

  test("a missing file keeps the message pending with the reason", async () => {
    const mail = worker({ deliver: logDelivery(() => {}, { showBody: false }) });
    await enqueueEmail(
      database.db,
      email("Gone", {
        attachments: [
          {
            folder: "cvs",
            name: `${"0".repeat(32)}.pdf`,
            filename: "cv.pdf",
            contentType: "application/pdf",
          },
        ],
      }),
    );
    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await rows())[0]?.lastError).toBe(`attachment cvs/${"0".repeat(32)}.pdf is missing`);
  });
});

describe("the running worker", () => {
  test("sends a message when its transaction commits, without waiting for the next poll", async () => {
    const server = await startMailServer();
    server.state.accepting = true;
    // Polls once an hour: only the commit's notification can wake it in time.
    const mail = worker({ deliver: smtpDelivery(server.url), pollMs: 60 * 60_000 });
    await mail.start();
    try {
      await database.db
        .transaction(async (tx) => {
          await enqueueEmail(tx, email("Rolled back"));
          throw new Error("the order failed");
        })
        .catch(() => {});
      await database.db.transaction((tx) => enqueueEmail(tx, email("Committed")));
      await server.arrived(1);
      // Stopping lets the message in hand finish: its row is settled after the server accepted it.
      await mail.stop();

      expect(server.received.map((raw) => header(raw, "Subject"))).toEqual(["Committed"]);
      expect((await rows()).map((row) => [row.subject, row.status])).toEqual([
        ["Committed", "sent"],
      ]);
    } finally {
      await mail.stop();
      await server.close();
    }
  });
});

describe("without SMTP_URL, delivery to the log", () => {
  test("in production prints the Message-ID and subject, never the recipient or the link", async () => {
    const lines: string[] = [];
    const mail = worker({ deliver: logDelivery((line) => lines.push(line), { showBody: false }) });
    await enqueueEmail(database.db, email("Confirm your e-mail address"));
    expect(await mail.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(lines).toEqual([
      expect.stringMatching(/^\[mail\] <[0-9a-f-]{36}@[^>]+>: Confirm your e-mail address$/),
    ]);
    expect((await rows())[0]?.status).toBe("sent");
  });

  test("in development prints the body too", async () => {
    const lines: string[] = [];
    const mail = worker({ deliver: logDelivery((line) => lines.push(line), { showBody: true }) });
    await enqueueEmail(database.db, email("Reset"));
    await mail.sendDue();
    expect(lines.join("\n")).toContain("https://nearby.example/api/auth/verify-email?token=");
  });
});
