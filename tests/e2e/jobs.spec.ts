import type { Page } from "@playwright/test";
import { testPdf } from "../../app/platform/test-pdfs.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";

/** A real one-page PDF, and a PNG whose name says .pdf: the site must tell them apart. */
const PDF = testPdf();
const PNG_NAMED_PDF = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000",
  "hex",
);

const LANGUAGES = {
  en: {
    prefix: "",
    keywords: "Title, keywords or company",
    searchJobs: "Search Jobs",
    filters: "Filters",
    today: "Last 7 Days",
    remote: "Remote",
    showJobs: "Show jobs",
    developer: "Full-Stack Developer",
    developerWord: "Developer",
    applyNow: "Apply Now",
    appliedOn: "You applied on {date}.",
    fullName: "Full name",
    email: "Email",
    contactNo: "Contact number",
    resume: "CV (PDF)",
    submit: "Submit",
    badFile: "Please upload a valid PDF file.",
    sent: "Your application was sent.",
    applicantMail: "Your application for Full-Stack Developer at Tundra Data Analytics",
    updated: /Updated /,
  },
  fr: {
    prefix: "/fr",
    keywords: "Titre, mots-clés ou entreprise",
    searchJobs: "Rechercher",
    filters: "Filtres",
    today: "7 derniers jours",
    remote: "À distance",
    showJobs: "Voir les emplois",
    developer: "Développeur Web polyvalent ou développeuse Web polyvalente",
    developerWord: /Développeu|Developer/,
    applyNow: "Postuler",
    appliedOn: "Vous avez postulé le {date}.",
    fullName: "Nom complet",
    email: "Courriel",
    contactNo: "Numéro de téléphone",
    resume: "CV (PDF)",
    submit: "Envoyer",
    badFile: "Veuillez téléverser un fichier PDF valide.",
    sent: "Votre candidature a été envoyée.",
    applicantMail: "/fr/jobs/",
    updated: /Mis à jour /,
  },
} as const;

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

let applicant = 0;

for (const viewport of VIEWPORTS) {
  for (const [language, words] of Object.entries(LANGUAGES)) {
    test.describe(`${language} at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("filter, open a job, apply with a bad file then a good one", async ({ page }, info) => {
        await page.goto(`${words.prefix}/jobs`);
        await expect(page.getByRole("article").first()).toBeVisible();
        await expectNoAxeViolations(page);

        // Keywords, then the filters: behind the Filters button on a phone, beside the list on a desk.
        await page.getByLabel(words.keywords).fill("developer");
        await page.getByRole("button", { name: words.searchJobs }).click();
        await expect(page).toHaveURL(/keywords=developer/);
        const titles = page.getByRole("article").getByRole("heading");
        await expect(titles.first()).toContainText(words.developerWord);
        // The address changes before the new list is shown: read the titles once they all match.
        await expect(async () => {
          for (const text of await titles.allTextContents())
            expect(text).toMatch(words.developerWord);
        }).toPass();

        if (viewport.width < 1024) {
          await expect(page.getByLabel(words.remote)).toBeHidden();
          await page.getByRole("button", { name: words.filters }).click();
          const dialog = page.getByRole("dialog", { name: words.filters });
          await expect(dialog).toBeVisible();
          await expectNoAxeViolations(page);
        }
        await page.getByLabel(words.today).check();
        await page.getByLabel(words.remote).check();
        await page.getByRole("button", { name: words.showJobs }).click();
        await expect(page).toHaveURL(/keywords=developer&location=&posted=7&workSetting=remote/);
        if (viewport.width < 1024) await expect(page.getByRole("dialog")).toBeHidden();
        const cards = page.getByRole("article");
        await expect(cards).toHaveCount(1);
        await expect(cards).toContainText(/Tundra Data Analytics - Halifax, NS/);
        await expect(cards).toContainText(words.updated);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: info.outputPath(`list-${language}-${viewport.width}.png`),
          fullPage: true,
        });

        await cards.getByRole("link", { name: words.developer }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.developer);
        const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
        expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({
          "@type": "JobPosting",
          jobLocationType: "TELECOMMUTE",
          baseSalary: { currency: "CAD" },
        });
        await expectNoAxeViolations(page);

        await page.getByRole("link", { name: words.applyNow }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        applicant += 1;
        const email = `alex.${language}.${viewport.width}.${applicant}.${Date.now()}@example.com`;
        await dialog.getByLabel(words.fullName).fill("Alex Martin");
        await dialog.getByLabel(words.email).fill(email);
        await dialog.getByLabel(words.contactNo).fill("902 555 0147");
        const resume = dialog.getByLabel(words.resume);
        await resume.setInputFiles({
          name: "cv.pdf",
          mimeType: "application/pdf",
          buffer: PNG_NAMED_PDF,
        });
        await expect(dialog.getByRole("alert")).toHaveText(words.badFile);
        await expect(resume).toHaveJSProperty("value", "");
        await expectNoAxeViolations(page);
        await page.screenshot({ path: info.outputPath(`apply-${language}-${viewport.width}.png`) });

        await resume.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
        await expect(dialog.getByRole("alert")).toHaveCount(0);
        await dialog.getByRole("button", { name: words.submit }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole("status").filter({ hasText: words.sent })).toBeVisible();
        await expect(page.getByRole("link", { name: words.applyNow })).toBeFocused();

        await expect.poll(() => lastMailTo(email)).toContain(words.applicantMail);
        await expect.poll(() => lastMailTo("careers@tundra-data.example") ?? "").toContain(email);
        const employerMail = lastMailTo("careers@tundra-data.example") ?? "";
        expect(employerMail).toMatch(/Content-Type: application\/pdf;\s+name=/);
        expect(employerMail).toContain("Content-Disposition: attachment");
      });
    });
  }
}

async function applyWithoutJavaScript(page: Page, jobLink: string, file: Buffer, email: string) {
  await page.getByRole("link", { name: jobLink }).first().click();
  await page.getByRole("link", { name: "Apply Now" }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+\/apply$/);
  await page.getByLabel("Full name").fill("Sam Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contact number").fill("+1 888 555 0100");
  await page
    .getByLabel("CV (PDF)")
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: file });
  await page.getByRole("button", { name: "Submit" }).click();
}

test("without JavaScript: the filters open from the phone's link, the form filters, applying is a page", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
    extraHTTPHeaders: { "x-e2e-visitor": "10.250.0.1" },
  });
  const page = await context.newPage();
  await page.goto("/jobs?keywords=nurse");
  await page.getByRole("link", { name: "Filters" }).click();
  await expect(page).toHaveURL(/keywords=nurse&filters=open/);
  await page.getByLabel("On-Site").check();
  await page.getByRole("button", { name: "Show jobs" }).click();
  await expect(page).toHaveURL(/keywords=nurse&location=&posted=&workSetting=onsite/);
  await expect(page.getByRole("article").first()).toContainText("Registered Nurse (RN)");

  const email = `sam.${Date.now()}@example.com`;
  await applyWithoutJavaScript(page, "Registered Nurse (RN)", PNG_NAMED_PDF, email);
  await expect(page.getByRole("alert")).toHaveText("Please upload a valid PDF file.");
  await page
    .getByLabel("CV (PDF)")
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your application was sent." }),
  ).toBeVisible();

  // The same address again: the page says so.
  await page.goto(page.url().replace(/\?applied$/, "/apply"));
  await page.getByLabel("Full name").fill("Sam Okafor");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Contact number").fill("+1 888 555 0100");
  await page
    .getByLabel("CV (PDF)")
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You have already applied to this job with this email address.",
  );
  await context.close();
});

test("the mobile bar fits its sections and Account at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ["/jobs", "/fr/jobs"]) {
    await page.goto(path);
    const bar = page.getByRole("navigation", { name: /Main, mobile|Principal, mobile/ });
    const links = bar.getByRole("link");
    const boxes = await links.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          overflow: element.scrollWidth > element.clientWidth,
        };
      }),
    );
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
      expect(box.overflow).toBe(false);
    }
    await expect(bar.getByRole("link", { name: /^(Jobs|Emplois)$/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
});

/** The first job a search finds, asserted to exist: an empty answer would test /jobs/undefined. */
async function firstJobId(request: import("@playwright/test").APIRequestContext, keywords: string) {
  const answer = await request.get(`/api/jobs?${new URLSearchParams({ keywords })}`);
  const { items } = (await answer.json()) as { items: { id: number }[] };
  expect(items.length, `jobs found for "${keywords}"`).toBeGreaterThan(0);
  return items[0]?.id as number;
}

test.describe("every other job page passes axe in both languages and shows no raw message key", () => {
  // One test a page, so that none needs the time of all of them on a loaded machine.
  const pages: [name: string, path: (id: number) => string, signedIn?: true][] = [
    ["no results", () => "/jobs?keywords=zzzzzz"],
    ["a page past the last", () => "/jobs?page=99"],
    ["apply", (id) => `/jobs/${id}/apply`],
    ["report", (id) => `/jobs/${id}/report`],
    ["new alert", () => "/jobs/alerts/new?keywords=nurse&workSetting=remote"],
    ["alert confirmation, bad token", () => "/jobs/alerts/confirm?token=not-a-token"],
    ["unsubscribe, bad token", () => "/jobs/alerts/unsubscribe?token=not-a-token"],
    ["saved jobs", () => "/jobs/saved", true],
  ];
  for (const [name, pathOf, signedIn] of pages) {
    test(name, async ({ page, request, signIn }) => {
      const path = pathOf(await firstJobId(request, "nurse"));
      if (signedIn) await signIn({ name: "Robin Ouellet" });
      for (const prefix of ["", "/fr"]) {
        await page.goto(`${prefix}${path}`);
        await expect(page.locator("main")).toBeVisible();
        await expect(page.getByRole("heading", { name: /^(Error|Erreur) 404/ })).toHaveCount(0);
        expect(await page.locator("main").innerText(), path).not.toMatch(
          /\bjobs\.[a-z]+\.[a-zA-Z]+/,
        );
        await expectNoAxeViolations(page);
      }
    });
  }
});

test.describe("a player who applied sees when, instead of Apply Now", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const [language, words] of Object.entries(LANGUAGES)) {
    test(language, async ({ page, request, signIn }) => {
      const id = await firstJobId(request, "nurse");
      await signIn({ name: `Jordan ${language}` });
      await page.goto(`${words.prefix}/jobs/${id}`);
      await page.getByRole("link", { name: words.applyNow }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(words.contactNo).fill("902 555 0147");
      await dialog
        .getByLabel(words.resume)
        .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
      await dialog.getByRole("button", { name: words.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: words.sent })).toBeVisible();

      const today = new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", {
        dateStyle: "long",
        timeZone: "America/Toronto",
      }).format(new Date());
      const applied = words.appliedOn.replace("{date}", today);
      await expect(page.getByText(applied)).toBeVisible();
      await expect(page.getByRole("link", { name: words.applyNow })).toHaveCount(0);
      await page.reload();
      await expect(page.getByText(applied)).toBeVisible();
      await expect(page.getByRole("link", { name: words.applyNow })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }
});

test("a visitor saves a job through sign-in, as a business is saved, and finds it in saved jobs", async ({
  page,
  request,
  signIn,
}) => {
  const id = await firstJobId(request, "nurse");
  await page.goto(`/fr/jobs/${id}`);
  const title = await page.getByRole("heading", { level: 1 }).innerText();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/login\?redirectTo=/);
  const back = new URL(page.url()).searchParams.get("redirectTo") ?? "";
  expect(back).toBe(`/fr/jobs/${id}?save`);

  await signIn();
  await page.goto(back);
  // The page asks; its script confirms at once, since this browser's own Save asked for it.
  await expect(page.getByRole("status").filter({ hasText: "Emploi enregistré." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Retirer des emplois enregistrés" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/fr/jobs/saved");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
});
