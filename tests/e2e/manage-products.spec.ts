import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { connectToSite } from "./players.ts";

// An owner fills their listing's carousel and runs a promotion (issue 26): the products page in
// both languages, at a phone's width and a desktop's, checked by axe; the public page shows both.

const SHOTS = "/tmp/promo-shots";

/** The seeded business with this slug, and its time zone, read from the site's database. */
async function seeded(slug: string): Promise<{ id: number; name: string }> {
  const db = connectToSite();
  try {
    const result = await db.query<{ id: number; name: string }>(
      "select id, name from business where slug = $1",
      [slug],
    );
    return result.rows[0] as { id: number; name: string };
  } finally {
    await db.end();
  }
}

/** A day in `zone`, `days` from today there, as a date field takes it (YYYY-MM-DD). */
function dayIn(zone: string, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const LANGUAGES = {
  en: {
    slug: "cycle-tours-goose-trail-victoria",
    zone: "America/Vancouver",
    prefix: "",
    locale: "en-CA",
    add: "Add a product",
    name: "Name in English",
    price: "Price",
    link: "Link",
    picture: "Picture",
    alt: "What the picture shows, in English",
    addButton: "Add the product",
    added: "The product is added.",
    moveUp: (name: string) => `Move up: ${name}`,
    moved: "The product is moved.",
    promotion: "Promotion",
    title: "Title in English",
    text: "Text in English",
    startsOn: "First day",
    endsOn: "Last day",
    savePromotion: "Save the promotion",
    promotionSaved: "The promotion is saved.",
    products: ["Half-day island loop", "Harbour sunset ride"],
    prices: ["45.00", "30"],
    shownPrices: ["$45.00", "$30.00"],
    promoTitle: "Spring tune-up week",
    promoText: "A free tune-up with every tour booked this week.",
  },
  fr: {
    slug: "atelier-velo-chaine-libre-quebec",
    zone: "America/Toronto",
    prefix: "/fr",
    locale: "fr-CA",
    add: "Ajouter un produit",
    name: "Nom en français",
    price: "Prix",
    link: "Lien",
    picture: "Image",
    alt: "Ce que montre l’image, en français",
    addButton: "Ajouter le produit",
    added: "Le produit est ajouté.",
    moveUp: (name: string) => `Monter\u202f: ${name}`,
    moved: "Le produit est déplacé.",
    promotion: "Promotion",
    title: "Titre en français",
    text: "Texte en français",
    startsOn: "Premier jour",
    endsOn: "Dernier jour",
    savePromotion: "Enregistrer la promotion",
    promotionSaved: "La promotion est enregistrée.",
    products: ["Mise au point complète", "Pneus d’hiver cloutés"],
    prices: ["89,95", "120"],
    shownPrices: ["89,95\u00a0$", "120,00\u00a0$"],
    promoTitle: "Semaine de la mise au point",
    promoText: "Une mise au point gratuite à l’achat d’un vélo cette semaine.",
  },
} as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`an owner adds products and a promotion that starts today (${language}); the page shows both`, async ({
    page,
    signIn,
  }) => {
    // Two uploads and two pages in two widths each with axe: long on a loaded machine.
    test.setTimeout(180_000);
    const sharp = (await import("sharp")).default;
    const picture = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#0f766e" },
    })
      .png()
      .toBuffer();
    const business = await seeded(words.slug);
    await signIn({ age: 30, owns: [business.id], locale: words.locale });
    await page.goto(`${words.prefix}/businesses/${business.id}/manage/products`);

    const add = page.getByRole("region", { name: words.add });
    for (const [index, name] of words.products.entries()) {
      await add.getByLabel(words.name, { exact: true }).fill(name);
      await add.getByLabel(words.price, { exact: true }).fill(words.prices[index] as string);
      await add.getByLabel(words.link, { exact: true }).fill(`https://example.com/${index + 1}`);
      await add
        .getByLabel(words.picture, { exact: true })
        .setInputFiles({ name: "product.png", mimeType: "image/png", buffer: picture });
      await add.getByLabel(words.alt, { exact: true }).fill(`${name}, photo`);
      await add.getByRole("button", { name: words.addButton }).click();
      await expect(page.getByRole("status")).toHaveText(words.added);
    }

    // The second moves above the first, by keyboard.
    const [first, second] = words.products;
    const moveUp = page.getByRole("button", { name: words.moveUp(second) });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(words.moved);

    const promotion = page.getByRole("region", { name: words.promotion });
    await promotion.getByLabel(words.title, { exact: true }).fill(words.promoTitle);
    await promotion.getByLabel(words.text, { exact: true }).fill(words.promoText);
    await promotion
      .getByLabel(words.picture, { exact: true })
      .setInputFiles({ name: "promotion.png", mimeType: "image/png", buffer: picture });
    await promotion.getByLabel(words.startsOn, { exact: true }).fill(dayIn(words.zone));
    await promotion.getByLabel(words.endsOn, { exact: true }).fill(dayIn(words.zone, 7));
    await promotion.getByRole("button", { name: words.savePromotion }).click();
    await expect(page.getByRole("status")).toHaveText(words.promotionSaved);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/products-${language}-${width}.png`, fullPage: true });
    }

    await page.goto(`${words.prefix}/businesses/${business.id}`);
    await expect(page.getByText(words.promoTitle)).toBeVisible();
    await expect(page.getByText(words.promoText)).toBeVisible();
    const carousel = page.getByRole("list", { name: /./ }).filter({ hasText: second });
    const slides = await carousel.getByRole("listitem").allInnerTexts();
    const ours = slides.filter((text) => text.includes(first) || text.includes(second));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toContain(second);
    expect(ours[0]).toContain(words.shownPrices[1]);
    expect(ours[1]).toContain(first);
    expect(ours[1]).toContain(words.shownPrices[0]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/business-${language}-${width}.png`, fullPage: true });
    }
  });
}
