import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ChangeFeed, keptUntilChanged, listenForChanges } from "./changes.server.ts";
import type { DatabaseHandle } from "./client.server.ts";
import { createTestDatabase } from "./test-database.server.ts";

// The staff queue's change signal (migration 0053) as a server process hears it, and what it keeps
// while nothing changes.

let database: DatabaseHandle;
let feed: ChangeFeed;

beforeAll(async () => {
  database = await createTestDatabase();
  feed = listenForChanges(database.url, "staff_queue");
  await until(() => feed.version() !== null);
});

afterAll(async () => {
  await feed.close();
  await database.close();
});

/** Waits for `done` (a notification's delivery), failing after 10 s rather than hanging. */
async function until(done: () => boolean) {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 10_000) throw new Error("Nothing came in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * How many notifications on `staff_queue` the `writes` raise, each run in its own transaction, as
 * a listener of the test's own hears them: it then asks for one more, and counts those that came
 * before it (a listener hears a channel's notifications in the order their transactions committed).
 */
async function notificationsOf(...writes: SQL[]) {
  const heard: string[] = [];
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  try {
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query("LISTEN staff_queue");
    for (const write of writes) {
      await database.db
        .transaction(async (tx) => {
          await tx.execute(write);
          if (write === rolledBack) tx.rollback();
        })
        .catch((error: unknown) => {
          if (write !== rolledBack) throw error;
        });
    }
    await database.db.execute(sql`select pg_notify('staff_queue', 'last')`);
    await until(() => heard.includes("last"));
    return heard.indexOf("last");
  } finally {
    await listener.end();
  }
}

/** A write whose transaction is rolled back after it. */
const rolledBack = sql`select pg_notify('staff_queue', 'rolled back')`;

describe("the staff queue's change signal", () => {
  test("a notification counts once its transaction commits; a rolled back one never", async () => {
    expect(
      await notificationsOf(
        sql`select pg_notify('staff_queue', '')`,
        sql`select pg_notify('elsewhere', '')`,
        rolledBack,
      ),
    ).toBe(1);
  });

  test("what the queue shows notifies when it changes; a player's other columns do not", async () => {
    await database.db.execute(sql`
      insert into "user" (id, name, email, handle, email_verified)
      values ('feed-player', 'Feed Player', 'feed@example.com', 'feed-player', true)`);
    const order = sql`insert into shop_order (status, name, email, address, city, province,
        postal_code, locale, subtotal_cents, taxes, tax_cents, total_cents)
      values ('paid', 'Feed Buyer', 'buyer@example.com', '1 Main St', 'Ottawa', 'ON', 'K1A 0A1',
        'en-CA', 1000, '[]'::jsonb, 0, 1000)`;
    expect(await notificationsOf(order, sql`update shop_order set status = 'shipped'`)).toBe(2);
    expect(await notificationsOf(sql`update "user" set handle = 'feed-renamed'`)).toBe(1);
    expect(
      await notificationsOf(
        sql`update "user" set image = '/uploads/avatars/x.jpg'`,
        sql`update "user" set email_verified = false`,
      ),
    ).toBe(0);
  });
});

describe("the change feed", () => {
  test("its version moves with each notification, and is null while its connection is lost", async () => {
    const before = feed.version() as number;
    await database.db.execute(sql`select pg_notify('staff_queue', '')`);
    await until(() => (feed.version() as number) > before);

    const listening = listenForChanges(database.url, "staff_queue");
    try {
      await until(() => listening.version() !== null);
      const connected = listening.version() as number;
      await database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
      // Both feeds lost their connection; each listens again after a second, at a new version.
      await until(() => listening.version() === null);
      await until(() => (listening.version() ?? 0) > connected);
      await until(() => feed.version() !== null);
    } finally {
      await listening.close();
    }
    expect(listening.version()).toBeNull();
  });
});

describe("keptUntilChanged", () => {
  /** A feed whose version the test sets. */
  const fakeFeed = (version: number | null) => {
    const fake = { now: version, version: () => fake.now, close: async () => {} };
    return fake;
  };

  test("keeps what was read while the version stands, and reads again once it moves", async () => {
    const kept = keptUntilChanged<number>({ maxAgeMs: 60_000, maxEntries: 10 });
    const changes = fakeFeed(1);
    let reads = 0;
    const read = async () => ++reads;
    expect(await kept(changes, "queue", read)).toBe(1);
    expect(await kept(changes, "queue", read)).toBe(1);
    expect(await kept(changes, "other", read)).toBe(2);
    changes.now = 2;
    expect(await kept(changes, "queue", read)).toBe(3);
    expect(await kept(changes, "queue", read)).toBe(3);
  });

  test("keeps nothing without a feed listening, past its age, or read while a change came", async () => {
    let now = 0;
    const kept = keptUntilChanged<number>({ maxAgeMs: 1000, maxEntries: 10, now: () => now });
    let reads = 0;
    const read = async () => ++reads;
    const deaf = fakeFeed(null);
    expect(await kept(deaf, "queue", read)).toBe(1);
    expect(await kept(deaf, "queue", read)).toBe(2);

    const changes = fakeFeed(1);
    expect(await kept(changes, "queue", read)).toBe(3);
    now = 1001;
    expect(await kept(changes, "queue", read)).toBe(4);

    // A change comes while the page is read again: what was read may predate it.
    changes.now = 2;
    const changing = async () => {
      changes.now = 3;
      return read();
    };
    expect(await kept(changes, "queue", changing)).toBe(5);
    expect(await kept(changes, "queue", read)).toBe(6);
    expect(await kept(changes, "queue", read)).toBe(6);
  });

  test("two feeds never share what they keep (two servers in one process)", async () => {
    const kept = keptUntilChanged<string>({ maxAgeMs: 60_000, maxEntries: 10 });
    expect(await kept(fakeFeed(1), "queue", async () => "first")).toBe("first");
    expect(await kept(fakeFeed(1), "queue", async () => "second")).toBe("second");
  });
});
