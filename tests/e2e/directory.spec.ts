import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { businessIdOf, connectToSite } from "./players.ts";

test.describe("home", () => {
  test("searching from home lands on the filtered list with the form filled in", async ({
    page,
  }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
    const search = page.getByRole("search");
    // Typed with a keyboard's straight apostrophe; the listing's name has a typographic one.
    await search.getByLabel("What").fill("lakshmi's");
    await search.getByLabel("Location").fill("toronto");
    await search.getByLabel("Category", { exact: true }).selectOption("Restaurants");
    await search.getByRole("button", { name: "Search Now" }).click();

    await expect(page).toHaveURL(
      /\/businesses\?title=lakshmi%27s&location=toronto&category=Restaurants$/,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Popular Businesses");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole("heading").getByRole("link")).toHaveText("Lakshmi’s Dosa House");
    await expect(page.getByLabel("What")).toHaveValue("lakshmi's");
    await expect(page.getByLabel("Location")).toHaveValue("toronto");
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Restaurants");
  });

  test("a category tile opens that category with its count of places", async ({ page }) => {
    await page.goto("/");
    const tile = page.getByRole("link", { name: /^Nightlife \d+ places$/ });
    await expect(tile).toHaveText("Nightlife15 places");
    await tile.click();
    await expect(page).toHaveURL(/\/businesses\?title=&location=&category=Nightlife$/);
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Nightlife");
    await expect(page.getByRole("article").first()).toContainText("Nightlife");
    for (const card of await page.getByRole("article").all())
      await expect(card).toContainText("Nightlife");
  });

  test("Top Businesses shows the six best rated", async ({ page }) => {
    await page.goto("/");
    const top = page.getByRole("list", { name: "Top Businesses" }).getByRole("article");
    await expect(top).toHaveCount(6);
    await expect(top.first().getByRole("img", { name: /Rated 5[.,]0 out of 5/ })).toBeVisible();
  });
});

test.describe("businesses", () => {
  test("the address fills the form and filters the list", async ({ page }) => {
    await page.goto("/businesses?title=garage&location=Montr%C3%A9al&category=Automotive");
    await expect(page.getByLabel("What")).toHaveValue("garage");
    await expect(page.getByLabel("Location")).toHaveValue("Montréal");
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Automotive");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article")).toContainText("Garage Clé de Douze");
    await expectNoAxeViolations(page);
  });

  test("More Businesses appends the next page and moves focus to it", async ({ page }) => {
    await page.goto("/businesses");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(12);
    const url = page.url();
    await page.getByRole("link", { name: "More Businesses" }).click();
    await expect(cards).toHaveCount(24);
    expect(page.url()).toBe(url);
    await expect(cards.nth(12).getByRole("heading").getByRole("link")).toBeFocused();
  });

  test("More Businesses is a plain link without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/businesses?title=&location=&category=");
    const first = await page
      .getByRole("article")
      .first()
      .getByRole("heading")
      .getByRole("link")
      .textContent();
    await page.getByRole("link", { name: "More Businesses" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(
      page.getByRole("article").first().getByRole("heading").getByRole("link"),
    ).not.toHaveText(first ?? "");
    await context.close();
  });

  test("a card's parts stay apart when its text is read or copied as one", async ({ page }) => {
    await page.goto("/businesses?title=lakshmi&location=&category=");
    // textContent: the card's words as they sit in the page, without the layout's line breaks.
    const text = await page.getByRole("article").evaluate((card) => card.textContent);
    expect(text).toMatch(/^Restaurants\s+Toronto, ON/);
    expect(text).toMatch(/Listed by Lakshmi Raghunathan\s+Start From \$/);
  });

  test("the first result's picture is fetched at once and first, the others as they near", async ({
    page,
  }) => {
    await page.goto("/businesses");
    const pictures = page.getByRole("article").locator("img[width='400']");
    await expect(pictures.first()).toHaveAttribute("loading", "eager");
    await expect(pictures.first()).toHaveAttribute("fetchpriority", "high");
    await expect(pictures.nth(1)).toHaveAttribute("loading", "lazy");
    await expect(pictures.nth(1)).not.toHaveAttribute("fetchpriority", /.*/);
  });

  test("a card's icons and stars are drawn from the sprite file, hidden from assistive tech", async ({
    page,
  }) => {
    await page.goto("/businesses");
    const card = page.getByRole("article").first();
    await expect(card.getByRole("button", { name: /^Save / })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Share / })).toBeVisible();
    const uses = card.locator("use");
    await expect(uses).not.toHaveCount(0);
    for (const href of await uses.evaluateAll((all) => all.map((use) => use.getAttribute("href"))))
      expect(href).toMatch(/^\/assets\/icons-[\w-]+\.svg#\w+$/);
    // A <use> whose symbol did not load draws nothing: its box is empty.
    await expect
      .poll(() =>
        uses.evaluateAll(
          (all) => all.filter((use) => (use as SVGGraphicsElement).getBBox().width === 0).length,
        ),
      )
      .toBe(0);
    // Decorative: each drawing is inside an <svg aria-hidden="true">, its name on the control.
    expect(
      await uses.evaluateAll((all) =>
        all.every((use) => use.closest("svg[aria-hidden='true']") !== null),
      ),
    ).toBe(true);
  });

  test("a card's rating is one drawing of five stars, filled to the nearest half", async ({
    page,
  }) => {
    await page.goto("/businesses?title=lakshmi&location=&category=");
    const rating = page.getByRole("article").getByRole("img", { name: /^Rated / });
    await expect(rating.locator(":scope > svg")).toHaveCount(1);
    // Both rows of five stars are the sprite's one symbol: the grey row, and the coloured row cut
    // at the rating.
    await expect(rating.locator("use")).toHaveCount(2);
    const label = (await rating.getAttribute("aria-label")) ?? "";
    const value = Number(/[\d.]+/.exec(label)?.[0]);
    await expect(rating.locator("svg svg")).toHaveAttribute(
      "data-halves",
      String(Math.round(value * 2)),
    );
  });

  test("a search with no result says so and offers to clear the filters", async ({ page }) => {
    await page.goto("/businesses?title=zzzzzz&location=&category=");
    await expect(page.getByText("No business matches your search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear the filters" }).click();
    await expect(page.getByRole("article")).toHaveCount(12);
    await expectNoAxeViolations(page);
  });
});

test.describe("business page", () => {
  test("shows every block, loaded from the server, while map tiles cannot load", async ({
    page,
  }) => {
    await page.goto("/businesses?title=lakshmi&location=&category=");
    await page.getByRole("link", { name: "Lakshmi’s Dosa House", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lakshmi’s Dosa House");
    await expect(page.getByRole("img", { name: /Rated 4[.,]5 out of 5/ }).first()).toBeVisible();
    await expect(page.getByText(/ratings?$/).first()).toBeVisible();
    await expect(page.getByText(/^(Open now · closes|Closed · opens|Open 24 hours)/)).toBeVisible();
    await expect(page.getByRole("table", { name: "Opening hours" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See all photos" })).toHaveAttribute(
      "href",
      "#photos",
    );
    for (const heading of [
      "Products and services",
      "Reviews",
      "Location and address",
      "Community questions",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const products = page.getByRole("list", { name: "Products and services" }).getByRole("link");
    expect(await products.count()).toBeGreaterThanOrEqual(2);
    await expect(products.first()).toHaveAttribute("target", "_blank");
    await expect(products.first()).toHaveAttribute("rel", /noopener/);
    await expect(page.locator("address")).toContainText("Toronto");
    await expectNoAxeViolations(page);
  });

  test("the carousel's arrows are unavailable at its ends", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/businesses?title=lakshmi&location=&category=");
    await page.getByRole("link", { name: "Lakshmi’s Dosa House", exact: true }).click();
    const strip = page.getByRole("list", { name: "Products and services" });
    const previous = page.getByRole("button", { name: "Previous products" });
    const next = page.getByRole("button", { name: "Next products" });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    // One product shows at a time: the index of the one in view.
    const shown = () =>
      strip.evaluate((list) =>
        Math.round(list.scrollLeft / ((list.firstElementChild as HTMLElement).offsetWidth + 20)),
      );
    const count = await strip.getByRole("listitem").count();
    for (let index = 1; index < count; index++) {
      await next.click();
      await expect.poll(shown).toBe(index);
      await expect(previous).toBeEnabled();
    }
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
  });

  test("the carousel shows 1, 2, 3 and 4 products by width", async ({ page }) => {
    await page.goto("/businesses?title=lakshmi&location=&category=");
    await page.getByRole("link", { name: "Lakshmi’s Dosa House", exact: true }).click();
    const strip = page.getByRole("list", { name: "Products and services" });
    for (const [width, slides] of [
      [375, 1],
      [700, 2],
      [800, 3],
      [1100, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      const visible = await strip.evaluate((list) => {
        const box = list.getBoundingClientRect();
        return [...list.children].filter((child) => {
          const item = child.getBoundingClientRect();
          return item.left >= box.left - 1 && item.right <= box.right + 1;
        }).length;
      });
      expect(visible, `${width}px`).toBe(slides);
    }
  });
});

test("an unknown address shows the 404 page with a way home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error 404!!!!" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("in French", () => {
  test("the language selector keeps the page and the search", async ({ page }) => {
    await page.goto("/businesses?title=caf&location=&category=");
    await page.getByRole("contentinfo").getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/businesses\?title=caf&location=&category=$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Trouvez des entreprises populaires",
    );
    await expect(page.getByLabel("Quoi")).toHaveValue("caf");
    await expectNoAxeViolations(page);
  });

  test("home, search and a business page in French", async ({ page }) => {
    await page.goto("/fr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Trouvez à proximité");
    await expect(page.getByRole("link", { name: /^Vie nocturne 15 lieux$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Quoi").fill("garage");
    await page.getByRole("button", { name: "Chercher" }).click();
    await expect(page).toHaveURL(/\/fr\/businesses\?title=garage/);
    await page.getByRole("link", { name: "Garage Clé de Douze", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/businesses\/\d+$/);
    await expect(page.getByRole("heading", { name: "Produits et services" })).toBeVisible();
    await expect(page.getByText(/\d,\d\d\u00a0\$/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the bottom bar replaces the top navigation", async ({ page }) => {
    await page.goto("/");
    const bottom = page.getByRole("navigation", { name: "Main, mobile" });
    await expect(bottom).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    await bottom.getByRole("link", { name: "Businesses" }).click();
    await expect(page).toHaveURL(/\/businesses$/);
    await expect(bottom.getByRole("link", { name: "Businesses" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);
  });
});

test.describe("a claimed business's card", () => {
  const SLUG = "curling-club-pebble-stone-saskatoon";
  const LANGUAGES = {
    en: { prefix: "", locale: "en-CA", claimed: "Claimed" },
    fr: { prefix: "/fr", locale: "fr-CA", claimed: "Revendiquée" },
  } as const;

  /** The name of a listed business nobody owns: its card has no mark. */
  async function unclaimedName(): Promise<string> {
    const db = connectToSite();
    try {
      const { rows } = await db.query<{ name: string }>(
        `select name from business where listed and owner_count = 0 and slug <> $1
           and name ~ '^[A-Za-z ]+$' order by id limit 1`,
        [SLUG],
      );
      return rows[0]?.name as string;
    } finally {
      await db.end();
    }
  }

  for (const [language, words] of Object.entries(LANGUAGES)) {
    test(`says "${words.claimed}" once it has an owner (${language}), narrow and wide`, async ({
      page,
      signIn,
    }) => {
      const id = await businessIdOf(SLUG);
      // Signed in, the results are rendered for this request, not a visitor's kept page.
      await signIn({ age: 30, owns: [id], locale: words.locale });
      await page.goto(`${words.prefix}/businesses?title=pebble&location=&category=`);
      const card = page.getByRole("article").filter({ hasText: "Pebble & Stone Curling Club" });
      await expect(card.getByText(words.claimed, { exact: true })).toBeVisible();
      // Only cards of businesses with an owner carry it.
      const other = await unclaimedName();
      await page.goto(
        `${words.prefix}/businesses?title=${encodeURIComponent(other)}&location=&category=`,
      );
      const otherCard = page
        .getByRole("article")
        .filter({ has: page.getByRole("link", { name: other, exact: true }) });
      await expect(otherCard).toBeVisible();
      await expect(otherCard.getByText(words.claimed)).toHaveCount(0);
      await page.goto(`${words.prefix}/businesses?title=pebble&location=&category=`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(card.getByText(words.claimed, { exact: true })).toBeVisible();
        await expectNoAxeViolations(page);
        await card.screenshot({ path: `/tmp/claimed-shots/${language}-card-${width}.png` });
        await page.screenshot({ path: `/tmp/claimed-shots/${language}-results-${width}.png` });
      }
    });
  }
});
