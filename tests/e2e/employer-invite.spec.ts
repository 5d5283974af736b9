import { checkAndShoot, expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { signedInPage } from "./players.ts";

// An employer's member invites another adult by e-mail; the invitee accepts from the link and
// acts for the employer (issue 27).

const SCREENSHOTS = ".data/screenshots/employer-invite";

const LANGUAGES = {
  en: {
    prefix: "",
    email: "Their e-mail address",
    send: "Send the invitation",
    sent: "Invitation sent to",
    accept: "Accept and become a member",
    members: "Members",
  },
  fr: {
    prefix: "/fr",
    email: "Son adresse courriel",
    send: "Envoyer l’invitation",
    sent: "Invitation envoyée à",
    accept: "Accepter et devenir membre",
    members: "Membres",
  },
};

for (const [lang, text] of Object.entries(LANGUAGES)) {
  test(`${lang}: a member invites another adult, who accepts from the e-mail's link`, async ({
    page,
    signIn,
    browser,
    baseURL,
    site,
  }) => {
    const { rows } = await site.query<{ id: number }>(
      `insert into employer (name, description, province, contact_email, verified_at)
       values ($1, '{"en-CA": "We hire."}', 'NS', 'hiring@example.test', now()) returning id`,
      [`Invite Works ${lang} ${Date.now()}`],
    );
    const employerId = rows[0]?.id ?? 0;
    await signIn({ age: 30, employs: [employerId] });
    const invitee = await signedInPage(browser, baseURL ?? "", site, {
      age: 34,
      name: `Noor ${lang} ${Date.now()}`,
    });

    await page.goto(`${text.prefix}/employers/${employerId}/manage/members`);
    await page.getByLabel(text.email).fill(invitee.player.email);
    await page.getByRole("button", { name: text.send }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `${text.sent} ${invitee.player.email}` }),
    ).toBeVisible();
    await checkAndShoot(page, SCREENSHOTS, `${lang}-members`);

    await expect
      .poll(() => lastMailTo(invitee.player.email))
      .toContain(`/employers/${employerId}/members/accept?t=`);
    const link = /https?:\/\/\S+\/members\/accept\?t=[\w.-]+/.exec(
      lastMailTo(invitee.player.email) ?? "",
    )?.[0];
    const { pathname, search } = new URL(link ?? "");
    await invitee.page.goto(`${pathname}${search}`);
    await checkAndShoot(invitee.page, SCREENSHOTS, `${lang}-invitation`);
    await invitee.page.getByRole("button", { name: text.accept }).click();
    await expect(invitee.page).toHaveURL(new RegExp(`/employers/${employerId}/manage`));
    await invitee.page.goto(`${text.prefix}/employers/${employerId}/manage/members`);
    await expect(invitee.page.getByRole("heading", { name: text.members })).toBeVisible();
    await expect(invitee.page.getByText(invitee.player.name)).toBeVisible();
    await invitee.page.context().close();
  });
}
