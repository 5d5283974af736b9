import { expect, expectNoAxeViolations, messageBeside, test } from "./fixtures.ts";
import { connectToSite } from "./players.ts";

// An owner keeps their listing true (issue 26): the manage page's form, in both languages, at a
// phone's width and a desktop's, checked by axe; the public page shows the change at once.

const SHOTS = "/tmp/listing-shots";

/** The seeded business with this slug, read from the site's database. */
async function businessId(slug: string): Promise<number> {
  const db = connectToSite();
  try {
    const result = await db.query<{ id: number }>("select id from business where slug = $1", [
      slug,
    ]);
    return result.rows[0]?.id as number;
  } finally {
    await db.end();
  }
}

const LANGUAGES = {
  en: {
    slug: "outport-story-house-duckworth-st-johns",
    prefix: "",
    locale: "en-CA",
    description: "Description in English",
    postalCode: "Postal code",
    postalProblem: "Enter a Canadian postal code, like A1A 1A1.",
    save: "Save the listing",
    saved: "Your changes are saved. Visitors see them now.",
    text: "Stories told by the harbour every evening, now with a Sunday matinée.",
  },
  fr: {
    slug: "centre-decouverte-mascaret-tidal-bore-moncton",
    prefix: "/fr",
    locale: "fr-CA",
    description: "Description en français",
    postalCode: "Code postal",
    postalProblem: "Entrez un code postal canadien, comme A1A 1A1.",
    save: "Enregistrer la fiche",
    saved: "Vos modifications sont enregistrées. Les visiteurs les voient dès maintenant.",
    text: "Venez voir le mascaret deux fois par jour, avec une visite guidée le dimanche.",
  },
} as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`an owner edits the listing's description (${language}) and the public page shows it`, async ({
    page,
    signIn,
  }) => {
    const id = await businessId(words.slug);
    await signIn({ age: 30, owns: [id], locale: words.locale });
    await page.goto(`${words.prefix}/businesses/${id}/manage`);
    const description = page.getByLabel(words.description);
    await expect(description).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/manage-${language}-${width}.png`, fullPage: true });
    }

    // A wrong field: its message beside it, the focus on it, nothing saved.
    const postalCode = page.getByLabel(words.postalCode);
    const saved = await postalCode.inputValue();
    await postalCode.fill("12345");
    await description.fill(words.text);
    await page.getByRole("button", { name: words.save }).click();
    await expect(postalCode).toHaveAttribute("aria-invalid", "true");
    await expect(await messageBeside(postalCode)).toHaveText(words.postalProblem);
    await expect(postalCode).toBeFocused();
    await expect(description).toHaveValue(words.text);
    await expectNoAxeViolations(page);

    await postalCode.fill(saved);
    await page.getByRole("button", { name: words.save }).click();
    await expect(page.getByRole("status")).toHaveText(words.saved);
    await expect(description).toHaveValue(words.text);

    await page.goto(`${words.prefix}/businesses/${id}`);
    await expect(page.getByText(words.text)).toBeVisible();
  });
}
