import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";
import { connectToSite } from "./players.ts";

const SHOTS = "/tmp/replies-shots";

/** A business per language, answered here only, so other specs' pages stay as seeded. */
const LANGUAGES = {
  en: {
    prefix: "",
    locale: "en-CA",
    business: "Starlight Noraebang Karaoke",
    heading: "Reviews and replies",
    waiting: "Waiting for a reply",
    label: "Your public reply to Riley Reviewer",
    post: "Post the reply",
    posted: "Your reply is posted.",
    response: "Response from the owner",
    reply: "Thank you, Riley: we changed every microphone since.",
    question: "Is there parking for a minibus?",
    answerLabel: "Your answer",
    answerSubmit: "Answer",
    answer: "Yes, two spots behind the building.",
    badge: "Owner",
    // The mail's words are checked in ASCII: lastMailTo decodes quoted-printable bytes one by one.
    greeting: "Hello Riley Reviewer,",
  },
  fr: {
    prefix: "/fr",
    locale: "fr-CA",
    business: "The Hayloft Two-Step Hall",
    heading: "Avis et réponses",
    waiting: "En attente de réponse",
    label: "Votre réponse publique à Riley Reviewer",
    post: "Publier la réponse",
    posted: "Votre réponse est publiée.",
    response: "Réponse du propriétaire",
    reply: "Merci Riley, nous avons changé tous les micros depuis.",
    question: "Y a-t-il du stationnement pour un minibus\u202f?",
    answerLabel: "Votre réponse",
    answerSubmit: "Répondre",
    answer: "Oui, deux places derrière le bâtiment.",
    badge: "Propriétaire",
    greeting: "Bonjour Riley Reviewer,",
  },
} as const;

/** Axe and full-page screenshots at 375 and 1280 px, to look at; the viewport goes back to 1280. */
async function screenshots(page: Page, name: string) {
  if (name.startsWith("fr-")) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * The seeded business's id, and a review and a question written there by `userId`, straight to
 * the database.
 */
async function reviewOf(
  business: string,
  userId: string,
  texts: { review: string; question: string },
  locale: string,
) {
  const db = connectToSite();
  try {
    const found = await db.query<{ id: number }>("select id from business where name = $1", [
      business,
    ]);
    const businessId = found.rows[0]?.id as number;
    await db.query(
      "insert into review (business_id, user_id, rating, body, locale) values ($1, $2, 4, $3, $4)",
      [businessId, userId, texts.review, locale],
    );
    await db.query(
      "insert into business_question (business_id, user_id, question, locale) values ($1, $2, $3, $4)",
      [businessId, userId, texts.question, locale],
    );
    return businessId;
  } finally {
    await db.end();
  }
}

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`an owner replies to a review; the page shows it and the reviewer is e-mailed (${language})`, async ({
    page,
    signIn,
  }) => {
    const reviewer = await signIn({ name: "Riley Reviewer", age: 30, locale: words.locale });
    const text = `The microphones crackled but the staff fixed them fast. ${Date.now()}`;
    const question = `${words.question} ${Date.now()}`;
    const businessId = await reviewOf(
      words.business,
      reviewer.id,
      { review: text, question },
      words.locale,
    );

    await signIn({ age: 30, owns: [businessId], locale: words.locale });
    await page.goto(`${words.prefix}/businesses/${businessId}/manage/reviews`);
    await expect(page.getByRole("heading", { name: words.heading })).toBeVisible();
    await page.getByRole("link", { name: words.waiting }).click();
    await expect(page.getByRole("link", { name: words.waiting })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const item = page.getByRole("listitem").filter({ hasText: text });
    await expect(item).toBeVisible();
    await screenshots(page, `${language}-manage-reviews`);

    const stamp = String(Date.now());
    const reply = `${words.reply} ${stamp}`;
    await item.getByLabel(words.label).fill(reply);
    await item.getByRole("button", { name: words.post }).click();
    await expect(page.getByRole("status").filter({ hasText: words.posted })).toBeVisible();
    await screenshots(page, `${language}-manage-replied`);

    await page.goto(`${words.prefix}/businesses/${businessId}`);
    const shown = page.getByRole("listitem").filter({ hasText: text });
    await expect(shown.getByText(words.response)).toBeVisible();
    await expect(shown.getByText(reply)).toBeVisible();

    // The owner answers the reviewer's question on the public page: marked as the owner's.
    const asked = page.getByRole("listitem").filter({ hasText: question });
    await asked.getByLabel(words.answerLabel).fill(words.answer);
    await asked.getByRole("button", { name: words.answerSubmit, exact: true }).click();
    const answered = page.getByRole("listitem").filter({ hasText: words.answer });
    await expect(answered.getByText(words.badge, { exact: true })).toBeVisible();
    await shown.scrollIntoViewIfNeeded();
    await screenshots(page, `${language}-business-reply`);

    await expect.poll(() => lastMailTo(reviewer.email)).toContain(words.greeting);
    const mail = lastMailTo(reviewer.email);
    expect(mail).toContain(stamp);
    expect(mail).toContain(`${words.prefix}/businesses/${businessId}#reviews`);
  });
}
