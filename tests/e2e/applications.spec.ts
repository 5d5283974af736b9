import type pg from "pg";
import { testPdf } from "../../app/platform/test-pdfs.ts";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { connectToSite, signedInPage } from "./players.ts";

// Applications followed to the end (issue 27): a player applies with a PDF to a verified
// employer's posting, a member moves the application to interviewing with a date, and the player
// sees it on /jobs/applications (and on the signed link), with the status e-mail in the outbox.

const SHOTS = "/tmp/inbox-shots";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

/**
 * A verified employer of its own with one open posting, copied from a seed posting outside
 * Ontario (so its statements need not be asked), posted 20 days ago so that the job board's own
 * specs, which filter on the last 7 days, never meet it: its id and the posting's.
 */
async function verifiedEmployerWithPosting(name: string) {
  const { rows } = await site.query<{ id: number }>(
    `insert into employer (name, description, province, contact_email, verified_at)
     values ($1, '{"en-CA": "We build bridges."}', 'MB', 'hiring@example.test', now())
     returning id`,
    [name],
  );
  const employerId = rows[0]?.id ?? 0;
  const copied = await site.query<{ id: number }>(
    `insert into job (reference, employer_id, title, company, company_logo, city, province,
       postal_code, work_setting, employer_type, employment_type, pay_min_cents, pay_max_cents,
       pay_period, ai_screening, existing_vacancy, contact_email, contact_locale, status, is_open,
       posted_at, updated_at, closes_at, search_text, search_location)
     select 'E2E-INBOX-' || $1::text, $1::integer, title, $2, company_logo, city, province, postal_code,
       work_setting, employer_type, employment_type, pay_min_cents, pay_max_cents, pay_period,
       ai_screening, existing_vacancy, 'hiring@example.test', contact_locale, 'published', true,
       now() - interval '20 days', now(), now() + interval '30 days', search_text, search_location
     from job where employer_id is null and province <> 'ON' order by id limit 1
     returning id`,
    [employerId, name],
  );
  const jobId = copied.rows[0]?.id ?? 0;
  await site.query(
    `insert into job_text (job_id, overview, skills, description)
     select $1, overview, skills, description from job_text
     where job_id = (select id from job where employer_id is null and province <> 'ON' order by id limit 1)`,
    [jobId],
  );
  const title = await site.query<{ title: { "en-CA": string; "fr-CA": string } }>(
    "select title from job where id = $1",
    [jobId],
  );
  return { employerId, jobId, title: title.rows[0]?.title ?? { "en-CA": "", "fr-CA": "" } };
}

const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA" as const,
    fullName: "Full name",
    email: "Email",
    contactNo: "Contact number",
    resume: "CV (PDF)",
    submit: "Submit",
    sent: "Your application was sent.",
    inboxHeading: "Applications for",
    received: "Received",
    moveLabel: "New status",
    interviewing: "Interviewing",
    interviewAt: "Interview date and time (Eastern time)",
    move: "Change the status",
    moved: "They were emailed.",
    cv: "Open the CV (PDF)",
    mine: "Your applications",
    interviewDay: "Dec 3, 2026",
    linkHeading: "Your application",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA" as const,
    fullName: "Nom complet",
    email: "Courriel",
    contactNo: "Numéro de téléphone",
    resume: "CV (PDF)",
    submit: "Envoyer",
    sent: "Votre candidature a été envoyée.",
    inboxHeading: "Candidatures pour",
    received: "Reçue",
    moveLabel: "Nouveau statut",
    interviewing: "Entrevues",
    interviewAt: "Date et heure de l’entrevue (heure de l’Est)",
    move: "Changer le statut",
    moved: "Un courriel lui a été envoyé.",
    cv: "Ouvrir le CV (PDF)",
    mine: "Vos candidatures",
    interviewDay: "3 déc. 2026",
    linkHeading: "Votre candidature",
  },
};

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`${language}: a player applies, the employer moves them to interviewing, the player sees it and is e-mailed`, async ({
    browser,
    baseURL,
  }) => {
    const { employerId, jobId, title } = await verifiedEmployerWithPosting(
      `Inbox Works ${language} ${Date.now()}`,
    );
    const applicant = await signedInPage(browser, baseURL ?? "", site, {
      name: "Alex Martin",
      age: 30,
      locale: words.locale,
    });
    await applicant.page.goto(`${words.prefix}/jobs/${jobId}/apply`);
    await applicant.page.getByLabel(words.fullName).fill("Alex Martin");
    await applicant.page.getByLabel(words.email).fill(applicant.player.email);
    await applicant.page.getByLabel(words.contactNo).fill("902 555 0147");
    await applicant.page
      .getByLabel(words.resume)
      .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: testPdf() });
    await applicant.page.getByRole("button", { name: words.submit }).click();
    await expect(applicant.page.getByRole("status").filter({ hasText: words.sent })).toBeVisible();

    const employer = await signedInPage(browser, baseURL ?? "", site, {
      age: 30,
      locale: words.locale,
      employs: [employerId],
    });
    await employer.page.goto(
      `${words.prefix}/employers/${employerId}/manage/jobs/${jobId}/applications`,
    );
    await expect(
      employer.page.getByRole("heading", { name: `${words.inboxHeading} ${title[words.locale]}` }),
    ).toBeVisible();
    const card = employer.page.getByRole("article", { name: "Alex Martin" });
    await expect(card).toContainText(words.received);
    await expect(card.getByRole("link", { name: words.cv })).toBeVisible();
    await checkAndShoot(employer.page, SHOTS, `${language}-inbox`);
    await card.getByLabel(words.moveLabel).selectOption({ label: words.interviewing });
    await card.getByLabel(words.interviewAt).fill("2026-12-03T14:30");
    await card.getByRole("button", { name: words.move }).click();
    await expect(employer.page.getByRole("status")).toContainText(words.moved);
    await expect(employer.page.getByRole("article", { name: "Alex Martin" })).toContainText(
      words.interviewDay,
    );

    await applicant.page.goto(`${words.prefix}/jobs/applications`);
    await expect(applicant.page.getByRole("heading", { name: words.mine, level: 1 })).toBeVisible();
    const mine = applicant.page.getByRole("article", { name: title[words.locale] });
    await expect(mine).toContainText(words.interviewing);
    await expect(mine).toContainText(words.interviewDay);
    await checkAndShoot(applicant.page, SHOTS, `${language}-mine`);

    const mails = async () =>
      (
        await site.query<{ subject: string; text: string }>(
          'select subject, text from outbox_email where "to" = $1 order by id',
          [applicant.player.email],
        )
      ).rows;
    await expect
      .poll(async () => (await mails()).map((mail) => mail.subject).join("\n"))
      .toContain(words.interviewing);

    // The signed link of the confirmation e-mail opens the same view, for anyone who has it.
    const link = (await mails())
      .map((mail) => mail.text.match(/https?:\/\/\S+\/jobs\/applications\/[\w.-]+/)?.[0])
      .find(Boolean);
    await applicant.page.goto(new URL(link ?? "").pathname);
    await expect(
      applicant.page.getByRole("heading", { name: words.linkHeading, level: 1 }),
    ).toBeVisible();
    await expect(applicant.page.getByRole("main")).toContainText(words.interviewing);
    await checkAndShoot(applicant.page, SHOTS, `${language}-link`);
  });
}
