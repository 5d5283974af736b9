import type { Page } from "@playwright/test";
import type pg from "pg";
import {
  CONSENT_LINK,
  consentWithNewAccount,
  linkIn,
  SIGN_UP_TEXTS,
  signUp,
} from "./consent-flow.ts";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { connectToSite } from "./players.ts";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

const TEXTS = {
  "en-CA": {
    ...SIGN_UP_TEXTS["en-CA"],
    consentTitle: "Consent for",
    subject: "asks for your consent on Nearby",
  },
  "fr-CA": {
    ...SIGN_UP_TEXTS["fr-CA"],
    consentTitle: "Consentement pour",
    subject: "demande votre consentement sur Nearby",
  },
} as const;

async function onBoard(page: Page, prefix: string, handle: string) {
  await page.goto(`${prefix}/leaderboard`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return page.locator("main").getByText(handle).count();
}

for (const [locale, width] of [
  ["en-CA", 1280],
  ["fr-CA", 375],
] as const) {
  test.describe(`${locale} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a 10-year-old signs up, the parent consents with a new account, and the child is on the leaderboard", async ({
      page,
      signIn,
    }) => {
      const text = TEXTS[locale];
      const stamp = `${Date.now()}.${width}`;
      const child = `kid.${stamp}@example.com`;
      const parent = `parent.${stamp}@example.com`;

      await page.goto(`${text.prefix}/register`);
      // The parent's field comes with an age under 14, with the 7 days said beside it.
      await expect(page.getByLabel(text.parent)).toHaveCount(0);
      await page.locator("main form").first().getByLabel(text.age).fill("10");
      await expect(page.getByLabel(text.parent)).toBeVisible();
      await expect(
        page.getByText(locale === "en-CA" ? /within 7 days/ : /dans les 7 jours/),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      if (locale === "fr-CA") expect(await frenchSpacingMistakes(page)).toEqual([]);
      await signUp(page, locale, { name: "Kid Consent", email: child, age: "10", parent });

      // The child is nowhere on the board; a player tops it to make the place easy to find.
      const { rows } = await site.query<{ handle: string }>(
        `update "user" set points = 999999 where email = $1 returning handle`,
        [child],
      );
      const handle = rows[0]?.handle ?? "";
      expect(handle).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
      await signIn({ name: "Board Watcher", age: 30, locale });
      expect(await onBoard(page, text.prefix, handle)).toBe(0);
      await page.context().clearCookies();

      // The parent's e-mail, in the child's language, leads to the consent page.
      const link = await linkIn(parent, CONSENT_LINK);
      expect(lastMailTo(parent)).toContain(text.subject);

      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `${text.consentTitle} Kid Consent`,
      );
      await expectNoAxeViolations(page);
      if (locale === "fr-CA") expect(await frenchSpacingMistakes(page)).toEqual([]);

      // A new account of the parent's own, confirmed from its e-mail, then back to consent.
      await consentWithNewAccount(page, locale, { link, name: "Parent Consent", email: parent });
      await expectNoAxeViolations(page);
      await page.context().clearCookies();

      await signIn({ name: "Board Watcher", age: 30, locale });
      expect(await onBoard(page, text.prefix, handle)).toBeGreaterThan(0);
    });
  });
}
