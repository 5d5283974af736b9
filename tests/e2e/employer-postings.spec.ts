import type pg from "pg";
import { testPdf } from "../../app/platform/test-pdfs.ts";
import { closesOn, insertEmployer } from "./employers.ts";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { connectToSite, signedInPage } from "./players.ts";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

const LANGUAGES = {
  en: {
    prefix: "",
    employerNav: "Employer pages",
    jobsNav: "Jobs",
    post: "Post a job",
    french: "In French",
    english: "In English",
    title: "Job title",
    overview: "Overview (one or two sentences)",
    description: "Description",
    skills: "Skills, one a line",
    city: "City",
    province: "Province or territory",
    ontario: "Ontario",
    postalCode: "Postal code",
    workSetting: "Work setting",
    onsite: "On-Site",
    employerType: "Employer type",
    direct: "Direct Hire",
    employmentType: "Employment type",
    fullTime: "Full-time",
    min: "Minimum",
    max: "Maximum",
    per: "Per",
    year: "year",
    ai: "Does artificial intelligence screen, assess or select applicants?",
    vacancy: "Does this vacancy exist now?",
    no: "No",
    yes: "Yes",
    email: "E-mail that receives applications (never shown)",
    locale: "Language of the application e-mails",
    localeName: "English",
    closes: "Closing date",
    save: "Save and preview",
    spread:
      "In Ontario, a pay range may span at most $50,000 unless its maximum is above $200,000 a year.",
    preview: "Preview: the page as job seekers will see it",
    publish: "Publish",
    published: "Published.",
    question: "Question",
    yesNoKind: "Yes or no",
    textKind: "In a short text",
    licence: "Do you hold a forklift licence?",
    start: "When could you start?",
    applyNow: "Apply Now",
    fullName: "Full name",
    applicantEmail: "Email",
    contactNo: "Contact number",
    resume: "CV (PDF)",
    submit: "Submit",
    sent: "Your application was sent.",
    answerRequired: "Answer this question.",
  },
  fr: {
    prefix: "/fr",
    employerNav: "Pages de l’employeur",
    jobsNav: "Offres",
    post: "Publier une offre",
    french: "En français",
    english: "En anglais",
    title: "Titre du poste",
    overview: "Aperçu (une ou deux phrases)",
    description: "Description",
    skills: "Compétences, une par ligne",
    city: "Ville",
    province: "Province ou territoire",
    ontario: "Ontario",
    postalCode: "Code postal",
    workSetting: "Mode de travail",
    onsite: "Sur place",
    employerType: "Type d’employeur",
    direct: "Employeur direct",
    employmentType: "Type d’emploi",
    fullTime: "Temps plein",
    min: "Minimum",
    max: "Maximum",
    per: "Par",
    year: "année",
    ai: "L’intelligence artificielle sert-elle à présélectionner, évaluer ou choisir les candidats\u202f?",
    vacancy: "Ce poste est-il vacant actuellement\u202f?",
    no: "Non",
    yes: "Oui",
    email: "Courriel qui reçoit les candidatures (jamais affiché)",
    locale: "Langue des courriels de candidature",
    localeName: "Français",
    closes: "Date de fin",
    save: "Enregistrer et prévisualiser",
    spread:
      "En Ontario, une échelle salariale ne peut dépasser 50 000 $ d’écart, sauf si son maximum dépasse 200 000 $ par année.",
    preview: "Aperçu\u202f: la page telle que les chercheurs d’emploi la verront",
    publish: "Publier",
    published: "Publiée.",
    question: "Question",
    yesNoKind: "Oui ou non",
    textKind: "Court texte",
    licence: "Avez-vous un permis de chariot élévateur\u202f?",
    start: "Quand pourriez-vous commencer\u202f?",
    applyNow: "Postuler",
    fullName: "Nom complet",
    applicantEmail: "Courriel",
    contactNo: "Numéro de téléphone",
    resume: "CV (PDF)",
    submit: "Envoyer",
    sent: "Votre candidature a été envoyée.",
    answerRequired: "Répondez à cette question.",
  },
};

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`an employer posts a job with screening questions, fixes a pay range too wide for Ontario, publishes it, and reads an applicant's answers (${language})`, async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const unique = `Bridgewright${Date.now().toString(36)}${language}`;
    const employerId = await insertEmployer(site, `Span Works ${unique}`);
    await signIn({ age: 30, employs: [employerId] });
    await page.goto(`${text.prefix}/employers/${employerId}/manage`);
    await page
      .getByRole("navigation", { name: text.employerNav })
      .getByRole("link", { name: text.jobsNav, exact: true })
      .click();
    await page.getByRole("link", { name: text.post }).click();

    const pair = async (legend: string, en: string, fr: string) => {
      const group = page.getByRole("group", { name: legend, exact: true });
      await group.getByLabel(text.english).fill(en);
      await group.getByLabel(text.french).fill(fr);
    };
    await pair(text.title, `${unique} site lead`, `${unique} chef de chantier`);
    await pair(text.overview, "Lead a bridge crew.", "Diriger une équipe de pont.");
    await pair(text.description, "You lead the crew on site.", "Vous dirigez l’équipe.");
    await pair(text.skills, "Rigging\nSafety", "Gréage\nSécurité");
    await page.getByLabel(text.city).fill("Hamilton");
    await page.getByLabel(text.province).selectOption({ label: text.ontario });
    await page.getByLabel(text.postalCode).fill("l8p 4r5");
    await page.getByLabel(text.workSetting).selectOption({ label: text.onsite });
    await page.getByLabel(text.employerType).selectOption({ label: text.direct });
    await page.getByLabel(text.employmentType).selectOption({ label: text.fullTime });
    await page.getByLabel(text.min, { exact: true }).fill("60000");
    await page.getByLabel(text.max, { exact: true }).fill("140000");
    await page.getByLabel(text.per, { exact: true }).selectOption({ label: text.year });
    await page.getByRole("group", { name: text.ai }).getByLabel(text.no, { exact: true }).check();
    await page
      .getByRole("group", { name: text.vacancy })
      .getByLabel(text.yes, { exact: true })
      .check();
    await page.getByLabel(text.email).fill("jobs@example.test");
    await page.getByLabel(text.locale).selectOption({ label: text.localeName });
    await page.getByLabel(text.closes).fill(closesOn);
    const question = async (number: number, kind: string, en: string, fr: string) => {
      const row = page.getByRole("group", { name: `${text.question} ${number}`, exact: true });
      await row.getByRole("combobox").selectOption({ label: kind });
      await row.getByLabel(text.english).fill(en);
      await row.getByLabel(text.french).fill(fr);
    };
    await question(1, text.yesNoKind, LANGUAGES.en.licence, LANGUAGES.fr.licence);
    await question(2, text.textKind, LANGUAGES.en.start, LANGUAGES.fr.start);
    await page.getByRole("button", { name: text.save }).click();

    // Refused: the message beside the maximum, which is marked and has the focus.
    const max = page.getByLabel(text.max, { exact: true });
    await expect(page.getByText(text.spread)).toBeVisible();
    await expect(max).toHaveAttribute("aria-invalid", "true");
    await expect(max).toBeFocused();
    if (language === "fr") expect(await frenchSpacingMistakes(page)).toEqual([]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await max.fill("95000");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByRole("heading", { name: text.preview })).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: text.publish, exact: true }).click();
    await expect(page.getByRole("status").getByText(text.published)).toBeVisible();

    const jobId = /\/jobs\/(\d+)/.exec(page.url())?.[1];
    expect(jobId).toBeTruthy();

    await page.goto(`${text.prefix}/jobs?keywords=${unique}`);
    await expect(page.getByRole("link", { name: new RegExp(unique) }).first()).toBeVisible();

    // An applicant sees both questions and must answer them; no answer rejects anyone.
    const applicant = await signedInPage(browser, baseURL ?? "", site, { age: 25 });
    await applicant.page.goto(`${text.prefix}/jobs/${jobId}`);
    await applicant.page.getByRole("link", { name: text.applyNow }).click();
    const dialog = applicant.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(text.fullName).fill("Robin Tremblay");
    await dialog.getByLabel(text.applicantEmail).fill(`robin.${unique}@example.com`);
    await dialog.getByLabel(text.contactNo).fill("905 555 0199");
    await dialog
      .getByLabel(text.resume)
      .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: testPdf() });
    await dialog.getByRole("button", { name: text.submit }).click();
    // The first problem in the form's order is said, beside its question.
    const licence = dialog.getByRole("group", { name: text.licence });
    await expect(licence.getByText(text.answerRequired)).toBeVisible();
    await expectNoAxeViolations(applicant.page);
    await licence.getByLabel(text.yes, { exact: true }).check();
    await dialog.getByRole("button", { name: text.submit }).click();
    const start = dialog.getByLabel(text.start);
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText(text.answerRequired)).toHaveCount(1);
    await start.fill("In two weeks");
    await dialog.getByRole("button", { name: text.submit }).click();
    await expect(applicant.page.getByRole("status").filter({ hasText: text.sent })).toBeVisible();
    await applicant.page.context().close();

    // The employer reads the answers beside the application.
    await page.goto(`${text.prefix}/employers/${employerId}/manage/jobs/${jobId}/applications`);
    const application = page.getByRole("article").filter({ hasText: "Robin Tremblay" });
    await expect(application.getByText(text.licence)).toBeVisible();
    await expect(application.getByText(text.yes, { exact: true })).toBeVisible();
    await expect(application.getByText("In two weeks")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
