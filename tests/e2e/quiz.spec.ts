import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import type pg from "pg";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { connectToSite } from "./players.ts";

const SCREENSHOTS = ".data/screenshots";

let site: pg.Pool;
test.beforeAll(() => {
  site = connectToSite();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(() => site.end());

/**
 * The right answer's text for the player's current question, read from the site's database: the
 * page itself never has it before the answer.
 */
async function rightAnswer(playerId: string): Promise<string> {
  const { rows } = await site.query(
    `select q.options ->> q.answer_index as answer
     from quiz_session s join quiz_question q on q.id = s.question_ids[s.current]
     where s.user_id = $1 and s.finished_at is null`,
    [playerId],
  );
  return rows[0].answer;
}

/** The feedback on the answer, which takes the focus once it shows. */
const feedbackOf = (quiz: Locator) => quiz.locator("div[tabindex='-1']");

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * A screenshot at 1280 px and at 375 px, to look at (the viewport goes back to 1280 after); in
 * French, the punctuation spacing of everything shown is checked too.
 */
async function screenshots(page: Page, name: string) {
  if (name.startsWith("fr-")) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/quiz-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const LANGUAGES = {
  en: {
    prefix: "",
    heading: "Play & Learn",
    math: "Math",
    setsBefore: "0 / 20 sets",
    setsAfter: "1 / 20 sets",
    question: (n: number) => `Question ${n} of 5`,
    right: "Correct! +2 points.",
    wrong: "Wrong answer. −2 points.",
    next: "Next",
    finish: "Finish",
    results: "Results",
    accuracy: "80.00%",
    feedback: "What did you think of this set? (optional)",
    send: "Send feedback",
    thanks: "Thank you for your feedback!",
    retry: "Retry",
    leaderboard: "Leaderboard",
    points: "Points",
  },
  fr: {
    prefix: "/fr",
    heading: "Jouer et apprendre",
    math: "Mathématiques",
    setsBefore: "0 / 20 séries",
    setsAfter: "1 / 20 séries",
    question: (n: number) => `Question ${n} sur 5`,
    right: "Bonne réponse\u202f! +2 points.",
    wrong: "Mauvaise réponse. −2 points.",
    next: "Suivant",
    finish: "Terminer",
    results: "Résultats",
    accuracy: "80,00\u00a0%",
    feedback: "Qu’as-tu pensé de cette série\u202f? (facultatif)",
    send: "Envoyer mon commentaire",
    thanks: "Merci pour ton commentaire\u202f!",
    retry: "Rejouer",
    leaderboard: "Classement",
    points: "Points",
  },
} as const;

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`a whole set with the keyboard only (${language}), to the results and the profile`, async ({
    page,
    signIn,
  }) => {
    const player = await signIn({ name: language === "en" ? "Noah Keys" : "Léa Clavier" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${text.prefix}/playgames`);
    await expect(page.getByRole("heading", { level: 1, name: text.heading })).toBeVisible();
    const math = page.getByRole("button", { name: `${text.math} ${text.setsBefore}` });
    await expect(math).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, `${language}-grid`);

    await tabTo(page, math);
    await page.keyboard.press("Enter");
    const quiz = page.getByRole("dialog", {
      name: `${text.math}, ${language === "en" ? "set" : "série"} 1`,
    });
    await expect(quiz).toBeVisible();
    // Nothing to buy or sign up for inside the quiz: not a single link.
    await expect(quiz.getByRole("link")).toHaveCount(0);

    for (let position = 1; position <= 5; position++) {
      const heading = quiz.getByRole("heading", { level: 2 });
      await expect(quiz.getByText(text.question(position))).toBeVisible();
      await expect(heading).toBeFocused();
      if (position === 1) {
        await expectNoAxeViolations(page);
        await screenshots(page, `${language}-question`);
      }
      const answer = await rightAnswer(player.id);
      // The second question is answered wrong on purpose.
      const options = quiz.getByRole("group").getByRole("button");
      await expect(options).toHaveCount(4);
      const names = await options.allInnerTexts();
      const pick =
        position === 2
          ? options.filter({ hasNotText: answer }).first()
          : options.filter({ hasText: answer }).first();
      expect(names.some((name) => name.includes(answer))).toBe(true);
      await tabTo(page, pick);
      await page.keyboard.press(position % 2 ? "Enter" : "Space");

      // The feedback takes the focus; screen readers also hear the verdict through a live region.
      const verdict = position === 2 ? text.wrong : text.right;
      await expect(feedbackOf(quiz)).toContainText(verdict);
      await expect(feedbackOf(quiz)).toBeFocused();
      await expect(quiz.locator("[aria-live=polite]")).toHaveText(verdict);
      if (position === 2) {
        await expectNoAxeViolations(page);
        await screenshots(page, `${language}-feedback`);
      }
      await page.keyboard.press("Tab");
      const next = quiz.getByRole("button", { name: position < 5 ? text.next : text.finish });
      await expect(next).toBeFocused();
      await page.keyboard.press("Enter");
    }

    const results = page.getByRole("dialog", { name: text.results });
    await expect(results).toBeVisible();
    const figure = (index: number) => results.locator("dd").nth(index);
    await expect(figure(0)).toHaveText("6");
    await expect(figure(1)).toHaveText("5");
    await expect(figure(2)).toHaveText("4");
    await expect(figure(3)).toHaveText("1");
    await expect(figure(4)).toHaveText(text.accuracy);
    await expectNoAxeViolations(page);
    await screenshots(page, `${language}-results`);

    const feedback = results.getByLabel(text.feedback);
    await tabTo(page, feedback);
    await page.keyboard.type("Les questions étaient amusantes, thank you!");
    await page.keyboard.press("Tab");
    await expect(results.getByRole("button", { name: text.send })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: text.thanks })).toBeVisible();

    await expect(results.getByRole("link", { name: text.leaderboard })).toHaveAttribute(
      "href",
      `${text.prefix}/leaderboard`,
    );
    await tabTo(page, results.getByRole("link", { name: text.retry }));
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("button", { name: `${text.math} ${text.setsAfter}` }),
    ).toBeVisible();

    await page.goto(`${text.prefix}/profile`);
    await expect(page.getByRole("progressbar", { name: text.math })).toHaveAttribute("value", "5");
    await expect(
      page.locator("dl > div").filter({ hasText: text.points }).locator("dd"),
    ).toHaveText("6");
  });
}

test("the countdown: time left heard at 10 and 5 seconds, then a time-out", async ({
  page,
  signIn,
}) => {
  await signIn({ name: "Maya Clock" });
  await page.clock.install();
  await page.goto("/playgames");
  await page.getByRole("button", { name: /^Animal/ }).click();
  const quiz = page.getByRole("dialog", { name: "Animal, set 1" });
  await expect(quiz.getByRole("timer")).toHaveText("Duration: 00:30");
  const live = quiz.locator("[aria-live=polite]");

  await page.clock.runFor(20_000);
  await expect(quiz.getByRole("timer")).toHaveText("Duration: 00:10");
  await expect(live).toHaveText("10 seconds left");
  await page.clock.runFor(2_000);
  await expect(live).toHaveText("10 seconds left");
  await page.clock.runFor(3_000);
  await expect(live).toHaveText("5 seconds left");

  await page.clock.runFor(5_500);
  await expect(feedbackOf(quiz)).toContainText("Time’s up! −2 points.");
  await expect(feedbackOf(quiz)).toBeFocused();
  await expect(live).toHaveText("Time’s up! −2 points.");
  await expect(quiz.getByText("Points: -2")).toBeVisible();
  await expect(quiz.getByText(/The right answer: /)).toBeVisible();

  // The game moves on by itself once the right answer has been shown for a while.
  await expect(feedbackOf(quiz)).toContainText("Next question in 5 s…");
  await page.clock.runFor(5_000);
  await expect(quiz.getByText("Question 2 of 5")).toBeVisible();
  await expect(quiz.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(quiz.getByRole("timer")).toHaveText("Duration: 00:30");
});

test("the timer from the quiz: untimed play has no countdown", async ({ page, signIn }) => {
  await signIn({ name: "Sam Untimed" });
  await page.goto("/playgames");
  await page.getByRole("button", { name: /^Food/ }).click();
  const quiz = page.getByRole("dialog", { name: "Food, set 1" });
  await expect(quiz.getByRole("timer")).toBeVisible();
  await quiz.getByText("Timer settings").click();
  await quiz.getByLabel("No timer").check();
  await quiz.getByRole("button", { name: "Save timer" }).click();
  await expect(quiz.locator("p").filter({ hasText: /^No timer$/ })).toBeVisible();
  await expect(quiz.getByRole("timer")).toHaveCount(0);
  // It is the player's setting: the profile shows it too.
  await page.goto("/profile");
  await expect(page.getByLabel("No timer")).toBeChecked();
});

test("reloading resumes the set where it stood, and motion is off when asked", async ({
  page,
  signIn,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn({ name: "Ravi Resume" });
  await page.goto("/playgames");
  await page.getByRole("button", { name: /^Science/ }).click();
  const quiz = page.getByRole("dialog", { name: "Science, set 1" });
  const first = await quiz.getByRole("heading", { level: 2 }).innerText();
  await quiz.getByRole("group").getByRole("button").first().click();
  await expect(quiz.getByRole("button", { name: "Next" })).toBeVisible();
  await page.reload();
  const resumed = page.getByRole("dialog", { name: "Science, set 1" });
  await expect(resumed.getByRole("heading", { level: 2 })).toHaveText(first);
  await expect(resumed.getByRole("button", { name: "Next" })).toBeVisible();
  const transition = await resumed
    .getByRole("group")
    .getByRole("button")
    .first()
    .evaluate((element) => getComputedStyle(element).transitionDuration);
  expect(transition).toBe("0s");
});

test("all sets of a category done: the message, and nothing starts", async ({ page, signIn }) => {
  await signIn({ name: "Zoe Done", completedSets: { arts: 20 } });
  await page.goto("/playgames");
  await page.getByRole("button", { name: "Arts 20 / 20 sets" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You’ve completed all sets. New sets coming soon!",
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a visitor goes to log in and comes back to the games", async ({ page }) => {
  await page.goto("/playgames");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplaygames$/);
  await expect(page.getByRole("link", { name: "Play Games" }).first()).toBeVisible();
});

test.describe("before the JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("a whole set plays with form posts, and the server's clock decides", async ({
    page,
    signIn,
  }) => {
    const player = await signIn({ name: "Olivia Forms" });
    await page.goto("/playgames");
    await page.getByRole("button", { name: /^Language/ }).click();
    const quiz = page.getByRole("dialog", { name: "Language, set 1" });
    for (let position = 1; position <= 5; position++) {
      await expect(quiz.getByText(`Question ${position} of 5`)).toBeVisible();
      await expect(quiz.getByRole("timer")).toHaveText(/^Duration: 00:(30|29|28)$/);
      const answer = await rightAnswer(player.id);
      await quiz.getByRole("group").getByRole("button").filter({ hasText: answer }).first().click();
      await expect(feedbackOf(quiz)).toContainText("Correct! +2 points.");
      await quiz.getByRole("button", { name: position < 5 ? "Next" : "Finish" }).click();
    }
    const results = page.getByRole("dialog", { name: "Results" });
    await expect(results.locator("dd").first()).toHaveText("10");
    await expect(results.locator("dd").last()).toHaveText("100.00%");
    await results.getByLabel("What did you think of this set? (optional)").fill("Great!");
    await results.getByRole("button", { name: "Send feedback" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you for your feedback!" }),
    ).toBeVisible();
    await results.getByRole("link", { name: "Retry" }).click();
    await expect(page.getByRole("button", { name: "Language 1 / 20 sets" })).toBeVisible();
  });
});
