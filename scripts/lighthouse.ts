/**
 * Lighthouse on the main pages with its default mobile settings (a mid-range phone, simulated slow
 * 4G and CPU throttling), in Debian's Chromium, against a running build (not a test):
 *   npm run build && PORT=3000 npm run serve       # in another terminal
 *   BASE_URL=http://localhost:3000 npm run lighthouse
 *   BASE_URL=… npm run lighthouse -- --runs 3 / /jobs   # the median of 3 runs, some pages
 * Prints each page's performance score, FCP, LCP, TBT, CLS and the other categories' scores, with
 * the load average: on a busy machine the scores fall and total blocking time rises, so compare
 * runs on a quiet one (docs/performance.md).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const { values, positionals } = parseArgs({
  options: { runs: { type: "string", default: "1" } },
  allowPositionals: true,
});
const base = process.env.BASE_URL ?? "http://localhost:3000";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Number(values.runs);

/** A job's address, the first the list shows. */
async function firstJob(): Promise<string> {
  const found = /\/jobs\/\d+/.exec(await (await fetch(`${base}/jobs`)).text())?.[0];
  if (!found) throw new Error("No job on /jobs.");
  return found;
}

const pages =
  positionals.length > 0
    ? positionals
    : ["/", "/businesses", "/jobs", await firstJob(), "/blogs", "/shop", "/pricing"];

/** Debian's Chromium, headless, started with the flags Lighthouse's own command line uses. */
function startChromium() {
  return launch({
    chromePath: chromium,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
}

type Figures = {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};

async function measure(port: number, url: string): Promise<Figures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const value = (name: string) => audits[name]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
  };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

const loadBefore = load();
const browser = await startChromium();
const rows: string[] = [];
try {
  for (const page of pages) {
    const measured: Figures[] = [];
    for (let run = 0; run < runs; run++)
      measured.push(await measure(browser.port, `${base}${page}`));
    const of = (name: keyof Figures) => median(measured.map((figures) => figures[name])) ?? 0;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push(
      `| \`${page}\` | ${of("performance")} | ${seconds(of("fcp"))} | ${seconds(of("lcp"))} | ${Math.round(of("tbt"))} ms | ${of("cls").toFixed(3)} | ${of("accessibility")} | ${of("bestPractices")} | ${of("seo")} |`,
    );
    console.error(`${page} done`);
  }
} finally {
  browser.kill();
}
console.log(
  `\n${new Date().toISOString().slice(0, 16)} UTC, ${base}, mobile (Lighthouse defaults), ${runs === 1 ? "1 run" : `median of ${runs} runs`} per page; load average before ${loadBefore}, after ${load()}, ${os.cpus().length} cores.\n`,
);
console.log(
  "| Page | Performance | FCP | LCP | TBT | CLS | Accessibility | Best Practices | SEO |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
