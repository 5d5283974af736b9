import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

let visitors = 0;

const OUTSIDE = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;

/**
 * Every test's page, with map tiles and other outside requests blocked as they are here. A test
 * fails on any error the page logs or throws (a hydration mismatch, a script the CSP refused…),
 * except the blocked outside requests themselves and 4xx answers the site gives on purpose.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    visitors += 1;
    await page.setExtraHTTPHeaders({
      "x-e2e-visitor": `10.${process.pid % 250}.${Math.floor(visitors / 250)}.${visitors % 250}`,
    });
    await page.route(OUTSIDE, (route) => route.abort());
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      const source = message.location().url;
      const blocked = message.text().includes("net::ERR_FAILED") || OUTSIDE.test(source);
      // Chromium logs every 4xx answer, including a 404 page and a form's 400 with its message,
      // which the site answers on purpose; 5xx answers stay errors.
      const answeredOnPurpose = /status of 4\d\d/.test(message.text());
      if (message.type() === "error" && !blocked && !answeredOnPurpose) errors.push(message.text());
    });
    await use(page);
    expect(errors, "errors in the browser console").toEqual([]);
  },
});

export { expect };

/** WCAG 2.1 A and AA as axe checks them: no violation allowed. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}
