import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { connectToSite } from "./players.ts";
import { grantFromCommandLine, turnOnTwoFactor } from "./staff.ts";

const SHOTS = "/tmp/moder-shots";

/** A business and a job per language, moderated here only, so other specs' figures stay as seeded. */
const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA",
    business: { name: "Pebble & Stone Curling Club", search: "pebble" },
    job: "NB-BC-005",
    stars: "1 star",
    body: "Your review",
    post: "Post my review",
    posted: "Thank you, your review is posted.",
    reportLabel: (handle: string) => `Report what ${handle} wrote`,
    reportReason: "Personal information about someone",
    sendReport: "Send the report",
    reported: "Thank you. Someone will review your report.",
    basedOn: (count: number) => `Based on ${count} ratings`,
    reports: "Reports",
    waiting: "Waiting on a moderator",
    reviewTitle: (business: string, handle: string) => `Review of ${business} by ${handle}`,
    hideReason: "personal information",
    hide: "Hide",
    hidden: "Hidden. The author was told by email when they have an account.",
    removed: "Removed by the moderators: personal information",
    tally: "1 review removed by the moderators: 1 personal information",
    mailSubject: "Removed by the moderators: your review of",
    jobReason: "It looks like a scam",
    jobTitle: "Job ",
    other: "other",
    note: "Note (required for “other”)",
    noteRequired: "Write why in the note when the reason is “other”.",
    gone: "This page was removed by the moderators.",
    restore: "Restore it",
    restored: "Restored: it shows again.",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA",
    business: { name: "Big Sky Pickleball Centre", search: "pickleball" },
    job: "NB-NS-003",
    stars: "1 étoile",
    body: "Votre avis",
    post: "Publier mon avis",
    posted: "Merci, votre avis est publié.",
    reportLabel: (handle: string) => `Signaler ce qu’a écrit ${handle}`,
    reportReason: "Renseignements personnels sur quelqu’un",
    sendReport: "Envoyer le signalement",
    reported: "Merci. Votre signalement sera examiné.",
    basedOn: (count: number) => `Selon ${count} évaluations`,
    reports: "Signalements",
    waiting: "En attente d’un modérateur",
    reviewTitle: (business: string, handle: string) => `Avis sur ${business} par ${handle}`,
    hideReason: "renseignements personnels",
    hide: "Masquer",
    hidden: "Masqué. L’auteur a été prévenu par courriel s’il a un compte.",
    removed: "Retiré par les modérateurs\u202f: renseignements personnels",
    tally: "1 avis retiré par les modérateurs\u202f: 1 renseignements personnels",
    mailSubject: "votre avis sur",
    jobReason: "Elle ressemble à une arnaque",
    jobTitle: "Offre ",
    other: "autre",
    note: "Note (obligatoire pour «\u202fautre\u202f»)",
    noteRequired: "Expliquez pourquoi dans la note quand le motif est «\u202fautre\u202f».",
    gone: "Cette page a été retirée par les modérateurs.",
    restore: "Le rétablir",
    restored: "Rétabli\u202f: il paraît de nouveau.",
  },
} as const;

/** Full-page screenshots at 375 and 1280 px, to look at; the viewport goes back to 1280. */
async function screenshots(page: Page, name: string) {
  if (name.startsWith("fr-")) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/moderation-${name}-${width}.png`, fullPage: true });
  }
}

/** The job with this seed reference, read from the site's database. */
async function jobId(reference: string): Promise<number> {
  const db = connectToSite();
  try {
    const result = await db.query<{ id: number }>("select id from job where reference = $1", [
      reference,
    ]);
    return result.rows[0]?.id as number;
  } finally {
    await db.end();
  }
}

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`a player reports a review, a moderator hides it, the page and the author are told (${language})`, async ({
    page,
    signIn,
  }) => {
    const author = await signIn({ locale: words.locale });
    await page.goto(
      `${words.prefix}/businesses?title=${words.business.search}&location=&category=`,
    );
    await page.getByRole("link", { name: words.business.name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.business.name);
    const here = page.url();
    const reviews = page.getByRole("region", { name: /^(Reviews|Avis)$/ });
    const overall = reviews.locator("p.text-4xl");
    const ratingBefore = await overall.textContent();
    const count = Number(
      (await reviews.getByText(/^(Based on|Selon) \d+/).textContent())?.match(/\d+/)?.[0],
    );
    await page.getByLabel(words.stars, { exact: true }).check();
    const text = `Call the owner at home, 555-0123. ${Date.now()}`;
    await page.getByLabel(words.body, { exact: true }).fill(text);
    await page.getByRole("button", { name: words.post }).click();
    await expect(page.getByRole("status").filter({ hasText: words.posted })).toBeVisible();

    // Another player reports it.
    await signIn();
    await page.goto(here);
    await page
      .getByRole("listitem")
      .filter({ hasText: text })
      .getByRole("link", { name: words.reportLabel(author.handle) })
      .click();
    await page.getByLabel(words.reportReason).check();
    await page.getByRole("button", { name: words.sendReport }).click();
    await expect(page.getByRole("status").filter({ hasText: words.reported })).toBeVisible();

    // A moderator, granted from the command line, turns on two-factor sign-in, then finds the
    // review among the reports and hides it with a reason.
    const password = "moderate-with-care-2026";
    const moderator = await signIn({ locale: words.locale, password, age: 35 });
    expect(await grantFromCommandLine(moderator.email, "moderator")).toBe(
      `${moderator.email} is now moderator (was player).`,
    );
    await page.goto(`${words.prefix}/staff/reports`);
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/staff/two-factor$`));
    await turnOnTwoFactor(page, password);
    await page.goto(`${words.prefix}/staff/reports`);
    await expect(page.getByRole("heading", { name: words.waiting })).toBeVisible();
    const title = words.reviewTitle(words.business.name, author.handle);
    await screenshots(page, `${language}-reports`);
    await page.getByRole("link", { name: title }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("blockquote")).toHaveText(text);
    await screenshots(page, `${language}-report`);
    await page.getByLabel(words.hideReason, { exact: true }).check();
    await page.getByRole("button", { name: words.hide, exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(words.hidden);
    await screenshots(page, `${language}-report-hidden`);

    // The business page: the removal in its place, the tally, the rating as it was.
    await page.goto(here);
    await expect(reviews.getByText(words.removed)).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
    await expect(reviews.getByText(words.tally)).toBeVisible();
    await expect(reviews.getByText(words.basedOn(count))).toBeVisible();
    await expect(overall).toHaveText(ratingBefore ?? "");
    await screenshots(page, `${language}-business`);

    // The author's e-mail, in their language, says why and where to ask for a second look.
    await expect.poll(() => lastMailTo(author.email)).toContain(words.mailSubject);
    expect(lastMailTo(author.email)).toContain("moderation@nearby.example");
  });

  test(`a reported job hidden by a moderator answers 410 until restored (${language})`, async ({
    page,
    signIn,
  }) => {
    const id = await jobId(words.job);
    await page.goto(`${words.prefix}/jobs/${id}/report`);
    await page.getByLabel(words.jobReason).check();
    await page.getByRole("button", { name: words.sendReport }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${id}\\?reported`));

    await signIn({ role: "moderator", twoFactor: true, locale: words.locale });
    await page.goto(`${words.prefix}/staff/reports/job/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(words.jobTitle);
    // "Other" needs the moderator's words.
    await page.getByLabel(words.other, { exact: true }).check();
    await page.getByRole("button", { name: words.hide, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(words.noteRequired);
    await page.getByLabel(words.other, { exact: true }).check();
    await page.getByLabel(words.note).fill("Asks applicants for a fee.");
    await page.getByRole("button", { name: words.hide, exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(words.hidden);

    const gone = await page.goto(`${words.prefix}/jobs/${id}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByText(words.gone)).toBeVisible();
    await screenshots(page, `${language}-job-gone`);
    expect((await page.request.get(`/api/jobs/${id}`)).status()).toBe(410);

    await page.goto(`${words.prefix}/staff/reports/job/${id}`);
    await page.getByRole("button", { name: words.restore }).click();
    await expect(page.getByRole("status")).toHaveText(words.restored);
    expect((await page.goto(`${words.prefix}/jobs/${id}`))?.status()).toBe(200);
  });
}
