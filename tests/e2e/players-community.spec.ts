import fs from "node:fs";
import type pg from "pg";
import { checkAndShoot, expect, test } from "./fixtures.ts";
import { connectToSite, createSignedInPlayer } from "./players.ts";

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
    follow: "Follow",
    unfollow: "Unfollow",
    followers: "Followers",
    view: (name: string) => `View ${name}`,
    you: /You are #\d+ — top \d+%/,
    redeem: (goal: string) => `Redeem ${goal}`,
    telescope: "Beginner’s telescope",
    puzzle: "Jigsaw puzzle",
    tooCostly: "You don’t have enough points for this reward.",
    mustAgree: "You must agree to the terms and conditions!",
    created: "Redeem Request created successfully!",
    phone: "Phone number",
    agree: "I agree to the terms and conditions.",
    send: "Send request",
    pending: "Pending",
    away: "50 Points Away",
    missing: "1,150 more points",
    tiersHelp: /^Every 100 points you earn unlocks a tier: T1 at 100 points/,
  },
  fr: {
    prefix: "/fr",
    follow: "S’abonner",
    unfollow: "Se désabonner",
    followers: "Abonnés",
    view: (name: string) => `Voir ${name}`,
    you: /Tu es n°\u00a0\d+ — dans les \d+\u00a0% premiers/,
    redeem: (goal: string) => `Échanger contre ${goal}`,
    telescope: "Télescope pour débutants",
    puzzle: "Casse-tête",
    tooCostly: "Tu n’as pas assez de points pour cette récompense.",
    mustAgree: "Tu dois accepter les conditions d’utilisation\u202f!",
    created: "Demande d’échange créée avec succès\u202f!",
    phone: "Numéro de téléphone",
    agree: "J’accepte les conditions d’utilisation.",
    send: "Envoyer la demande",
    pending: "En attente",
    away: "Plus que 50 points",
    missing: /Il te manque 1\s150\spoints/,
    tiersHelp: /^Chaque tranche de 100\spoints gagnés débloque un palier\s: T1 à 100\spoints/,
  },
} as const;

for (const [language, text] of Object.entries(LANGUAGES)) {
  test.describe(`in ${language === "en" ? "English" : "French"}`, () => {
    test("one player follows another from the leaderboard, sees the count change, unfollows", async ({
      page,
      signIn,
    }) => {
      const name = `Béa Fortin ${language} ${Math.random().toString(36).slice(2, 8)}`;
      const { player: other } = await createSignedInPlayer(site, { name, age: 15, points: 9000 });
      await signIn({ name: `Léo ${language}`, points: 10 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(`${text.prefix}/leaderboard`);
      await page.getByRole("link", { name: text.view(name) }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const followers = page.getByRole("link", { name: new RegExp(`^${text.followers}`) });
      await expect(followers).toHaveText(new RegExp(`${text.followers}\\s*0`));
      // The count moves at once, before the post is answered; then the answer comes.
      const followed = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: new RegExp(`^${text.follow}`) }).click();
      await expect(followers).toHaveText(new RegExp(`${text.followers}\\s*1`));
      await followed;
      await expect(
        page.getByRole("button", { name: new RegExp(`^${text.unfollow}`) }),
      ).toBeVisible();
      await checkAndShoot(page, `${SCREENSHOTS}/players`, `${language}-profile-view`);
      await page.reload();
      await expect(followers).toHaveText(new RegExp(`${text.followers}\\s*1`));
      const unfollowed = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: new RegExp(`^${text.unfollow}`) }).click();
      await expect(followers).toHaveText(new RegExp(`${text.followers}\\s*0`));
      await expect(page.getByRole("button", { name: new RegExp(`^${text.follow}`) })).toBeVisible();
      await unfollowed;
      const { rows } = await site.query(
        "select count(*)::integer as follows from follow where followee_id = $1",
        [other.id],
      );
      expect(rows[0].follows).toBe(0);
    });

    test("the leaderboard at 1280 and 375 px, rows coming in 0.1 s apart", async ({
      page,
      signIn,
    }) => {
      // More points than anyone the site or another test has: the player's row is on page 1.
      const me = await signIn({ name: `Zoé ${language}`, points: 1_000_000 });
      await page.goto(`${text.prefix}/leaderboard`);
      await expect(page.getByText(text.you)).toBeVisible();
      const rows = page.locator("tbody tr.leaderboard-row");
      expect(await rows.nth(2).evaluate((row) => getComputedStyle(row).animationDelay)).toBe(
        "0.2s",
      );
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await rows.first().evaluate((row) => getComputedStyle(row).animationName)).toBe(
        "none",
      );
      await checkAndShoot(page, `${SCREENSHOTS}/players`, `${language}-leaderboard`);
      // On a phone each row is itself the link; the player's own leads to their profile.
      await page.setViewportSize({ width: 375, height: 800 });
      const mine = page.locator("#me-compact a");
      await expect(mine).toContainText(me.handle);
      await expect(mine).toHaveAttribute("href", `${text.prefix}/profile`);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    test("a redeem too costly, then one that works", async ({ page, signIn }) => {
      // Four axe runs and screenshots at two widths: more than the default minute on a loaded machine.
      test.slow();
      await signIn({ name: `Noah ${language}`, points: 450 });
      await page.goto(`${text.prefix}/redeem`);
      await expect(page.getByText(text.away)).toBeVisible();
      await expect(page.getByText(text.tiersHelp)).toBeVisible();
      // A goal out of reach says how far it is, and offers nothing to click.
      const telescope = page.getByRole("listitem").filter({ hasText: text.telescope });
      await expect(telescope).toContainText(text.missing);
      await expect(telescope.getByRole("link")).toHaveCount(0);
      // Its address (a bookmark, or a balance spent since) still explains.
      await page.goto(`${text.prefix}/redeem?goal=telescope`);
      await expect(page.getByRole("status")).toHaveText(new RegExp(text.tooCostly));
      await checkAndShoot(page, `${SCREENSHOTS}/players`, `${language}-redeem`);
      // The toast closes itself after 5 s, changing the address: wait for it before going on.
      await expect(page).not.toHaveURL(/notice=/);
      // The dialog from the keyboard: Enter opens it, Escape closes it and gives the focus back.
      const puzzle = page.getByRole("link", { name: text.redeem(text.puzzle) });
      await puzzle.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // A quick player opens it again before the closing navigation has landed: slow that one
      // down so the race happens every time, and the dialog must still open.
      const closing = (url: URL) =>
        url.pathname.endsWith("/redeem.data") && !url.searchParams.has("goal");
      await page.route(closing, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue().catch(() => {});
      });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(puzzle).toBeFocused();
      await puzzle.click();
      await expect(dialog).toBeVisible();
      await page.unroute(closing);
      await dialog.getByLabel(text.phone).fill("514 555-0123");
      await dialog.getByRole("button", { name: text.send }).click();
      await expect(dialog.getByRole("alert")).toHaveText(text.mustAgree);
      await checkAndShoot(page, `${SCREENSHOTS}/players`, `${language}-redeem-dialog`);
      await dialog.getByLabel(text.agree).check();
      await dialog.getByRole("button", { name: text.send }).click();
      await expect(page.getByRole("status")).toHaveText(new RegExp(text.created));
      await expect(page.getByText(text.pending, { exact: true })).toBeVisible();
      await expect(page.getByText("50 points").first()).toBeVisible();
    });
  });
}
