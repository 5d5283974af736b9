import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { seedBusinesses } from "../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../directory/test-fixtures.ts";
import { BUSY_RETRY_AFTER_SECONDS, unavailableFor } from "./errors.ts";
import { createTestHost } from "./test-host.server.ts";

let database: DatabaseHandle;
/** The same database as the server sees it: every statement cut after a short timeout. */
let timed: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let locker: pg.PoolClient;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness()])]);
  timed = await openDatabase({ databaseUrl: database.url, embeddedDataDir: "", timeoutMs: 300 });
  request = await createTestHost(timed.db);
  locker = await database.db.$client.connect();
});

afterAll(async () => {
  locker.release();
  await timed.close();
  await database.close();
});

/** Runs `check` while another session holds the businesses locked, as a very slow query would. */
async function whileLocked(check: () => Promise<void>) {
  await locker.query("begin");
  await locker.query("lock table business in access exclusive mode");
  try {
    await check();
  } finally {
    await locker.query("rollback");
  }
}

describe("a query cut by the request timeout", () => {
  test("is a 503 with Retry-After from the API, in its error shape", async () => {
    await whileLocked(async () => {
      const response = await request("/api/businesses?title=caf");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect((await response.json()).error.code).toBe("service_unavailable");
    });
    expect((await request("/api/businesses?title=caf")).status).toBe(200);
  });

  test.each(["/", "/businesses?title=caf", "/fr/businesses"])(
    "is a 503 page with Retry-After on %s",
    async (path) => {
      await whileLocked(async () => {
        const response = await request(path);
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
        expect(await response.text()).toMatch(/Something went wrong|Une erreur est survenue/);
      });
      expect((await request(path)).status).toBe(200);
    },
  );

  test("is a 503 for a page's data fetched by the browser", async () => {
    await whileLocked(async () => {
      const response = await request("/businesses.data?title=caf");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    });
  });
});

test("a cut statement or a full pool means 503; other failures do not", () => {
  const cut = Object.assign(new Error("canceling statement due to statement timeout"), {
    code: "57014",
  });
  const wrapped = new Error("Failed query: select 1", { cause: cut });
  expect(unavailableFor(wrapped)?.status).toBe(503);
  expect(unavailableFor(new Error("timeout exceeded when trying to connect"))?.status).toBe(503);
  const slowConnect = new Error("Connection terminated due to connection timeout", {
    cause: new Error("Connection terminated unexpectedly"),
  });
  expect(unavailableFor(new Error("Failed query", { cause: slowConnect }))?.status).toBe(503);
  expect(unavailableFor(Object.assign(new Error("syntax"), { code: "42601" }))).toBeUndefined();
  expect(unavailableFor("text")).toBeUndefined();
});
