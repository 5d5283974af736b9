import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { connectToSite } from "./players.ts";

// An owner's pictures (issue 26): a cover and gallery pictures uploaded with their descriptions,
// one moved up by the keyboard alone, and the business page shows the gallery in that order; in
// both languages, at a phone's width and a desktop's, checked by axe.

const SHOTS = "/tmp/pictures-shots";

/** The seeded business with this slug, its gallery emptied (a second run starts afresh). */
async function businessId(slug: string): Promise<number> {
  const db = connectToSite();
  try {
    const result = await db.query<{ id: number }>("select id from business where slug = $1", [
      slug,
    ]);
    const id = result.rows[0]?.id as number;
    await db.query("delete from business_picture where business_id = $1", [id]);
    return id;
  } finally {
    await db.end();
  }
}

const picture = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

const LANGUAGES = {
  en: {
    slug: "jazz-room-low-brass-ottawa",
    prefix: "",
    locale: "en-CA",
    nav: "Pictures",
    altField: "Description in English",
    picture: "Picture",
    cover: "Cover",
    gallery: "Gallery",
    saveCover: "Save the cover",
    coverSaved: "The cover is saved.",
    add: "Add to the gallery",
    added: "The picture is added.",
    up: "Move up: picture 2",
    moved: "Picture moved to place 1.",
    altProblem: "Describe the picture in at least one language.",
    descriptions: ["The stage before the show", "The bar at night"],
    coverText: "The front door on Bank Street",
  },
  fr: {
    slug: "coat-cove-painters-westmount-edmonton",
    prefix: "/fr",
    locale: "fr-CA",
    nav: "Photos",
    altField: "Description en français",
    picture: "Photo",
    cover: "Couverture",
    gallery: "Galerie",
    saveCover: "Enregistrer la couverture",
    coverSaved: "La couverture est enregistrée.",
    add: "Ajouter à la galerie",
    added: "La photo est ajoutée.",
    up: "Monter\u202f: photo 2",
    moved: "Photo déplacée à la place 1.",
    altProblem: "Décrivez la photo dans au moins une langue.",
    descriptions: ["Un salon repeint en bleu", "L’équipe sur un chantier"],
    coverText: "La camionnette de l’entreprise",
  },
} as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`an owner uploads pictures, moves one up by keyboard, and the page follows (${language})`, async ({
    page,
    signIn,
  }) => {
    // Five uploads and six axe runs over two long pages: more than a default test's minute on a
    // loaded machine.
    test.slow();
    const id = await businessId(words.slug);
    await signIn({ age: 30, owns: [id], locale: words.locale });
    await page.goto(`${words.prefix}/businesses/${id}/manage`);
    await page.getByRole("link", { name: words.nav, exact: true }).click();
    const cover = page.getByRole("region", { name: words.cover });
    const gallery = page.getByRole("region", { name: words.gallery });

    // A picture without a description is refused, the message beside the field.
    await gallery.getByLabel(words.picture, { exact: true }).setInputFiles({
      name: "first.png",
      mimeType: "image/png",
      buffer: await picture("#2f6f8f"),
    });
    await gallery.getByRole("button", { name: words.add }).click();
    await expect(gallery.getByRole("alert")).toHaveText(words.altProblem);
    await expectNoAxeViolations(page);

    for (const [index, description] of words.descriptions.entries()) {
      await gallery.getByLabel(words.picture, { exact: true }).setInputFiles({
        name: `picture-${index}.png`,
        mimeType: "image/png",
        buffer: await picture(index === 0 ? "#2f6f8f" : "#c0612b"),
      });
      await gallery.getByLabel(words.altField).last().fill(description);
      await gallery.getByRole("button", { name: words.add }).click();
      await expect(page.getByRole("status")).toHaveText(words.added);
    }
    await cover.getByLabel(words.picture, { exact: true }).setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: await picture("#556b2f"),
    });
    await cover.getByLabel(words.altField).fill(words.coverText);
    await cover.getByRole("button", { name: words.saveCover }).click();
    await expect(page.getByRole("status")).toHaveText(words.coverSaved);
    await expect(cover.getByRole("img", { name: words.coverText })).toBeVisible();

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/manage-${language}-${width}.png`, fullPage: true });
    }

    // The keyboard alone: the second picture's "Move up" reached by focus and pressed with Enter.
    await gallery.getByRole("button", { name: words.up }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(words.moved);
    await expect(gallery.getByRole("listitem").first().getByRole("img")).toHaveAccessibleName(
      words.descriptions[1],
    );

    await page.goto(`${words.prefix}/businesses/${id}`);
    const photos = page.locator("#photos").getByRole("listitem").getByRole("img");
    await expect(photos.nth(0)).toHaveAccessibleName(words.descriptions[1]);
    await expect(photos.nth(1)).toHaveAccessibleName(words.descriptions[0]);
    await expect(page.getByRole("img", { name: words.coverText }).first()).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/business-${language}-${width}.png`, fullPage: true });
    }
  });
}
