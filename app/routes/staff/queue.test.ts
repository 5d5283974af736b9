import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import { type ChangeFeed, listenForChanges } from "../../db/changes.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { countQueries, createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost } from "../../platform/test-host.server.ts";
import { queueCursor, STAFF_QUEUE_CHANNEL } from "../../staff/queue.server.ts";

// The queue's first page, kept by the server while nothing it shows changes (decision 0082): a
// new waiting item, written by anyone from anywhere, shows on the next request that follows its
// notification.

let database: DatabaseHandle;
let changes: ChangeFeed;
let request: Awaited<ReturnType<typeof createTestHost>>;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  changes = listenForChanges(database.url, STAFF_QUEUE_CHANNEL);
  request = await createTestHost(database.db, { staffQueueChanges: changes });
  cookie = await signUpVerified(request, database.db, {
    name: "Maude Tester",
    email: "maude@example.com",
  });
  await database.db
    .update(user)
    .set({ role: "moderator", twoFactorEnabled: true })
    .where(eq(user.email, "maude@example.com"));
  for (let waited = 0; changes.version() === null; waited += 10) {
    if (waited > 10_000) throw new Error("The change feed did not listen in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});

afterAll(async () => {
  await changes.close();
  await database.close();
});

const queue = async (path = "/staff") => {
  const answer = await request(path, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.text();
};

test("the first page is read once while nothing changes, and shows a new order after its notification", async () => {
  expect(await queue()).toContain("Nothing is waiting.");
  expect(await queue("/fr/staff")).toContain("Rien n’attend.");
  // Kept: the session's statement is all a second request reads.
  expect(await countQueries(database.db, () => queue())).toBe(1);

  // An order placed by a buyer, from another connection than the server's.
  const [order] = (
    await database.db.execute<{ id: number }>(sql`
      insert into shop_order (status, name, email, address, city, province, postal_code, locale,
        subtotal_cents, taxes, tax_cents, total_cents)
      values ('paid', 'Queue Buyer', 'buyer@example.com', '1 Main St', 'Ottawa', 'ON', 'K1A 0A1',
        'en-CA', 1000, '[]'::jsonb, 0, 1000)
      returning id`)
  ).rows;
  const number = `NB-${String(order?.id).padStart(6, "0")}`;
  let page = await queue();
  for (let waited = 0; !page.includes(number); waited += 20) {
    if (waited > 10_000) throw new Error("The new order never showed on the queue");
    await new Promise((resolve) => setTimeout(resolve, 20));
    page = await queue();
  }
  expect(page).not.toContain("Nothing is waiting.");
  expect(await queue("/fr/staff")).toContain(number);
});

test("a later page is read on every request", async () => {
  const cursor = queueCursor.encode({ orders: { at: new Date(0), id: "0" } });
  await queue(`/staff?cursor=${cursor}`);
  expect(await countQueries(database.db, () => queue(`/staff?cursor=${cursor}`))).toBeGreaterThan(
    1,
  );
});
