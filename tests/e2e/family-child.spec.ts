import fs from "node:fs";
import type pg from "pg";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { connectToSite, signedInPage } from "./players.ts";

const SCREENSHOTS = ".data/screenshots";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(() => site.end());

const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA",
    phone: "Phone number",
    agree: "I agree to the terms and conditions.",
    send: "Send request",
    puzzle: "Jigsaw puzzle",
    waiting: "Waiting for your parent",
    mailText: "open your child",
    approve: "Approve",
    approved: "Approved: the request now goes to our team.",
    withTeam: "With our team",
    ageLabel: "Your child’s age",
    correctAge: "Correct the age",
    ageRange: "Age must be a whole number from 4 to 120.",
    ageCorrected: "The age is corrected.",
    ageOnRecord: "Age on record: 11.",
    seeAll: "See everything we keep",
    downloadJson: "Download the JSON file",
    deleteAccount: "Delete the account for good",
    tickToConfirm: "Tick the box to confirm the deletion.",
    deleteConfirm: /^I want to delete/,
    childDeleted: "Your child’s account has been deleted.",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA",
    phone: "Numéro de téléphone",
    agree: "J’accepte les conditions d’utilisation.",
    send: "Envoyer la demande",
    puzzle: "Casse-tête",
    waiting: "En attente de ton parent",
    mailText: "ouvrez la page famille",
    approve: "Approuver",
    approved: "Approuvée\u202f: la demande va maintenant à notre équipe.",
    withTeam: "Chez notre équipe",
    ageLabel: "L’âge de votre enfant",
    correctAge: "Corriger l’âge",
    ageRange: "L’âge doit être un nombre entier de 4 à 120.",
    ageCorrected: "L’âge est corrigé.",
    ageOnRecord: "Âge enregistré\u202f: 11.",
    seeAll: "Voir tout ce que nous gardons",
    downloadJson: "Télécharger le fichier JSON",
    deleteAccount: "Supprimer le compte pour de bon",
    tickToConfirm: "Cochez la case pour confirmer la suppression.",
    deleteConfirm: /^Je veux supprimer/,
    childDeleted: "Le compte de votre enfant a été supprimé.",
  },
} as const;

for (const [language, text] of Object.entries(LANGUAGES)) {
  test.describe(`in ${language === "en" ? "English" : "French"}`, () => {
    test("a child's redeem request waits for the parent, who approves it; then staff see it", async ({
      page,
      signIn,
      browser,
      baseURL,
    }) => {
      // Three people, pages checked at two widths: more than a minute on a loaded machine.
      test.slow();
      const child = await signIn({ name: `Léa ${language}`, points: 450, locale: text.locale });
      const parent = await signedInPage(browser, baseURL ?? "", site, {
        name: `Parent ${language}`,
        age: 40,
        locale: text.locale,
        parentOf: [child.id],
      });

      await page.goto(`${text.prefix}/redeem?goal=jigsaw-puzzle`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(text.phone).fill("514 555-0123");
      await dialog.getByLabel(text.agree).check();
      await dialog.getByRole("button", { name: text.send }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text.waiting, { exact: true })).toBeVisible();
      await checkAndShoot(page, `${SCREENSHOTS}/family`, `${language}-child-waiting`);

      // The parent's own address gets the e-mail, in the parent's language, with the page's link.
      await expect.poll(() => lastMailTo(parent.player.email)).toContain(text.mailText);
      const link = new RegExp(
        `http://127\\.0\\.0\\.1:\\d+${text.prefix}/family/children/${child.id}`,
      );
      const address = link.exec(lastMailTo(parent.player.email) ?? "")?.[0] ?? "";
      expect(address).not.toBe("");

      // Staff do not see it while it waits.
      const moderator = await signedInPage(browser, baseURL ?? "", site, {
        name: `Maude ${language}`,
        role: "moderator",
        twoFactor: true,
        locale: text.locale,
      });
      await moderator.page.goto(`${text.prefix}/staff/redeem`);
      const item = moderator.page.getByRole("listitem").filter({ hasText: child.handle });
      await expect(item).toHaveCount(0);

      await parent.page.goto(new URL(address).pathname);
      const request = parent.page.getByRole("listitem").filter({ hasText: text.puzzle });
      await expect(request).toHaveCount(1);
      await checkAndShoot(parent.page, `${SCREENSHOTS}/family`, `${language}-parent-waiting`);
      await request.getByRole("button", { name: text.approve }).click();
      await expect(parent.page.getByRole("status")).toHaveText(text.approved);
      await expect(parent.page.getByText(text.withTeam, { exact: true })).toBeVisible();
      await checkAndShoot(parent.page, `${SCREENSHOTS}/family`, `${language}-parent-approved`);

      // The parent corrects the age; a wrong one is said beside the field.
      const age = parent.page.getByLabel(text.ageLabel);
      await age.fill("3");
      await parent.page.getByRole("button", { name: text.correctAge }).click();
      await expect(parent.page.getByText(text.ageRange)).toBeVisible();
      await expect(age).toHaveAttribute("aria-invalid", "true");
      await parent.page.getByLabel(text.ageLabel).fill("11");
      await parent.page.getByRole("button", { name: text.correctAge }).click();
      await expect(parent.page.getByRole("status")).toHaveText(text.ageCorrected);
      await expect(parent.page.getByText(text.ageOnRecord)).toBeVisible();

      // Everything kept about the child, as a page (the JSON file is the same export).
      await parent.page.getByRole("link", { name: text.seeAll }).click();
      await expect(parent.page.getByRole("heading", { level: 1 })).toContainText(child.handle);
      await expect(parent.page.getByRole("heading", { name: "redeem_request" })).toBeVisible();
      await checkAndShoot(parent.page, `${SCREENSHOTS}/family`, `${language}-parent-export`);
      const download = parent.page.waitForEvent("download");
      await parent.page.getByRole("link", { name: text.downloadJson }).click();
      expect((await download).suggestedFilename()).toMatch(
        new RegExp(`^family-${child.handle}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
      );
      await parent.page.context().close();

      await moderator.page.goto(`${text.prefix}/staff/redeem`);
      await expect(item).toHaveCount(1);
      await expect(item.getByRole("link", { name: new RegExp(text.puzzle) })).toBeVisible();
      await moderator.page.context().close();
    });

    test("a parent deletes the child's account after confirming; the child is signed out", async ({
      page,
      signIn,
      browser,
      baseURL,
    }) => {
      test.slow();
      const child = await signIn({ name: `Éli ${language}`, locale: text.locale });
      const parent = await signedInPage(browser, baseURL ?? "", site, {
        name: `Parent ${language}`,
        age: 40,
        locale: text.locale,
        parentOf: [child.id],
      });
      const childPage = `${text.prefix}/family/children/${child.id}`;
      await parent.page.goto(childPage);
      await parent.page.getByRole("button", { name: text.deleteAccount }).click();
      await expect(parent.page.getByText(text.tickToConfirm)).toBeVisible();
      await parent.page.getByLabel(text.deleteConfirm).check();
      await parent.page.getByRole("button", { name: text.deleteAccount }).click();
      await expect(parent.page.getByRole("status")).toContainText(text.childDeleted);
      // The page is gone for the parent too: the site's 404.
      const gone = await parent.page.goto(childPage);
      expect(gone?.status()).toBe(404);
      await parent.page.context().close();
      await page.goto(`${text.prefix}/redeem`);
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/login\\?redirectTo=`));
    });
  });
}
