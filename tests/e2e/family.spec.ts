import type { Browser } from "@playwright/test";
import type pg from "pg";
import {
  CONSENT_LINK,
  consentWithNewAccount,
  linkIn,
  SIGN_UP_TEXTS,
  signUp,
} from "./consent-flow.ts";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { connectToSite, createSignedInPlayer, SESSION_COOKIE } from "./players.ts";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

const TEXTS = {
  "en-CA": {
    ...SIGN_UP_TEXTS["en-CA"],
    family: "Family",
    weeks: "Kid Family: sets played and time spent per week, the last 8 weeks",
    makePublic: "Make Kid Family’s profile public",
    makePrivate: "Make Kid Family’s profile private",
    isPublic: "Kid Family’s profile is public",
    private: "This profile is private",
  },
  "fr-CA": {
    ...SIGN_UP_TEXTS["fr-CA"],
    family: "Famille",
    weeks: "Kid Family\u202f: séries jouées et temps passé par semaine, les 8 dernières semaines",
    makePublic: "Rendre public le profil de Kid Family",
    makePrivate: "Rendre privé le profil de Kid Family",
    isPublic: "Le profil de Kid Family est public",
    private: "Ce profil est privé",
  },
} as const;

/** Another player, signed in in a browser of their own, so the parent stays signed in. */
async function anotherPlayer(browser: Browser, baseURL: string, locale: keyof typeof TEXTS) {
  const { cookieValue } = await createSignedInPlayer(site, {
    name: "Curious Peer",
    age: 30,
    locale,
  });
  const context = await browser.newContext();
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookieValue, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  return context.newPage();
}

for (const [locale, width] of [
  ["en-CA", 1280],
  ["fr-CA", 375],
] as const) {
  test.describe(`${locale} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a parent consents with a new account, opens the family page and opens the child's profile to others", async ({
      page,
      browser,
      baseURL,
    }) => {
      const text = TEXTS[locale];
      const stamp = `${Date.now()}.${width}`;
      const child = `kid.${stamp}@example.com`;
      const parent = `parent.${stamp}@example.com`;

      await page.goto(`${text.prefix}/register`);
      await page.locator("main form").first().getByLabel(text.age).fill("10");
      await signUp(page, locale, { name: "Kid Family", email: child, age: "10", parent });
      const { rows } = await site.query<{ handle: string }>(
        `select handle from "user" where email = $1`,
        [child],
      );
      const handle = rows[0]?.handle ?? "";

      // The parent's e-mail is in the outbox; the parent makes a new account and consents.
      const link = await linkIn(parent, CONSENT_LINK);
      await page.goto(link);
      await consentWithNewAccount(page, locale, { link, name: "Parent Family", email: parent });

      // Before: another player finds the child's profile private.
      const peer = await anotherPlayer(browser, baseURL ?? "", locale);
      await peer.goto(`${text.prefix}/profile-view/${handle}/s`);
      await expect(peer.getByRole("heading", { level: 1 })).toHaveText(text.private);

      // The parent reaches the family page from the header (the More menu on a phone).
      await page.goto(`${text.prefix}/`);
      if (width < 640)
        await page.locator("summary", { hasText: locale === "en-CA" ? "More" : "Plus" }).click();
      await page.getByRole("link", { name: text.family, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.family);
      await expect(page.getByRole("heading", { level: 2, name: /Kid Family/ })).toBeVisible();
      await expect(page.getByRole("table", { name: text.weeks })).toBeVisible();
      await expect(page.getByRole("table", { name: text.weeks }).getByRole("row")).toHaveCount(9);
      await expectNoAxeViolations(page);
      if (locale === "fr-CA") expect(await frenchSpacingMistakes(page)).toEqual([]);

      await page.getByRole("button", { name: text.makePublic }).click();
      await expect(page.getByText(text.isPublic)).toBeVisible();
      await expect(page.getByRole("button", { name: text.makePrivate })).toBeVisible();
      await expectNoAxeViolations(page);

      // After: the other player opens it.
      await peer.reload();
      await expect(peer.getByRole("heading", { level: 1 })).not.toHaveText(text.private);
      await expect(peer.getByText(text.private)).toHaveCount(0);
      await peer.context().close();
    });
  });
}
