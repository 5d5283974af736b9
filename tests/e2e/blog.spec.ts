import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

test("a blog post in both languages: its page, its other language's address, its structured data", async ({
  page,
}) => {
  await page.goto("/blogs?title=carnival");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore Our Blog");
  await page
    .getByRole("link", { name: "Québec Winter Carnival with children: a day that stays warm" })
    .click();

  await expect(page).toHaveURL(/\/blogs\/quebec-winter-carnival-with-children$/);
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(
    "Québec Winter Carnival with children: a day that stays warm",
  );
  await expect(article.getByRole("link", { name: "Events" })).toBeVisible();
  await expect(article).toContainText("Québec, QC");
  await expect(article.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeVisible();
  await expect(article).toContainText("By Camille Roy");
  await expect(article).toContainText("Published on January 12, 2026");
  await expect(article).toContainText("When: January 30–February 15, 2026");
  await expect(article).toContainText(/\d min read/);
  await expect(
    article.getByRole("heading", { level: 2, name: "Plan the day around the cold" }),
  ).toBeVisible();
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(jsonLd).toMatchObject({
    "@type": "BlogPosting",
    inLanguage: "en-CA",
    author: { name: "Camille Roy" },
  });
  await expect(page.locator('link[hreflang="fr-CA"]')).toHaveAttribute(
    "href",
    /\/fr\/blogs\/carnaval-de-quebec-avec-les-enfants$/,
  );
  await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute(
    "href",
    /\/blogs\/quebec-winter-carnival-with-children$/,
  );
  await expect(page.locator('link[type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/blogs/feed.xml",
  );
  await expectNoAxeViolations(page);

  // The language switch goes to the French post, at its French address.
  await page.getByRole("link", { name: "FR Français" }).first().click();
  await expect(page).toHaveURL(/\/fr\/blogs\/carnaval-de-quebec-avec-les-enfants$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Le Carnaval de Québec avec les enfants\u00a0: une journée bien au chaud",
  );
  await expect(page.getByRole("article")).toContainText("Publié le 12 janvier 2026");
  await expect(page.getByRole("article")).toContainText(
    "Quand\u202f: 30 janvier\u2009–\u200915 février 2026",
  );
  await expect(page.getByRole("article")).toContainText(/\d min de lecture/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expectNoAxeViolations(page);

  // The English slug under /fr leads to the French post.
  await page.goto("/fr/blogs/quebec-winter-carnival-with-children");
  await expect(page).toHaveURL(/\/fr\/blogs\/carnaval-de-quebec-avec-les-enfants$/);
});

test("an unknown post is the 404 page", async ({ page }) => {
  const response = await page.goto("/blogs/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error 404!!!!");
});

test("the search hero filters by title, location and type; Upcoming Events lists upcoming events", async ({
  page,
}) => {
  await page.goto("/blogs");
  const search = page.getByRole("search", { name: "Search the blog" });
  await search.getByLabel("Location").fill("vancouver");
  await search.getByRole("button", { name: "Search Now" }).click();
  await expect(page).toHaveURL(/\/blogs\?title=&location=vancouver&type=$/);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  await search.getByLabel("Type").selectOption("city-guides");
  await search.getByRole("button", { name: "Search Now" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText("A rainy day in Vancouver with children");
  await search.getByLabel("Title").fill("zzzz");
  await search.getByRole("button", { name: "Search Now" }).click();
  await expect(page.getByText("No post matches your search.")).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "Upcoming Events" }).click();
  await expect(page).toHaveURL(/\/blogs\?type=events&when=upcoming$/);
  await expect(page.getByLabel("Type")).toHaveValue("events");
  await page.getByRole("contentinfo").getByRole("link", { name: "Our Blog" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
});

/**
 * Every event the blog describes was over by the time this was written (the last, the farmers'
 * market season, ended on 26 September 2026), so at the site's real today the upcoming list is
 * empty and the past list holds all five, the latest ended first.
 */
const EVENTS = {
  "": {
    footer: "Upcoming Events",
    upcoming: "Upcoming events",
    past: "Past events",
    none: "No upcoming events right now.",
    seePast: "See past events",
    latest: "A Saturday at the farmers’ market in Saskatoon",
    latestDays: "When: June 6–September 26, 2026",
  },
  "/fr": {
    footer: "Événements à venir",
    upcoming: "Événements à venir",
    past: "Événements passés",
    none: "Aucun événement à venir pour l’instant.",
    seePast: "Voir les événements passés",
    latest: "Un samedi au marché fermier de Saskatoon",
    latestDays: "Quand\u202f: 6 juin\u2009–\u200926 septembre 2026",
  },
};

test.describe("the footer's upcoming events, and the way to past events", () => {
  for (const width of [375, 1280]) {
    for (const [prefix, text] of Object.entries(EVENTS)) {
      test(`${prefix || "/en"} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/blogs`);
        await page.getByRole("contentinfo").getByRole("link", { name: text.footer }).click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/blogs\\?type=events&when=upcoming$`));
        await expect(page.getByRole("heading", { level: 2, name: text.upcoming })).toBeVisible();
        await expect(page.getByText(text.none)).toBeVisible();
        await expect(page.getByRole("article")).toHaveCount(0);
        const byDate = page.getByRole("navigation", { name: /Events by date|Événements par date/ });
        await expect(byDate.getByRole("link", { name: text.upcoming })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expectNoAxeViolations(page);

        await page.getByRole("link", { name: text.seePast }).click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/blogs\\?type=events&when=past$`));
        await expect(page.getByRole("heading", { level: 2, name: text.past })).toBeVisible();
        const cards = page.getByRole("article");
        await expect(cards).toHaveCount(5);
        await expect(cards.first()).toContainText(text.latest);
        await expect(cards.first()).toContainText(text.latestDays);
        await expect(byDate.getByRole("link", { name: text.past })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expectNoAxeViolations(page);

        // And back, from the links between the two lists.
        await byDate.getByRole("link", { name: text.upcoming }).click();
        await expect(page.getByText(text.none)).toBeVisible();
      });
    }
  }
});

test("upcoming and past events are plain links without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fr/blogs");
  await page.getByRole("contentinfo").getByRole("link", { name: "Événements à venir" }).click();
  await expect(page.getByText("Aucun événement à venir pour l’instant.")).toBeVisible();
  await page.getByRole("link", { name: "Voir les événements passés" }).click();
  await expect(page).toHaveURL(/\/fr\/blogs\?type=events&when=past$/);
  await expect(page.getByRole("article")).toHaveCount(5);
  await context.close();
});

test("a made-up when, or when with another type, says what is wrong", async ({ page }) => {
  const response = await page.goto("/blogs?when=soon");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Choose upcoming or past events.");
  await page.goto("/fr/blogs?type=city-guides&when=past");
  await expect(page.getByRole("alert")).toHaveText(
    "«\u202fÀ venir\u202f» et «\u202fpassés\u202f» ne s’appliquent qu’aux événements. Choisissez le type Événements ou tous les types.",
  );
  await expect(page.locator("h2#posts")).toHaveText("Meilleurs billets");
});

test("More posts appends the next page and moves focus to it", async ({ page }) => {
  await page.goto("/blogs");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(6);
  await page.getByRole("link", { name: "More posts" }).click();
  await expect(cards).toHaveCount(12);
  await expect(cards.nth(6).getByRole("link")).toBeFocused();
  await page.getByRole("link", { name: "More posts" }).click();
  await expect(cards).toHaveCount(15);
  await expect(page.getByText("You have seen every post.")).toBeVisible();
});

test("More posts is a plain link without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fr/blogs");
  const first = await page.getByRole("article").first().getByRole("link").textContent();
  await page.getByRole("link", { name: "Plus de billets" }).click();
  await expect(page).toHaveURL(/\/fr\/blogs\?cursor=/);
  await expect(page.getByRole("article")).toHaveCount(6);
  await expect(page.getByRole("article").first().getByRole("link")).not.toHaveText(first ?? "");
  await context.close();
});

test("the feed is linked from the blog and parses as Atom", async ({ page }) => {
  await page.goto("/fr/blogs");
  const href = await page
    .locator('link[rel="alternate"][type="application/atom+xml"]')
    .getAttribute("href");
  expect(href).toBe("/fr/blogs/feed.xml");
  const xml = await (await page.request.get(href ?? "")).text();
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      self: doc.querySelector('feed > link[rel="self"]')?.getAttribute("href"),
      entries: doc.querySelectorAll("entry").length,
    };
  }, xml);
  expect(parsed).toEqual({
    error: null,
    self: expect.stringMatching(/\/fr\/blogs\/feed\.xml$/),
    entries: 15,
  });
});

test.describe("every blog page passes axe", () => {
  for (const width of [375, 1280]) {
    for (const prefix of ["", "/fr"]) {
      test(`${prefix || "/en"} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/blogs`);
        await expectNoAxeViolations(page);
        await page.goto(`${prefix}/blogs?title=zzzz`);
        await expectNoAxeViolations(page);
        await page.goto(`${prefix}/blogs`);
        await page.getByRole("article").first().getByRole("link").click();
        // The list has a heading of its own: wait for the post's address, so axe reads the post.
        await expect(page).toHaveURL(/\/blogs\/[^/?]+$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  }
});
