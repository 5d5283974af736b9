import { insertEmployer, publishThroughApi } from "./employers.ts";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { signedInPage } from "./players.ts";
import { runJobAlerts } from "./scheduled.ts";

// Job alerts' two frequencies, end to end (issue 27): visitors subscribe, one "at once" and one
// daily, and confirm from the e-mail; a verified employer publishes a matching posting; the "at
// once" task mails the first, and the second hears nothing until the daily task runs. The test
// server schedules nothing, so the test runs each task when the scheduler would.

const SCREENSHOTS = ".data/screenshots/job-alerts";

const LANGUAGES = {
  en: {
    prefix: "",
    email: "Email",
    instant: "At once: an email as soon as a matching job is published",
    daily: "Once a day: the day’s new jobs in one email",
    create: "Create Job Alert",
    sent: "Check your email: we sent a link to confirm your job alert.",
    confirm: "Confirm",
    confirmed: "Your job alert is confirmed. We will email you new jobs that match.",
  },
  fr: {
    prefix: "/fr",
    email: "Courriel",
    instant: "Tout de suite\u202f: un courriel dès qu’un emploi correspondant est publié",
    daily: "Une fois par jour\u202f: les nouveaux emplois du jour dans un seul courriel",
    create: "Créer l’alerte emploi",
    sent: "Consultez vos courriels\u00a0: nous vous avons envoyé un lien pour confirmer votre alerte emploi.",
    confirm: "Confirmer",
    confirmed:
      "Votre alerte emploi est confirmée. Nous vous enverrons les nouveaux emplois qui correspondent.",
  },
};

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`${language}: an "at once" alert mails a new posting when it is published, a daily one at the daily run`, async ({
    page,
    browser,
    baseURL,
    site,
  }) => {
    test.setTimeout(180_000);
    const unique = `Gantrywise${Date.now().toString(36)}${language}`;
    const subscribers = {
      instant: `instant.${unique}@example.com`.toLowerCase(),
      daily: `daily.${unique}@example.com`.toLowerCase(),
    };

    for (const [frequency, email] of Object.entries(subscribers)) {
      await page.goto(`${text.prefix}/jobs/alerts/new?keywords=${unique}`);
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(frequency === "instant" ? text.instant : text.daily).check();
      if (frequency === "instant") await checkAndShoot(page, SCREENSHOTS, `${language}-new`);
      await page.getByRole("button", { name: text.create }).click();
      await expect(page.getByRole("status").filter({ hasText: text.sent })).toBeVisible();
      if (frequency === "instant") await checkAndShoot(page, SCREENSHOTS, `${language}-sent`);

      // The confirmation link, in the subscriber's language, opens a page whose button confirms.
      await expect
        .poll(() => lastMailTo(email), { timeout: 30_000 })
        .toContain(`${text.prefix}/jobs/alerts/confirm?token=`);
      const link = /https?:\/\/\S+\/jobs\/alerts\/confirm\?token=[\w-]+/.exec(
        lastMailTo(email) ?? "",
      )?.[0];
      const { pathname, search } = new URL(link ?? "");
      await page.goto(`${pathname}${search}`);
      if (frequency === "instant") await checkAndShoot(page, SCREENSHOTS, `${language}-confirm`);
      await page.getByRole("button", { name: text.confirm, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: text.confirmed })).toBeVisible();
      if (frequency === "instant") await checkAndShoot(page, SCREENSHOTS, `${language}-confirmed`);
    }

    const employerId = await insertEmployer(site, `Gantry Works ${unique}`);
    const employer = await signedInPage(browser, baseURL ?? "", site, {
      age: 40,
      employs: [employerId],
    });
    const posting = await publishThroughApi(employer.page, baseURL ?? "", employerId, {
      "en-CA": `${unique} crane operator`,
      "fr-CA": `${unique} grutier`,
    });
    expect(posting.status).toBe("published");
    await employer.page.context().close();
    const postingLink = `${text.prefix}/jobs/${posting.id}`;

    // The scheduler's every-minute task: the "at once" subscriber gets the posting.
    expect(await runJobAlerts("instant", baseURL ?? "")).toContain("completed");
    await expect
      .poll(() => lastMailTo(subscribers.instant), { timeout: 60_000 })
      .toContain(postingLink);
    expect(lastMailTo(subscribers.instant)).toContain(
      `${text.prefix}/jobs/alerts/unsubscribe?token=`,
    );
    // The daily subscriber's last mail is still the confirmation.
    expect(lastMailTo(subscribers.daily)).not.toContain(postingLink);
    expect(lastMailTo(subscribers.daily)).toContain("/jobs/alerts/confirm?token=");

    // The daily task: now the daily subscriber gets it too.
    expect(await runJobAlerts("daily", baseURL ?? "")).toContain("completed");
    await expect
      .poll(() => lastMailTo(subscribers.daily), { timeout: 60_000 })
      .toContain(postingLink);
    expect(lastMailTo(subscribers.daily)).toContain(
      `${text.prefix}/jobs/alerts/unsubscribe?token=`,
    );
  });
}
