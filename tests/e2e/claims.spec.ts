import type { Page } from "@playwright/test";
import type pg from "pg";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { connectToSite, createSignedInPlayer, SESSION_COOKIE } from "./players.ts";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

/** axe at 1280 and 375 px; French spacing in French. */
async function checkBothWidths(page: Page, french: boolean) {
  if (french) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A seeded business nobody owns yet, with its own address: each run claims fresh ones, and leaves
 * the businesses other specs read (Lakshmi's, on the pricing spec) alone.
 */
async function unclaimedBusiness(): Promise<{ id: number; name: string; email: string }> {
  const { rows } = await site.query<{ id: number; name: string; email: string }>(
    `select id, name, contact_email as email from business b
      where contact_email like '%@example.test' and slug not like 'generated-%'
        and slug not like 'lakshmi%' and hidden_at is null
        and not exists (select 1 from business_owner o where o.business_id = b.id)
        and not exists (select 1 from business_claim c where c.business_id = b.id and c.status = 'open')
      order by random() limit 1`,
  );
  const found = rows[0];
  if (!found) throw new Error("no unclaimed business left");
  return found;
}

const LANGUAGES = {
  en: {
    prefix: "",
    claimLink: "Own this business? Claim it",
    send: "Send a code to",
    sent: "We sent a code to",
    code: "The six-digit code",
    verify: "Confirm the code",
    wrong: "This code is not the right one.",
    done: "Done: you are now an owner of",
    claimed: "Claimed",
    manage: "Manage this listing",
    manageHeading: "Manage",
    owners: "Owners",
    leave: "Leave this listing",
    lastOwner: "A listing keeps at least one owner",
  },
  fr: {
    prefix: "/fr",
    claimLink: "Cette entreprise est la vôtre\u202f? Revendiquez-la",
    send: "Envoyer un code à",
    sent: "Nous avons envoyé un code à",
    code: "Le code à six chiffres",
    verify: "Confirmer le code",
    wrong: "Ce code n’est pas le bon.",
    done: "C’est fait\u202f: vous êtes maintenant propriétaire de",
    claimed: "Revendiquée",
    manage: "Gérer cette fiche",
    manageHeading: "Gérer",
    owners: "Propriétaires",
    leave: "Quitter cette fiche",
    lastOwner: "Une fiche garde au moins un propriétaire",
  },
} as const;

for (const [lang, text] of Object.entries(LANGUAGES)) {
  test(`${lang}: a player aged 30 claims a business with the code e-mailed to its address`, async ({
    page,
    signIn,
  }) => {
    const business = await unclaimedBusiness();
    const player = await signIn({ age: 30, name: `Claire ${lang} ${Date.now()}` });
    await page.goto(`${text.prefix}/businesses/${business.id}`);
    await page.getByRole("link", { name: text.claimLink }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(business.name);
    await checkBothWidths(page, lang === "fr");

    const masked = `${business.email[0]}•••@example.test`;
    await page.getByRole("button", { name: `${text.send} ${masked}` }).click();
    await expect(page.getByRole("status")).toContainText(`${text.sent} ${masked}`);
    await expect.poll(() => lastMailTo(business.email)).toMatch(/\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec(lastMailTo(business.email) ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await checkBothWidths(page, lang === "fr");

    // A wrong code first: told so beside the field, nothing changes.
    const field = page.getByLabel(text.code);
    await field.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: text.verify }).click();
    await expect(page.getByRole("alert")).toContainText(text.wrong);
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill(code);
    await page.getByRole("button", { name: text.verify }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `${text.done} ${business.name}` }),
    ).toBeVisible();
    await page.getByRole("link", { name: text.manage }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `${text.manageHeading} ${business.name}`,
    );
    // The owners section lists them, and says the last one cannot leave.
    await page.getByRole("link", { name: text.owners, exact: true }).click();
    await expect(page.getByRole("heading", { name: text.owners, level: 2 })).toBeVisible();
    await expect(page.getByText(player.name)).toBeVisible();
    await checkBothWidths(page, lang === "fr");
    await page.getByRole("button", { name: text.leave }).click();
    await expect(page.getByRole("alert")).toContainText(text.lastOwner);

    await page.goto(`${text.prefix}/businesses/${business.id}`);
    await expect(page.getByText(text.claimed, { exact: true })).toBeVisible();
    await expect(page.getByText(player.name)).toBeVisible();
    await expect(page.getByRole("link", { name: text.claimLink })).toHaveCount(0);
  });
}

test("a player under 18 is told owners must be adults, with no form", async ({ page, signIn }) => {
  const business = await unclaimedBusiness();
  await signIn({ age: 15 });
  await page.goto(`/businesses/${business.id}/claim`);
  await expect(page.getByText("Owners must be adults")).toBeVisible();
  await expect(page.getByRole("button")).not.toContainText(["Send a code"]);
  await checkBothWidths(page, false);
});

test("a visitor is sent to sign in and comes back to the claim", async ({ page }) => {
  const business = await unclaimedBusiness();
  await page.goto(`/fr/businesses/${business.id}/claim`);
  await expect(page).toHaveURL(
    new RegExp(`/fr/login\\?redirectTo=%2Ffr%2Fbusinesses%2F${business.id}%2Fclaim`),
  );
});

test("the footer's Claim your Business opens the directory, which says how", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Claim your Business" }).click();
  await expect(
    page.getByText("open its page and choose “Own this business? Claim it”"),
  ).toBeVisible();
});

const INVITE = {
  en: {
    prefix: "",
    owners: "Owners",
    email: "Their e-mail address",
    send: "Send the invitation",
    sent: "Invitation sent to",
    accept: "Accept and become an owner",
  },
  fr: {
    prefix: "/fr",
    owners: "Propriétaires",
    email: "Son adresse courriel",
    send: "Envoyer l’invitation",
    sent: "Invitation envoyée à",
    accept: "Accepter et devenir propriétaire",
  },
} as const;

for (const [lang, text] of Object.entries(INVITE)) {
  test(`${lang}: an owner invites a co-owner, who accepts from the e-mail's link`, async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    const business = await unclaimedBusiness();
    await signIn({ age: 30, owns: [business.id] });
    const invitee = await createSignedInPlayer(site, {
      age: 30,
      name: `Ines ${lang} ${Date.now()}`,
    });
    await page.goto(`${text.prefix}/businesses/${business.id}/manage/owners`);
    await page.getByLabel(text.email).fill(invitee.player.email);
    await page.getByRole("button", { name: text.send }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `${text.sent} ${invitee.player.email}` }),
    ).toBeVisible();
    await checkBothWidths(page, lang === "fr");
    await expect.poll(() => lastMailTo(invitee.player.email)).toContain("/owners/accept?t=");
    const link = /https?:\/\/\S+\/owners\/accept\?t=[\w.-]+/.exec(
      lastMailTo(invitee.player.email) ?? "",
    )?.[0];
    expect(link).toBeTruthy();

    const context = await browser.newContext({ baseURL });
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: invitee.cookieValue,
        url: baseURL,
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    const other = await context.newPage();
    const { pathname, search } = new URL(link ?? "");
    await other.goto(`${pathname}${search}`);
    await checkBothWidths(other, lang === "fr");
    await other.getByRole("button", { name: text.accept }).click();
    await expect(other.getByRole("heading", { name: text.owners, level: 2 })).toBeVisible();
    await expect(other.getByText(invitee.player.name)).toBeVisible();
    await context.close();
  });
}

const STAFF = {
  en: {
    prefix: "",
    approve: "Approve and make them an owner",
    approved: "Approved. The claimant is now an owner",
    reason: "Reason, sent to the claimant",
    reject: "Reject the claim",
    rejected: "Rejected. The claimant was told by email.",
  },
  fr: {
    prefix: "/fr",
    approve: "Approuver et le rendre propriétaire",
    approved: "Approuvée. Le demandeur est maintenant propriétaire",
    reason: "Motif, envoyé au demandeur",
    reject: "Refuser la revendication",
    rejected: "Refusée. Le demandeur en a été avisé par courriel.",
  },
} as const;

for (const [lang, text] of Object.entries(STAFF)) {
  test(`${lang}: a moderator approves one claim waiting in the queue and rejects another`, async ({
    page,
    signIn,
  }) => {
    const claimant = await createSignedInPlayer(site, { age: 30 });
    const open = async () => {
      const business = await unclaimedBusiness();
      const { rows } = await site.query<{ id: number }>(
        `insert into business_claim (business_id, requester_id, source) values ($1, $2, 'plan_request')
         returning id`,
        [business.id, claimant.player.id],
      );
      return { business, id: rows[0]?.id };
    };
    const approving = await open();
    const rejecting = await open();
    await signIn({ role: "moderator", twoFactor: true });

    await page.goto(`${text.prefix}/staff/claims/${approving.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(approving.business.name);
    await checkBothWidths(page, lang === "fr");
    await page.getByRole("button", { name: text.approve }).click();
    await expect(page.getByRole("status").filter({ hasText: text.approved })).toBeVisible();
    await expect.poll(() => lastMailTo(claimant.player.email)).toBeTruthy();
    await page.goto(`${text.prefix}/businesses/${approving.business.id}`);
    await expect(page.getByText(claimant.player.name)).toBeVisible();

    await page.goto(`${text.prefix}/staff/claims/${rejecting.id}`);
    await page.getByLabel(text.reason).fill("No proof of ownership");
    await page.getByRole("button", { name: text.reject }).click();
    await expect(page.getByRole("status").filter({ hasText: text.rejected })).toBeVisible();
  });
}
