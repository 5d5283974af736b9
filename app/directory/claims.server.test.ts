import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessClaim, businessOwner } from "../db/schema/directory.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { type AppError, isAppError } from "../platform/errors.ts";
import { claimPageOf, sendClaimCode, verifyClaimCode } from "./claims.server.ts";
import { maskEmail } from "./claims.ts";
import { seedBusinesses } from "./seed.server.ts";
import { decideClaim } from "./staff.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;
const ids = new Map<string, number>();
const secret = "a test secret of at least thirty-two characters";
const options = { secret };

async function insertPlayer(id: string, age: number | null = 30) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, locale)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, ${age}, 'fr-CA')`,
  );
}

const claimant = (id: string) => ({ id, role: "owner", clientAddress: "192.0.2.1" });
const idOf = (slug: string) => ids.get(slug) ?? 0;

/** The code in the last e-mail sent to the listing `slug`, as its reader would copy it. */
async function codeSentTo(slug: string): Promise<string> {
  const [mail] = await database.db
    .select({ text: outboxEmail.text })
    .from(outboxEmail)
    .where(eq(outboxEmail.to, `${slug}@example.test`))
    .orderBy(desc(outboxEmail.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${slug}`);
  return code;
}

/** The AppError `promise` rejects with (failing the test when it does not). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const ownersOf = async (slug: string) =>
  (
    await database.db
      .select({ userId: businessOwner.userId, via: businessOwner.via })
      .from(businessOwner)
      .where(eq(businessOwner.businessId, idOf(slug)))
  ).map((row) => `${row.userId}:${row.via}`);

beforeAll(async () => {
  database = await createTestDatabase();
  const slugs = ["by-code", "wrong-tries", "expired", "race", "no-address", "minor", "throttled"];
  await seedBusinesses(database.db, [
    fixtureFile(
      "restaurants",
      slugs.map((slug) => fixtureBusiness({ slug })),
    ),
  ]);
  await database.db
    .update(business)
    .set({ contactEmail: null })
    .where(eq(business.slug, "no-address"));
  for (const row of await database.db
    .select({ id: business.id, slug: business.slug })
    .from(business))
    ids.set(row.slug, row.id);
  for (const id of ["alice", "bruno", "chloe", "dev", "eve", "farid"]) await insertPlayer(id);
  await insertPlayer("teen", 15);
  await insertPlayer("ageless", null);
});

afterAll(() => database?.close());

describe("a claim by a code sent to the listing's address", () => {
  test("the right code makes the player an owner, once, with its audit row; the code works once", async () => {
    expect(await claimPageOf(database.db, idOf("by-code"), "alice")).toEqual({
      state: "open",
      maskedEmail: "b•••@example.test",
      codeSentUntil: null,
      documentWaiting: false,
    });
    const now = new Date();
    await sendClaimCode(database.db, "alice", idOf("by-code"), "fr-CA", { secret, now });
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .orderBy(desc(outboxEmail.id))
      .limit(1);
    expect(mail?.to).toBe("by-code@example.test");
    expect(mail?.subject).toContain("revendiquer");
    const code = await codeSentTo("by-code");
    const [stored] = await database.db
      .select()
      .from(businessClaim)
      .where(eq(businessClaim.businessId, idOf("by-code")));
    expect(stored).toMatchObject({ status: "code_sent", source: "code", requesterId: "alice" });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored?.codeExpiresAt?.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(await claimPageOf(database.db, idOf("by-code"), "alice")).toMatchObject({
      state: "open",
      codeSentUntil: stored?.codeExpiresAt,
    });

    await verifyClaimCode(database.db, claimant("alice"), idOf("by-code"), code, options);
    expect(await ownersOf("by-code")).toEqual(["alice:code"]);
    expect(await claimPageOf(database.db, idOf("by-code"), "alice")).toEqual({ state: "owner" });
    const audit = await database.db
      .select({ action: auditEvent.action, actor: auditEvent.actorId })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.targetKind, "business"),
          eq(auditEvent.targetId, String(idOf("by-code"))),
        ),
      );
    expect(audit).toEqual([{ action: "claim.verify", actor: "alice" }]);

    // Used once: typing it again finds no code waiting.
    const again = await refusal(
      verifyClaimCode(database.db, claimant("alice"), idOf("by-code"), code, options),
    );
    expect(again.status).toBe(409);
  });

  test("a claimed business cannot be claimed again by code: 409 with a clear message", async () => {
    expect(await claimPageOf(database.db, idOf("by-code"), "bruno")).toEqual({ state: "claimed" });
    const error = await refusal(
      sendClaimCode(database.db, "bruno", idOf("by-code"), "en-CA", options),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe("claim.problems.claimed");
  });

  test("five wrong codes lock it, and then even the right one is refused until a new code", async () => {
    await sendClaimCode(database.db, "bruno", idOf("wrong-tries"), "en-CA", options);
    const code = await codeSentTo("wrong-tries");
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const error = await refusal(
        verifyClaimCode(database.db, claimant("bruno"), idOf("wrong-tries"), wrong, options),
      );
      expect(error.status).toBe(400);
      messages.push(error.options.problems?.[0]?.message ?? "");
    }
    expect(messages).toEqual([...Array(4).fill("claim.problems.wrong"), "claim.problems.locked"]);
    const locked = await refusal(
      verifyClaimCode(database.db, claimant("bruno"), idOf("wrong-tries"), code, options),
    );
    expect(locked.options.problems?.[0]?.message).toBe("claim.problems.locked");
    expect(await ownersOf("wrong-tries")).toEqual([]);

    // A new code starts over; the old one no longer works.
    await sendClaimCode(database.db, "bruno", idOf("wrong-tries"), "en-CA", options);
    const fresh = await codeSentTo("wrong-tries");
    if (fresh !== code) {
      const old = await refusal(
        verifyClaimCode(database.db, claimant("bruno"), idOf("wrong-tries"), code, options),
      );
      expect(old.options.problems?.[0]?.message).toBe("claim.problems.wrong");
    }
    await verifyClaimCode(database.db, claimant("bruno"), idOf("wrong-tries"), fresh, options);
    expect(await ownersOf("wrong-tries")).toEqual(["bruno:code"]);
  });

  test("an expired code is refused", async () => {
    const sentAt = new Date(Date.now() - 31 * 60_000);
    await sendClaimCode(database.db, "chloe", idOf("expired"), "en-CA", { secret, now: sentAt });
    const error = await refusal(
      verifyClaimCode(
        database.db,
        claimant("chloe"),
        idOf("expired"),
        await codeSentTo("expired"),
        options,
      ),
    );
    expect(error.status).toBe(400);
    expect(error.options.problems?.[0]).toEqual({
      field: "code",
      message: "claim.problems.expired",
    });
    expect(await ownersOf("expired")).toEqual([]);
  });

  test("two players racing with right codes: the first wins, the second gets a 409", async () => {
    await sendClaimCode(database.db, "dev", idOf("race"), "en-CA", options);
    const devCode = await codeSentTo("race");
    await sendClaimCode(database.db, "eve", idOf("race"), "en-CA", options);
    const eveCode = await codeSentTo("race");
    const outcomes = await Promise.allSettled([
      verifyClaimCode(database.db, claimant("dev"), idOf("race"), devCode, options),
      verifyClaimCode(database.db, claimant("eve"), idOf("race"), eveCode, options),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === "rejected");
    expect(lost?.status === "rejected" && (lost.reason as AppError).status).toBe(409);
    expect(await ownersOf("race")).toHaveLength(1);
  });

  test("a listing without an address cannot be sent a code", async () => {
    expect(await claimPageOf(database.db, idOf("no-address"), "farid")).toMatchObject({
      state: "open",
      maskedEmail: null,
    });
    const error = await refusal(
      sendClaimCode(database.db, "farid", idOf("no-address"), "en-CA", options),
    );
    expect(error.message).toBe("claim.problems.noAddress");
  });

  test("a minor, or a player who gave no age, is refused: owners must be adults", async () => {
    for (const id of ["teen", "ageless"]) {
      expect(await claimPageOf(database.db, idOf("minor"), id)).toEqual({ state: "minor" });
      const error = await refusal(sendClaimCode(database.db, id, idOf("minor"), "en-CA", options));
      expect(error.status).toBe(403);
      expect(error.message).toBe("claim.problems.adultsOnly");
    }
    const [claims] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(businessClaim)
      .where(eq(businessClaim.businessId, idOf("minor")));
    expect(claims?.count).toBe(0);
  });

  test("sending is throttled: three codes an hour per player and business", async () => {
    for (let sent = 0; sent < 3; sent += 1)
      await sendClaimCode(database.db, "farid", idOf("throttled"), "en-CA", options);
    const error = await refusal(
      sendClaimCode(database.db, "farid", idOf("throttled"), "en-CA", options),
    );
    expect(error.status).toBe(429);
  });
});

test("the listing's address is shown masked", () => {
  expect(maskEmail("maison-tremblay@example.test")).toBe("m•••@example.test");
});

describe("a claim that waits on staff", () => {
  const openClaim = async (slug: string, requesterId: string | null) => {
    const [row] = await database.db
      .insert(businessClaim)
      .values({
        businessId: idOf(slug),
        requesterId,
        contactEmail: requesterId ? null : "visitor@example.com",
        source: "plan_request",
      })
      .returning({ id: businessClaim.id });
    return row?.id ?? 0;
  };
  const decide = (id: number, decision: Parameters<typeof decideClaim>[2]) =>
    database.db.transaction((tx) =>
      decideClaim(tx, id, decision, { baseUrl: "https://nearby.test" }),
    );

  test("approved, the claimant owns even a claimed business (via staff) and is told; a second decision is a 409", async () => {
    const id = await openClaim("by-code", "bruno");
    const change = await decide(id, { to: "approved" });
    expect(change.result).toEqual({ status: "approved", document: null });
    expect(change.audit).toMatchObject({ action: "claim.approve", after: { status: "approved" } });
    expect(await ownersOf("by-code")).toEqual(["alice:code", "bruno:staff"]);
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .orderBy(desc(outboxEmail.id))
      .limit(1);
    expect(mail?.to).toBe("bruno@example.com");
    expect(mail?.subject).toContain("Vous gérez maintenant");
    const again = await refusal(decide(id, { to: "rejected", reason: "Late" }));
    expect(again.status).toBe(409);
  });

  test("rejected with a reason, nobody becomes an owner, the claimant is told why", async () => {
    const id = await openClaim("minor", "chloe");
    await decide(id, { to: "rejected", reason: "No proof of ownership" });
    expect(await ownersOf("minor")).toEqual([]);
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .orderBy(desc(outboxEmail.id))
      .limit(1);
    expect(mail?.to).toBe("chloe@example.com");
    expect(mail?.text).toContain("No proof of ownership");
  });

  test("a document claim approved by two moderators at once: one owner row, one 409, the document to delete", async () => {
    const [claim] = await database.db
      .insert(businessClaim)
      .values({
        businessId: idOf("wrong-tries"),
        requesterId: "dev",
        source: "document",
        document: `${"a".repeat(32)}.pdf`,
        note: "Business licence",
      })
      .returning({ id: businessClaim.id });
    const id = claim?.id ?? 0;
    const answers = await Promise.allSettled([
      decide(id, { to: "approved" }),
      decide(id, { to: "approved" }),
    ]);
    const done = answers.filter((answer) => answer.status === "fulfilled");
    expect(done.map((answer) => answer.value.result)).toEqual([
      { status: "approved", document: `${"a".repeat(32)}.pdf` },
    ]);
    const refused = answers.filter((answer) => answer.status === "rejected");
    expect(refused.map((answer) => (answer.reason as AppError).status)).toEqual([409]);
    expect((await ownersOf("wrong-tries")).filter((owner) => owner.startsWith("dev:"))).toEqual([
      "dev:staff",
    ]);
  });

  test("a visitor's claim without an account cannot be approved (409), and a code claim is not the console's (404)", async () => {
    const id = await openClaim("no-address", null);
    const error = await refusal(decide(id, { to: "approved" }));
    expect(error.status).toBe(409);
    expect(error.message).toBe("staff.claims.problems.noAccount");
    const [code] = await database.db
      .select({ id: businessClaim.id })
      .from(businessClaim)
      .where(eq(businessClaim.source, "code"))
      .limit(1);
    expect((await refusal(decide(code?.id ?? 0, { to: "approved" }))).status).toBe(404);
  });
});
