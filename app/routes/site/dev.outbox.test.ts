import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { outboxEmail } from "../../db/schema/platform.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { OUTBOX_PAGE_SIZE } from "../../platform/email.server.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  const filler = Array.from({ length: OUTBOX_PAGE_SIZE }, (_, index) => ({
    to: "old@example.com",
    subject: `Old message ${index + 1}`,
    text: "old",
    html: "<p>old</p>",
    status: "sent" as const,
  }));
  await database.db.insert(outboxEmail).values([
    ...filler,
    {
      to: "sent@example.com",
      subject: "Confirm your e-mail address",
      text: "http://localhost/api/auth/verify-email?token=abc",
      html: "<p>…</p>",
      status: "sent",
      attempts: 1,
      sentAt: new Date(),
    },
    {
      to: "slow@example.com",
      subject: "Your order",
      text: "Thanks",
      html: "<p>Thanks</p>",
      attempts: 2,
      lastError: "Message failed: 451 Mailbox busy",
    },
    {
      to: "gone@example.com",
      subject: "Your application",
      text: "Attached",
      html: "<p>Attached</p>",
      status: "failed",
      attempts: 10,
      lastError: "Message failed: 550 No such user",
    },
  ]);
});

afterAll(() => database.close());

describe("/dev/outbox in production with DEV_OUTBOX=true (npm start)", () => {
  test("answers a browser on this machine, uncached, newest first, with each message's fate", async () => {
    const request = await createTestHost(database.db, { devOutbox: true });
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const response = await request("/dev/outbox", undefined, address);
      expect(response.status, address).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const html = await (await request("/dev/outbox", undefined, "127.0.0.1")).text();
    const failed = html.indexOf("Your application");
    const pending = html.indexOf("Your order");
    const sent = html.indexOf("Confirm your e-mail address");
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(pending);
    expect(pending).toBeLessThan(sent);
    expect(html).toContain("Failed, not retried");
    expect(html).toContain("550 No such user");
    expect(html).toContain("451 Mailbox busy");
    expect(html).toContain("verify-email?token=abc");
  });

  test("shows a page at a time, with a link to the older messages", async () => {
    const request = await createTestHost(database.db, { devOutbox: true });
    const first = await (await request("/dev/outbox", undefined, "127.0.0.1")).text();
    expect(first.match(/Old message \d+</g)).toHaveLength(OUTBOX_PAGE_SIZE - 3);
    const older = /href="(\/dev\/outbox\?before=\d+)"/.exec(first)?.[1] ?? "";
    const second = await (await request(older, undefined, "127.0.0.1")).text();
    expect(second.match(/Old message \d+</g)).toHaveLength(3);
    expect(second).toContain("Old message 1<");
    expect(second).not.toContain("Older messages");
  });

  test("is 404 to any other address, or with no address", async () => {
    const request = await createTestHost(database.db, { devOutbox: true });
    for (const address of ["203.0.113.9", "10.0.0.1", "::ffff:192.168.1.5", undefined]) {
      const response = await request("/dev/outbox", undefined, address);
      expect(response.status, address).toBe(404);
      expect(await response.text()).not.toContain("verify-email");
    }
  });

  test("behind a configured proxy, the proxy's address for the visitor decides", async () => {
    const request = await createTestHost(database.db, {
      devOutbox: true,
      clientIpHeader: "x-client-address",
    });
    const through = (address: string) =>
      request("/dev/outbox", { headers: { "x-client-address": address } }, "127.0.0.1");
    expect((await through("198.51.100.7")).status).toBe(404);
    expect((await through("127.0.0.1")).status).toBe(200);
  });
});

describe("/dev/outbox without DEV_OUTBOX (npm run serve, production)", () => {
  test("is 404 even on this machine, whatever the headers say", async () => {
    const request = await createTestHost(database.db);
    for (const headers of [{}, { "x-forwarded-host": "evil.example" }] as HeadersInit[]) {
      const response = await request("/dev/outbox", { headers }, "127.0.0.1");
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("verify-email");
    }
  });
});
