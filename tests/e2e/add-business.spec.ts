import type { Browser, Page } from "@playwright/test";
import type pg from "pg";
import { checkAndShoot, expect, expectNoAxeViolations, messageBeside, test } from "./fixtures.ts";
import { connectToSite, createSignedInPlayer, SESSION_COOKIE } from "./players.ts";

// "Add your business" (issue 26): a player adds a listing, it waits for staff, a moderator
// approves it in the console, and it shows in the search of /businesses.

const SHOTS = "/tmp/addbiz-shots";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

/** A new browser context signed in as a fresh player (or staff), with or without JavaScript. */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  options: Parameters<typeof createSignedInPlayer>[1],
  javaScriptEnabled = true,
) {
  const { player, cookieValue } = await createSignedInPlayer(site, options);
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookieValue, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  return { player, context, page: await context.newPage() };
}

const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA" as const,
    add: "Add your business",
    name: "Business name",
    category: "Category",
    shopping: "Shopping",
    address: "Street address",
    city: "City",
    province: "Province or territory",
    quebec: "Quebec",
    postalCode: "Postal code",
    phone: "Phone (optional)",
    website: "Website (optional)",
    email: "Business email",
    descriptionFr: "Description in French",
    opensAt: "Opens at",
    closesAt: "Closes at",
    submit: "Send for review",
    nameProblem: "Enter the business’s name (at most 120 characters).",
    postalProblem: "Enter a Canadian postal code, like A1A 1A1.",
    showMap: "Place the pin on the map",
    east: "Move the pin east",
    waiting: "Waiting for review",
    approve: "Approve the listing",
    approved: "Listing approved. It is listed now, and its owner was told.",
    subject: (name: string) => `Your listing ${name} is on Nearby`,
    adults: "Business owners must be adults",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA" as const,
    add: "Ajouter votre entreprise",
    name: "Nom de l’entreprise",
    category: "Catégorie",
    shopping: "Magasinage",
    address: "Adresse",
    city: "Ville",
    province: "Province ou territoire",
    quebec: "Québec",
    postalCode: "Code postal",
    phone: "Téléphone (facultatif)",
    website: "Site Web (facultatif)",
    email: "Courriel de l’entreprise",
    descriptionFr: "Description en français",
    opensAt: "Ouvre à",
    closesAt: "Ferme à",
    submit: "Envoyer pour vérification",
    nameProblem: "Entrez le nom de l’entreprise (120 caractères au plus).",
    postalProblem: "Entrez un code postal canadien, comme A1A 1A1.",
    showMap: "Placer le repère sur la carte",
    east: "Déplacer le repère vers l’est",
    waiting: "En attente de vérification",
    approve: "Approuver la fiche",
    approved:
      "Fiche approuvée. Elle est maintenant affichée, et sa propriétaire ou son propriétaire en a été avisé.",
    subject: (name: string) => `Votre fiche ${name} est sur Nearby`,
    adults: "Les propriétaires d’entreprise doivent être majeurs",
  },
};

type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** Fills every field but the pin, as a person would, the postal code in their own way. */
async function fillListing(page: Page, language: Language, name: string) {
  await page.getByLabel(language.name).fill(name);
  await page.getByLabel(language.category).selectOption({ label: language.shopping });
  await page.getByLabel(language.address).fill("12 rue du Quai");
  await page.getByLabel(language.city, { exact: true }).fill("Trois-Rivières");
  await page.getByLabel(language.province).selectOption({ label: language.quebec });
  await page.getByLabel(language.postalCode).fill("g9a1b2");
  await page.getByLabel(language.phone).fill("819 555 0199");
  await page.getByLabel(language.website).fill("boulangerie.example.ca");
  await page.getByLabel(language.email).fill("bonjour@boulangerie.example.ca");
  await page.getByLabel(language.descriptionFr).fill("Du pain tous les matins.");
  await page.getByLabel(language.opensAt).fill("07:00");
  await page.getByLabel(language.closesAt).fill("18:00");
}

async function storedPin(name: string) {
  const { rows } = await site.query<{
    id: number;
    latitude: number;
    longitude: number;
    postal_code: string;
  }>("select id, latitude, longitude, postal_code from business where name = $1", [name]);
  return rows[0];
}

for (const [key, language] of Object.entries(LANGUAGES)) {
  test(`${key}: a player adds a business, a moderator approves it, it shows in search`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const name = `Boulangerie ${key} ${Math.random().toString(36).slice(2, 8)}`;
    const owner = await signedInPage(browser, baseURL as string, {
      age: 30,
      locale: language.locale,
    });
    const { page } = owner;
    await page.goto(`${language.prefix}/businesses`);
    await page.getByRole("link", { name: language.add }).click();
    await expect(page.getByRole("heading", { level: 1, name: language.add })).toBeVisible();
    await checkAndShoot(page, SHOTS, `${key}-add-form`);

    // Refused: the first wrong field's message beside it, the rest kept as typed.
    await fillListing(page, language, "");
    await page.getByLabel(language.postalCode).fill("12345");
    await page.getByRole("button", { name: language.submit }).click();
    const nameField = page.getByLabel(language.name);
    await expect(nameField).toHaveAttribute("aria-invalid", "true");
    await expect(await messageBeside(nameField)).toHaveText(language.nameProblem);
    await expect(page.getByLabel(language.address)).toHaveValue("12 rue du Quai");
    await checkAndShoot(page, SHOTS, `${key}-add-problem`);
    await nameField.fill(name);
    await page.getByRole("button", { name: language.submit }).click();
    const postalField = page.getByLabel(language.postalCode);
    await expect(postalField).toHaveAttribute("aria-invalid", "true");
    await expect(await messageBeside(postalField)).toHaveText(language.postalProblem);

    // The pin: the map only when asked, then moved east of the city's centre.
    await fillListing(page, language, name);
    await page.getByRole("button", { name: language.showMap }).click();
    await page.getByRole("button", { name: language.east }).click();
    await checkAndShoot(page, SHOTS, `${key}-add-map`);
    await page.getByRole("button", { name: language.submit }).click();
    await expect(page.getByText(language.waiting)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await checkAndShoot(page, SHOTS, `${key}-add-waiting`);
    const stored = await storedPin(name);
    expect(stored?.postal_code).toBe("G9A 1B2");
    expect(stored?.longitude).toBeGreaterThan(-72.543);
    const id = stored?.id as number;

    // Nobody else sees it yet: not found, and not in search.
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    const hidden = await visitorPage.goto(`${language.prefix}/businesses/${id}`);
    expect(hidden?.status()).toBe(404);
    await visitorPage.goto(
      `${language.prefix}/businesses?title=${encodeURIComponent(name)}&location=&category=`,
    );
    await expect(visitorPage.getByRole("link", { name, exact: true })).toHaveCount(0);

    // A moderator finds it in the queue and approves it.
    const staff = await signedInPage(browser, baseURL as string, {
      name: "Maude Tremblay",
      role: "moderator",
      twoFactor: true,
      locale: language.locale,
    });
    await staff.page.goto(`${language.prefix}/staff?kind=listings`);
    await staff.page.getByRole("link", { name: new RegExp(name) }).click();
    await checkAndShoot(staff.page, SHOTS, `${key}-staff-listing`);
    await staff.page.getByRole("button", { name: language.approve }).click();
    await expect(staff.page.getByRole("status")).toHaveText(language.approved);

    // Listed: in the search of /businesses, its page open to all; its owner told by e-mail.
    await visitorPage.goto(
      `${language.prefix}/businesses?title=${encodeURIComponent(name)}&location=&category=`,
    );
    await expect(visitorPage.getByRole("link", { name, exact: true })).toBeVisible();
    const shown = await visitorPage.goto(`${language.prefix}/businesses/${id}`);
    expect(shown?.status()).toBe(200);
    const { rows } = await site.query<{ subject: string }>(
      'select subject from outbox_email where "to" = $1',
      [owner.player.email],
    );
    expect(rows.map((row) => row.subject)).toContain(language.subject(name));
    await Promise.all([owner.context.close(), staff.context.close(), visitor.close()]);
  });
}

test("without JavaScript the pin is the city's centre", async ({ browser, baseURL }) => {
  const name = `Garage sans script ${Math.random().toString(36).slice(2, 8)}`;
  const { context, page } = await signedInPage(browser, baseURL as string, { age: 40 }, false);
  await page.goto("/businesses/new");
  await expect(page.getByRole("button", { name: LANGUAGES.en.showMap })).toHaveCount(0);
  await fillListing(page, LANGUAGES.en, name);
  await page.getByRole("button", { name: LANGUAGES.en.submit }).click();
  await expect(page.getByText(LANGUAGES.en.waiting)).toBeVisible();
  expect(await storedPin(name)).toMatchObject({ latitude: 46.343, longitude: -72.543 });
  await context.close();
});

test("a visitor is sent to sign in; a player under 18 is told owners must be adults", async ({
  page,
  signIn,
}) => {
  await page.goto("/fr/businesses/new");
  await expect(page).toHaveURL(/\/fr\/login\?redirectTo=%2Ffr%2Fbusinesses%2Fnew/);
  await signIn({ age: 15, locale: "fr-CA" });
  await page.goto("/fr/businesses/new");
  await expect(page.getByText(LANGUAGES.fr.adults)).toBeVisible();
  await expect(page.getByRole("button", { name: LANGUAGES.fr.submit })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
