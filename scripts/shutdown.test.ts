import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import { type BuiltServer, startBuiltServer } from "./lib/server.ts";

// SIGTERM under load (decision 0044): the server takes no new connection, lets every request in
// flight finish, then stops with status 0.

let database: DatabaseHandle;
let server: BuiltServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startBuiltServer({
    databaseUrl: database.url,
    // Every request rendered, none served from the page cache: each one keeps the server busy.
    env: { SCHEDULES: "false", PAGE_CACHE_SECONDS: "0" },
  });
});

afterAll(async () => {
  await server.stop("SIGKILL");
  await database.close();
});

type Outcome = { status: number | "failed"; answeredAfterSignal: boolean };

test("SIGTERM under load: no request that started before it fails", async () => {
  let signalled = false;
  const load = (path: string): Promise<Outcome> =>
    fetch(`${server.url}${path}`).then(
      async (answer) => {
        await answer.arrayBuffer();
        return { status: answer.status, answeredAfterSignal: signalled };
      },
      () => ({ status: "failed", answeredAfterSignal: signalled }),
    );
  const pages = ["/businesses", "/jobs", "/login", "/"];
  const before = Array.from({ length: 30 }, (_, i) => load(pages[i % pages.length] as string));

  // The first answer means the server has been reading and rendering the burst for a while.
  await Promise.race(before);
  const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  signalled = true;

  // Load goes on after the signal; these may be refused, and are not counted.
  const after: Promise<Outcome>[] = [];
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const more = (async () => {
    while (running) {
      const next = load("/jobs");
      after.push(next);
      await next;
    }
  })();

  const outcomes = await Promise.all(before);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(30).fill(200));
  // Some were still being served when the signal came: the drain is what this test saw.
  expect(outcomes.some((outcome) => outcome.answeredAfterSignal)).toBe(true);
  expect(await exited).toBe(0);
  await more;
  expect(after.length).toBeGreaterThan(0);
});
