import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type pg from "pg";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { connectToSite, createSignedInPlayer, SESSION_COOKIE } from "./players.ts";

const SCREENSHOTS = ".data/screenshots";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(() => site.end());

/** A moderator with two-factor on, signed in in a browser context of their own. */
async function moderatorPage(
  browser: Browser,
  baseURL: string,
  locale: "en-CA" | "fr-CA",
): Promise<{ context: BrowserContext; page: Page }> {
  const { cookieValue } = await createSignedInPlayer(site, {
    name: `Maude ${Math.random().toString(36).slice(2, 8)}`,
    role: "moderator",
    twoFactor: true,
    locale,
  });
  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookieValue, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  return { context, page: await context.newPage() };
}

const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA",
    phone: "Phone number",
    agree: "I agree to the terms and conditions.",
    send: "Send request",
    puzzle: "Jigsaw puzzle",
    balance: "450 points",
    reason: "Reason",
    decline: "Decline and return the points",
    declined: "Request declined. The points are back in the player’s balance.",
    declinedStatus: "Declined (points given back)",
    reasonText: "Reason: Out of stock until spring",
    query: "Handle or email",
    search: "Search",
    harassment: "Harassment",
    suspend: "Suspend and sign out",
    suspended: "Suspended. Every session of the player has ended.",
    email: "Email",
    password: "Password",
    login: "Log in",
    refused: "This account is suspended. To appeal, write to moderation@nearby.example.",
    note: "Note",
    addNote: "Add the note",
    saved: "Saved.",
    won: "Mark won",
    claimOpened: "Marked won. A claim of the listing is open for the requester.",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA",
    phone: "Numéro de téléphone",
    agree: "J’accepte les conditions d’utilisation.",
    send: "Envoyer la demande",
    puzzle: "Casse-tête",
    balance: /^450\spoints$/,
    reason: "Raison",
    decline: "Refuser et rendre les points",
    declined: "Demande refusée. Les points sont revenus dans le solde du joueur.",
    declinedStatus: "Refusée (points rendus)",
    reasonText: "Raison\u202f: Out of stock until spring",
    query: "Identifiant ou courriel",
    search: "Chercher",
    harassment: "Harcèlement",
    suspend: "Suspendre et déconnecter",
    suspended: "Suspendu. Toutes les sessions du joueur ont pris fin.",
    email: "Courriel",
    password: "Mot de passe",
    login: "Se connecter",
    refused: "Ce compte est suspendu. Pour faire appel, écrivez à moderation@nearby.example.",
    note: "Note",
    addNote: "Ajouter la note",
    saved: "Enregistré.",
    won: "Marquer gagnée",
    claimOpened: "Marquée gagnée. Une revendication de la fiche est ouverte pour le demandeur.",
  },
} as const;

for (const [language, text] of Object.entries(LANGUAGES)) {
  test.describe(`in ${language === "en" ? "English" : "French"}`, () => {
    test("a player redeems, a moderator declines with a reason, the points come back", async ({
      page,
      signIn,
      browser,
      baseURL,
    }) => {
      // Two people, four pages checked at two widths: more than a minute on a loaded machine.
      test.slow();
      const player = await signIn({ name: `Noah ${language}`, points: 450, locale: text.locale });
      await page.goto(`${text.prefix}/redeem?goal=jigsaw-puzzle`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(text.phone).fill("514 555-0123");
      await dialog.getByLabel(text.agree).check();
      await dialog.getByRole("button", { name: text.send }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text.balance, { exact: true })).toHaveCount(0);

      const moderator = await moderatorPage(browser, baseURL ?? "", text.locale);
      const staff = moderator.page;
      await staff.goto(`${text.prefix}/staff/redeem`);
      const item = staff.getByRole("listitem").filter({ hasText: player.handle });
      await expect(item).toHaveCount(1);
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-redeem-list`);
      await item.getByRole("link", { name: new RegExp(text.puzzle) }).click();
      await expect(staff.getByText(player.handle)).toBeVisible();
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-redeem-request`);
      await staff.getByLabel(text.reason).fill("Out of stock until spring");
      await staff.getByRole("button", { name: text.decline }).click();
      await expect(staff.getByRole("status")).toHaveText(text.declined);
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-redeem-declined`);
      await moderator.context.close();

      await page.goto(`${text.prefix}/redeem`);
      await expect(page.getByText(text.declinedStatus, { exact: true })).toBeVisible();
      await expect(page.getByText(text.reasonText)).toBeVisible();
      await expect(page.getByText(text.balance, { exact: true })).toBeVisible();
      await checkAndShoot(page, `${SCREENSHOTS}/staff`, `${language}-redeem-player`);
    });

    test("a ban signs the player out, and the login page says the account is suspended", async ({
      page,
      signIn,
      browser,
      baseURL,
    }) => {
      test.slow();
      const password = "canoe-portage-42";
      const player = await signIn({ name: `Troll ${language}`, password, locale: text.locale });
      await page.goto(`${text.prefix}/redeem`);
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/redeem$`));

      const moderator = await moderatorPage(browser, baseURL ?? "", text.locale);
      const staff = moderator.page;
      await staff.goto(`${text.prefix}/staff/players`);
      await staff.getByLabel(text.query).fill(player.handle);
      await staff.getByRole("button", { name: text.search }).click();
      await staff.getByRole("link", { name: player.handle }).click();
      // A moderator sees neither the player's e-mail nor their age.
      await expect(staff.getByText(player.email)).toHaveCount(0);
      await expect(staff.getByText(text.email, { exact: true })).toHaveCount(0);
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-player`);
      await staff.getByLabel(text.harassment).check();
      await staff.getByRole("button", { name: text.suspend }).click();
      await expect(staff.getByRole("status")).toHaveText(text.suspended);
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-player-banned`);
      await moderator.context.close();

      await page.goto(`${text.prefix}/redeem`);
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/login\\?redirectTo=`));
      await page.getByLabel(text.email).fill(player.email);
      await page.getByLabel(text.password).fill(password);
      await page.getByRole("button", { name: text.login, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(text.refused);
      await checkAndShoot(page, `${SCREENSHOTS}/staff`, `${language}-login-suspended`);
    });

    test("a moderator notes a plan request, marks it won, and the listing's claim opens", async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const suffix = Math.random().toString(36).slice(2, 8);
      const business = `Café ${language} ${suffix}`;
      // One open claim per business and requester: a requester of its own for each run.
      const email = `chloe-${suffix}@example.com`;
      const { rows } = await site.query<{ id: number }>(
        `insert into plan_request (plan_id, billing, price_cents, business_name, contact_name, email,
                                   phone, province, claim_business_id, locale)
         values ((select id from pricing_plan order by position limit 1), 'monthly', 1900, $1,
                 'Chloé', $3, '+15145550123', 'QC',
                 (select id from business order by id limit 1), $2)
         returning id`,
        [business, text.locale, email],
      );
      const id = rows[0]?.id;
      const moderator = await moderatorPage(browser, baseURL ?? "", text.locale);
      const staff = moderator.page;
      await staff.goto(`${text.prefix}/staff/plans`);
      await staff.getByRole("link", { name: new RegExp(business) }).click();
      await expect(staff).toHaveURL(new RegExp(`/staff/plans/${id}$`));
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-plan-request`);
      await staff.getByLabel(text.note, { exact: true }).fill("Called, left a message.");
      await staff.getByRole("button", { name: text.addNote }).click();
      await expect(staff.getByRole("status")).toHaveText(text.saved);
      await expect(staff.getByText("Called, left a message.")).toBeVisible();
      // The note is kept once: the form starts empty again, so the next move does not repeat it.
      await expect(staff.getByLabel(text.note, { exact: true })).toHaveValue("");
      await staff.getByRole("button", { name: text.won }).click();
      await expect(staff.getByRole("status")).toHaveText(text.claimOpened);
      await checkAndShoot(staff, `${SCREENSHOTS}/staff`, `${language}-plan-request-won`);
      const claims = await site.query(
        "select contact_email from business_claim where source_id = $1 and status = 'open'",
        [id],
      );
      expect(claims.rows).toEqual([{ contact_email: email }]);
      await moderator.context.close();
    });
  });
}
