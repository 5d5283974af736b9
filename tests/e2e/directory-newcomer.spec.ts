import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** What a newcomer tripped over in the directory (issue 21), in both languages. */

const BUSINESS = "Lakshmi’s Dosa House";
const OUTSIDE = /^https?:\/\/(?!127\.0\.0\.1|localhost)/;

/** The provinces of the cards shown ("Calgary, AB" → "AB"). */
async function provincesShown(page: Page): Promise<string[]> {
  const places = await page.getByRole("article").locator("p").first().allTextContents();
  // The place may be followed by a claimed listing's badge ("Québec, QC Claimed").
  return places.map((text) => /, ([A-Z]{2})(?:\s|$)/.exec(text.trim())?.[1] ?? text);
}

test.describe("a search", () => {
  test("says what was searched, and finds a location typed as the cards show it", async ({
    page,
  }) => {
    await page.goto("/businesses");
    await expect(page.getByRole("heading", { level: 2, name: "Top Businesses" })).toBeVisible();
    const search = page.getByRole("search");
    await search.getByLabel("Location").fill("Calgary, AB");
    await search.getByRole("button", { name: "Search Now" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Results for “Calgary, AB”" }),
    ).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Calgary, AB");
    await expectNoAxeViolations(page);

    await page.goto("/businesses?title=&location=Alberta&category=Restaurants");
    await expect(
      page.getByRole("heading", { level: 2, name: "Results for “Alberta · Restaurants”" }),
    ).toBeVisible();
    await expect(cards.first()).toBeVisible();
    expect(new Set(await provincesShown(page))).toEqual(new Set(["AB"]));
  });

  test("in French, on a phone, a province's French name finds its places", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/fr/businesses");
    await page.getByLabel("Lieu").fill("Colombie-Britannique");
    await page.getByRole("button", { name: "Chercher" }).click();
    await expect(
      page.getByRole("heading", {
        level: 2,
        name: "Résultats pour « Colombie-Britannique »",
      }),
    ).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(new Set(await provincesShown(page))).toEqual(new Set(["BC"]));
    await page.goto("/fr/businesses?title=&location=Qu%C3%A9bec&category=");
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(new Set(await provincesShown(page))).toEqual(new Set(["QC"]));
    await expectNoAxeViolations(page);
  });
});

/** Each star's filled part as a share of the star, as drawn (1, 0.5 or 0). */
function starsDrawn(page: Page) {
  return page
    .getByRole("article")
    .getByRole("img", { name: /^(Rated|Note de) / })
    .evaluateAll((groups) =>
      groups.map((group) => ({
        label: group.getAttribute("aria-label") ?? "",
        // The grey row of stars with, over it, the row in colour inside an <svg> that cuts it at
        // its own width: how far that width reaches across the row is what a person sees filled.
        // (Its bounding box is the whole row it cuts, so the width is read, not measured.)
        fills: (() => {
          const drawing = group.querySelector("svg");
          const coloured = drawing?.querySelector("svg");
          const whole = drawing?.viewBox.baseVal.width ?? 1;
          const halves = coloured ? Math.round((coloured.width.baseVal.value / whole) * 10) : 0;
          return [0, 1, 2, 3, 4].map((star) => Math.min(Math.max(halves - star * 2, 0), 2) / 2);
        })(),
      })),
    );
}

test.describe("stars", () => {
  for (const [prefix, width] of [
    ["", 1280],
    ["/fr", 375],
  ] as const) {
    test(`draw halves, with the number beside them (${prefix || "/"}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix}/businesses?title=&location=&category=`);
      await expect(page.getByRole("article")).toHaveCount(12);
      const drawn = await starsDrawn(page);
      for (const { label, fills } of drawn) {
        const rating = Number(/(\d[.,]\d)/.exec(label)?.[1]?.replace(",", "."));
        const halves = Math.round(rating * 2);
        expect(fills, label).toEqual(
          [0, 1, 2, 3, 4].map((star) => Math.min(Math.max(halves - star * 2, 0), 2) / 2),
        );
      }
      // The demo data has half stars on its first page, and the number is written beside them.
      expect(drawn.some(({ fills }) => fills.includes(0.5))).toBe(true);
      const first = page.getByRole("article").first();
      const shown = /(\d[.,]\d)/.exec(drawn[0]?.label ?? "")?.[1];
      await expect(first.getByText(`(${shown})`)).toBeVisible();
    });
  }
});

test.describe("saving a business", () => {
  for (const language of [
    {
      prefix: "",
      width: 1280,
      save: `Save ${BUSINESS}`,
      share: `Share ${BUSINESS}`,
      copied: "Link copied.",
      saved: "Saved to your places.",
      unsaved: "Removed from your places.",
    },
    {
      prefix: "/fr",
      width: 375,
      save: `Enregistrer ${BUSINESS}`,
      share: `Partager ${BUSINESS}`,
      copied: "Lien copié.",
      saved: "Ajouté à vos lieux.",
      unsaved: "Retiré de vos lieux.",
    },
  ]) {
    test(`says what it did, and replaces the last notice (${language.prefix || "/"}, ${language.width} px)`, async ({
      page,
      context,
      signIn,
    }) => {
      await page.setViewportSize({ width: language.width, height: 900 });
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "share", { value: undefined });
      });
      await signIn();
      await page.goto(`${language.prefix}/businesses?title=lakshmi&location=&category=`);
      const notices = page.getByRole("status");
      await page.getByRole("link", { name: language.share }).click();
      await expect(notices.filter({ hasText: language.copied })).toBeVisible();

      const heart = page.getByRole("button", { name: language.save });
      await heart.click();
      await expect(notices.filter({ hasText: language.saved })).toBeVisible();
      await expect(notices.filter({ hasText: language.copied })).toHaveCount(0);
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      // Said in the polite live region that holds the notices.
      await expect(
        page.locator("[aria-live=polite]").filter({ hasText: language.saved }),
      ).toHaveCount(1);

      await heart.click();
      await expect(notices.filter({ hasText: language.unsaved })).toBeVisible();
      await expect(notices.filter({ hasText: language.saved })).toHaveCount(0);
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await page.screenshot({
        path: `/tmp/dir-shots/notice-${language.prefix ? "fr" : "en"}-${language.width}.png`,
      });
    });
  }

  test("without JavaScript, the page it comes back to says it", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    // Signed in through the fixture's page would share its cookies; make this context's own.
    const { connectToSite, createSignedInPlayer, SESSION_COOKIE } = await import("./players.ts");
    const db = connectToSite();
    const { cookieValue } = await createSignedInPlayer(db, {});
    await db.end();
    await context.addCookies([
      { name: SESSION_COOKIE, value: cookieValue, url: baseURL, httpOnly: true, sameSite: "Lax" },
    ]);
    await page.goto("/fr/businesses?title=lakshmi&location=&category=");
    await page.getByRole("button", { name: `Enregistrer ${BUSINESS}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ajouté à vos lieux." })).toBeVisible();
    await page.getByRole("button", { name: `Enregistrer ${BUSINESS}` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Retiré de vos lieux." }),
    ).toBeVisible();
    await context.close();
  });
});

test.describe("the business map", () => {
  for (const language of [
    { prefix: "", width: 1280, show: "Show map", open: "Open the map in OpenStreetMap" },
    {
      prefix: "/fr",
      width: 375,
      show: "Afficher la carte",
      open: "Ouvrir la carte dans OpenStreetMap",
    },
  ]) {
    test(`asks nothing of another site until "${language.show}" is pressed (${language.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: language.width, height: 900 });
      const outside: string[] = [];
      page.on("request", (request) => {
        if (OUTSIDE.test(request.url())) outside.push(request.url());
      });
      await page.goto(`${language.prefix}/businesses?title=lakshmi&location=&category=`);
      await page.getByRole("link", { name: BUSINESS, exact: true }).click();
      const show = page.getByRole("button", { name: language.show });
      await show.scrollIntoViewIfNeeded();
      await expect(page.locator("address")).toContainText("Toronto");
      // Through the counting redirect to the place on OpenStreetMap (routes/directory/go.ts).
      await expect(page.getByRole("link", { name: language.open })).toHaveAttribute(
        "href",
        new RegExp(`^${language.prefix}/businesses/\\d+/go/directions$`),
      );
      await expect(page.locator("iframe")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `/tmp/dir-shots/map-${language.prefix ? "fr" : "en"}-${language.width}.png`,
        fullPage: true,
      });
      expect(outside).toEqual([]);

      await show.click();
      await expect(page.locator("iframe")).toHaveAttribute(
        "src",
        /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/,
      );
      await expect.poll(() => outside.length).toBeGreaterThan(0);
      expect(outside.every((url) => url.startsWith("https://www.openstreetmap.org/"))).toBe(true);
    });
  }

  test("without JavaScript, the link is the map", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/businesses?title=lakshmi&location=&category=");
    await page.getByRole("link", { name: BUSINESS, exact: true }).click();
    await expect(page.getByRole("link", { name: "Open the map in OpenStreetMap" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Show map" })).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await context.close();
  });
});

test.describe("the demo's pictures", () => {
  test("each card shows a drawing that loads, never the same as the card before it", async ({
    page,
  }) => {
    for (const url of ["/businesses", "/fr/businesses?category=restaurants"]) {
      await page.goto(url);
      const cards = page.getByRole("article");
      await expect(cards.first().locator("img").first()).toBeVisible();
      // Each card's first picture is the business's (the owner's portrait comes after).
      const shown = await cards.evaluateAll((articles) =>
        articles.map((article) => article.querySelector("img")?.getAttribute("src") ?? ""),
      );
      expect(shown.length).toBeGreaterThan(6);
      for (const [index, src] of shown.entries()) {
        expect(src).toMatch(/^\/images\/directory\/kinds\/[a-z-]+\.svg$/);
        expect(src).not.toBe(shown[index - 1]);
      }
      // The first cards are in view, so their (lazy) pictures load: the files ship.
      for (const index of [0, 1, 2]) {
        const picture = cards.nth(index).locator("img").first();
        await expect
          .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);
      }
    }
  });
});
