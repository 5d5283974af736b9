/**
 * Peak memory of the server while a player uploads big pictures at once (not a test; prints numbers):
 *   npm run build && npm run bench:uploads -- [--uploads 16] [--side 7000] [--progressive]
 * Starts the built server as one process on a fresh embedded PostgreSQL (DATA_DIR
 * .data/bench-uploads), signs up one player, sends `uploads` concurrent PUT /api/me/avatar of one
 * side × side JPEG, and samples the server's resident memory from /proc every 50 ms. The server
 * inherits this environment, so NODE_OPTIONS or MALLOC_ARENA_MAX given here reach it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { AVATAR_MAX_BYTES } from "../app/platform/images.server.ts";
import { connectToSite } from "../tests/e2e/players.ts";

const { values } = parseArgs({
  options: {
    uploads: { type: "string", default: "16" },
    side: { type: "string", default: "7000" },
    progressive: { type: "boolean", default: false },
  },
});
const uploads = Number(values.uploads);
const side = Number(values.side);
const SAMPLE_MS = 50;

if (!fs.existsSync("build/server/index.js")) {
  console.error("Run npm run build first.");
  process.exit(1);
}

const picture = new Uint8Array(await bigJpeg(side, values.progressive));
console.log(
  `Picture: ${side} × ${side}${values.progressive ? " progressive" : ""} JPEG (${((side * side) / 1e6).toFixed(0)} MP), ${(picture.length / 1024 / 1024).toFixed(2)} MB`,
);

// A known port rather than PORT=0: sign-up checks the request's Origin against BASE_URL.
const port = await freePort();
// Not under os.tmpdir(): started by root, the embedded PostgreSQL runs as its own user, which cannot
// enter a private temporary directory. Removed before and after each run.
const dataDir = path.resolve(".data/bench-uploads");
fs.rmSync(dataDir, { recursive: true, force: true });
const { DATABASE_URL: _ignored, ...environment } = process.env;
// Started as `npm run serve` starts it (package.json), young-generation limit included.
const server = spawn(process.execPath, ["--max-semi-space-size=16", "server.ts"], {
  env: {
    ...environment,
    NODE_ENV: "production",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_ON_START: "false",
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    MAX_BODY_BYTES: String(AVATAR_MAX_BYTES + 1024 * 1024),
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
await new Promise<void>((resolve, reject) => {
  server.stdout?.on("data", (chunk) => String(chunk).includes("Site ready") && resolve());
  server.once("exit", (code) =>
    reject(new Error(`The server stopped before it was ready (exit ${code}).`)),
  );
});

try {
  const cookie = await signUp();
  const pid = server.pid as number;
  const idle = memory(pid);
  let peak = idle.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(pid).rss);
  }, SAMPLE_MS);

  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: uploads }, async () => {
      const sent = performance.now();
      const response = await fetch(`${base}/api/me/avatar`, {
        method: "PUT",
        headers: { cookie, "content-type": "image/jpeg" },
        body: picture,
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - sent };
    }),
  );
  const wall = performance.now() - started;
  clearInterval(sampler);
  const after = memory(pid);
  peak = Math.max(peak, after.rss);

  const statuses = new Map<number, number>();
  for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(`\n${uploads} concurrent PUT /api/me/avatar, ${os.availableParallelism()} cores`);
  console.log(`  statuses: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(", ")}`);
  console.log(
    `  times: first ${times[0]?.toFixed(0)} ms, median ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, last ${times.at(-1)?.toFixed(0)} ms (all done in ${wall.toFixed(0)} ms)`,
  );
  console.log(`  idle RSS ${mb(idle.rss)} (high-water mark before the uploads ${mb(idle.hwm)})`);
  console.log(
    `  peak RSS ${mb(peak)} (sampled every ${SAMPLE_MS} ms); high-water mark ${mb(after.hwm)}`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Resident and high-water resident memory of a process, in kB. */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once("error", reject);
  });
}

/** A player signed up for real, confirmed in the database (as the e-mailed link does), signed in. */
async function signUp(): Promise<string> {
  const post = (target: string, body: unknown) =>
    fetch(`${base}${target}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    });
  const account = { email: "bench@example.com", password: "canoe-portage-42" };
  const signedUp = await post("/api/auth/sign-up/email", {
    ...account,
    name: "Bench Player",
    age: 12,
    locale: "en-CA",
  });
  if (!signedUp.ok)
    throw new Error(`Sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
  const site = connectToSite(dataDir);
  await site.query(`update "user" set email_verified = true where email = $1`, [account.email]);
  await site.end();
  const response = await post("/api/auth/sign-in/email", account);
  if (!response.ok)
    throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * A photo-sized JPEG that still fits the upload limit: mostly flat colour with a patch of noise,
 * at the highest quality (from 90 down) that stays under AVATAR_MAX_BYTES. What decoding costs
 * depends on the size and on baseline or progressive encoding, hardly on the content.
 */
async function bigJpeg(size: number, progressive: boolean): Promise<Buffer> {
  const patch = Math.floor(size / 7);
  const noise = await sharp({
    create: {
      width: patch,
      height: patch,
      channels: 3,
      background: "black",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  for (let quality = 90; ; quality -= 10) {
    const bytes = await sharp({
      create: { width: size, height: size, channels: 3, background: { r: 70, g: 130, b: 180 } },
      limitInputPixels: false,
    })
      .composite([{ input: noise, top: patch, left: patch }])
      .jpeg({ quality, progressive })
      .toBuffer();
    if (bytes.length <= AVATAR_MAX_BYTES || quality <= 10) return bytes;
  }
}
