import { type Browser, devices, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { connectToSite } from "./players.ts";

// How a listing is found (issue 26): a visitor opens a business page, copies its link and follows
// its website link; the owner's statistics page shows all three in this week's figures, in a
// chart and in a table.

const SCREENSHOTS = ".data/screenshots";

const LANGUAGES = {
  en: {
    prefix: "",
    heading: "How people find this listing",
    chart: /^Page views, saves, shares and clicks/,
    table: "Each week’s figures",
    views: "Page views",
    websiteClicks: "Website clicks",
    shares: "Shares",
    share: /^Share /,
    copied: "Link copied.",
    website: /^Website:/,
    nav: "Statistics",
  },
  fr: {
    prefix: "/fr",
    heading: "Comment on trouve cette fiche",
    chart: /^Pages vues, enregistrements, partages et clics/,
    table: "Les chiffres de chaque semaine",
    views: "Pages vues",
    websiteClicks: "Clics vers le site web",
    shares: "Partages",
    share: /^Partager /,
    copied: "Lien copié.",
    website: /^Site web/,
    nav: "Statistiques",
  },
} as const;

type Words = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** A listing of its own for each language, given a website: the site's own About page. */
async function listingWithWebsite(baseURL: string, offset: number): Promise<number> {
  const db = connectToSite();
  try {
    const { rows } = await db.query<{ id: number }>(
      "select id from business where listed and phone is not null order by id desc offset $1 limit 1",
      [offset],
    );
    const id = rows[0]?.id ?? 0;
    await db.query("update business set website = $1 where id = $2", [`${baseURL}/about`, id]);
    return id;
  } finally {
    await db.end();
  }
}

/** This week's figure in the table's column `column` (the last week is this one). */
async function thisWeeks(page: Page, words: Words, column: string): Promise<number> {
  const table = page.getByRole("table", { name: words.table });
  const headers = await table.getByRole("columnheader").allInnerTexts();
  const index = headers.indexOf(column);
  expect(index, column).toBeGreaterThan(0);
  const row = table.locator("tbody tr").last();
  // The row's header is its first cell; the figures follow in the columns' order.
  const text = await row.locator("th, td").nth(index).innerText();
  return Number(text.replace(/\D/g, ""));
}

/** A visitor's own browser (no cookie), as a person's browser says who it is. */
async function visitorPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent: devices["Desktop Chrome"].userAgent,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  // No share sheet here: the share control copies the link.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined });
  });
  return { page: await context.newPage(), close: () => context.close() };
}

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`an owner sees this week's view, share and website click after a visitor's (${language})`, async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    const site = baseURL ?? "";
    const id = await listingWithWebsite(site, language === "en" ? 0 : 1);
    await signIn({ age: 30, owns: [id] });
    const stats = `${words.prefix}/businesses/${id}/manage/stats`;
    await page.goto(`${words.prefix}/businesses/${id}/manage`);
    await page.getByRole("link", { name: words.nav }).click();
    await expect(page.getByRole("heading", { level: 2, name: words.heading })).toBeVisible();
    await expect(page.getByRole("img", { name: words.chart })).toBeVisible();
    const views = await thisWeeks(page, words, words.views);
    const clicks = await thisWeeks(page, words, words.websiteClicks);
    const shares = await thisWeeks(page, words, words.shares);

    const visitor = await visitorPage(browser, site);
    await visitor.page.goto(`${words.prefix}/businesses/${id}`);
    // The website link beside the address and phone, at both widths.
    const place = visitor.page.getByRole("region", {
      name: /^(Location and address|.*adresse.*)$/i,
    });
    for (const width of [375, 1280]) {
      await visitor.page.setViewportSize({ width, height: 900 });
      await place.screenshot({ path: `${SCREENSHOTS}/stats-${language}-business-${width}.png` });
    }
    await visitor.page.getByRole("link", { name: words.share }).click();
    await expect(visitor.page.getByRole("status").filter({ hasText: words.copied })).toBeVisible();
    await visitor.page.getByRole("link", { name: words.website }).click();
    await expect(visitor.page).toHaveURL(`${site}/about`);
    await visitor.close();

    // Views are written once a second: look again until they are there.
    await expect(async () => {
      await page.goto(stats);
      expect(await thisWeeks(page, words, words.views)).toBe(views + 1);
      expect(await thisWeeks(page, words, words.websiteClicks)).toBe(clicks + 1);
      expect(await thisWeeks(page, words, words.shares)).toBe(shares + 1);
    }).toPass();

    if (language === "fr") expect(await frenchSpacingMistakes(page)).toEqual([]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `${SCREENSHOTS}/stats-${language}-${width}.png`,
        fullPage: true,
      });
    }
  });
}

test("a stranger gets the site's 404 for a listing's statistics", async ({
  page,
  signIn,
  baseURL,
}) => {
  const id = await listingWithWebsite(baseURL ?? "", 2);
  await signIn({ age: 30 });
  const response = await page.goto(`/businesses/${id}/manage/stats`);
  expect(response?.status()).toBe(404);
});
