/**
 * Full-page screenshots of the main pages at phone and desktop widths, in English and French:
 *   BASE_URL=http://localhost:3000 npm run screenshots
 * Writes PNG files to .data/screenshots/ to look at; not a test.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const out = ".data/screenshots";
const pages = (process.env.PAGES ?? "/,/businesses,/businesses/1,/nowhere,/privacy").split(",");

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  for (const prefix of ["", "/fr"]) {
    for (const path of pages) {
      const url = `${base}${prefix}${path === "/" && prefix ? "" : path}`;
      await page.goto(url, { waitUntil: "networkidle" });
      const name = `${(prefix + path).replaceAll("/", "_") || "_"}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      // Tall pages are also cut into screen-high slices, readable at full size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0, part = 1; top < height; top += 800, part++) {
        const clip = { x: 0, y: top, width, height: Math.min(800, height - top) };
        await page.screenshot({
          path: `${out}/${name.replace(".png", `.part${part}.png`)}`,
          fullPage: true,
          clip,
        });
      }
      console.log(`${out}/${name}`);
    }
  }
  await page.close();
}
await browser.close();
