import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import {
  businessExists,
  businessRowsBetween,
  getBusiness,
  searchBusinesses,
  summariesOf,
} from "../directory/businesses.server.ts";
import {
  answerQuestion,
  askQuestion,
  listQuestions,
  listReviews,
  removedReviewTally,
  reportBusiness,
  reportItem,
  writeReview,
} from "../directory/community.server.ts";
import { writeReply } from "../directory/replies.server.ts";
import { seedBusinesses } from "../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../directory/test-fixtures.ts";
import { getJob, jobRowsBetween, searchJobs } from "../jobs/jobs.server.ts";
import { reportJob } from "../jobs/reports.server.ts";
import { jobSearchSchema } from "../jobs/search.ts";
import { fixturePosting, insertFixtures } from "../jobs/test-fixtures.server.ts";
import { isAppError } from "../platform/errors.ts";
import type { StaffActor } from "./access.server.ts";
import { type QueueKind, queueCounts } from "./queue.server.ts";
import {
  listHidden,
  listOpenItems,
  moderate,
  reportedThing,
  reportsQueue,
} from "./reports.server.ts";

/** A queue kind's count, as the queue page reads it. */
async function countOf(kind: QueueKind | undefined): Promise<number> {
  if (!kind) throw new Error("No such queue kind.");
  return (await queueCounts(database.db, [kind])).get(kind.key) ?? 0;
}

let database: DatabaseHandle;
const ids: Record<string, number> = {};
const TEXT = "A review long enough to be a real one.";
const OPTIONS = { replyTo: "moderation@nearby.example", baseUrl: "https://nearby.example" };

const staff = (id: string, name: string): StaffActor => ({
  id,
  name,
  role: "moderator",
  clientAddress: "203.0.113.9",
});
const maude = staff("mod-maude", "Maude Moderator");
const remi = staff("mod-remi", "Rémi Modérateur");

async function insertPlayer(
  id: string,
  locale: "en-CA" | "fr-CA" = "en-CA",
  role: "player" | "moderator" = "player",
) {
  await database.db.insert(user).values({
    id,
    name: `Name of ${id}`,
    email: `${id}@example.com`,
    handle: `${id}-handle`,
    locale,
    role,
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

/** The business's kept aggregate, and the one counted from its shown reviews. */
async function ratings(businessId: number) {
  const kept = await getBusiness(database.db, businessId);
  const result = await database.db.execute<{ n: number; average: string }>(
    sql`select count(*)::int as n, coalesce(round(avg(rating), 1), 0)::text as average
        from review where business_id = ${businessId} and hidden_at is null`,
  );
  const counted = result.rows[0] as { n: number; average: string };
  return {
    kept: { rating: kept.rating, reviewCount: kept.reviewCount },
    counted: { rating: Number(counted.average), reviewCount: counted.n },
  };
}

const auditOf = (kind: string, id: number) =>
  database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.targetKind, kind), eq(auditEvent.targetId, String(id))))
    .orderBy(auditEvent.id);

const mailTo = (address: string) =>
  database.db.select().from(outboxEmail).where(eq(outboxEmail.to, address));

const jobCriteria = () => jobSearchSchema.parse({}).criteria;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "reviewed", name: "Reviewed Bistro", rating: 4 }),
      fixtureBusiness({ slug: "listed", name: "Listed Bakery" }),
      fixtureBusiness({ slug: "other", name: "Other Diner" }),
    ]),
  ]);
  const rows = await database.db.execute<{ id: number; slug: string }>(
    sql`select id, slug from business`,
  );
  for (const row of rows.rows) ids[row.slug] = row.id;
  for (const id of [
    "author-en",
    "author-fr",
    "reporter-1",
    "reporter-2",
    "reporter-3",
    "reporter-4",
    "owner-fr",
  ])
    await insertPlayer(id, id.endsWith("-fr") ? "fr-CA" : "en-CA");
  await insertPlayer(maude.id, "en-CA", "moderator");
  await insertPlayer(remi.id, "fr-CA", "moderator");
});

afterAll(() => database.close());

describe("a review's moves", () => {
  let reviewId: number;
  test("hiding a reported review: removed in place, rating recomputed, reports resolved, audit, e-mail", async () => {
    const businessId = ids.reviewed as number;
    ({ id: reviewId } = await writeReview(database.db, "author-fr", businessId, {
      rating: 1,
      body: "Nul, nul, nul. Le patron s’appelle Jean Dupont, 555-0199.",
      locale: "fr-CA",
    }));
    await reportItem(database.db, "reporter-1", "review", reviewId, {
      reason: "personal",
      details: "A phone number",
    });
    await reportItem(database.db, "reporter-2", "review", reviewId, {
      reason: "offensive",
      details: "",
    });
    const before = await ratings(businessId);
    expect(before.kept).toEqual(before.counted);
    expect(before.kept.reviewCount).toBe(11);

    const state = await moderate(
      database.db,
      maude,
      "review",
      reviewId,
      { to: "hidden", reason: "personal", note: null },
      OPTIONS,
    );
    expect(state).toBe("hidden");

    const after = await ratings(businessId);
    expect(after.kept).toEqual(after.counted);
    expect(after.kept).toEqual({ rating: 4, reviewCount: 10 });

    const { items } = await listReviews(database.db, businessId, { sort: "lowest" });
    const removed = items.find((item) => item.id === reviewId);
    expect(removed).toEqual({
      id: reviewId,
      removed: "personal",
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(items)).not.toContain("Dupont");
    expect(await removedReviewTally(database.db, businessId)).toEqual([
      { reason: "personal", count: 1 },
    ]);

    const found = await reportedThing(database.db, "en-CA", "review", reviewId);
    expect(found?.state).toBe("hidden");
    expect(found?.reports.map((report) => [report.reporter, report.resolution])).toEqual([
      ["reporter-1-handle", "hidden"],
      ["reporter-2-handle", "hidden"],
    ]);

    const [audit, ...more] = await auditOf("review", reviewId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorId: maude.id,
      action: "report.hide",
      before: { state: "open", reason: null, openReports: 2 },
      after: { state: "hidden", reason: "personal", openReports: 0 },
      reason: "personal",
    });

    const [mail, ...otherMail] = await mailTo("author-fr@example.com");
    expect(otherMail).toEqual([]);
    expect(mail?.subject).toBe("Retiré par les modérateurs\u202f: votre avis sur Reviewed Bistro");
    expect(mail?.text).toContain("Motif\u202f: renseignements personnels");
    expect(mail?.text).toContain("moderation@nearby.example");
    expect(mail?.text).toContain("https://nearby.example/fr/businesses/");
    expect(mail?.headers).toMatchObject({ "Reply-To": "moderation@nearby.example" });
  });

  test("refused moves answer 409 and leave no audit row: hide or dismiss a hidden review", async () => {
    const audits = (await auditOf("review", reviewId)).length;
    const hideAgain = moderate(
      database.db,
      remi,
      "review",
      reviewId,
      { to: "hidden", reason: "spam", note: null },
      OPTIONS,
    );
    const error = await hideAgain.catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("already_handled");
    expect(isAppError(error) && error.options.values).toMatchObject({ name: "Name of mod-maude" });
    expect(
      await codeOf(moderate(database.db, remi, "review", reviewId, { to: "dismissed" }, OPTIONS)),
    ).toBe("already_handled");
    expect(await auditOf("review", reviewId)).toHaveLength(audits);
  });

  test("restoring brings the review, its rating and count back; its reports stay resolved", async () => {
    const businessId = ids.reviewed as number;
    expect(await moderate(database.db, remi, "review", reviewId, { to: "restored" }, OPTIONS)).toBe(
      "restored",
    );
    const after = await ratings(businessId);
    expect(after.kept).toEqual(after.counted);
    expect(after.kept.reviewCount).toBe(11);
    const { items } = await listReviews(database.db, businessId, { sort: "lowest" });
    expect(items.find((item) => item.id === reviewId)).toMatchObject({ removed: null, rating: 1 });
    expect(await removedReviewTally(database.db, businessId)).toEqual([]);
    const found = await reportedThing(database.db, "en-CA", "review", reviewId);
    expect(found?.state).toBe("restored");
    expect(found?.reports.every((report) => report.resolution === "hidden")).toBe(true);
    expect((await auditOf("review", reviewId)).at(-1)).toMatchObject({
      action: "report.restore",
      before: { state: "hidden", reason: "personal" },
      after: { state: "restored" },
    });
    // Nothing more to do with it: restore again and dismiss are refused.
    expect(
      await codeOf(moderate(database.db, maude, "review", reviewId, { to: "restored" }, OPTIONS)),
    ).toBe("already_handled");
    expect(
      await codeOf(moderate(database.db, maude, "review", reviewId, { to: "dismissed" }, OPTIONS)),
    ).toBe("already_handled");
  });

  test("dismissing resolves the reports and keeps the review; restoring an open one is a 409", async () => {
    const { id } = await writeReview(database.db, "author-en", ids.reviewed as number, {
      rating: 5,
      body: TEXT,
      locale: "en-CA",
    });
    await reportItem(database.db, "reporter-1", "review", id, { reason: "false", details: "" });
    expect(
      await codeOf(moderate(database.db, maude, "review", id, { to: "restored" }, OPTIONS)),
    ).toBe("conflict");
    expect(await moderate(database.db, maude, "review", id, { to: "dismissed" }, OPTIONS)).toBe(
      "dismissed",
    );
    const found = await reportedThing(database.db, "en-CA", "review", id);
    expect(found?.state).toBe("dismissed");
    expect(found?.reports.map((report) => report.resolution)).toEqual(["dismissed"]);
    expect((await auditOf("review", id)).map((row) => row.action)).toEqual(["report.dismiss"]);
    expect(await mailTo("author-en@example.com")).toEqual([]);
    // A new report opens it again.
    await reportItem(database.db, "reporter-2", "review", id, { reason: "spam", details: "" });
    expect((await reportedThing(database.db, "en-CA", "review", id))?.state).toBe("open");
  });

  test("an unknown item is a 404 and writes nothing", async () => {
    expect(
      await codeOf(moderate(database.db, maude, "answer", 999_999, { to: "dismissed" }, OPTIONS)),
    ).toBe("not_found");
    expect(await auditOf("answer", 999_999)).toEqual([]);
  });
});

test("twenty moderators hiding one review at once: one succeeds, the others learn who was first; the rating moves once", async () => {
  const businessId = ids.listed as number;
  const { id } = await writeReview(database.db, "author-en", businessId, {
    rating: 2,
    body: TEXT,
    locale: "en-CA",
  });
  await writeReview(database.db, "author-fr", businessId, {
    rating: 4,
    body: TEXT,
    locale: "fr-CA",
  });
  await reportItem(database.db, "reporter-3", "review", id, { reason: "spam", details: "" });
  const before = await ratings(businessId);
  const moderators = Array.from({ length: 20 }, (_, i) => staff(`racer-${i}`, `Racer ${i}`));
  for (const racer of moderators) await insertPlayer(racer.id, "en-CA", "moderator");
  const outcomes = await Promise.all(
    moderators.map((racer) =>
      codeOf(
        moderate(
          database.db,
          racer,
          "review",
          id,
          { to: "hidden", reason: "spam", note: null },
          OPTIONS,
        ),
      ),
    ),
  );
  expect(outcomes.filter((outcome) => outcome === "none")).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome === "already_handled")).toHaveLength(19);
  expect((await auditOf("review", id)).map((row) => row.action)).toEqual(["report.hide"]);
  expect(await mailTo("author-en@example.com")).toHaveLength(1);
  const after = await ratings(businessId);
  expect(after.kept).toEqual(after.counted);
  expect(after.kept.reviewCount).toBe(before.kept.reviewCount - 1);
});

test("a hidden question or answer shows only the removed marker, in the list and the API alike", async () => {
  const businessId = ids.other as number;
  const question = await askQuestion(database.db, "author-en", businessId, {
    question: "Is there parking nearby?",
    locale: "en-CA",
  });
  const answer = await answerQuestion(database.db, "author-fr", question.id, {
    answer: "Achetez chez mon cousin!",
    locale: "fr-CA",
  });
  await reportItem(database.db, "reporter-1", "answer", answer.id, { reason: "spam", details: "" });
  await moderate(
    database.db,
    maude,
    "answer",
    answer.id,
    { to: "hidden", reason: "off_topic", note: null },
    OPTIONS,
  );
  const { items } = await listQuestions(database.db, businessId, {});
  expect(items[0]).toMatchObject({ removed: null, question: "Is there parking nearby?" });
  expect(items[0]?.removed === null && items[0].answers).toEqual([
    { id: answer.id, removed: "off_topic", createdAt: expect.any(String) },
  ]);
  const [mail] = await mailTo("author-fr@example.com").then((rows) =>
    rows.filter((row) => row.subject.includes("réponse")),
  );
  expect(mail?.text).toContain("Motif\u202f: hors sujet");
});

describe("a hidden business or job is gone: 410, out of search, lists and the sitemap", () => {
  test("a business", async () => {
    const id = ids.other as number;
    await reportBusiness(
      database.db,
      id,
      { reason: "false", details: "Closed for years" },
      { userId: null, clientAddress: "198.51.100.4" },
    );
    const search = () =>
      searchBusinesses(database.db, { title: "", location: "" }, { limit: 50 }).then((page) =>
        page.items.map((item) => item.id),
      );
    const sitemap = () =>
      businessRowsBetween(database.db, 0, 1_000_000, 100).then((rows) => rows.map((row) => row.id));
    expect(await search()).toContain(id);
    await moderate(
      database.db,
      maude,
      "business",
      id,
      { to: "hidden", reason: "fraud", note: null },
      OPTIONS,
    );
    expect(await codeOf(getBusiness(database.db, id))).toBe("gone");
    expect(await search()).not.toContain(id);
    expect(await sitemap()).not.toContain(id);
    expect(await summariesOf(database.db, [id])).toEqual([]);
    expect(await businessExists(database.db, id)).toBe(false);

    await moderate(database.db, remi, "business", id, { to: "restored" }, OPTIONS);
    expect((await getBusiness(database.db, id)).id).toBe(id);
    expect(await search()).toContain(id);
    expect(await sitemap()).toContain(id);
  });

  test("a job", async () => {
    const [id] = (await insertFixtures(database.db, [fixturePosting()])) as [number];
    await reportJob(
      database.db,
      id,
      { reason: "scam", details: "" },
      { userId: "reporter-1", clientAddress: null },
    );
    const search = () =>
      searchJobs(database.db, jobCriteria(), 1).then((page) => page.items.map((item) => item.id));
    const sitemap = () =>
      jobRowsBetween(database.db, 0, 1_000_000, 100).then((rows) => rows.map((row) => row.id));
    expect(await search()).toContain(id);
    expect(await sitemap()).toContain(id);
    await moderate(
      database.db,
      maude,
      "job",
      id,
      { to: "hidden", reason: "other", note: "Asks for a fee to apply" },
      OPTIONS,
    );
    expect(await codeOf(getJob(database.db, id))).toBe("gone");
    expect(await search()).not.toContain(id);
    expect(await sitemap()).not.toContain(id);
    expect((await auditOf("job", id)).at(-1)).toMatchObject({
      action: "report.hide",
      reason: "Asks for a fee to apply",
      after: { state: "hidden", reason: "other", note: "Asks for a fee to apply" },
    });
    const hidden = await listHidden(database.db, "en-CA", null, 50);
    expect(hidden[0]).toMatchObject({ kind: "job", id, reason: "other" });

    await moderate(database.db, remi, "job", id, { to: "restored" }, OPTIONS);
    expect((await getJob(database.db, id)).id).toBe(id);
    expect(await search()).toContain(id);
  });
});

test("the queue lists each reported thing once, oldest open report first, a page after another", async () => {
  const { id: first } = await writeReview(database.db, "reporter-1", ids.other as number, {
    rating: 3,
    body: TEXT,
    locale: "en-CA",
  });
  const { id: second } = await writeReview(database.db, "reporter-2", ids.other as number, {
    rating: 4,
    body: TEXT,
    locale: "en-CA",
  });
  await reportItem(database.db, "author-en", "review", first, { reason: "spam", details: "" });
  await reportItem(database.db, "author-en", "review", second, { reason: "spam", details: "" });
  await reportItem(database.db, "author-fr", "review", first, { reason: "offensive", details: "" });
  const all = await listOpenItems(database.db, "en-CA", null, 50);
  const keys = all.map((item) => `${item.kind}:${item.id}`);
  expect(new Set(keys).size).toBe(keys.length);
  const times = all.map((item) => item.since.getTime());
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(keys.indexOf(`review:${first}`)).toBeLessThan(keys.indexOf(`review:${second}`));
  expect(all.find((item) => item.kind === "review" && item.id === first)).toMatchObject({
    count: 2,
    title: "Review of Other Diner by reporter-1-handle",
  });
  expect(await countOf(reportsQueue)).toBe(all.length);

  // One at a time, each page after the last item of the one before: the same list.
  const paged: string[] = [];
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const [item] = await reportsQueue.list(database.db, { locale: "fr-CA", after, limit: 1 });
    if (!item) break;
    paged.push(item.href);
    after = { at: item.waitingSince, id: item.id };
  }
  expect(paged).toEqual(all.map((item) => `/staff/reports/${item.kind}/${item.id}`));
});

test("the queue's count is the items waiting, every kind together: an item's reports count once", async () => {
  // Read straight from the report tables, as the count's skip through each index must agree.
  const distinctItems = async () => {
    const result = await database.db.execute<{ n: number }>(sql`
      select ((select count(distinct review_id) from directory_report where resolved_at is null)
        + (select count(distinct question_id) from directory_report where resolved_at is null)
        + (select count(distinct answer_id) from directory_report where resolved_at is null)
        + (select count(distinct business_id) from business_report where resolved_at is null)
        + (select count(distinct job_id) from job_report where resolved_at is null))::integer as n`);
    return result.rows[0]?.n;
  };
  const before = await countOf(reportsQueue);
  expect(before).toBe(await distinctItems());
  const { id: review } = await writeReview(database.db, "reporter-3", ids.listed as number, {
    rating: 2,
    body: TEXT,
    locale: "en-CA",
  });
  for (const reporter of ["author-en", "author-fr", "reporter-1"])
    await reportItem(database.db, reporter, "review", review, { reason: "spam", details: "" });
  const [job] = (await insertFixtures(database.db, [fixturePosting()])) as [number];
  for (const reporter of ["reporter-1", "reporter-2"])
    await reportJob(
      database.db,
      job,
      { reason: "scam", details: "" },
      { userId: reporter, clientAddress: null },
    );
  await reportBusiness(
    database.db,
    ids.listed as number,
    { reason: "false", details: "" },
    { userId: "reporter-2", clientAddress: null },
  );
  expect(await countOf(reportsQueue)).toBe(before + 3);
  expect(await countOf(reportsQueue)).toBe(await distinctItems());

  await moderate(database.db, maude, "review", review, { to: "dismissed" }, OPTIONS);
  expect(await countOf(reportsQueue)).toBe(before + 2);
  expect(await countOf(reportsQueue)).toBe(await distinctItems());
});

test("the kept tallies are the open reports counted from their tables, whatever moved them", async () => {
  // Each kind, item and reason's open reports, read straight from the three report tables.
  const counted = async () =>
    (
      await database.db.execute<{ key: string }>(sql`
        select concat_ws(':', kind, item, reason, n) as key from (
          select case when review_id is not null then 'review' when question_id is not null
                   then 'question' when answer_id is not null then 'answer' else 'reply' end as kind,
            coalesce(review_id, question_id, answer_id, reply_id) as item, reason, count(*) as n
          from directory_report where resolved_at is null group by 1, 2, 3
          union all
          select 'business', business_id, reason, count(*) from business_report
          where resolved_at is null group by 2, 3
          union all
          select 'job', job_id, reason, count(*) from job_report where resolved_at is null group by 2, 3
        ) as open order by 1`)
    ).rows.map((row) => row.key);
  const kept = async () =>
    (
      await database.db.execute<{ key: string }>(
        sql`select concat_ws(':', kind, item_id, reason, open) as key from open_report_tally order by 1`,
      )
    ).rows.map((row) => row.key);

  const { id: review } = await writeReview(database.db, "reporter-4", ids.other as number, {
    rating: 1,
    body: TEXT,
    locale: "en-CA",
  });
  await reportItem(database.db, "author-en", "review", review, { reason: "spam", details: "" });
  await insertPlayer("reporter-gone");
  await reportItem(database.db, "reporter-gone", "review", review, { reason: "spam", details: "" });
  await reportItem(database.db, "reporter-1", "review", review, { reason: "false", details: "" });
  const [job] = (await insertFixtures(database.db, [fixturePosting()])) as [number];
  await reportJob(
    database.db,
    job,
    { reason: "scam", details: "" },
    { userId: "reporter-3", clientAddress: null },
  );
  await reportBusiness(
    database.db,
    ids.other as number,
    { reason: "false", details: "" },
    { userId: "reporter-3", clientAddress: null },
  );
  expect(await kept()).toContain(`review:${review}:spam:2`);
  expect(await kept()).toEqual(await counted());
  const [tally] = (await listOpenItems(database.db, "en-CA", null, 100)).filter(
    (item) => item.kind === "review" && item.id === review,
  );
  expect(tally).toMatchObject({ count: 3, reasons: ["spam", "false"] });

  // A reporter's account deleted takes their reports (the cascade); a hide resolves the rest.
  await database.db.delete(user).where(eq(user.id, "reporter-gone"));
  expect(await kept()).toContain(`review:${review}:spam:1`);
  expect(await kept()).toEqual(await counted());
  await moderate(
    database.db,
    maude,
    "review",
    review,
    { to: "hidden", reason: "spam", note: null },
    OPTIONS,
  );
  expect((await kept()).filter((key) => key.startsWith(`review:${review}:`))).toEqual([]);
  // A job deleted takes its reports with it.
  await database.db.execute(sql`delete from job where id = ${job}`);
  expect(await kept()).toEqual(await counted());
});

test("an owner's reply reported and hidden: removed under its review, the owner told, restorable", async () => {
  const businessId = ids.listed as number;
  const review = await writeReview(database.db, "reporter-4", businessId, {
    rating: 2,
    body: TEXT,
    locale: "en-CA",
  });
  await database.db.execute(
    sql`insert into business_owner (business_id, user_id, via) values (${businessId}, 'owner-fr', 'code')`,
  );
  const owner = { id: "owner-fr", role: "owner" as const, businessId, clientAddress: null };
  const reply = await writeReply(
    database.db,
    owner,
    review.id,
    { body: "Vous mentez, on sait où vous habitez.", locale: "fr-CA" },
    { baseUrl: OPTIONS.baseUrl },
  );
  await reportItem(database.db, "reporter-1", "reply", reply.id, {
    reason: "offensive",
    details: "",
  });
  const open = await reportedThing(database.db, "en-CA", "reply", reply.id);
  expect(open?.state).toBe("open");
  expect(open?.thing.title).toBe("Owner’s reply about Listed Bakery by owner-fr-handle");
  expect(
    await moderate(
      database.db,
      maude,
      "reply",
      reply.id,
      { to: "hidden", reason: "abuse", note: null },
      OPTIONS,
    ),
  ).toBe("hidden");
  const { items } = await listReviews(database.db, businessId, { sort: "newest" });
  const shown = items.find((item) => item.id === review.id);
  expect(shown?.removed === null && shown.reply).toEqual({
    id: reply.id,
    removed: "abuse",
    createdAt: expect.any(String),
  });
  expect(JSON.stringify(items)).not.toContain("habitez");
  const [mail] = await mailTo("owner-fr@example.com");
  expect(mail?.subject).toBe(
    "Retiré par les modérateurs\u202f: votre réponse à un avis sur Listed Bakery",
  );
  expect(mail?.headers).toMatchObject({ "Reply-To": "moderation@nearby.example" });
  expect((await auditOf("reply", reply.id)).map((row) => row.action)).toEqual(["report.hide"]);
  expect(await moderate(database.db, remi, "reply", reply.id, { to: "restored" }, OPTIONS)).toBe(
    "restored",
  );
});
