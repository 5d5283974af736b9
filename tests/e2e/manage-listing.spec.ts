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

/** The listing the undo test renames and restores. */
const SLUG_UNDONE = "remorquage-survoltage-coyote-gatineau";

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

test("a moderator edits a listing, then undoes it from the console's history (fr)", async ({
  page,
  signIn,
}) => {
  const id = await businessId(SLUG_UNDONE);
  await signIn({ role: "moderator", twoFactor: true, locale: "fr-CA" });
  await page.goto(`/fr/businesses/${id}/manage`);
  const name = page.getByLabel("Nom de l’entreprise");
  const original = await name.inputValue();
  await name.fill(`${original} (fermé)`);
  await page.getByRole("button", { name: "Enregistrer la fiche" }).click();
  await expect(page.getByRole("status")).toHaveText(LANGUAGES.fr.saved);

  await page.getByRole("link", { name: "Versions de cette fiche et annulation (console)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Historique de ${original} (fermé)`,
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/history-fr-${width}.png`, fullPage: true });
  }
  const first = page.getByRole("listitem").filter({ hasText: "Telle que d’abord inscrite" });
  await first.getByRole("button", { name: /^Rétablir la version/ }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Version rétablie. Les visiteurs la voient dès maintenant.",
  );
  await page.goto(`/fr/businesses/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(original);
});
