/**
 * JavaScript a browser downloads on the first load of a page, gzip-compressed (not a test):
 *   BASE_URL=http://localhost:3000 npm run js-size -- / /businesses
 */
import { gzipSync } from "node:zlib";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/"];

for (const path of paths) {
  const html = await (await fetch(`${base}${path}`)).text();
  // The entry scripts and every module the page preloads; nothing else loads before interaction.
  const urls = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
      ...html.matchAll(/import\("([^"]+)"\)/g),
    ].map((m) => m[1] as string),
  );
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  console.log(`${path}: ${urls.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
}
