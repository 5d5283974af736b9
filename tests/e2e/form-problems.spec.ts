import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, messageBeside, test } from "./fixtures.ts";
import type { Player, PlayerOptions } from "./players.ts";

/**
 * Every kind of form shows a refused value the one way (app/ui/form-problem.tsx): on a phone the
 * wrong field takes the focus, is marked, and has its message beside it, in sight. Plan request,
 * checkout, redeem and the sign-in forms have their own tests; this one covers the rest.
 */

type Language = "en" | "fr";
type Setup = {
  page: Page;
  request: APIRequestContext;
  signIn: (options?: PlayerOptions) => Promise<Player>;
  language: Language;
};
/** Opens the form, fills it with one wrong value and sends it; the wrong field and its message. */
type Case = (setup: Setup) => Promise<{ field: Locator; message: string }>;

const prefixOf = (language: Language) => (language === "fr" ? "/fr" : "");
const pick = (language: Language, en: string, fr: string) => (language === "fr" ? fr : en);

/** The first job of the list, asserted to exist: an empty answer would test /jobs/undefined. */
async function firstJobId(request: APIRequestContext) {
  const answer = await request.get("/api/jobs");
  const { items } = (await answer.json()) as { items: { id: number }[] };
  expect(items.length, "jobs found").toBeGreaterThan(0);
  return items[0]?.id as number;
}

async function openReviewedBusiness(page: Page, language: Language) {
  await page.goto(`${prefixOf(language)}/businesses?title=rosalie&location=&category=`);
  await page.getByRole("link", { name: "Bistro La Tablée de Rosalie", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bistro La Tablée de Rosalie");
}

/** Text the browser lets through but the server refuses: it keeps what the browser checks. */
async function fillPastTheBrowser(field: Locator, text: string) {
  await field.evaluate((control) => control.removeAttribute("minlength"));
  await field.fill(text);
}

const CASES: Record<string, Case> = {
  "job application (its own check in the browser)": async ({ page, request, language }) => {
    await page.goto(`${prefixOf(language)}/jobs/${await firstJobId(request)}/apply`);
    await page.getByLabel(pick(language, "Full name", "Nom complet")).fill("Ana Pérez");
    await page
      .getByLabel(pick(language, "Email", "Courriel"), { exact: true })
      .fill("ana@example.com");
    const field = page.getByLabel(pick(language, "Contact number", "Numéro de téléphone"));
    await field.fill("123");
    await page.getByRole("button", { name: pick(language, "Submit", "Envoyer") }).click();
    return {
      field,
      message: pick(
        language,
        "Enter a Canadian phone number, such as 514 555-0123.",
        "Entrez un numéro de téléphone canadien, par exemple 514 555-0123.",
      ),
    };
  },
  "job report": async ({ page, request, language }) => {
    await page.goto(`${prefixOf(language)}/jobs/${await firstJobId(request)}/report`);
    await page.getByLabel(pick(language, "Something else", "Autre chose")).check();
    const field = page.getByLabel(
      pick(language, "Details (optional)", "Précisions (facultatives)"),
    );
    await field.fill("A bell \u0007 in the text");
    await page
      .getByRole("button", { name: pick(language, "Send the report", "Envoyer le signalement") })
      .click();
    return {
      field,
      message: pick(
        language,
        "The text contains characters that cannot be stored (such as a null character). Remove them and try again.",
        "Le texte contient des caractères qui ne peuvent pas être enregistrés (comme un caractère nul). Retirez-les, puis réessayez.",
      ),
    };
  },
  "job alert": async ({ page, language }) => {
    await page.goto(`${prefixOf(language)}/jobs/alerts/new?keywords=nurse`);
    const field = page.getByLabel(pick(language, "Email", "Courriel"), { exact: true });
    await field.fill("someone@example");
    await page
      .getByRole("button", { name: pick(language, "Create Job Alert", "Créer l’alerte emploi") })
      .click();
    return {
      field,
      message: pick(
        language,
        "Please enter a valid email address.",
        "Veuillez entrer une adresse courriel valide.",
      ),
    };
  },
  "business review": async ({ page, signIn, language }) => {
    await signIn();
    await openReviewedBusiness(page, language);
    await page.locator("#rating-4").check();
    const field = page.getByLabel(pick(language, "Your review", "Votre avis"), { exact: true });
    await fillPastTheBrowser(field, "Too short.");
    await page
      .getByRole("button", { name: pick(language, "Post my review", "Publier mon avis") })
      .click();
    return {
      field,
      message: pick(
        language,
        "Your review must have from 20 to 2,000 characters.",
        "Votre avis doit compter de 20 à 2 000 caractères.",
      ),
    };
  },
  "business question": async ({ page, signIn, language }) => {
    await signIn();
    await openReviewedBusiness(page, language);
    const field = page.getByLabel(pick(language, "Your question", "Votre question"));
    await fillPastTheBrowser(field, "Open?");
    await page.getByRole("button", { name: pick(language, "Ask", "Envoyer la question") }).click();
    return {
      field,
      message: pick(
        language,
        "Your question must have from 10 to 500 characters.",
        "Votre question doit compter de 10 à 500 caractères.",
      ),
    };
  },
  "profile edit": async ({ page, signIn, language }) => {
    await signIn();
    await page.goto(`${prefixOf(language)}/profile?edit`);
    const dialog = page.getByRole("dialog");
    const field = dialog.getByLabel(pick(language, "Name", "Nom"), { exact: true });
    await field.fill("   ");
    await dialog
      .getByRole("button", {
        name: pick(language, "Save Changes", "Enregistrer les modifications"),
      })
      .click();
    return {
      field,
      message: pick(
        language,
        "No profile image or name provided.",
        "Aucune photo ni aucun nom fournis.",
      ),
    };
  },
};

test.describe("at 375 px, a refused value is marked, beside its field, focused and in sight", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const [name, open] of Object.entries(CASES)) {
    for (const language of ["en", "fr"] as const) {
      test(`${name} (${language})`, async ({ page, request, signIn }) => {
        const { field, message } = await open({ page, request, signIn, language });
        await expect(field).toBeFocused();
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toBeInViewport();
        // The message is the one the field names, and sits in the field's own block.
        const shown = await messageBeside(field);
        await expect(shown).toHaveText(message);
        await expect(shown).toBeInViewport();
        await expectNoAxeViolations(page);
      });
    }
  }
});

test("without JavaScript, a job alert's answer marks the e-mail and shows the message beside it", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto("/fr/jobs/alerts/new?keywords=nurse");
  const email = page.getByLabel("Courriel", { exact: true });
  await email.fill("someone@example");
  await page.getByRole("button", { name: "Créer l’alerte emploi" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(await messageBeside(email)).toHaveText(
    "Veuillez entrer une adresse courriel valide.",
  );
  await context.close();
});
