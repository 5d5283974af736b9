import { expect, expectNoAxeViolations, messageBeside, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";

test("pricing toggled without JavaScript, and a plan requested with the form in the page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing Plans");
  const business = page.getByRole("article", { name: "Business" });
  await expect(business).toContainText("$49.00 per month");
  await expect(business).toContainText("Taxes extra");
  await expect(business).toContainText("Recommended");
  await expect(page.getByRole("link", { name: "Monthly" })).toHaveAttribute("aria-current", "true");

  await page.getByRole("link", { name: "Annually" }).click();
  await expect(page).toHaveURL(/\/pricing\?billing=annual$/);
  await expect(business).toContainText("$490.00 per year");
  await expect(business).toContainText("Save $98.00 a year compared with paying monthly");
  await expect(page.getByRole("link", { name: "Annually" })).toHaveAttribute(
    "aria-current",
    "true",
  );

  await business.getByRole("link", { name: /^Select Plan\s*, Business$/ }).click();
  await expect(page).toHaveURL(/\/pricing\?billing=annual&plan=business#plan-request$/);
  const form = page.locator("#plan-request");
  await expect(form.getByLabel("Plan")).toHaveValue("business");
  await expect(form.getByLabel("Annually")).toBeChecked();
  const email = `owner.${Date.now()}@example.com`;
  await form.getByLabel("Business name").fill("Fernhouse Plant Shop");
  await form.getByLabel("Your name").fill("Maya Fernández");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("(604) 555-0147");
  await form.getByLabel("Province or territory").selectOption("BC");
  await form.getByRole("button", { name: "Send my request" }).click();
  await expect(form.getByRole("heading")).toHaveText("Thank you! We have your request.");
  await expect(form).toContainText(`A confirmation was sent to ${email}.`);

  await expect
    .poll(() => lastMailTo(email))
    .toContain("Subject: We have your request for the Nearby Business plan");
  expect(lastMailTo(email)).toContain("$490.00 per year, taxes extra");
  await context.close();
});

test("Select Plan opens a dialog; a wrong phone number is shown beside its field; Escape gives the focus back", async ({
  page,
}) => {
  await page.goto("/fr/pricing");
  const select = page.getByRole("link", { name: /^Choisir ce forfait\s*, Premium$/ });
  await select.click();
  const dialog = page.getByRole("dialog", { name: "Demander un forfait" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Forfait")).toHaveValue("premium");
  await expect(dialog.getByLabel("Forfait")).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Nom de l’entreprise").fill("Pub Le Vieux Loup de mer");
  await dialog.getByLabel("Votre nom").fill("Hugo Pelletier");
  await dialog.getByLabel("Courriel").fill("hugo@example.com");
  await dialog.getByLabel("Téléphone").fill("212 555 0123");
  await dialog.getByLabel("Province ou territoire").selectOption("QC");
  await dialog.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Entrez un numéro de téléphone canadien, comme 514\u00a0555\u00a00123.".replaceAll(
      "\u00a0",
      " ",
    ),
  );
  await expect(dialog.getByLabel("Téléphone")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Votre nom")).toHaveValue("Hugo Pelletier");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/fr\/pricing\?billing=monthly$/);
  await expect(select).toBeFocused();
});

/** The wrong phone number's form, at a phone's width, in each language. */
const PHONE_FORM = [
  {
    prefix: "",
    select: /^Select Plan\s*, Premium$/,
    fields: {
      "Business name": "Harbour Bakery",
      "Your name": "Ava Chen",
      Email: "ava@example.com",
      Phone: "212 555 0123",
    },
    province: "Province or territory",
    phone: "Phone",
    send: "Send my request",
    message: /^Enter a Canadian phone number/,
  },
  {
    prefix: "/fr",
    select: /^Choisir ce forfait\s*, Premium$/,
    fields: {
      "Nom de l’entreprise": "Boulangerie du Port",
      "Votre nom": "Hugo Pelletier",
      Courriel: "hugo@example.com",
      Téléphone: "212 555 0123",
    },
    province: "Province ou territoire",
    phone: "Téléphone",
    send: "Envoyer ma demande",
    message: /^Entrez un numéro de téléphone canadien/,
  },
] as const;

test.describe("at 375 px, a wrong phone number is marked, beside its field, and focused", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const words of PHONE_FORM) {
    test(`with JavaScript (${words.prefix || "/"})`, async ({ page }) => {
      await page.goto(`${words.prefix}/pricing`);
      await page.getByRole("link", { name: words.select }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      for (const [label, value] of Object.entries(words.fields))
        await dialog.getByLabel(label, { exact: true }).fill(value);
      await dialog.getByLabel(words.province).selectOption("ON");
      await dialog.getByRole("button", { name: words.send }).click();

      const phone = dialog.getByLabel(words.phone, { exact: true });
      await expect(phone).toBeFocused();
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(phone).toBeInViewport();
      // The message is the one the field names, and sits in the field's own block.
      const message = await messageBeside(phone);
      await expect(message).toHaveText(words.message);
      await expect(message).toBeInViewport();
      await expect(dialog.getByRole("alert")).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }

  test("without JavaScript, the answer marks the field and shows the message beside it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    const [, words] = PHONE_FORM;
    await page.goto(`${words.prefix}/pricing?plan=premium#plan-request`);
    const form = page.locator("#plan-request");
    for (const [label, value] of Object.entries(words.fields))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel(words.province).selectOption("QC");
    await form.getByRole("button", { name: words.send }).click();
    const phone = form.getByLabel(words.phone, { exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(await messageBeside(phone)).toHaveText(words.message);
    await expect(phone).toHaveValue("212 555 0123");
    await context.close();
  });
});

test("a plan request can name the listing it claims", async ({ page }) => {
  // The business pages lead to their own claim page now (tests/e2e/claims.spec.ts); a plan
  // request that names a listing still opens a claim for staff when it is won.
  await page.goto("/businesses?title=lakshmi&location=&category=");
  await page.getByRole("link", { name: "Lakshmi’s Dosa House", exact: true }).click();
  await expect(page).toHaveURL(/\/businesses\/\d+$/);
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  await page.goto(`/pricing?${new URLSearchParams({ plan: "", business: id })}#plan-request`);
  const dialog = page.getByRole("dialog", { name: "Request a plan" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "You are claiming the listing of Lakshmi’s Dosa House, Toronto (ON).",
  );
  await expect(dialog.getByLabel("Business name")).toHaveValue("Lakshmi’s Dosa House");
});

test("Blog and Pricing are in the desktop bar; on a phone, the bar keeps SPEC's places and fits", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const bar = page.getByRole("navigation", { name: "Main", exact: true });
  const names = await bar.getByRole("link").allTextContents();
  expect(names.indexOf("Blog")).toBe(
    names.indexOf("Businesses") + (names.includes("Jobs") ? 2 : 1),
  );
  expect(names.indexOf("Shop")).toBe(names.indexOf("Blog") + 1);
  expect(names.indexOf("Pricing")).toBe(names.indexOf("Shop") + 1);

  await page.setViewportSize({ width: 375, height: 740 });
  const mobile = page.getByRole("navigation", { name: "Main, mobile" });
  await expect(mobile.getByRole("link", { name: "Blog", exact: true })).toHaveCount(0);
  await expect(mobile.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  const fits = await mobile.evaluate((element) => element.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  // On a phone, the footer leads to them.
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Our Blog" })).toBeVisible();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Claim your Business" }),
  ).toBeVisible();
  // The header still fits with the cart button in it.
  const header = await page
    .getByRole("banner")
    .evaluate((element) => element.scrollWidth <= window.innerWidth);
  expect(header).toBe(true);
});

test.describe("the pricing page passes axe", () => {
  for (const width of [375, 1280]) {
    for (const prefix of ["", "/fr"]) {
      test(`${prefix || "/en"} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}/pricing`);
        await expectNoAxeViolations(page);
        await page.goto(`${prefix}/pricing?billing=annual`);
        await expectNoAxeViolations(page);
        await page.getByRole("article").first().getByRole("link").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  }
});
