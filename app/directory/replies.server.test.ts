import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessOwner, review, reviewReply } from "../db/schema/directory.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import {
  answerQuestion,
  askQuestion,
  listQuestions,
  listReviews,
  reportItem,
  writeReview,
} from "./community.server.ts";
import type { Manager } from "./owners.server.ts";
import { deleteReply, managedReviews, updateReply, writeReply } from "./replies.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;
let businessId: number;
let otherId: number;
const reviews: Record<string, number> = {};
const REVIEW = "A review long enough to be a real one.";
const REPLY = "Thank you for coming by, see you soon!";
const OPTIONS = { baseUrl: "https://nearby.example" };

async function insertPlayer(
  id: string,
  { locale = "en-CA", notification = true, role = "player", twoFactor = false } = {},
) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, locale, notification, role, two_factor_enabled)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, 30,
                ${locale}, ${notification}, ${role}, ${twoFactor})`,
  );
}

const as = (id: string, role: Manager["role"] = "owner", at = businessId): Manager => ({
  id,
  role,
  businessId: at,
  clientAddress: "192.0.2.7",
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

const mailTo = (address: string) =>
  database.db.select().from(outboxEmail).where(eq(outboxEmail.to, address));

const auditOf = (action: string) =>
  database.db.select().from(auditEvent).where(eq(auditEvent.action, action));

/** The reply the public page shows under the review, if any. */
async function shownReply(reviewId: number) {
  const page = await listReviews(database.db, businessId, { sort: "newest", limit: 50 });
  const item = page.items.find((each) => each.id === reviewId);
  if (!item || item.removed) throw new Error("review not shown");
  return item.reply;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "replied", name: "Chez Réponse" }),
      fixtureBusiness({ slug: "elsewhere" }),
    ]),
  ]);
  const rows = await database.db.select({ id: business.id, slug: business.slug }).from(business);
  businessId = rows.find((row) => row.slug === "replied")?.id ?? 0;
  otherId = rows.find((row) => row.slug === "elsewhere")?.id ?? 0;
  await insertPlayer("owner");
  await insertPlayer("former-owner");
  await insertPlayer("stranger");
  await insertPlayer("moderator", { role: "moderator", twoFactor: true });
  await insertPlayer("ana", { locale: "fr-CA" });
  await insertPlayer("quiet", { notification: false });
  await insertPlayer("bob");
  await database.db.insert(businessOwner).values([
    { businessId, userId: "owner", via: "code" },
    { businessId, userId: "former-owner", via: "invite" },
  ]);
  for (const id of ["ana", "quiet", "bob"]) {
    reviews[id] = (
      await writeReview(database.db, id, businessId, { rating: 4, body: REVIEW, locale: "en-CA" })
    ).id;
  }
});

afterAll(() => database?.close());

describe("an owner's reply to a review", () => {
  test("is stored once, audited, shown under the review and e-mailed to the reviewer in French", async () => {
    const reviewId = reviews.ana as number;
    const { id } = await writeReply(
      database.db,
      as("owner"),
      reviewId,
      { body: REPLY, locale: "en-CA" },
      OPTIONS,
    );
    expect(await shownReply(reviewId)).toMatchObject({ id, removed: null, body: REPLY });
    const [audit] = await auditOf("review_reply.create");
    expect(audit).toMatchObject({ actorId: "owner", actorRole: "owner", targetId: String(id) });
    const [mail] = await mailTo("ana@example.com");
    expect(mail?.subject).toBe("Chez Réponse a répondu à votre avis");
    expect(mail?.text).toContain(REPLY);
    expect(mail?.text).toContain(`https://nearby.example/fr/businesses/${businessId}#reviews`);
    expect(mail?.text).not.toContain("owner@example.com");
  });

  test("a second reply to the same review is a 409 and changes nothing", async () => {
    const reviewId = reviews.ana as number;
    expect(
      await codeOf(
        writeReply(
          database.db,
          as("former-owner"),
          reviewId,
          { body: "Another reply that should not be kept.", locale: "en-CA" },
          OPTIONS,
        ),
      ),
    ).toBe("conflict");
    expect(await shownReply(reviewId)).toMatchObject({ body: REPLY });
    expect(await auditOf("review_reply.create")).toHaveLength(1);
    expect(await mailTo("ana@example.com")).toHaveLength(1);
  });

  test("ten replies sent at once to one review: one is stored, audited and e-mailed, nine are 409s", async () => {
    await insertPlayer("zoe");
    const { id: reviewId } = await writeReview(database.db, "zoe", otherId, {
      rating: 3,
      body: REVIEW,
      locale: "en-CA",
    });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        codeOf(
          writeReply(
            database.db,
            as("moderator", "moderator", otherId),
            reviewId,
            { body: `${REPLY} (${i})`, locale: "en-CA" },
            OPTIONS,
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "none")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "conflict")).toHaveLength(9);
    expect(await mailTo("zoe@example.com")).toHaveLength(1);
    const audits = await auditOf("review_reply.create");
    expect(audits.filter((row) => row.actorId === "moderator")).toHaveLength(1);
  });

  test("is edited (marked edited, not e-mailed again) and deleted, each audited", async () => {
    const reviewId = reviews.ana as number;
    const edited = "Thank you, we fixed the door since your visit.";
    await updateReply(database.db, as("owner"), reviewId, { body: edited, locale: "en-CA" });
    const reply = await shownReply(reviewId);
    expect(reply).toMatchObject({ body: edited, removed: null });
    expect(reply && !reply.removed && reply.editedAt).toBeTruthy();
    expect(await mailTo("ana@example.com")).toHaveLength(1);
    const [update] = await auditOf("review_reply.update");
    expect(update?.before).toEqual({ body: REPLY });
    await deleteReply(database.db, as("owner"), reviewId);
    expect(await shownReply(reviewId)).toBeNull();
    expect(await auditOf("review_reply.delete")).toHaveLength(1);
    expect(await codeOf(deleteReply(database.db, as("owner"), reviewId))).toBe("not_found");
    expect(
      await codeOf(
        updateReply(database.db, as("owner"), reviewId, { body: edited, locale: "en-CA" }),
      ),
    ).toBe("not_found");
  });

  test("a stranger's reply, or one through another listing, is the 404 and leaves nothing", async () => {
    const reviewId = reviews.bob as number;
    const audits = (await database.db.select().from(auditEvent)).length;
    expect(
      await codeOf(
        writeReply(
          database.db,
          as("stranger"),
          reviewId,
          { body: REPLY, locale: "en-CA" },
          OPTIONS,
        ),
      ),
    ).toBe("not_found");
    // The owner of this listing, naming a review of another: not theirs to answer.
    await database.db
      .insert(businessOwner)
      .values({ businessId: otherId, userId: "stranger", via: "code" });
    expect(
      await codeOf(
        writeReply(
          database.db,
          as("stranger", "owner", otherId),
          reviewId,
          { body: REPLY, locale: "en-CA" },
          OPTIONS,
        ),
      ),
    ).toBe("not_found");
    expect(await shownReply(reviewId)).toBeNull();
    expect((await database.db.select().from(auditEvent)).length).toBe(audits);
    expect(await mailTo("bob@example.com")).toHaveLength(0);
  });

  test("staff reply on the manage page in their own role; a reviewer without notifications gets no e-mail", async () => {
    const reviewId = reviews.quiet as number;
    await writeReply(
      database.db,
      as("moderator", "moderator"),
      reviewId,
      { body: REPLY, locale: "en-CA" },
      OPTIONS,
    );
    const audits = await auditOf("review_reply.create");
    expect(audits.at(-1)).toMatchObject({ actorId: "moderator", actorRole: "moderator" });
    expect(await mailTo("quiet@example.com")).toHaveLength(0);
  });

  test("the manage list puts reviews without a reply first, newest first, and filters them", async () => {
    // The listing also has its demo review (no reply, the oldest).
    const all = await managedReviews(database.db, businessId, {
      filter: "all",
      page: 1,
      limit: 10,
    });
    const order = all.items.map((item) => item.id);
    expect(order.slice(0, 2)).toEqual([reviews.bob, reviews.ana]);
    expect(order.at(-1)).toBe(reviews.quiet);
    expect(all.unanswered).toBe(order.length - 1);
    const waiting = await managedReviews(database.db, businessId, {
      filter: "unanswered",
      page: 2,
      limit: 1,
    });
    expect(waiting.items.map((item) => item.id)).toEqual([reviews.ana]);
    expect(waiting.pages).toBe(all.unanswered);
  });

  test("a reply can be reported once per player, like any text", async () => {
    const [reply] = await database.db
      .select({ id: reviewReply.id })
      .from(reviewReply)
      .where(eq(reviewReply.reviewId, reviews.quiet as number));
    const replyId = reply?.id as number;
    expect(
      await reportItem(database.db, "bob", "reply", replyId, { reason: "offensive", details: "" }),
    ).toEqual({ businessId });
    expect(
      await codeOf(
        reportItem(database.db, "bob", "reply", replyId, { reason: "spam", details: "" }),
      ),
    ).toBe("already_reported");
    expect(
      await codeOf(
        reportItem(database.db, "bob", "reply", 999_999, { reason: "spam", details: "" }),
      ),
    ).toBe("not_found");
  });

  test("a hidden review cannot be answered", async () => {
    const reviewId = reviews.bob as number;
    await database.db
      .update(review)
      .set({ hiddenAt: new Date(), hiddenReason: "spam" })
      .where(eq(review.id, reviewId));
    expect(
      await codeOf(
        writeReply(database.db, as("owner"), reviewId, { body: REPLY, locale: "en-CA" }, OPTIONS),
      ),
    ).toBe("not_found");
    await database.db
      .update(review)
      .set({ hiddenAt: null, hiddenReason: null })
      .where(and(eq(review.id, reviewId)));
  });
});

describe("an owner's answer to a community question", () => {
  test("is marked as the owner's, and stays so after they leave; others' answers are not", async () => {
    const { id: questionId } = await askQuestion(database.db, "bob", businessId, {
      question: "Do you have a terrace in summer?",
      locale: "en-CA",
    });
    await answerQuestion(database.db, "former-owner", questionId, {
      answer: "Yes, from May to September.",
      locale: "en-CA",
    });
    await answerQuestion(database.db, "ana", questionId, {
      answer: "Yes, a lovely one.",
      locale: "en-CA",
    });
    await database.db
      .delete(businessOwner)
      .where(
        and(eq(businessOwner.businessId, businessId), eq(businessOwner.userId, "former-owner")),
      );
    // A player who becomes an owner later does not make their earlier answers the owner's.
    await database.db.insert(businessOwner).values({ businessId, userId: "ana", via: "invite" });
    const page = await listQuestions(database.db, businessId, {});
    const question = page.items.find((item) => item.id === questionId);
    if (!question || question.removed) throw new Error("question not shown");
    expect(question.answers.map((answer) => (answer.removed ? null : answer.byOwner))).toEqual([
      true,
      false,
    ]);
  });
});
