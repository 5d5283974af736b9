import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import type pg from "pg";
import {
  expect,
  expectNoAxeViolations,
  frenchSpacingMistakes,
  messageBeside,
  test,
} from "./fixtures.ts";
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

/**
 * Waits, through the site's own state, until the player's current question has been shown for
 * 400 ms by the database's clock: answers sooner earn nothing, and a person reads first.
 */
async function humanPace(playerId: string) {
  await expect
    .poll(async () => {
      const { rows } = await site.query(
        `select now() - shown_at >= interval '400 milliseconds' as ready
         from quiz_session where user_id = $1 and finished_at is null`,
        [playerId],
      );
      return rows[0]?.ready;
    })
    .toBe(true);
}

/** The player's current question as the server holds it: its text and its bank's language. */
async function currentQuestion(playerId: string): Promise<{ text: string; locale: string }> {
  const { rows } = await site.query(
    `select q.text, q.locale from quiz_session s join quiz_question q on q.id = s.question_ids[s.current]
     where s.user_id = $1 and s.finished_at is null`,
    [playerId],
  );
  return rows[0];
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
    rightOf: "4 of 5",
    accuracy: "80%",
    feedback: "What did you think of this set? (optional)",
    send: "Send feedback",
    thanks: "Thank you for your feedback!",
    feedbackEmpty: "Write a few words before sending.",
    leaderboard: "Leaderboard",
    points: "Points",
    counter: (points: number) => `Points: ${points}`,
    set: (n: number) => `set ${n}`,
    nextSet: "Next set",
    practise: "Practise this set again",
    practice: "Practice: no points",
    practiceDone: "A practice set: it earns no points.",
    capReached:
      "You’ve earned all the points you can today. Come back tomorrow for more; you can still play for fun!",
    leave: "Leave",
    leaveTitle: "Leave the quiz?",
    keepPlaying: "Keep playing",
    timerOpen: "Timer settings",
    noTimer: "No timer",
    saveTimer: "Save timer",
    timeLeft: /^Time left: 00:[0-3]\d$/,
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
    rightOf: "4 sur 5",
    accuracy: "80\u00a0%",
    feedback: "Qu’as-tu pensé de cette série\u202f? (facultatif)",
    send: "Envoyer mon commentaire",
    thanks: "Merci pour ton commentaire\u202f!",
    feedbackEmpty: "Écris quelques mots avant d’envoyer.",
    leaderboard: "Classement",
    points: "Points",
    counter: (points: number) => `Points\u00a0: ${points}`,
    set: (n: number) => `série ${n}`,
    nextSet: "Série suivante",
    practise: "Rejouer cette série pour m’entraîner",
    practice: "Entraînement\u00a0: sans points",
    practiceDone: "Une série d’entraînement\u00a0: elle ne rapporte aucun point.",
    capReached:
      "Tu as gagné tous les points possibles aujourd’hui. Reviens demain pour en gagner d’autres\u202f; tu peux quand même jouer pour t’amuser\u202f!",
    leave: "Quitter",
    leaveTitle: "Quitter le quiz\u202f?",
    keepPlaying: "Continuer à jouer",
    timerOpen: "Réglage de la minuterie",
    noTimer: "Sans minuterie",
    saveTimer: "Enregistrer la minuterie",
    timeLeft: /^Temps restant\u00a0: 00:[0-3]\d$/,
  },
} as const;

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`a whole set with the keyboard only (${language}), to the results and the profile`, async ({
    page,
    signIn,
  }) => {
    // Five questions, four axe checks and eight screenshots: near a minute on a loaded machine.
    test.slow();
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
      await humanPace(player.id);
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
    await expect(figure(0)).toHaveText(text.rightOf);
    await expect(figure(1)).toHaveText("6");
    await expect(figure(2)).toHaveText(text.accuracy);
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
    await expect(results.getByRole("button", { name: text.nextSet })).toBeVisible();
    // Escape closes the results, back to the categories.
    await page.keyboard.press("Escape");
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
  await expect(quiz.getByRole("timer")).toHaveText("Time left: 00:30");
  const live = quiz.locator("[aria-live=polite]");

  await page.clock.runFor(20_000);
  await expect(quiz.getByRole("timer")).toHaveText("Time left: 00:10");
  await expect(live).toHaveText("10 seconds left");
  await page.clock.runFor(2_000);
  await expect(live).toHaveText("10 seconds left");
  await page.clock.runFor(3_000);
  await expect(live).toHaveText("5 seconds left");

  await page.clock.runFor(5_500);
  await expect(feedbackOf(quiz)).toContainText("Time’s up! −2 points.");
  await expect(feedbackOf(quiz)).toBeFocused();
  await expect(live).toHaveText("Time’s up! −2 points.");
  // The counter never shows below 0.
  await expect(quiz.getByText("Points: 0")).toBeVisible();
  // As after a wrong answer: the right answer and its explanation stay until Next.
  await expect(quiz.getByText(/The right answer: /)).toBeVisible();
  await expect(feedbackOf(quiz).locator("p")).toHaveCount(3);
  await page.clock.runFor(10_000);
  await expect(quiz.getByText("Question 1 of 5")).toBeVisible();
  await quiz.getByRole("button", { name: "Next" }).click();
  await expect(quiz.getByText("Question 2 of 5")).toBeVisible();
  await expect(quiz.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(quiz.getByRole("timer")).toHaveText("Time left: 00:30");
});

test("a time-out on a phone, in French: the right answer and its explanation stay until Next", async ({
  page,
  signIn,
}) => {
  await signIn({ name: "Maëlle Minuterie" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.clock.install();
  await page.goto("/fr/playgames");
  await page.getByRole("button", { name: /^Animaux/ }).click();
  const quiz = page.getByRole("dialog", { name: "Animaux, série 1" });
  await expect(quiz.getByRole("timer")).toHaveText("Temps restant\u00a0: 00:30");
  await page.clock.runFor(31_000);
  await expect(feedbackOf(quiz)).toContainText("Temps écoulé\u202f! −2 points.");
  await expect(quiz.getByText(/^La bonne réponse\u00a0: /)).toBeVisible();
  await expect(feedbackOf(quiz).locator("p")).toHaveCount(3);
  await expect(quiz.getByText("Points\u00a0: 0")).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(quiz.getByText("Question 1 sur 5")).toBeVisible();
  await expect(quiz.getByRole("button", { name: "Suivant" })).toBeVisible();
  expect(await frenchSpacingMistakes(page)).toEqual([]);
  await screenshots(page, "fr-time-out");
});

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`timer settings on a phone (${language}): the question stays in view, the change from the next question`, async ({
    page,
    signIn,
  }) => {
    const player = await signIn({ name: language === "en" ? "Sam Untimed" : "Sami Sansminuterie" });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${text.prefix}/playgames`);
    await page.getByRole("button", { name: new RegExp(`^${text.math}`) }).click();
    const quiz = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
    await expect(quiz.getByRole("timer")).toHaveText(text.timeLeft);
    await quiz.getByText(text.timerOpen).click();
    const noTimer = quiz.getByLabel(text.noTimer);
    await expect(noTimer).toBeVisible();
    // Open, the settings take their place in the page: nothing covers the question.
    const question = quiz.getByRole("heading", { level: 2 });
    const panel = await quiz.locator("details form").boundingBox();
    const heading = await question.boundingBox();
    expect(panel && heading && panel.y + panel.height <= heading.y).toBe(true);
    await expect(question).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, `${language}-timer-settings`);
    await noTimer.check();
    await quiz.getByRole("button", { name: text.saveTimer }).click();
    // The question shown keeps its clock; the next one is untimed.
    await expect(quiz.getByLabel(text.noTimer)).toBeHidden();
    await expect(quiz.getByRole("timer")).toHaveText(text.timeLeft);
    await humanPace(player.id);
    await quiz.getByRole("group").getByRole("button").first().click();
    await quiz.getByRole("button", { name: text.next }).click();
    await expect(quiz.getByText(text.question(2))).toBeVisible();
    await expect(
      quiz.locator("p").filter({ hasText: new RegExp(`^${text.noTimer}$`) }),
    ).toBeVisible();
    await expect(quiz.getByRole("timer")).toHaveCount(0);
    // It is the player's setting: the profile shows it too.
    await page.goto(`${text.prefix}/profile`);
    await expect(page.getByLabel(text.noTimer)).toBeChecked();
  });
}

/** Plays the current set to its results, every answer right except those `wrong` names. */
async function playToResults(
  page: Page,
  quiz: Locator,
  playerId: string,
  text: (typeof LANGUAGES)[keyof typeof LANGUAGES],
  wrong: (position: number) => boolean = () => false,
) {
  for (let position = 1; position <= 5; position++) {
    await expect(quiz.getByText(text.question(position))).toBeVisible();
    const answer = await rightAnswer(playerId);
    const options = quiz.getByRole("group").getByRole("button");
    await humanPace(playerId);
    await (wrong(position)
      ? options.filter({ hasNotText: answer })
      : options.filter({ hasText: answer })
    )
      .first()
      .click();
    await expect(feedbackOf(quiz)).toBeFocused();
    await quiz.getByRole("button", { name: position < 5 ? text.next : text.finish }).click();
  }
  return page.getByRole("dialog", { name: text.results });
}

for (const [language, text] of Object.entries(LANGUAGES)) {
  test.describe(`on a phone (${language})`, () => {
    test.beforeEach(({ page }) => page.setViewportSize({ width: 375, height: 800 }));

    test("Leave, with the keyboard or Escape, asks first and keeps the set to resume", async ({
      page,
      signIn,
    }) => {
      const player = await signIn({ name: language === "en" ? "Lea Leaves" : "Léo Quitte" });
      await page.goto(`${text.prefix}/playgames`);
      await page.getByRole("button", { name: new RegExp(`^${text.math}`) }).click();
      const quiz = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
      const question = await quiz.getByRole("heading", { level: 2 }).innerText();
      const leave = quiz.getByRole("button", { name: text.leave, exact: true });
      await expect(leave).toBeVisible();
      await tabTo(page, leave);
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: text.leaveTitle });
      await expect(confirm).toBeVisible();
      const keep = confirm.getByRole("button", { name: text.keepPlaying });
      await expect(keep).toBeFocused();
      await expectNoAxeViolations(page);
      await screenshots(page, `${language}-leave`);
      await page.keyboard.press("Enter");
      await expect(confirm).toBeHidden();
      await expect(quiz).toBeVisible();

      // Escape asks the same question; leaving goes to the site, with its menus.
      await quiz.getByRole("heading", { level: 2 }).focus();
      await page.keyboard.press("Escape");
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: text.leave, exact: true }).click();
      await expect(page).toHaveURL(language === "en" ? /\/$/ : /\/fr$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(await page.evaluate(() => document.fullscreenElement === null)).toBe(true);

      await page.goto(`${text.prefix}/playgames`);
      const resumed = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
      await expect(resumed.getByRole("heading", { level: 2 })).toHaveText(question);
      expect((await currentQuestion(player.id)).text).toBe(question);
    });

    test("a set played badly shows 0, never less; practising it again credits nothing", async ({
      page,
      signIn,
    }) => {
      const player = await signIn({ name: language === "en" ? "Pat Practice" : "Paule Pratique" });
      await page.goto(`${text.prefix}/playgames`);
      await page.getByRole("button", { name: new RegExp(`^${text.math}`) }).click();
      let quiz = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
      // One right, then wrong answers: +2, then never below 0.
      const results = await playToResults(page, quiz, player.id, text, (position) => position > 1);
      const figure = (index: number) => results.locator("dd").nth(index);
      await expect(figure(0)).toHaveText(language === "en" ? "1 of 5" : "1 sur 5");
      await expect(figure(1)).toHaveText("0");
      await expect(figure(2)).toHaveText(language === "en" ? "20%" : "20\u00a0%");
      await expect(results).not.toContainText(/[-−]\d/);
      await expectNoAxeViolations(page);
      await screenshots(page, `${language}-results-phone`);

      await results.getByRole("button", { name: text.practise }).click();
      quiz = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
      await expect(quiz.getByText(text.practice)).toBeVisible();
      await expect(quiz.getByText(text.question(1))).toBeVisible();
      await expect(quiz.getByText(text.counter(0))).toBeVisible();
      const again = await playToResults(page, quiz, player.id, text);
      await expect(again.getByText(text.practiceDone)).toBeVisible();
      await expect(again.locator("dd").nth(0)).toHaveText(language === "en" ? "5 of 5" : "5 sur 5");
      await expect(again.locator("dd").nth(1)).toHaveText("0");
      const { rows } = await site.query(
        `select points, play_match, (select completed_sets from quiz_progress where user_id = $1) as sets
         from "user" where id = $1`,
        [player.id],
      );
      expect(rows[0]).toEqual({ points: 0, play_match: 1, sets: 1 });

      // Next set: the category's next set, at once.
      await again.getByRole("button", { name: text.nextSet }).click();
      await expect(
        page.getByRole("dialog", { name: `${text.math}, ${text.set(2)}` }),
      ).toBeVisible();
    });

    test("feedback of blanks only: the box is marked, focused, its message under it", async ({
      page,
      signIn,
    }) => {
      const player = await signIn();
      await page.goto(`${text.prefix}/playgames`);
      await page.getByRole("button", { name: new RegExp(`^${text.math}`) }).click();
      const quiz = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
      const results = await playToResults(page, quiz, player.id, text);
      const feedback = results.getByLabel(text.feedback);
      await feedback.fill("   ");
      await results.getByRole("button", { name: text.send }).click();
      await expect(feedback).toBeFocused();
      await expect(feedback).toHaveAttribute("aria-invalid", "true");
      await expect(feedback).toBeInViewport();
      const message = await messageBeside(feedback);
      await expect(message).toHaveText(text.feedbackEmpty);
      await expect(message).toBeInViewport();
      await expectNoAxeViolations(page);
    });

    test("the day's cap: the results say it is reached", async ({ page, signIn }) => {
      const player = await signIn({ name: language === "en" ? "Cap Player" : "Joueuse Plafond" });
      await site.query(
        `insert into points_ledger (user_id, change, reason, source) values ($1, 296, 'quiz_set', $2)`,
        [player.id, `e2e:${player.id}`],
      );
      await site.query(`update "user" set points = points + 296 where id = $1`, [player.id]);
      await page.goto(`${text.prefix}/playgames`);
      await page.getByRole("button", { name: new RegExp(`^${text.math}`) }).click();
      const quiz = page.getByRole("dialog", { name: `${text.math}, ${text.set(1)}` });
      const results = await playToResults(page, quiz, player.id, text);
      await expect(results.locator("dd").nth(1)).toHaveText("4");
      await expect(results.getByText(text.capReached)).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshots(page, `${language}-results-cap`);
    });
  });
}

test("a set started in English and resumed at /fr/playgames goes on in French", async ({
  page,
  signIn,
}) => {
  const player = await signIn({ name: "Chloé Bilingue" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/playgames");
  await page.getByRole("button", { name: /^Science/ }).click();
  const quiz = page.getByRole("dialog", { name: "Science, set 1" });
  await expect(quiz.getByText("Question 1 of 5")).toBeVisible();
  await humanPace(player.id);
  await quiz.getByRole("group").getByRole("button").first().click();
  await quiz.getByRole("button", { name: "Next" }).click();
  await expect(quiz.getByText("Question 2 of 5")).toBeVisible();

  await page.goto("/fr/playgames");
  const french = page.getByRole("dialog", { name: "Sciences, série 1" });
  await expect(french.getByText("Question 2 sur 5")).toBeVisible();
  const current = await currentQuestion(player.id);
  expect(current.locale).toBe("fr-CA");
  await expect(french.getByRole("heading", { level: 2 })).toHaveText(current.text);
  expect(await frenchSpacingMistakes(page)).toEqual([]);
  await screenshots(page, "fr-resumed-in-french");
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
      await expect(quiz.getByRole("timer")).toHaveText(/^Time left: 00:[0-3]\d$/);
      const answer = await rightAnswer(player.id);
      await humanPace(player.id);
      await quiz.getByRole("group").getByRole("button").filter({ hasText: answer }).first().click();
      await expect(feedbackOf(quiz)).toContainText("Correct! +2 points.");
      await quiz.getByRole("button", { name: position < 5 ? "Next" : "Finish" }).click();
    }
    const results = page.getByRole("dialog", { name: "Results" });
    await expect(results.locator("dd").first()).toHaveText("5 of 5");
    await expect(results.locator("dd").nth(1)).toHaveText("10");
    await expect(results.locator("dd").last()).toHaveText("100%");
    await results.getByLabel("What did you think of this set? (optional)").fill("Great!");
    await results.getByRole("button", { name: "Send feedback" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you for your feedback!" }),
    ).toBeVisible();
    await results.getByRole("button", { name: "Next set" }).click();
    await expect(page.getByRole("dialog", { name: "Language, set 2" })).toBeVisible();
    await expect(page.getByText("Question 1 of 5")).toBeVisible();
  });
});
