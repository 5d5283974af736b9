import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { createSignedInPlayer } from "./players.ts";

const LANGUAGES = {
  en: {
    prefix: "",
    actions: ["Redeem Points", "Leaderboard", "Edit Profile", "Log out"],
    achievements: "Achievements",
    achievementNames: ["Great King", "Beginner’s Luck", "Expert’s Brain", "Best Player"],
    latestPlay: "Latest Play",
    math: "Math",
    alphabet: "Alphabet",
    notPlayed: "Not played yet",
    followers: "Followers",
    andPrivate: "and 1 private player",
  },
  fr: {
    prefix: "/fr",
    actions: ["Échanger des points", "Classement", "Modifier le profil", "Déconnexion"],
    achievements: "Réalisations",
    achievementNames: ["Grand roi", "Chance du débutant", "Cerveau d’expert", "Meilleur joueur"],
    latestPlay: "Dernières parties",
    math: "Mathématiques",
    alphabet: "Alphabet",
    notPlayed: "Pas encore joué",
    followers: "Abonnés",
    andPrivate: "et 1 joueur privé",
  },
} as const;

for (const [language, text] of Object.entries(LANGUAGES)) {
  test.describe(`in ${language === "en" ? "English" : "French"}`, () => {
    test("at 375 px the profile's actions are two even columns of buttons of one size", async ({
      page,
      signIn,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn({ name: `Ava ${language}`, points: 120 });
      await page.goto(`${text.prefix}/profile`);
      const boxes = [];
      for (const name of text.actions) {
        const control = page
          .getByRole("main")
          .getByRole(name === text.actions[3] ? "button" : "link", {
            name,
            exact: true,
          });
        boxes.push(await control.boundingBox());
      }
      const [first, ...others] = boxes.map((box) => box ?? { x: 0, y: 0, width: 0, height: 0 });
      for (const box of others) {
        expect(Math.abs(box.width - (first?.width ?? 0))).toBeLessThan(1);
        expect(Math.abs(box.height - (first?.height ?? 0))).toBeLessThan(1);
      }
      // Two columns, two rows: left edges and top edges pair up.
      expect(Math.round(boxes[0]?.x ?? -1)).toBe(Math.round(boxes[2]?.x ?? -2));
      expect(Math.round(boxes[0]?.y ?? -1)).toBe(Math.round(boxes[1]?.y ?? -2));
      await page.screenshot({ path: test.info().outputPath(`profile-${language}-375.png`) });
    });

    test("achievements come by points with their apostrophes; a category never played says so", async ({
      page,
      signIn,
    }) => {
      await signIn({ name: `Ben ${language}`, points: 650, completedSets: { math: 3 } });
      await page.goto(`${text.prefix}/profile`);
      const achievements = page.getByRole("region", { name: text.achievements });
      await expect(achievements.getByRole("listitem")).toContainText([...text.achievementNames]);
      const latest = page.getByRole("region", { name: text.latestPlay });
      const math = latest.getByRole("listitem").filter({ hasText: text.math });
      await expect(math).toContainText(/15\s%/);
      await expect(math.getByRole("progressbar")).toHaveAttribute("value", "15");
      const alphabet = latest.getByRole("listitem").filter({ hasText: text.alphabet });
      await expect(alphabet).toContainText(text.notPlayed);
      await expect(alphabet).not.toContainText("%");
      await expect(alphabet.getByRole("progressbar")).toHaveAttribute(
        "aria-valuetext",
        text.notPlayed,
      );
      if (language === "fr") expect(await frenchSpacingMistakes(page)).toEqual([]);
      await expectNoAxeViolations(page);
    });

    test("a follower list counts the private followers it does not show", async ({
      page,
      signIn,
      site,
    }) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const me = await signIn({ name: `Cléo ${language} ${suffix}`, age: 15 });
      const { player: open } = await createSignedInPlayer(site, {
        name: `Dev ${language} ${suffix}`,
        age: 15,
      });
      // Ten years old: a private profile.
      const { player: child } = await createSignedInPlayer(site, { name: `Kid ${suffix}` });
      for (const follower of [open, child])
        await site.query("insert into follow (follower_id, followee_id) values ($1, $2)", [
          follower.id,
          me.id,
        ]);
      await page.goto(`${text.prefix}/profile`);
      await page.getByRole("link", { name: new RegExp(`^${text.followers}\\s*2`) }).click();
      await expect(page.getByRole("main").getByRole("listitem")).toHaveText([open.name]);
      await expect(page.getByText(text.andPrivate, { exact: true })).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText(child.name);
      if (language === "fr") expect(await frenchSpacingMistakes(page)).toEqual([]);
      await expectNoAxeViolations(page);
    });
  });
}
