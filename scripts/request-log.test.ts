import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import {
  type BuiltServer,
  type SignedUpPlayer,
  signUpConfirmed,
  startBuiltServer,
} from "./lib/server.ts";

// The built server's whole log (decision 0044): every kind of request carrying an e-mail address, a
// password, a session cookie and its token, a bearer token and search text, and none of them in
// any line written, while each request has its one JSON line with the id it sent back.

const SEARCH = "zebra-lantern-9731";
const BEARER = "bearer-secret-0f1e2d3c4b5a";
const EMAIL = "log.redaction.person@example.com";
const PASSWORD = "pass-phrase-never-logged-5521";

let database: DatabaseHandle;
let server: BuiltServer;
let player: SignedUpPlayer;
const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "request-log-")), "server.log");

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startBuiltServer({
    databaseUrl: database.url,
    log: logFile,
    env: { SCHEDULES: "false", METRICS_TOKEN: "metrics-token-for-the-log-test" },
  });
  player = await signUpConfirmed(server, { name: "Log Test", email: EMAIL, password: PASSWORD });
});

afterAll(async () => {
  await server.stop("SIGKILL");
  await database.close();
});

test("no e-mail address, password, cookie, token or search text in any line of the log", async () => {
  const withOrigin = { origin: server.origin };
  const form = (body: Record<string, string>) => ({
    method: "POST",
    headers: { ...withOrigin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: "POST",
    headers: { ...withOrigin, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const signedIn = { cookie: player.cookie };
  const requests: [string, RequestInit?][] = [
    // Pages and their data, as a visitor and as the player, searches in the query.
    [`/businesses?q=${SEARCH}&title=${SEARCH}`],
    [`/businesses.data?q=${SEARCH}`],
    [`/jobs?q=${SEARCH}`, { headers: signedIn }],
    [`/profile-view/${player.handle}/s`, { headers: signedIn }],
    ["/profile", { headers: signedIn }],
    // The JSON API, with a search, a bearer token, and a body that is refused.
    [`/api/businesses?q=${SEARCH}`, { headers: { authorization: `Bearer ${BEARER}` } }],
    [`/api/jobs?q=${SEARCH}`, { headers: signedIn }],
    ["/api/businesses/1/reports", json({ reason: SEARCH, details: EMAIL })],
    // Signing in through the form and through Better Auth, right and wrong.
    ["/login", form({ email: EMAIL, password: `${PASSWORD}-wrong` })],
    ["/login", form({ email: EMAIL, password: PASSWORD })],
    ["/api/auth/sign-in/email", json({ email: EMAIL, password: PASSWORD })],
    ["/api/auth/sign-in/email", json({ email: EMAIL, password: `${PASSWORD}-wrong` })],
    ["/api/auth/sign-up/email", json({ email: EMAIL, password: PASSWORD, name: SEARCH, age: 12 })],
    ["/api/auth/request-password-reset", json({ email: EMAIL, redirectTo: "/" })],
    // Addresses nothing answers, the metrics without and with the wrong token, a picture.
    [`/no-such-page/${SEARCH}?email=${EMAIL}`],
    [`/api/no-such-thing/${SEARCH}`, { headers: { authorization: `Bearer ${BEARER}` } }],
    ["/metrics", { headers: { authorization: `Bearer ${BEARER}` } }],
    [`/uploads/avatars/${SEARCH}.jpg`],
    // A form sent to a page without an action, and a cross-site write.
    [`/jobs?q=${SEARCH}`, form({ email: EMAIL })],
    [
      "/api/auth/sign-out",
      { method: "POST", headers: { ...signedIn, origin: "https://evil.example" } },
    ],
  ];
  const ids: string[] = [];
  for (const [target, init] of requests) {
    // At the site's own address: React Router refuses a form whose Origin is not the request's.
    const answer = await fetch(`${server.origin}${target}`, init);
    await answer.arrayBuffer();
    expect(answer.status, target).toBeLessThan(500);
    const id = answer.headers.get("x-request-id");
    expect(id, target).toBeTruthy();
    ids.push(id as string);
  }

  // The lines are written as each answer goes; SIGTERM lets the server finish writing them.
  await server.stop("SIGTERM");
  const log = fs.readFileSync(logFile, "utf8");
  const lines = log
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = lines.filter((line) => line.msg === "request");
  for (const id of ids) expect(requestLines.map((line) => line.requestId)).toContain(id);
  for (const line of requestLines) {
    expect(Object.keys(line).sort()).toEqual([
      "bytes",
      "durationMs",
      "level",
      "method",
      "msg",
      "pid",
      "requestId",
      "route",
      "status",
      "time",
    ]);
  }

  const secrets = [
    EMAIL,
    "log.redaction.person",
    PASSWORD,
    BEARER,
    SEARCH,
    player.token,
    player.cookie,
    encodeURIComponent(player.cookie.split("=")[1] ?? ""),
    player.handle,
  ];
  for (const secret of secrets) expect(log, secret).not.toContain(secret);
});
