/**
 * Summarises a `.cpuprofile` written by `node --cpu-prof` (no flame-graph tool needed):
 *   node scripts/cpu-profile.ts <file.cpuprofile> [--requests N]
 * Prints the functions with the most self time, self time per package, and the inclusive time of
 * the request's known stages (i18n set-up, session lookup, React rendering, compression...). With
 * --requests, every figure is also given per request (the profile's CPU divided by N).
 */
import fs from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };

/** Stages of a request, each recognised by a frame on the stack (first match wins per stage). */
const STAGES: { name: string; matches: (frame: CallFrame) => boolean }[] = [
  {
    name: "i18n set-up (createTranslate)",
    matches: (f) => f.functionName === "createTranslate",
  },
  { name: "i18n translate (t)", matches: (f) => /\/app\/i18n\/i18n\.ts/.test(f.url) },
  {
    name: "session lookup (getViewer / Better Auth)",
    matches: (f) => f.functionName === "lookUpViewer" || /better-auth|@better-auth/.test(f.url),
  },
  {
    name: "React server rendering (react-dom/server)",
    matches: (f) => /react-dom.*server/.test(f.url),
  },
  {
    name: "compression (zlib, hono/compress)",
    matches: (f) => /zlib|compress/.test(f.url) || /^(zlib|gzip|deflate)/i.test(f.functionName),
  },
  {
    name: "database driver (pg, drizzle)",
    matches: (f) => /\/(pg|pg-protocol|drizzle-orm)\//.test(f.url),
  },
  { name: "React Router (server runtime)", matches: (f) => /\/react-router\//.test(f.url) },
  { name: "Hono", matches: (f) => /\/hono\/|@hono/.test(f.url) },
  { name: "garbage collection", matches: (f) => f.functionName === "(garbage collector)" },
  { name: "idle", matches: (f) => f.functionName === "(idle)" },
];

export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The profile's figures as text; per request too when the number of requests is known. */
export function summarise(profile: Profile, requests?: number, label = "profile"): string {
  const lines: string[] = [];
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...self.values()].reduce((sum, time) => sum + time, 0);
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)")
    .reduce((sum, [, time]) => sum + time, 0);
  const busy = total - idle;

  const ms = (micros: number) => `${(micros / 1000).toFixed(0)} ms`;
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`;
  const row = (time: number, name: string) =>
    `  ${share(time).padStart(6)}  ${ms(time).padStart(8)}${requests ? `  ${(time / 1000 / requests).toFixed(2)} ms/req` : ""}  ${name}`;

  lines.push(label);
  lines.push(
    `  sampled ${ms(total)}, busy ${ms(busy)}${requests ? `; ${requests} requests, ${(busy / 1000 / requests).toFixed(2)} ms of CPU each` : ""}`,
  );

  const sumBy = (key: (frame: CallFrame) => string) => {
    const sums = new Map<string, number>();
    for (const [id, time] of self) {
      const frame = byId.get(id)?.callFrame;
      if (!frame || frame.functionName === "(idle)") continue;
      sums.set(key(frame), (sums.get(key(frame)) ?? 0) + time);
    }
    return [...sums.entries()].sort((a, b) => b[1] - a[1]);
  };
  lines.push("", "Top self time (share of busy CPU):");
  for (const [name, time] of sumBy(where).slice(0, TOP)) lines.push(row(time, name));
  lines.push("", "Self time by package:");
  for (const [name, time] of sumBy((frame) => packageOf(frame.url)).slice(0, 15))
    lines.push(row(time, name));

  // Inclusive: a sample counts for a stage when any frame on its stack belongs to it.
  const stageTime = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) continue;
      for (const stage of STAGES) if (stage.matches(frame)) seen.add(stage.name);
    }
    for (const name of seen) {
      stageTime.set(name, (stageTime.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
    }
  });
  lines.push("", "Inclusive time by stage (a sample may count in several):");
  for (const stage of STAGES) {
    if (stage.name !== "idle") lines.push(row(stageTime.get(stage.name) ?? 0, stage.name));
  }
  return lines.join("\n");
}

const TOP = 30;

function where(frame: CallFrame): string {
  const short = frame.url.replace(/^file:\/\//, "").replace(/^.*node_modules\//, "");
  return `${frame.functionName || "(anonymous)"} ${short}:${frame.lineNumber + 1}`;
}

function packageOf(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node core";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1] as string;
  if (/\/build\/server\//.test(url)) return "app (build/server)";
  return "app (source)";
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { requests: { type: "string" } },
  });
  const file = positionals[0];
  if (!file) {
    console.error("Usage: node scripts/cpu-profile.ts <file.cpuprofile> [--requests N]");
    process.exit(1);
  }
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  console.log(summarise(profile, values.requests ? Number(values.requests) : undefined, file));
}
