import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { connectToSite } from "./players.ts";

/** A demo business with a promotion and products (content/businesses/active-life.json). */
const WITH_PROMOTION = "centre-escalade-voie-lactee-montreal";

const LANGUAGES = [
  {
    prefix: "",
    cart: /^Cart, \d+/,
    promo: "Promo update",
    products: "Products and services",
    notForSale: "Not available for your account",
  },
  {
    prefix: "/fr",
    cart: /^Panier, \d+/,
    promo: "Promotion en cours",
    products: "Produits et services",
    notForSale: "Non offert pour ton compte",
  },
] as const;

let businessId: number;

test.beforeAll(async () => {
  const db = connectToSite();
  const { rows } = await db.query<{ id: number }>("select id from business where slug = $1", [
    WITH_PROMOTION,
  ]);
  await db.end();
  businessId = rows[0]?.id ?? 0;
});

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

for (const width of [375, 1280]) {
  for (const language of LANGUAGES) {
    test(`${language.prefix || "/en"} at ${width} px: a child signed in sees no cart, no promotion and no products, and the shop says it is not for their account`, async ({
      page,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn({ age: 10 });
      await page.goto(`${language.prefix}/businesses/${businessId}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: language.cart })).toHaveCount(0);
      await expect(heading(page, language.promo)).toHaveCount(0);
      await expect(heading(page, language.products)).toHaveCount(0);
      await expectNoAxeViolations(page);

      const shop = await page.goto(`${language.prefix}/shop`);
      expect(shop?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.notForSale);
      await expect(page.getByRole("link", { name: language.cart })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test(`${language.prefix || "/en"} at ${width} px: an adult signed in sees the cart, the promotion, the products and the shop`, async ({
      page,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn({ age: 40 });
      await page.goto(`${language.prefix}/businesses/${businessId}`);
      await expect(page.getByRole("link", { name: language.cart })).toBeVisible();
      await expect(heading(page, language.promo)).toBeVisible();
      await expect(heading(page, language.products)).toBeVisible();
      expect((await page.goto(`${language.prefix}/shop`))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(language.notForSale);
    });
  }
}
