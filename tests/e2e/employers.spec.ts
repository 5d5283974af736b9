import { checkAndShoot, expect, messageBeside, test } from "./fixtures.ts";
import { signedInPage } from "./players.ts";

// Employers (issue 27): a player creates an employer profile from "Post a job", a moderator
// verifies it from the queue, and the employer's pages say it is verified; the fraud policy from
// a job page.

const SHOTS = "/tmp/employers-shots";

const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA" as const,
    postJob: "Post a job",
    heading: "Create an employer profile",
    name: "Company name",
    website: "Website (optional)",
    descriptionEn: "Description in English",
    province: "Province or territory of the head office",
    manitoba: "Manitoba",
    contactEmail: "Contact email",
    submit: "Create the profile",
    websiteProblem:
      "Enter a web address starting with http or https, like www.example.ca, or leave it empty.",
    pending: "Waiting for our staff to verify this employer.",
    verify: "Verify this employer",
    verified: "Verified. Its members were told by email.",
    verifiedLine: "Verified by our staff",
    policyLink: "Our policy against fraudulent postings",
    policyHeading: "Our policy against fraudulent job postings",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA" as const,
    postJob: "Publier une offre",
    heading: "Créer un profil d’employeur",
    name: "Nom de l’entreprise",
    website: "Site Web (facultatif)",
    descriptionEn: "Description en anglais",
    province: "Province ou territoire du siège social",
    manitoba: "Manitoba",
    contactEmail: "Courriel de contact",
    submit: "Créer le profil",
    websiteProblem:
      "Entrez une adresse Web commençant par http ou https, comme www.exemple.ca, ou laissez le champ vide.",
    pending: "En attente de vérification par notre équipe.",
    verify: "Vérifier cet employeur",
    verified: "Vérifié. Ses membres en ont été informés par courriel.",
    verifiedLine: "Vérifié par notre équipe",
    policyLink: "Notre politique contre les offres frauduleuses",
    policyHeading: "Notre politique contre les offres d’emploi frauduleuses",
  },
};

for (const [key, language] of Object.entries(LANGUAGES)) {
  test(`${key}: a player creates an employer, a moderator verifies it, its pages say so`, async ({
    browser,
    baseURL,
    site,
  }) => {
    test.setTimeout(120_000);
    const name = `Prairie ${key} ${Math.random().toString(36).slice(2, 8)}`;
    const { page } = await signedInPage(browser, baseURL as string, site, {
      age: 30,
      locale: language.locale,
    });
    await page.goto(`${language.prefix}/jobs`);
    await page.getByRole("link", { name: language.postJob }).click();
    await expect(page.getByRole("heading", { level: 1, name: language.heading })).toBeVisible();
    await checkAndShoot(page, SHOTS, `${key}-new`);

    await page.getByLabel(language.name).fill(name);
    await page.getByLabel(language.website).fill("ftp://prairie.example.ca");
    await page.getByLabel(language.descriptionEn).fill("Bread since 1950.");
    await page.getByLabel(language.province).selectOption({ label: language.manitoba });
    await page.getByLabel(language.contactEmail).fill("jobs@prairie.example.ca");
    await page.getByRole("button", { name: language.submit }).click();
    const website = page.getByLabel(language.website);
    await expect(website).toHaveAttribute("aria-invalid", "true");
    await expect(await messageBeside(website)).toHaveText(language.websiteProblem);
    await expect(page.getByLabel(language.name)).toHaveValue(name);
    await website.fill("prairie.example.ca");
    await page.getByRole("button", { name: language.submit }).click();
    await expect(page.getByText(language.pending)).toBeVisible();
    await checkAndShoot(page, SHOTS, `${key}-overview`);
    const manage = new URL(page.url()).pathname;

    const staff = await signedInPage(browser, baseURL as string, site, {
      role: "moderator",
      twoFactor: true,
      locale: language.locale,
    });
    await staff.page.goto(`${language.prefix}/staff?kind=employers`);
    await staff.page.getByRole("link", { name: new RegExp(name) }).click();
    await expect(staff.page.getByText("jobs@prairie.example.ca")).toBeVisible();
    await checkAndShoot(staff.page, SHOTS, `${key}-staff`);
    await staff.page.getByRole("button", { name: language.verify }).click();
    await expect(staff.page.getByRole("status")).toHaveText(language.verified);

    await page.goto(manage);
    await expect(page.getByText(language.verifiedLine)).toBeVisible();
  });

  test(`${key}: the fraud policy from a job page`, async ({ page }) => {
    await page.goto(`${language.prefix}/jobs`);
    await page.locator("article a").first().click();
    await page.getByRole("link", { name: language.policyLink }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: language.policyHeading }),
    ).toBeVisible();
    await checkAndShoot(page, SHOTS, `${key}-fraud-policy`);
  });
}
