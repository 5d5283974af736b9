/**
 * Peak memory of the server while a player uploads big pictures at once (not a test; prints numbers):
 *   npm run build && npm run bench:uploads -- [--uploads 16] [--side 7000] [--progressive]
 * Starts the built server as one process on a fresh embedded PostgreSQL (DATA_DIR
 * .data/bench-uploads), signs up one player, sends `uploads` concurrent PUT /api/me/avatar of one
 * side × side JPEG, and samples the server's resident memory from /proc every 50 ms. The server
 * inherits this environment, so NODE_OPTIONS or MALLOC_ARENA_MAX given here reach it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { AVATAR_MAX_BYTES } from "../app/platform/images.server.ts";
import { requireBuild, signUpConfirmed, startBuiltServer } from "./lib/server.ts";

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

requireBuild();

const picture = new Uint8Array(await bigJpeg(side, values.progressive));
console.log(
  `Picture: ${side} × ${side}${values.progressive ? " progressive" : ""} JPEG (${((side * side) / 1e6).toFixed(0)} MP), ${(picture.length / 1024 / 1024).toFixed(2)} MB`,
);

// Not under os.tmpdir(): started by root, the embedded PostgreSQL runs as its own user, which cannot
// enter a private temporary directory. Removed before and after each run.
const dataDir = path.resolve(".data/bench-uploads");
fs.rmSync(dataDir, { recursive: true, force: true });
const server = await startBuiltServer({
  dataDir,
  env: { MAX_BODY_BYTES: String(AVATAR_MAX_BYTES + 1024 * 1024) },
});

try {
  const { cookie } = await signUpConfirmed(server, {
    name: "Bench Player",
    email: "bench@example.com",
  });
  const { pid } = server;
  const idle = memory(pid);
  let peak = idle.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(pid).rss);
  }, SAMPLE_MS);

  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: uploads }, async () => {
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/me/avatar`, {
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
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Resident and high-water resident memory of a process, in kB. */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
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
