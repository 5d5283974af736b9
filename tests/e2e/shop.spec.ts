import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { grantFromCommandLine, turnOnTwoFactor } from "./staff.ts";

const password = "loon-lake-canoe-7";

/** The nav's cart button, whose name says how many items the cart holds. */
const cartButton = (page: Page) => page.getByRole("link", { name: /^(Cart|Panier), \d+/ });

async function register(page: Page, name: string, email: string) {
  await page.goto("/register");
  const form = page.locator("main form").first();
  await form.getByLabel("Username").fill(name);
  await form.getByLabel(/^Email$/).fill(email);
  await form.getByLabel(/^Age$/).fill("34");
  await form.getByLabel(/^Password$/).fill(password);
  await form.getByLabel(/^Confirm password$/).fill(password);
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("status")).toContainText(`We have sent a link to ${email}`);
}

/** Follows the confirmation link of the last message to `email`, as the player would. */
async function confirmFromMail(page: Page, email: string) {
  await expect.poll(() => lastMailTo(email)).toContain("verify-email");
  const mail = lastMailTo(email) ?? "";
  const link = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/.exec(mail)?.[0] ?? "";
  await page.goto(link.replaceAll("&amp;", "&"));
}

test("a visitor adds two items, signs up, finds them in the cart, checks out, and the e-mail is in the outbox", async ({
  page,
}) => {
  await page.goto("/shop");
  await expectNoAxeViolations(page);
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");

  // A card opens the item in a dialog, with 'Add to Cart'.
  const syrupCard = page.getByRole("link", { name: "Amber maple syrup, 540 ml" });
  await syrupCard.click();
  const dialog = page.getByRole("dialog", { name: "Amber maple syrup, 540 ml" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("SALE!")).toBeVisible();
  await expect(dialog.locator("del")).toHaveText("$14.99");
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Quantity").selectOption("2");
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Added to your cart. View cart");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(syrupCard).toBeFocused();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");

  // The item's own page does the same.
  await page.goto(
    (await page.getByRole("link", { name: "Canoe enamel mug" }).getAttribute("href")) ?? "",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Canoe enamel mug");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 3 items");

  // The pop-up lists both lines.
  await cartButton(page).click();
  const popup = page.getByRole("dialog", { name: "Your cart" });
  await expect(popup.getByRole("listitem")).toHaveCount(2);
  await expect(popup).toContainText("2 × $12.99");
  await expect(popup).toContainText("$43.98");
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(cartButton(page)).toBeFocused();

  // Signing up keeps the cart: it joins the new player's on the first page after sign-in.
  const email = `buyer.${Date.now()}@example.com`;
  await register(page, "Léa Tremblay", email);
  await confirmFromMail(page, email);
  await expect(page.getByRole("link", { name: "My profile" })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 3 items");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
    "nearby_cart",
  );

  await cartButton(page).click();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("Sales tax: choose the province or territory");
  await summary.getByLabel("Province or territory").selectOption("QC");
  // The syrup is a zero-rated grocery: GST and QST are on the mug's $18.00 alone.
  await expect(page.getByRole("listitem").filter({ hasText: "Amber maple syrup" })).toContainText(
    "Basic grocery: no sales tax",
  );
  await expect(summary).toContainText("GST (5%)$0.90");
  await expect(summary).toContainText("QST (9.975%)$1.80");
  await expect(summary).toContainText("Total$46.68");
  await expectNoAxeViolations(page);

  const checkout = page.getByRole("region", { name: "Checkout" });
  await expect(checkout.getByLabel("Full name")).toHaveValue("Léa Tremblay");
  await expect(checkout.getByLabel("Email")).toHaveValue(email);
  await expect(checkout).toContainText("No payment is taken here");
  await checkout.getByLabel("Street address").fill("12 rue des Érables");
  await checkout.getByLabel("City").fill("Québec");
  await checkout.getByLabel("Postal code").fill("g1r 4p5");
  await checkout.getByRole("button", { name: "Place order" }).click();

  // The page is the order's: its title, its heading, its lines and what was charged.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order NB-\d{6}$/);
  const number = /NB-\d{6}/.exec(
    (await page.getByRole("heading", { level: 1 }).textContent()) ?? "",
  )?.[0];
  await expect(page).toHaveTitle(`Order ${number}: Nearby`);
  const confirmation = page.getByRole("status").filter({ hasText: "Thank you!" });
  await expect(confirmation.getByRole("heading")).toHaveText("Thank you! Your order is placed.");
  await expect(confirmation).toContainText("Status: awaiting payment");
  await expect(confirmation).toContainText("Nothing has been charged");
  const items = page.getByRole("region", { name: "Items ordered" });
  await expect(items.getByRole("listitem")).toHaveText([
    "Amber maple syrup, 540 ml2 × $12.99Basic grocery: no sales tax$25.98",
    "Canoe enamel mug1 × $18.00$18.00",
  ]);
  await expect(items).toContainText("Subtotal$43.98");
  await expect(items).toContainText("GST (5%)$0.90");
  await expect(items).toContainText("QST (9.975%)$1.80");
  await expect(items).toContainText("Total$46.68");
  await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
  await expectNoAxeViolations(page);

  await expect
    .poll(() => lastMailTo(email))
    .toContain(`Subject: Your Nearby order ${number}: awaiting payment`);
  const mail = lastMailTo(email) ?? "";
  expect(mail).toContain("Nothing has been charged");
  expect(mail).toMatch(/2 \S+ Amber maple syrup, 540 ml/);
  expect(mail).toContain("$46.68");
});

test.describe("on a phone, 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 700 } });
  const languages = [
    {
      prefix: "",
      item: "Birch wood coasters, set of 4",
      add: "Add to Cart",
      added: "Added to your cart.",
      province: "Province or territory",
      fields: ["Full name", "Email", "Street address", "City", "Postal code"],
      place: "Place order",
      order: /^Order NB-\d{6}$/,
      items: "Items ordered",
    },
    {
      prefix: "/fr",
      item: "Sous-verres en bouleau, ensemble de 4",
      add: "Ajouter au panier",
      added: "Ajouté à votre panier.",
      province: "Province ou territoire",
      fields: ["Nom complet", "Courriel", "Adresse", "Ville", "Code postal"],
      place: "Passer la commande",
      order: /^Commande NB-\d{6}$/,
      items: "Articles commandés",
    },
  ];
  for (const language of languages) {
    test(`${language.prefix || "/en"}: the pop-up shows that the item was added, and the order's page keeps its number whole`, async ({
      page,
    }) => {
      await page.goto(`${language.prefix}/shop?category=home`);
      await page.getByRole("link", { name: language.item }).click();
      const dialog = page.getByRole("dialog", { name: language.item });
      const add = dialog.getByRole("button", { name: language.add });
      // As a person scrolls to it: the button at the bottom edge of the pop-up.
      await add.evaluate((button) => button.scrollIntoView({ block: "end" }));
      await add.click();
      await expect(dialog.getByRole("status")).toContainText(language.added);
      await expect(dialog.getByRole("status")).toBeInViewport();
      await page.keyboard.press("Escape");

      await page.goto(`${language.prefix}/cart`);
      await page.getByLabel(language.province).selectOption("ON");
      const values = ["Léa Tremblay", "lea.phone@example.com", "1 Sparks St", "Ottawa", "K1P 5B2"];
      for (const [index, label] of language.fields.entries())
        await page.getByLabel(label, { exact: true }).fill(values[index] ?? "");
      await page.getByRole("button", { name: language.place }).click();

      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(language.order);
      // One box for the number: it is not broken after "NB-".
      const number = heading.getByText(/^NB-\d{6}$/);
      expect(await number.evaluate((element) => element.getClientRects().length)).toBe(1);
      await expect(page.getByRole("region", { name: language.items })).toContainText(language.item);
      await expectNoAxeViolations(page);
    });
  }
});

test("the cart page changes quantities within the stock and removes lines", async ({ page }) => {
  await page.goto("/shop?title=tea%20towel");
  await page.getByRole("link", { name: "Loon tea towel" }).click();
  const dialog = page.getByRole("dialog", { name: "Loon tea towel" });
  await expect(dialog.getByText("Only 3 left")).toBeVisible();
  // Only what is in stock can be chosen.
  await expect(dialog.getByLabel("Quantity").locator("option")).toHaveText(["1", "2", "3"]);
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(dialog.getByRole("status")).toBeVisible();
  await dialog.getByRole("link", { name: "View cart" }).click();

  await expect(page).toHaveURL(/\/cart$/);
  const quantity = page.getByLabel("Quantity (Loon tea towel)");
  await quantity.selectOption("3");
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText("Subtotal$42.00");
  await page.getByRole("button", { name: "Remove Loon tea towel" }).click();
  await expect(page.getByText("Your cart is empty!")).toBeVisible();
});

test("a sold-out item cannot be added", async ({ page }) => {
  await page.goto("/shop?category=apparel");
  await page.getByRole("link", { name: "Nearby canvas tote" }).click();
  const dialog = page.getByRole("dialog", { name: "Nearby canvas tote" });
  await expect(dialog.getByText("Sold out")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});

test("without JavaScript, the item's page adds to the cart and the cart takes the province", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fr/shop?title=tuque");
  await page.getByRole("link", { name: "Tuque tricotée à pompon" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tuque tricotée à pompon");
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page).toHaveURL(/\/fr\/cart$/);
  await page.getByLabel("Province ou territoire").selectOption("ON");
  await page.getByRole("button", { name: "Calculer les taxes" }).click();
  await expect(page.getByRole("region", { name: "Récapitulatif" })).toContainText(
    /TVH \(13\s%\)3,64\s\$/,
  );
  await context.close();
});

test.describe("every shop page passes axe", () => {
  for (const width of [375, 1280]) {
    for (const prefix of ["", "/fr"]) {
      test(`${prefix || "/en"} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/shop`);
        await expectNoAxeViolations(page);
        await page.getByRole("link", { name: /Canoe|Canot/ }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await dialog.getByRole("button", { name: /Add to Cart|Ajouter au panier/ }).click();
        await expect(dialog.getByRole("status")).toBeVisible();
        await page.keyboard.press("Escape");
        await page.goto(`${prefix}/shop/1`);
        await expectNoAxeViolations(page);
        await page.goto(`${prefix}/cart`);
        await expectNoAxeViolations(page);
        await cartButton(page).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  }
});

test("the cart button is not in the quiz area, nor in the staff console", async ({
  page,
  signIn,
}) => {
  const player = await signIn({ age: 30, password });
  await page.goto("/");
  await expect(cartButton(page)).toBeVisible();
  await page.goto("/playgames");
  await expect(cartButton(page)).toHaveCount(0);
  await grantFromCommandLine(player.email, "moderator");
  await page.goto("/staff");
  await turnOnTwoFactor(page, password);
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waiting on a person");
  await expect(cartButton(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Shop" }).first().click();
  await expect(cartButton(page)).toBeVisible();
});
