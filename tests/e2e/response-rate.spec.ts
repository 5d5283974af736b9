import type pg from "pg";
import { insertEmployer, publishThroughApi } from "./employers.ts";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { signedInPage } from "./players.ts";

// A verified employer that counts 10 applications shows its response rate on its job cards in
// /jobs, as on the job's page (issue 27); one under 10 shows none.

const SCREENSHOTS = ".data/screenshots/response-rate";

const LANGUAGES = {
  en: { prefix: "", rate: "Answers 90% of applicants within 14 days", answers: /Answers \d+%/ },
  fr: {
    prefix: "/fr",
    rate: "Répond\u00a0à 90\u202f% des candidats en 14 jours",
    answers: /Répond\sà/,
  },
};

/** `count` applications to `jobId` received 30 days ago, the first `answered` of them answered the next day. */
async function applications(site: pg.Pool, jobId: number, count: number, answered: number) {
  for (let index = 0; index < count; index += 1) {
    const email = `applicant-${jobId}-${index}@example.com`;
    await site.query(
      `insert into job_application (job_id, full_name, email, email_key, contact_no, summary, cv_name,
                                    cv_filename, cv_bytes, locale, created_at, status, answered_at)
       values ($1, 'Sam Applicant', $2, $2, '+15145550123', 'Hello', 'cv.pdf', 'CV.pdf', 1000, 'en-CA',
               now() - interval '30 days', $3, $4::timestamptz)`,
      [
        jobId,
        email,
        index < answered ? "under_review" : "received",
        index < answered ? new Date(Date.now() - 29 * 86_400_000).toISOString() : null,
      ],
    );
  }
}

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`${language}: the job cards of a rated employer show its response rate, not those of one under 10 applications`, async ({
    page,
    browser,
    baseURL,
    site,
  }) => {
    test.setTimeout(120_000);
    const unique = `Tidewright${Date.now().toString(36)}${language}`;
    const postings: Record<"rated" | "young", number> = { rated: 0, young: 0 };
    for (const kind of ["rated", "young"] as const) {
      const employerId = await insertEmployer(site, `${kind} Harbour ${unique}`);
      const member = await signedInPage(browser, baseURL ?? "", site, {
        age: 38,
        employs: [employerId],
      });
      const posting = await publishThroughApi(member.page, baseURL ?? "", employerId, {
        "en-CA": `${unique} ${kind} rigger`,
        "fr-CA": `${unique} ${kind} gréeur`,
      });
      await member.page.context().close();
      postings[kind] = posting.id;
    }
    // 9 of 10 answered within 14 days: 90%. The other employer answered all 9 of its own.
    await applications(site, postings.rated, 10, 9);
    await applications(site, postings.young, 9, 9);

    await page.goto(`${text.prefix}/jobs?keywords=${unique}`);
    const card = (kind: string) =>
      page.getByRole("article").filter({ has: page.getByRole("link", { name: new RegExp(kind) }) });
    await expect(card("rated").getByText(text.rate)).toBeVisible();
    await expect(card("young")).toBeVisible();
    await expect(card("young").getByText(text.answers)).toHaveCount(0);
    await checkAndShoot(page, SCREENSHOTS, `${language}-cards`);

    // The job's page says the same.
    await card("rated").getByRole("link").click();
    await expect(page.getByText(text.rate)).toBeVisible();
  });
}
