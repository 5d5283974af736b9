import net from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createLog } from "./log.server.ts";
import { createMetrics } from "./metrics.server.ts";
import type { Operations } from "./operations.server.ts";
import { createTestHost } from "./test-host.server.ts";

// /healthz, /readyz and /metrics on the production host around the built app, and the request
// lines it logs (decision 0044).

const TOKEN = "metrics-token-for-the-test-0123";
/** What a visitor typed or what names a player: none of it may reach a label or a log line. */
const SEARCH = "zebra-lantern-9731";
const HANDLE = "marmot-handle-5521";
const EMAIL = "secret.person@example.com";

let database: DatabaseHandle;
let stopping = false;
const lines: Record<string, unknown>[] = [];
let operations: Operations;
let request: Awaited<ReturnType<typeof createTestHost>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const metrics = createMetrics();
  metrics.watchDatabase(database.db);
  operations = {
    log: createLog({ level: "info", pretty: false, destination }),
    metrics,
    metricsToken: TOKEN,
    isStopping: () => stopping,
  };
  request = await createTestHost(database.db, { operations });
});

afterAll(async () => {
  await database.close();
});

describe("/healthz", () => {
  test("answers 200 while the process runs, stopping or not", async () => {
    const answer = await request("/healthz");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "ok" });
  });
});

describe("/readyz", () => {
  test("answers 200 when the database answers and is migrated, 503 once the server stops", async () => {
    const ready = await request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");

    stopping = true;
    try {
      const stopped = await request("/readyz");
      expect(stopped.status).toBe(503);
      expect(await stopped.json()).toEqual({ status: "stopping" });
      expect((await request("/healthz")).status).toBe(200);
    } finally {
      stopping = false;
    }
  });

  test("answers 200 while every connection of the requests' pool is taken", async () => {
    const busy = await openDatabase({
      databaseUrl: database.url,
      embeddedDataDir: "",
      migrate: false,
      maxConnections: 1,
    });
    const held = await busy.db.$client.connect();
    try {
      const answer = await (await createTestHost(busy.db, { operations }))("/readyz");
      expect(answer.status).toBe(200);
      expect(busy.db.$client.waitingCount).toBe(0);
    } finally {
      held.release();
      await busy.close();
    }
  });

  test("answers 503 when the database is not migrated", async () => {
    const empty = await createTestDatabase({ migrate: false });
    try {
      const answer = await (await createTestHost(empty.db, { operations }))("/readyz");
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ status: "migrations_pending" });
    } finally {
      await empty.close();
    }
  });

  test("answers 503 when the database refuses connections or does not answer within a second", async () => {
    // A port that accepts connections and never says a word, as a database stuck under load.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const refusing = net.createServer();
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const closedPort = (refusing.address() as net.AddressInfo).port;
    await new Promise((resolve) => refusing.close(resolve));
    for (const databaseUrl of [
      `postgresql://nobody:nothing@127.0.0.1:${port}/none`,
      `postgresql://nobody:nothing@127.0.0.1:${closedPort}/none`,
    ]) {
      const down = await openDatabase({ databaseUrl, embeddedDataDir: "", migrate: false });
      try {
        const answer = await (await createTestHost(down.db, { operations }))("/readyz");
        expect(answer.status).toBe(503);
        expect(await answer.json()).toEqual({ status: "database_unavailable" });
      } finally {
        void down.close().catch(() => {});
      }
    }
    silent.close();
  });
});

describe("/metrics", () => {
  test("is a 404 without the bearer token, or with another", async () => {
    expect((await request("/metrics")).status).toBe(404);
    const wrong = await request("/metrics", { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(404);
    const noToken = await createTestHost(database.db, {
      operations: { ...operations, metricsToken: undefined },
    });
    expect((await noToken("/metrics", { headers: { authorization: "Bearer " } })).status).toBe(404);
  });

  test("shows requests by route pattern, never what was in the address or the form", async () => {
    await request(`/businesses?q=${SEARCH}`);
    await request(`/businesses/${SEARCH}`);
    await request(`/profile-view/${HANDLE}/s`);
    await request(`/api/businesses?q=${SEARCH}`);
    await request(`/no-such-page-${SEARCH}`);
    await request("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: EMAIL, password: SEARCH }),
    });

    const answer = await request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await answer.text();
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "db_pool_connections",
      "db_statement_timeouts_total",
      "mail_waiting",
      "mail_oldest_waiting_seconds",
      "scheduled_tasks_total",
      "page_cache_hits_total",
      "nodejs_eventloop_lag_seconds",
      "process_resident_memory_bytes",
    ])
      expect(text).toContain(name);
    expect(text).toContain('route="/businesses",method="GET",status="200"');
    expect(text).toContain('route="/businesses/:id"');
    expect(text).toContain('route="/profile-view/:handle/s"');
    expect(text).toContain('route="/api/businesses"');
    expect(text).toContain('route="unmatched",method="GET",status="404"');
    expect(text).toContain('db_pool_connections{state="total"}');
    for (const secret of [SEARCH, HANDLE, EMAIL, "secret.person"])
      expect(text).not.toContain(secret);
  });
});

describe("the request log", () => {
  test("writes one line per request with its id, route pattern, status, duration and bytes", async () => {
    lines.length = 0;
    const answer = await request(`/businesses?q=${SEARCH}`);
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((entry) => entry.msg === "request");
    expect(line).toMatchObject({
      requestId,
      method: "GET",
      route: "/businesses",
      status: 200,
      bytes: Number(answer.headers.get("content-length")),
    });
    expect(typeof line?.time).toBe("number");
    expect(typeof line?.durationMs).toBe("number");
    expect(JSON.stringify(lines)).not.toContain(SEARCH);
  });

  test("keeps a load balancer's request id, and replaces one that does not look like one", async () => {
    const kept = await request("/jobs", { headers: { "x-request-id": "lb-0123456789abcdef" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-0123456789abcdef");
    const replaced = await request("/jobs", { headers: { "x-request-id": `<${EMAIL}>` } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
