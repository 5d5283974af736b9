import type { Browser } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** A visitor without any cookie: the one the visitors' page cache serves. */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

const OLD_FR = "/fr/blogs/questions-a-poser-avant-d-engager-un-entrepreneur";

test("a moderator renames a post and its address in French: the public page shows it at once, the old address redirects", async ({
  page,
  browser,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const reader = await visitor(browser);
  // Seen twice, so the visitors' page cache holds it before the edit.
  for (const _ of [1, 2]) {
    await reader.page.goto(OLD_FR);
    await expect(reader.page.getByRole("heading", { level: 1 })).toHaveText(
      "Sept questions à poser avant d’engager un entrepreneur",
    );
  }

  await signIn({ name: "Maude Moderatrice", role: "moderator", twoFactor: true, locale: "fr-CA" });
  await page.goto("/fr/staff/content/posts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles du blogue");
  await expectNoAxeViolations(page);
  await page
    .getByRole("link", { name: "Sept questions à poser avant d’engager un entrepreneur" })
    .click();
  const french = page.getByRole("group", { name: "Français" });
  await expect(french.getByLabel("Titre")).toHaveValue(
    "Sept questions à poser avant d’engager un entrepreneur",
  );
  await expectNoAxeViolations(page);

  await french.getByLabel("Adresse (slug)").fill("Pas une adresse !");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(french.getByRole("alert")).toHaveText(
    "Donnez une adresse\u202f: lettres minuscules, chiffres et traits d’union, comme «\u202fmarche-d-ete\u202f».",
  );
  await expect(french.getByLabel("Titre")).toHaveValue(
    "Sept questions à poser avant d’engager un entrepreneur",
  );

  await french.getByLabel("Titre").fill("Huit questions à poser à un entrepreneur");
  await french.getByLabel("Adresse (slug)").fill("huit-questions-a-un-entrepreneur");
  await french
    .getByLabel("Texte (Markdown)")
    .fill("## Avant tout\n\nDemandez **trois** soumissions.");
  await page.getByRole("button", { name: "Aperçu" }).click();
  const preview = page.getByRole("region", { name: "Aperçu" });
  await expect(preview.getByRole("heading", { name: "Avant tout" })).toBeVisible();
  await expect(preview.locator('[lang="fr"] strong')).toHaveText("trois");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Enregistré. Le site l’affiche maintenant.");
  await expect(french.getByLabel("Titre")).toHaveValue("Huit questions à poser à un entrepreneur");

  // The visitor's kept copy of the old page is gone: the old address now leads to the new one.
  await reader.page.goto(OLD_FR);
  await expect(reader.page).toHaveURL(/\/fr\/blogs\/huit-questions-a-un-entrepreneur$/);
  await expect(reader.page.getByRole("heading", { level: 1 })).toHaveText(
    "Huit questions à poser à un entrepreneur",
  );
  await expect(reader.page.getByRole("heading", { level: 2, name: "Avant tout" })).toBeVisible();
  const moved = await reader.page.request.get(OLD_FR, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/fr/blogs/huit-questions-a-un-entrepreneur");
  await reader.close();
});

test("a moderator adds a product picture and changes its price on a phone: the shop shows it at once", async ({
  page,
  browser,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const sharp = (await import("sharp")).default;
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: "#2563eb" },
  })
    .png()
    .toBuffer();

  await signIn({ name: "Max Moderator", role: "moderator", twoFactor: true });
  await page.goto("/staff/content/products");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Northern sky star finder" }).click();
  await expect(page).toHaveURL(/\/staff\/content\/products\/\d+$/);
  const productId = new URL(page.url()).pathname.split("/").pop();
  const reader = await visitor(browser);
  for (const _ of [1, 2]) {
    await reader.page.goto(`/shop/${productId}`);
    await expect(reader.page.getByRole("main")).toContainText("$17.99");
  }

  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("21.99");
  await page.getByLabel("Sale price", { exact: true }).fill("30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "The sale price must be lower than the price, or left empty.",
  );
  await expect(page.getByLabel("Sale price", { exact: true })).toHaveValue("30");

  await page.getByLabel("Price", { exact: true }).fill("25.00");
  await page.getByLabel("Sale price", { exact: true }).fill("19.50");
  await page.getByLabel("Add a picture").setInputFiles({
    name: "star-finder.png",
    mimeType: "image/png",
    buffer: picture,
  });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The site shows it now.");
  const pictures = page.getByRole("region", { name: "Pictures" }).getByRole("img");
  await expect(pictures).toHaveCount(2);
  await expect(pictures.nth(1)).toHaveAttribute("src", /^\/uploads\/content\/[0-9a-f]{32}\.jpg$/);
  await expectNoAxeViolations(page);

  // Made the main picture, it is the one the shop shows.
  await page.getByRole("button", { name: "Make it the main picture" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await expect(pictures.first()).toHaveAttribute("src", /^\/uploads\/content\//);

  await reader.page.goto(`/shop/${productId}`);
  await expect(reader.page.getByRole("main")).toContainText("$19.50");
  await expect(reader.page.getByRole("main")).toContainText("$25.00");
  // The product's picture is decorative (its name is the heading): found by its address.
  const shown = reader.page.getByRole("main").locator('img[src^="/uploads/content/"]');
  await expect(shown).toHaveCount(1);
  // The picture it had is now the second, shown after it.
  await expect(reader.page.getByRole("main").locator('img[src^="/images/shop/"]')).toHaveCount(1);
  const served = await reader.page.request.get((await shown.getAttribute("src")) as string);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  await reader.close();
});

for (const language of ["en", "fr"] as const) {
  for (const width of [375, 1280]) {
    test(`the content pages pass axe (${language}, ${width} px)`, async ({ page, signIn }) => {
      // Seven pages checked by axe: slow on a loaded machine.
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn({ name: "Ana Admin", role: "admin", twoFactor: true });
      const prefix = language === "fr" ? "/fr" : "";
      for (const [list, heading] of [
        ["posts", language === "fr" ? "Articles du blogue" : "Blog posts"],
        ["plans", language === "fr" ? "Forfaits" : "Pricing plans"],
        ["goals", language === "fr" ? "Récompenses" : "Reward goals"],
      ] as const) {
        await page.goto(`${prefix}/staff/content/${list}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expectNoAxeViolations(page);
        await page.getByRole("table").getByRole("link").first().click();
        await expect(
          page.getByRole("button", { name: language === "fr" ? "Enregistrer" : "Save" }),
        ).toBeVisible();
        await expectNoAxeViolations(page);
      }
      await page.goto(`${prefix}/staff/content/posts/new`);
      await expectNoAxeViolations(page);
    });
  }
}

test("a player gets the site's 404 on the content pages", async ({ page, signIn }) => {
  await signIn({ name: "Pat Player" });
  const answer = await page.goto("/staff/content/products");
  expect(answer?.status()).toBe(404);
});
