import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type pg from "pg";
import { FRENCH_SPACING_MISTAKE } from "../support/french-typography.ts";
import {
  connectToSite,
  createSignedInPlayer,
  type Player,
  type PlayerOptions,
  SESSION_COOKIE,
} from "./players.ts";

let visitors = 0;

const OUTSIDE = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;

/**
 * Collects what a page logs or throws that a test should fail on: errors (a hydration mismatch,
 * a failed script…) and every Content Security Policy violation, enforced or report-only, even
 * one the page's code caught. Blocked outside requests and the 4xx answers the site gives on
 * purpose are left out.
 */
export async function watchBrowserErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  // Chromium does not pass its own CSP console messages on to Playwright; the event reaches
  // the page for enforced and report-only policies alike.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation (${event.disposition}): ${event.effectiveDirective} refused ${event.blockedURI || "inline code"}`,
      );
    });
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const text = message.text();
    if (/Content.Security.Policy/i.test(text)) {
      errors.push(text);
      return;
    }
    const source = message.location().url;
    const blocked = text.includes("net::ERR_FAILED") || OUTSIDE.test(source);
    // Chromium logs every 4xx answer, including a 404 page and a form's 400 with its message,
    // which the site answers on purpose; 5xx answers stay errors.
    const answeredOnPurpose = /status of 4\d\d/.test(text);
    if (message.type() === "error" && !blocked && !answeredOnPurpose) errors.push(text);
  });
  return errors;
}

type WorkerFixtures = {
  /** The site's own database (connectToSite), one connection per worker, for writing a test's data. */
  site: pg.Pool;
};

type Fixtures = {
  /**
   * Makes this test's browser a signed-in player, written straight to the site's database
   * (faster than the sign-up form, and with any points and quiz progress wanted).
   */
  signIn: (options?: PlayerOptions) => Promise<Player>;
};

/**
 * Every test's page, with map tiles and other outside requests blocked as they are here. A test
 * fails on anything watchBrowserErrors collects.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it has none.
    async ({}, use) => {
      const pool = connectToSite();
      await use(pool);
      await pool.end();
    },
    { scope: "worker" },
  ],
  page: async ({ page }, use) => {
    visitors += 1;
    await page.setExtraHTTPHeaders({
      "x-e2e-visitor": `10.${process.pid % 250}.${Math.floor(visitors / 250)}.${visitors % 250}`,
    });
    await page.route(OUTSIDE, (route) => route.abort());
    const errors = await watchBrowserErrors(page);
    await use(page);
    expect(errors, "errors in the browser console").toEqual([]);
  },
  signIn: async ({ page, baseURL, site }, use) => {
    await use(async (options = {}) => {
      const { player, cookieValue } = await createSignedInPlayer(site, options);
      await page.context().addCookies([
        {
          name: SESSION_COOKIE,
          value: cookieValue,
          url: baseURL,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
      return player;
    });
  },
});

export { expect };

/**
 * WCAG 2.1 A and AA and axe's best practices: no violation allowed. Also on: the experimental
 * check that a control's visible text is part of its name (WCAG 2.5.3), completed with our own,
 * as axe passes over short texts such as "EN".
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
  expect(await labelsMissingTheirText(page), "names that leave out the visible text").toEqual([]);
}

/** Visible controls named by aria-label whose name does not contain the text they show. */
function labelsMissingTheirText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Whole words, so that "EN" is not found inside "English".
    const words = (text: string) =>
      ` ${text
        .toLocaleLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim()} `;
    return [...document.querySelectorAll<HTMLElement>("a[aria-label], button[aria-label]")]
      .filter((element) => element.checkVisibility())
      .filter((element) => {
        const shown = element.innerText.trim();
        const name = element.getAttribute("aria-label") ?? "";
        return shown !== "" && !words(name).includes(words(shown));
      })
      .map((element) => `"${element.innerText}" named "${element.getAttribute("aria-label")}"`);
  });
}

/**
 * The page's title and every text it shows marked as French (a review may be in English) that
 * breaks French punctuation spacing (tests/support/french-typography.ts).
 */
export function frenchSpacingMistakes(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const mistake = new RegExp(pattern, "u");
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style") || !node.textContent?.trim()) continue;
      if (parent.closest("[lang]")?.getAttribute("lang")?.startsWith("fr")) {
        texts.push(node.textContent);
      }
    }
    return texts.filter((text) => mistake.test(text));
  }, FRENCH_SPACING_MISTAKE.source);
}

/**
 * The message a refused field names by `aria-errormessage`, looked for inside the field's own
 * block: found only when it stands beside the field (strict: exactly one).
 */
export async function messageBeside(field: Locator): Promise<Locator> {
  const id = await field.getAttribute("aria-errormessage");
  return field.locator("xpath=..").locator(`#${id}`);
}

/**
 * axe at 1280 and 375 px, with a full-page screenshot of each into `folder`; French spacing when
 * `name` starts with "fr-".
 */
export async function checkAndShoot(page: Page, folder: string, name: string) {
  if (name.startsWith("fr-")) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
