import { insertEmployer, publishThroughApi } from "./employers.ts";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { signedInPage } from "./players.ts";

// A posting of an employer not verified yet waits in the staff queue (issue 27); a moderator opens
// its decision page and publishes it (it shows on /jobs), or sends it back with a reason that the
// employer reads on the posting's page and in the e-mail.

const SCREENSHOTS = ".data/screenshots/staff-postings";

const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA",
    heldKind: /held job posting/,
    approve: "Publish this posting",
    published: "Published.",
    reject: "Send back to drafts",
    reason: "Reason, sent to the employer’s members",
    reasonMissing: "Write the reason for the members (at most 1,000 characters).",
    sentBack: "Sent back to the employer’s drafts. Its members were told by email.",
    employerSees: "Our staff sent this posting back to your drafts. Their reason:",
    draft: "Draft",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA",
    heldKind: /offres? d’emploi en attente/,
    approve: "Publier cette offre",
    published: "Publiée.",
    reject: "Renvoyer aux brouillons",
    reason: "Motif, envoyé aux membres de l’employeur",
    reasonMissing: "Écrivez le motif pour les membres (au plus 1 000 caractères).",
    sentBack: "Renvoyée aux brouillons de l’employeur. Ses membres en ont été avisés par courriel.",
    employerSees: "Notre équipe a renvoyé cette offre dans vos brouillons. Son motif\u202f:",
    draft: "Brouillon",
  },
} as const;

/**
 * An employer not verified yet, its member in a browser of their own (in the test's language), and
 * a posting they publish, which waits for staff; then the moderator (the test's page, two-factor
 * on) opens it from the queue.
 */
const held = test.extend<{
  heldPosting: (
    word: string,
    text: (typeof LANGUAGES)[keyof typeof LANGUAGES],
  ) => Promise<{
    unique: string;
    employerId: number;
    jobId: number;
    member: Awaited<ReturnType<typeof signedInPage>>;
  }>;
}>({
  heldPosting: async ({ page, signIn, browser, baseURL, site }, use) => {
    await use(async (word, text) => {
      const unique = `${word}${Date.now().toString(36)}${text.locale.slice(0, 2)}`;
      const title = { "en-CA": `${unique} dock hand`, "fr-CA": `${unique} débardeur` };
      const employerId = await insertEmployer(site, `Quay Works ${unique}`, { verified: false });
      const member = await signedInPage(browser, baseURL ?? "", site, {
        age: 41,
        locale: text.locale,
        employs: [employerId],
      });
      const posting = await publishThroughApi(member.page, baseURL ?? "", employerId, title);
      expect(posting.status).toBe("held");
      // Nobody sees it yet.
      await page.goto(`${text.prefix}/jobs?keywords=${unique}`);
      await expect(page.getByRole("link", { name: new RegExp(unique) })).toHaveCount(0);

      await signIn({ role: "moderator", twoFactor: true, locale: text.locale, age: 35 });
      await page.goto(`${text.prefix}/staff`);
      await page.getByRole("link", { name: text.heldKind }).click();
      await page.getByRole("link", { name: title[text.locale] }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/postings/${posting.id}$`));
      return { unique, employerId, member, jobId: posting.id };
    });
  },
});

for (const [language, text] of Object.entries(LANGUAGES)) {
  held.describe(`in ${language === "en" ? "English" : "French"}`, () => {
    held(
      "a moderator publishes a held posting from its decision page; it shows on /jobs",
      async ({ page, heldPosting }) => {
        held.setTimeout(120_000);
        const { unique, member } = await heldPosting("Wharfwise", text);
        await member.page.context().close();
        await checkAndShoot(page, SCREENSHOTS, `${language}-decision`);
        await page.getByRole("button", { name: text.approve }).click();
        await expect(page.getByRole("status").filter({ hasText: text.published })).toBeVisible();
        await checkAndShoot(page, SCREENSHOTS, `${language}-published`);

        await page.goto(`${text.prefix}/jobs?keywords=${unique}`);
        await expect(page.getByRole("link", { name: new RegExp(unique) }).first()).toBeVisible();
      },
    );

    held(
      "a moderator sends a held posting back with a reason; the employer reads it",
      async ({ page, heldPosting }) => {
        held.setTimeout(120_000);
        const { unique, employerId, member, jobId } = await heldPosting("Quayline", text);

        // No reason: refused, said beside the field, nothing decided.
        await page.getByRole("button", { name: text.reject }).click();
        const reason = page.getByLabel(text.reason);
        await expect(reason).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByText(text.reasonMissing).first()).toBeVisible();
        await checkAndShoot(page, SCREENSHOTS, `${language}-no-reason`);
        const why = "The website named in the posting does not mention this job.";
        await reason.fill(why);
        await page.getByRole("button", { name: text.reject }).click();
        await expect(page.getByRole("status").filter({ hasText: text.sentBack })).toBeVisible();
        await checkAndShoot(page, SCREENSHOTS, `${language}-sent-back`);

        // The employer reads why on the posting's page, and in the e-mail that links to it.
        const postingPage = `/employers/${employerId}/manage/jobs/${jobId}`;
        await member.page.goto(`${text.prefix}${postingPage}`);
        await expect(member.page.getByText(text.employerSees)).toBeVisible();
        await expect(member.page.getByText(why)).toBeVisible();
        await expect(member.page.getByText(text.draft, { exact: true })).toBeVisible();
        await checkAndShoot(member.page, SCREENSHOTS, `${language}-employer-sent-back`);
        const { email } = member.player;
        await expect
          .poll(() => lastMailTo(email), { timeout: 30_000 })
          .toContain(`${text.prefix}${postingPage}`);
        expect(lastMailTo(email)).toContain(why);
        await member.page.context().close();

        await page.goto(`${text.prefix}/jobs?keywords=${unique}`);
        await expect(page.getByRole("link", { name: new RegExp(unique) })).toHaveCount(0);
      },
    );
  });
}
