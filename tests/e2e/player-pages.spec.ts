import type { Page } from "@playwright/test";
import type pg from "pg";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { createSignedInPlayer, type Player, SESSION_COOKIE } from "./players.ts";

// A player's `/` and `/businesses` are the kept visitor's page with the player's parts rendered
// again, and the player's state put into React Router's data before hydrating (decision 0078).
// The page fixture fails a test on any console error, a hydration mismatch included.

const SHOTS = ".data/screenshots/player-pages";

const TEXT = {
  en: { prefix: "", cart: "Your cart", empty: "Your cart is empty!", profile: "My profile" },
  fr: {
    prefix: "/fr",
    cart: "Votre panier",
    empty: "Votre panier est vide !",
    profile: "Mon profil",
  },
} as const;

/** The cards' business ids on a page, in order. */
async function cardIds(page: Page): Promise<number[]> {
  return page
    .locator("[data-business]")
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-business"))));
}

async function save(site: pg.Pool, player: Player, businessId: number) {
  await site.query("insert into saved_business (user_id, business_id) values ($1, $2)", [
    player.id,
    businessId,
  ]);
}

for (const [language, text] of Object.entries(TEXT)) {
  test(`${language}: a player's businesses page hydrates with their marks and cart, and saving stays saved`, async ({
    page,
    signIn,
    site,
  }) => {
    const player = await signIn({ name: `Noor ${language}`, age: 30 });
    await page.goto(`${text.prefix}/businesses`);
    const [first, second] = await cardIds(page);
    await save(site, player, first as number);
    await page.reload();

    const heart = (id: number | undefined) =>
      page.locator(`[data-business="${id}"]`).getByRole("button", { name: /^(Save|Enregistrer)/ });
    await expect(heart(first)).toHaveAttribute("aria-pressed", "true");
    await expect(heart(second)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("link", { name: text.profile })).toBeVisible();

    // Hydrated with the player's data: the heart saves in place, and the cart opens its pop-up.
    await heart(second).click();
    await expect(heart(second)).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("link", { name: /^(Cart|Panier)/ }).click();
    const dialog = page.getByRole("dialog", { name: text.cart });
    await expect(dialog.getByText(text.empty)).toBeVisible();
    await page.keyboard.press("Escape");

    // A new page from the server, then Back: both marks are the player's.
    await page.reload();
    await expect(heart(first)).toHaveAttribute("aria-pressed", "true");
    await expect(heart(second)).toHaveAttribute("aria-pressed", "true");
    await page.locator(`[data-business="${first}"] h3 a`).click();
    await expect(page).toHaveURL(new RegExp(`/businesses/${first}$`));
    await page.goBack();
    await expect(heart(second)).toHaveAttribute("aria-pressed", "true");
    await checkAndShoot(page, SHOTS, `${language}-businesses`);
  });
}

test("two players on one address, in turns and at once, each see only their own page", async ({
  browser,
  baseURL,
  site,
}) => {
  const players = await Promise.all(
    ["Amir", "Béatrice"].map((name) => createSignedInPlayer(site, { name, age: 30 })),
  );
  const pages = await Promise.all(
    players.map(async ({ cookieValue }) => {
      const context = await browser.newContext();
      await context.addCookies([
        { name: SESSION_COOKIE, value: cookieValue, url: baseURL, httpOnly: true },
      ]);
      return context.newPage();
    }),
  );
  const [amir, beatrice] = pages as [Page, Page];
  await amir.goto("/");
  // Amir saves the first business of the home page; Béatrice saves nothing.
  const firstHeart = (page: Page) =>
    page
      .locator("section[aria-labelledby='top-businesses'] li")
      .first()
      .getByRole("button", { name: /^Save/ });
  await firstHeart(amir).click();
  await expect(firstHeart(amir)).toHaveAttribute("aria-pressed", "true");
  for (const round of [0, 1]) {
    if (round === 0) {
      await amir.reload();
      await beatrice.goto("/");
    } else {
      await Promise.all([amir.reload(), beatrice.reload()]);
    }
    await expect(firstHeart(amir)).toHaveAttribute("aria-pressed", "true");
    await expect(firstHeart(beatrice)).toHaveAttribute("aria-pressed", "false");
  }
  await Promise.all(pages.map((page) => page.context().close()));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the player's marks and links are in the page, and a heart unsaves by form", async ({
    page,
    signIn,
    site,
  }) => {
    const player = await signIn({ name: "Sam", age: 30 });
    await page.goto("/businesses");
    const [first] = await cardIds(page);
    await save(site, player, first as number);
    await page.goto("/businesses");
    const heart = page.locator(`[data-business="${first}"]`).getByRole("button", { name: /^Save/ });
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("link", { name: "My profile" })).toBeVisible();
    await heart.click();
    await expect(page).toHaveURL(/\/businesses/);
    await expect(
      page.locator(`[data-business="${first}"]`).getByRole("button", { name: /^Save/ }),
    ).toHaveAttribute("aria-pressed", "false");
  });
});

test("a child under 14 gets the page without the shop, hydrated", async ({ page, signIn }) => {
  await signIn({ name: "Léo", age: 10 });
  await page.goto("/businesses");
  await expect(page.getByRole("link", { name: "My profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
  const [first] = await cardIds(page);
  const heart = page.locator(`[data-business="${first}"]`).getByRole("button", { name: /^Save/ });
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
});
