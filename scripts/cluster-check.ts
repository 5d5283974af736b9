/**
 * Two hosts, proven (not a test; prints one line per check):  npm run build && npm run cluster-check
 * Starts two built servers (as `npm run serve` does) on two ports with separate DATA_DIRs, one
 * PostgreSQL (DATABASE_URL, or an embedded one started here) and one bucket (S3_*, or a local s3rver
 * started here), with both mail workers sending to a local SMTP sink and both schedulers on. It
 * sends requests alternately to both and prints ✓ or ✗ with what it measured for each check;
 * exits 1 on any ✗. Everything it started and its temporary directory are removed at the end.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startEmbeddedDatabase } from "../app/db/embedded.server.ts";
import { readS3Config } from "../app/platform/config.server.ts";
import type { S3Settings } from "../app/platform/storage.server.ts";
import { testPhoto } from "../app/platform/test-images.ts";
import { testPdf } from "../app/platform/test-pdfs.ts";
import { startTestBucket } from "../app/platform/test-storage.server.ts";
import { type BuiltServer, requireBuild, signUpConfirmed, startBuiltServer } from "./lib/server.ts";

/** The page cache's lifetime on visitors' pages (PAGE_CACHE_SECONDS' default), and the poll's step. */
const PAGE_CACHE_MS = 5000;
const POLL_MS = 200;
/** The header a load balancer would set with the visitor's address (CLIENT_IP_HEADER). */
const CLIENT_IP = "x-real-ip";
/** How long to wait for the schedulers' every-minute sweeps to come round twice. */
const SCHEDULE_WAIT_MS = 200_000;

requireBuild();

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-check-"));
// Run as root, the embedded PostgreSQL runs as the postgres user, which must reach its directory.
fs.chmodSync(tempDir, 0o755);
const stops: (() => Promise<unknown>)[] = [];
let failed = 0;

function report(ok: boolean, check: string, measured: string) {
  if (!ok) failed++;
  console.log(`${ok ? "✓" : "✗"} ${check}: ${measured}`);
}

async function cleanUp() {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  fs.rmSync(tempDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}

/** Every message the hosts' mail workers sent, as it arrived. */
const received: string[] = [];
async function startMailSink(): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stops.push(() => new Promise<void>((closed) => server.close(() => closed())));
  return (server.server.address() as { port: number }).port;
}

async function until<T>(
  what: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T | undefined> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const found = await what();
    if (found !== undefined) return found;
    await sleep(POLL_MS);
  }
  return undefined;
}

try {
  const databaseUrl =
    process.env.DATABASE_URL ??
    (await (async () => {
      const embedded = await startEmbeddedDatabase(path.join(tempDir, "postgres"));
      stops.push(embedded.stop);
      return embedded.url;
    })());
  const bucket: S3Settings =
    readS3Config(process.env) ??
    (await startTestBucket().then((started) => {
      stops.push(started.stop);
      return started.settings;
    }));
  const mailPort = await startMailSink();
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  stops.push(() => sql.end());

  // One fleet: the same database, bucket, secret and address (the load balancer's), each host
  // with its own DATA_DIR, mail worker and scheduler.
  const shared = {
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
    CLIENT_IP_HEADER: CLIENT_IP,
    SCHEDULES: "true",
    SWEEP_EVERY_MINUTES: "1",
    S3_BUCKET: bucket.bucket,
    S3_REGION: bucket.region,
    S3_FORCE_PATH_STYLE: String(bucket.forcePathStyle),
    ...(bucket.endpoint && { S3_ENDPOINT: bucket.endpoint }),
    ...(bucket.credentials && {
      S3_ACCESS_KEY_ID: bucket.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.credentials.secretAccessKey,
    }),
  };
  const start = async (name: string, seed: boolean, baseUrl?: string) => {
    const server = await startBuiltServer({
      databaseUrl,
      dataDir: path.join(tempDir, name),
      seed,
      log: path.join(tempDir, `${name}.log`),
      env: { ...shared, ...(baseUrl && { BASE_URL: baseUrl }) },
    });
    stops.push(() => server.stop());
    return server;
  };
  const a = await start("a", true);
  const b = await start("b", false, a.origin);
  const hosts = [a, b];
  const origin = a.origin;
  const send = (host: BuiltServer, target: string, init: RequestInit & { ip?: string } = {}) =>
    fetch(`${host.url}${target}`, {
      ...init,
      headers: {
        origin,
        [CLIENT_IP]: init.ip ?? "10.29.0.1",
        ...(init.headers as Record<string, string>),
      },
    });

  // A session made on A works on B.
  const email = `cluster-${randomBytes(4).toString("hex")}@example.com`;
  const player = await signUpConfirmed({ ...a, origin }, { name: "Cluster Check", email });
  const me = await send(b, "/api/me", { headers: { cookie: player.cookie } });
  const meBody = me.ok ? ((await me.json()) as { email?: string; handle?: string }) : {};
  report(
    me.ok && meBody.handle === player.handle,
    "a session made on A works on B",
    `GET /api/me on B answered ${me.status} for the player signed in on A`,
  );

  // A picture uploaded on A is served by B.
  const photo = await testPhoto(120, 120);
  const uploaded = await send(a, "/api/me/avatar", {
    method: "PUT",
    headers: { cookie: player.cookie, "content-type": "image/jpeg" },
    body: new Uint8Array(photo),
  });
  const { image = "" } = uploaded.ok ? ((await uploaded.json()) as { image?: string }) : {};
  const fromA = await send(a, image);
  const fromB = await send(b, image);
  const [bytesA, bytesB] = [
    Buffer.from(await fromA.arrayBuffer()),
    Buffer.from(await fromB.arrayBuffer()),
  ];
  report(
    uploaded.ok && fromB.status === 200 && bytesA.equals(bytesB) && bytesB.length > 0,
    "a picture uploaded on A is served by B",
    `PUT /api/me/avatar on A ${uploaded.status}; GET ${image || "(none)"} on B ${fromB.status}, ${bytesB.length} bytes, ${bytesA.equals(bytesB) ? "the same" : "not the same"} as A's, ${fromB.headers.get("cache-control")}`,
  );

  // A CV sent through B is attached to the mail, and opens on A for a member of the posting's
  // employer (the first posting, given to an employer made here with its one member).
  const jobs = (await (await send(a, "/api/jobs")).json()) as { items: { id: number }[] };
  const jobId = jobs.items[0]?.id;
  const member = await signUpConfirmed(
    { ...a, origin },
    { name: "Cluster Employer", email: `employer-${email}`, age: 30 },
  );
  const { rows: employers } = await sql.query<{ id: number }>(
    `with made as (
       insert into employer (name, description, province, contact_email, verified_at)
       values ('Cluster Check Ltd', '{"en-CA": "We check clusters."}', 'ON', $1, now())
       returning id),
     joined as (
       insert into employer_member (employer_id, user_id, via)
       select made.id, "user".id, 'founder' from made, "user" where "user".email = $1)
     update job set employer_id = (select id from made) where id = $2
     returning employer_id as id`,
    [member.email, jobId],
  );
  const employerId = employers[0]?.id;
  const cv = testPdf(4000);
  const form = new FormData();
  form.set("fullName", "Cluster Check");
  form.set("email", `applicant-${email}`);
  form.set("contactNo", "416-555-0123");
  form.set("resume", new File([new Uint8Array(cv)], "cv.pdf", { type: "application/pdf" }));
  const applied = await send(b, `/api/jobs/${jobId}/applications`, {
    method: "POST",
    body: form,
    ip: "10.29.0.2",
  });
  const stored = await until(async () => {
    const { rows } = await sql.query<{ message_id: string; name: string; status: string }>(
      `select message_id::text, attachment->>'name' as name, status from outbox_email,
         jsonb_array_elements(attachments) as attachment
       where attachment->>'folder' = 'cvs' and status = 'sent' order by id desc limit 1`,
    );
    return rows[0];
  }, 60_000);
  const mail = received.find((message) => stored && message.includes(stored.message_id));
  const attached =
    mail && /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail);
  const attachedBytes = Buffer.from(attached?.[1]?.replace(/\s/g, "") ?? "", "base64");
  const { rows: applications } = await sql.query<{ id: number }>(
    "select id from job_application where job_id = $1 order by id desc limit 1",
    [jobId],
  );
  const opened = await send(
    a,
    `/employers/${employerId}/manage/jobs/${jobId}/applications/${applications[0]?.id}/cv`,
    { headers: { cookie: member.cookie } },
  );
  const openedBytes = Buffer.from(await opened.arrayBuffer());
  report(
    applied.status === 201 &&
      attachedBytes.equals(cv) &&
      opened.status === 200 &&
      openedBytes.equals(cv),
    "a CV sent through B is attached to the mail and opens for the employer on A",
    `POST application on B ${applied.status}; the mail's attachment ${attachedBytes.length} bytes, ${attachedBytes.equals(cv) ? "the CV sent" : "not the CV sent"}; the employer's member opening it on A: ${opened.status}, ${openedBytes.length} bytes, ${openedBytes.equals(cv) ? "the CV sent" : "not the CV sent"}, ${opened.headers.get("content-disposition") ?? "no disposition"}`,
  );

  // A rate limit counts across both: refused input counts too (limits.ts), so nothing is created.
  const answers: number[] = [];
  for (let attempt = 0; attempt < 12 && !answers.includes(429); attempt++) {
    const host = hosts[attempt % 2] as BuiltServer;
    const response = await send(host, `/api/jobs/${jobId}/applications`, {
      method: "POST",
      body: new FormData(),
      ip: "10.29.0.3",
    });
    answers.push(response.status);
  }
  report(
    answers.length === 11 && answers.at(-1) === 429 && answers.slice(0, 10).every((s) => s === 400),
    "a rate limit counts across both",
    `"apply" (10 per 15 minutes per address), sent alternately to A and B: ${answers.join(" ")}`,
  );

  // An edit on A shows on B's visitors' pages within the page cache's 5 seconds.
  const businesses = (await (await send(b, "/api/businesses")).json()) as {
    items: { id: number }[];
  };
  const businessId = businesses.items[0]?.id;
  const page = () => fetch(`${b.url}/businesses/${businessId}`).then((response) => response.text());
  await page();
  await page(); // Now in B's page cache, as a visitor's page.
  const words = `Checked across two hosts ${randomBytes(4).toString("hex")}`;
  const reviewed = await send(a, `/api/businesses/${businessId}/reviews`, {
    method: "POST",
    headers: { cookie: player.cookie, "content-type": "application/json" },
    body: JSON.stringify({ rating: 5, body: `${words}, and the page shows it.`, locale: "en-CA" }),
  });
  const edited = performance.now();
  const shownAfter = await until(async () => {
    return (await page()).includes(words) ? performance.now() - edited : undefined;
  }, PAGE_CACHE_MS * 3);
  report(
    // The cache's 5 s, then one poll and one render.
    reviewed.status === 201 && shownAfter !== undefined && shownAfter <= PAGE_CACHE_MS + 1000,
    "an edit on A shows on B's visitors' pages within the page cache's 5 s",
    `review POSTed on A ${reviewed.status}; on B's page for a visitor after ${shownAfter === undefined ? "more than 15 s" : `${(shownAfter / 1000).toFixed(1)} s`}`,
  );

  // Each scheduled job runs once: both schedulers on, the sweeps every minute.
  const runs = await until(async () => {
    const { rows } = await sql.query<{ occurrences: number }>(
      `select count(*)::int as occurrences from pgboss.job where name = 'sweep-carts' and state = 'completed'`,
    );
    return (rows[0]?.occurrences ?? 0) >= 2 ? rows[0]?.occurrences : undefined;
  }, SCHEDULE_WAIT_MS);
  // pg-boss sends each occurrence of a schedule through one job keyed by the schedule and the
  // minute (singleton_key, singleton_on); the task's own run is one job in the task's queue.
  const { rows: repeats } = await sql.query<{ name: string; slot: string; runs: number }>(
    `select coalesce(singleton_key, name) as name, date_trunc('minute', coalesce(singleton_on, created_on))::text as slot,
            count(*)::int as runs
     from pgboss.job where name not like '__pgboss__%' or singleton_on is not null
     group by coalesce(singleton_key, name), name like '__pgboss__%', 2 having count(*) > 1`,
  );
  const { rows: counted } = await sql.query<{ jobs: number; names: number }>(
    "select count(*)::int as jobs, count(distinct name)::int as names from pgboss.job where name not like '__pgboss__%'",
  );
  report(
    runs !== undefined && repeats.length === 0,
    "each scheduled job runs once",
    `${counted[0]?.jobs ?? 0} runs of ${counted[0]?.names ?? 0} scheduled tasks in pgboss.job, ${repeats.length} occurrence(s) sent or run more than once${repeats.length ? ` (${repeats.map((row) => `${row.name} at ${row.slot} ×${row.runs}`).join(", ")})` : ""}; sweep-carts completed ${runs ?? "fewer than 2"} times`,
  );

  // Each e-mail goes out once, with both hosts' mail workers on the same outbox.
  await until(async () => {
    const { rows } = await sql.query("select 1 from outbox_email where status = 'pending' limit 1");
    return rows.length === 0 ? true : undefined;
  }, 60_000);
  const { rows: sent } = await sql.query<{ message_id: string }>(
    "select message_id::text from outbox_email where status = 'sent'",
  );
  const deliveries = sent.map(
    (row) => received.filter((message) => message.includes(row.message_id)).length,
  );
  report(
    sent.length > 0 && deliveries.every((count) => count === 1) && received.length === sent.length,
    "each e-mail goes out once",
    `${sent.length} sent in the outbox, ${received.length} received by the SMTP sink, ${deliveries.filter((count) => count !== 1).length} received other than once`,
  );
} catch (error) {
  report(false, "the check ran to its end", String(error instanceof Error ? error.stack : error));
} finally {
  await cleanUp();
}
process.exit(failed > 0 ? 1 : 0);
