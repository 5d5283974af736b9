import type { Page } from "@playwright/test";
import type pg from "pg";
import { testPdf } from "../../app/platform/test-pdfs.ts";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { connectToSite, createSignedInPlayer, SESSION_COOKIE } from "./players.ts";

// A claim by document (issue 26): a player sends a PDF, a moderator opens it from the queue and
// approves the claim, and the player manages the listing.

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
});
test.afterAll(() => site.end());

/** axe at 1280 and 375 px, with a screenshot of each; French spacing in French. */
async function checkBothWidths(page: Page, name: string, french: boolean) {
  if (french) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `/tmp/claimdoc-shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A seeded business nobody owns yet and nobody has claimed (this spec's own, each run). */
async function unclaimedBusiness(): Promise<{ id: number; name: string }> {
  const { rows } = await site.query<{ id: number; name: string }>(
    `select id, name from business b
      where slug not like 'generated-%' and slug not like 'lakshmi%' and hidden_at is null
        and not exists (select 1 from business_owner o where o.business_id = b.id)
        and not exists (select 1 from business_claim c where c.business_id = b.id)
      order by random() limit 1`,
  );
  const found = rows[0];
  if (!found) throw new Error("no unclaimed business left");
  return found;
}

const LANGUAGES = {
  en: {
    prefix: "",
    file: "The document",
    note: "What is this document?",
    submit: "Send to our staff",
    waiting: "Our staff have your document",
    claimOf: "Claim of",
    download: "Download the document",
    approve: "Approve and make them an owner",
    approved: "Approved. The claimant is now an owner",
    manageHeading: "Manage",
  },
  fr: {
    prefix: "/fr",
    file: "Le document",
    note: "Quel est ce document\u202f?",
    submit: "Envoyer à notre équipe",
    waiting: "Notre équipe a reçu votre document",
    claimOf: "Revendication de",
    download: "Télécharger le document",
    approve: "Approuver et le rendre propriétaire",
    approved: "Approuvée. Le demandeur est maintenant propriétaire",
    manageHeading: "Gérer",
  },
} as const;

for (const [lang, text] of Object.entries(LANGUAGES)) {
  test(`${lang}: a player sends a PDF, a moderator opens it from the queue and approves, the player manages the listing`, async ({
    page,
    signIn,
    baseURL,
  }) => {
    const business = await unclaimedBusiness();
    const claimant = await createSignedInPlayer(site, { age: 30 });
    const signInAsClaimant = () =>
      page.context().addCookies([
        {
          name: SESSION_COOKIE,
          value: claimant.cookieValue,
          url: baseURL,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
    await signInAsClaimant();
    await page.goto(`${text.prefix}/businesses/${business.id}/claim`);
    await checkBothWidths(page, `claim-${lang}`, lang === "fr");
    await page.getByLabel(text.file).setInputFiles({
      name: "licence.pdf",
      mimeType: "application/pdf",
      buffer: testPdf(),
    });
    await page.getByLabel(text.note).fill("Business licence from the city");
    await page.getByRole("button", { name: text.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: text.waiting })).toBeVisible();
    await checkBothWidths(page, `claim-sent-${lang}`, lang === "fr");

    await signIn({ role: "moderator", twoFactor: true });
    await page.goto(`${text.prefix}/staff?kind=claims`);
    await page
      .getByRole("link", { name: `${text.claimOf} ${business.name}` })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(business.name);
    await expect(page.getByText("Business licence from the city")).toBeVisible();
    await checkBothWidths(page, `staff-claim-${lang}`, lang === "fr");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: text.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^claim-\d+\.pdf$/);
    await page.getByRole("button", { name: text.approve }).click();
    await expect(page.getByRole("status").filter({ hasText: text.approved })).toBeVisible();
    await expect.poll(() => lastMailTo(claimant.player.email)).toBeTruthy();

    await signInAsClaimant();
    await page.goto(`${text.prefix}/businesses/${business.id}/manage`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.manageHeading);
  });
}
