// The console's redeem, plan-request and player actions, each through staffWrite as the pages call
// them, against PostgreSQL. Here (beside the pages) because only the console may import both the
// areas' staff modules and the console's own write path.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { session, user } from "../../db/schema/accounts.ts";
import { businessClaim } from "../../db/schema/directory.ts";
import { auditEvent, outboxEmail } from "../../db/schema/platform.ts";
import { pointsLedger, redeemRequest } from "../../db/schema/players.ts";
import { planRequest, planRequestNote } from "../../db/schema/pricing.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { redeemGoalFor } from "../../players/redeem.server.ts";
import { seedRedeemGoals } from "../../players/seed.server.ts";
import {
  banPlayer,
  decideRedeemRequest,
  findPlayers,
  liftBan,
  pendingRedeemRequests,
  playerForStaff,
  replaceIdentity,
} from "../../players/staff.server.ts";
import { readPricingContent, seedPlans } from "../../pricing/seed.server.ts";
import { movePlanRequest, notePlanRequest, openPlanRequests } from "../../pricing/staff.server.ts";
import type { StaffActor } from "../../staff/access.server.ts";
import { type QueueKind, queueCounts } from "../../staff/queue.server.ts";
import { QUEUE_KINDS } from "../../staff/queue-kinds.server.ts";
import { staffWrite } from "../../staff/write.server.ts";

/** A queue kind's count, as the queue page reads it. */
async function countOf(kind: QueueKind | undefined): Promise<number> {
  if (!kind) throw new Error("No such queue kind.");
  return (await queueCounts(database.db, [kind])).get(kind.key) ?? 0;
}

let database: DatabaseHandle;
let businessId: number;

const maude: StaffActor = {
  id: "mod-maude",
  name: "Maude",
  role: "moderator",
  clientAddress: null,
};
const marc: StaffActor = { id: "mod-marc", name: "Marc", role: "moderator", clientAddress: null };
const ada: StaffActor = { id: "admin-ada", name: "Ada", role: "admin", clientAddress: null };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRedeemGoals(database.db);
  await seedPlans(database.db, await readPricingContent("content"));
  await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness()])]);
  const [listed] = await database.db
    .execute<{ id: number }>(sql`select id from business limit 1`)
    .then((result) => result.rows);
  businessId = listed?.id ?? 0;
  await database.db.insert(user).values([
    {
      id: maude.id,
      name: maude.name,
      email: "maude@example.com",
      handle: "maude",
      role: "moderator",
    },
    { id: marc.id, name: marc.name, email: "marc@example.com", handle: "marc", role: "moderator" },
    { id: ada.id, name: ada.name, email: "ada@example.com", handle: "ada", role: "admin" },
  ]);
});

afterAll(() => database.close());

/** A player holding `points`, credited through the ledger as every point is. */
async function playerWith(id: string, points: number, locale: "en-CA" | "fr-CA" = "en-CA") {
  await database.db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values({ id, name: id, email: `${id}@example.com`, handle: id, points, locale, age: 12 });
    await tx
      .insert(pointsLedger)
      .values({ userId: id, change: points, reason: "test", source: `test:${id}` });
  });
}

async function redeemed(playerId: string, key = "key-1") {
  const { request } = await redeemGoalFor(
    database.db,
    { id: playerId, locale: "en-CA" },
    {
      goal: "sticker-pack",
      name: "Alice Martin",
      email: `${playerId}.contact@example.com`,
      phone: "+15145550123",
      agree: true,
    },
    key,
    { baseUrl: "https://nearby.example" },
  );
  return request;
}

async function balanceAndLedger(id: string) {
  const [row] = await database.db
    .select({
      balance: sql<number>`${user.points} - ${user.usesPoints}`,
      ledger: sql<number>`(select coalesce(sum(change), 0)::integer from points_ledger where user_id = ${id})`,
    })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

/** Every player's ledger adds up to their balance: no point made or lost anywhere. */
async function everyLedgerMatches() {
  const result = await database.db.execute<{ mismatched: number }>(sql`
    select count(*)::int as mismatched from "user" u
    where u.points - u.uses_points <> (select coalesce(sum(change), 0) from points_ledger l where l.user_id = u.id)`);
  return result.rows[0]?.mismatched;
}

const auditOf = (kind: string, id: string | number) =>
  database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.targetKind, kind), eq(auditEvent.targetId, String(id))))
    .orderBy(auditEvent.id);

const mailsTo = (to: string) =>
  database.db.select().from(outboxEmail).where(eq(outboxEmail.to, to));

const decide = (
  staff: StaffActor,
  id: number,
  decision: Parameters<typeof decideRedeemRequest>[2],
) => staffWrite(database.db, staff, "moderator", (tx) => decideRedeemRequest(tx, id, decision));

describe("redeem requests", () => {
  test("pending → fulfilled: the note is the player's, e-mailed in their language, audited", async () => {
    await playerWith("fulfilled-fr", 500, "fr-CA");
    const request = await redeemed("fulfilled-fr");
    const before = await balanceAndLedger("fulfilled-fr");
    expect(
      await decide(maude, request.id, { to: "fulfilled", note: "Envoyé par la poste." }),
    ).toEqual({ status: "fulfilled" });
    const [row] = await database.db
      .select()
      .from(redeemRequest)
      .where(eq(redeemRequest.id, request.id));
    expect(row).toMatchObject({ status: "fulfilled", note: "Envoyé par la poste." });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect(await balanceAndLedger("fulfilled-fr")).toEqual(before);
    const mails = await mailsTo("fulfilled-fr.contact@example.com");
    expect(mails.at(-1)?.subject).toMatch(/^Ta récompense est en route\u202f: /);
    expect(mails.at(-1)?.text).toContain("Envoyé par la poste.");
    const [audit] = await auditOf("redeem_request", request.id);
    expect(audit).toMatchObject({
      actorId: maude.id,
      action: "redeem.fulfil",
      before: { status: "pending" },
      after: { status: "fulfilled", note: "Envoyé par la poste." },
    });
  });

  test("pending → declined: the cost comes back through the ledger, once", async () => {
    await playerWith("declined", 500);
    const request = await redeemed("declined");
    expect((await balanceAndLedger("declined"))?.balance).toBe(500 - request.cost);
    await decide(maude, request.id, { to: "declined", reason: "Out of stock" });
    expect(await balanceAndLedger("declined")).toEqual({ balance: 500, ledger: 500 });
    const returned = await database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.source, `redeem-decline:${request.id}`));
    expect(returned).toHaveLength(1);
    expect(returned[0]?.change).toBe(request.cost);
    const [audit] = await auditOf("redeem_request", request.id);
    expect(audit).toMatchObject({ action: "redeem.decline", reason: "Out of stock" });
    expect((await mailsTo("declined.contact@example.com")).at(-1)?.text).toContain("Out of stock");
  });

  test("a decided request moves no more: 409 naming who acted first, nothing written", async () => {
    await playerWith("decided", 500);
    const request = await redeemed("decided");
    await decide(maude, request.id, { to: "fulfilled", note: "Sent." });
    const audits = (await auditOf("redeem_request", request.id)).length;
    const balance = await balanceAndLedger("decided");
    for (const decision of [
      { to: "declined", reason: "Changed my mind" },
      { to: "fulfilled", note: "Again" },
    ] as const) {
      const refused = await decide(marc, request.id, decision).catch((error) => error);
      expect(refused).toMatchObject({ code: "already_handled", status: 409 });
      expect(refused.options.values).toMatchObject({ name: "Maude" });
    }
    expect(await auditOf("redeem_request", request.id)).toHaveLength(audits);
    expect(await balanceAndLedger("decided")).toEqual(balance);
  });

  test("an unknown request is a 404 and leaves no audit row", async () => {
    await expect(decide(maude, 999_999, { to: "fulfilled", note: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await auditOf("redeem_request", 999_999)).toHaveLength(0);
  });

  test("20 concurrent declines: one succeeds, the points come back once", async () => {
    await playerWith("racer", 300);
    const request = await redeemed("racer");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        decide(index % 2 ? maude : marc, request.id, { to: "declined", reason: `race ${index}` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ status: 409 });
    expect(await balanceAndLedger("racer")).toEqual({ balance: 300, ledger: 300 });
    expect(await auditOf("redeem_request", request.id)).toHaveLength(1);
    expect(await everyLedgerMatches()).toBe(0);
  });

  test("fulfil and decline racing: exactly one wins, and the points follow it", async () => {
    await playerWith("mixed", 300);
    const request = await redeemed("mixed");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        decide(
          maude,
          request.id,
          index % 2 ? { to: "declined", reason: "No" } : { to: "fulfilled", note: "Yes" },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [row] = await database.db
      .select()
      .from(redeemRequest)
      .where(eq(redeemRequest.id, request.id));
    const { balance } = (await balanceAndLedger("mixed")) ?? { balance: -1 };
    expect(balance).toBe(row?.status === "declined" ? 300 : 300 - request.cost);
    expect(await everyLedgerMatches()).toBe(0);
  });

  test("the pending list is oldest first and pages after a position; the queue counts it", async () => {
    await playerWith("waiting", 1000);
    for (const key of ["a", "b", "c"]) await redeemed("waiting", key);
    const first = await pendingRedeemRequests(database.db, { after: null, limit: 100 });
    expect(first.length).toBeGreaterThanOrEqual(3);
    const times = first.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const [head, ...rest] = first;
    if (!head) throw new Error("no pending request");
    const after = await pendingRedeemRequests(database.db, {
      after: { at: head.createdAt, id: head.id },
      limit: 100,
    });
    expect(after.map((row) => row.id)).toEqual(rest.map((row) => row.id));
    const redeemKind = QUEUE_KINDS.find((kind) => kind.key === "redeem");
    expect(await countOf(redeemKind)).toBe(first.length);
  });
});

async function planRequestFrom(values: { email: string; userId?: string | null; claim?: boolean }) {
  const [row] = await database.db
    .insert(planRequest)
    .values({
      planId: sql`(select id from pricing_plan order by position limit 1)`,
      billing: "monthly",
      priceCents: 1900,
      businessName: "Café Test",
      contactName: "Chloé",
      email: values.email,
      phone: "+15145550123",
      province: "QC",
      claimBusinessId: values.claim === false ? null : businessId,
      userId: values.userId ?? null,
      locale: "fr-CA",
    })
    .returning({ id: planRequest.id });
  if (!row) throw new Error("no plan request");
  return row.id;
}

const movePlan = (
  staff: StaffActor,
  id: number,
  from: "new" | "contacted" | "won" | "lost",
  to: "new" | "contacted" | "won" | "lost",
  note = "",
) =>
  staffWrite(database.db, staff, "moderator", (tx) =>
    movePlanRequest(tx, id, { from, to, note, authorId: staff.id }),
  );

describe("plan requests", () => {
  test("new → contacted → won, with notes; won opens the visitor's claim by e-mail", async () => {
    const id = await planRequestFrom({ email: "visitor@example.com" });
    await movePlan(maude, id, "new", "contacted", "Called, they want annual.");
    expect(await movePlan(marc, id, "contacted", "won", "Signed.")).toMatchObject({
      claimId: expect.any(Number),
    });
    const notes = await database.db
      .select()
      .from(planRequestNote)
      .where(eq(planRequestNote.requestId, id))
      .orderBy(planRequestNote.id);
    expect(notes.map((note) => [note.authorId, note.body])).toEqual([
      [maude.id, "Called, they want annual."],
      [marc.id, "Signed."],
    ]);
    const claims = await database.db
      .select()
      .from(businessClaim)
      .where(eq(businessClaim.sourceId, id));
    expect(claims).toEqual([
      expect.objectContaining({
        businessId,
        requesterId: null,
        contactEmail: "visitor@example.com",
        status: "open",
        source: "plan_request",
      }),
    ]);
    expect((await auditOf("plan_request", id)).map((row) => row.action)).toEqual([
      "plan_request.contact",
      "plan_request.win",
    ]);
    expect(await auditOf("business_claim", claims[0]?.id ?? 0)).toHaveLength(1);
  });

  test("won from new directly: a signed-in requester's claim is their account's", async () => {
    await playerWith("owner", 0);
    const id = await planRequestFrom({ email: "owner@example.com", userId: "owner" });
    await movePlan(maude, id, "new", "won");
    const [claim] = await database.db
      .select()
      .from(businessClaim)
      .where(eq(businessClaim.sourceId, id));
    expect(claim).toMatchObject({ requesterId: "owner", contactEmail: null });
  });

  test("new → lost, and a request that names no listing opens no claim when won", async () => {
    const lost = await planRequestFrom({ email: "lost@example.com" });
    await movePlan(maude, lost, "new", "lost", "Not interested.");
    const plain = await planRequestFrom({ email: "plain@example.com", claim: false });
    expect(await movePlan(maude, plain, "new", "won")).toEqual({ claimId: null });
    const claims = await database.db
      .select()
      .from(businessClaim)
      .where(sql`${businessClaim.sourceId} in (${lost}, ${plain})`);
    expect(claims).toHaveLength(0);
  });

  test("moves the table refuses are 409 and write nothing", async () => {
    const id = await planRequestFrom({ email: "refused@example.com", claim: false });
    await movePlan(maude, id, "new", "lost");
    for (const [from, to] of [
      ["lost", "won"],
      ["won", "lost"],
      ["contacted", "new"],
      ["contacted", "contacted"],
    ] as const)
      await expect(movePlan(maude, id, from, to)).rejects.toMatchObject({ code: "conflict" });
    expect(await auditOf("plan_request", id)).toHaveLength(1);
  });

  test("a lost race (the state moved since the page was read) is the 409 naming who", async () => {
    const id = await planRequestFrom({ email: "race@example.com" });
    await movePlan(maude, id, "new", "contacted");
    const refused = await movePlan(marc, id, "new", "lost").catch((error) => error);
    expect(refused).toMatchObject({ code: "already_handled" });
    expect(refused.options.values).toMatchObject({ name: "Maude" });
  });

  test("20 concurrent wins: one succeeds and one claim is opened", async () => {
    const id = await planRequestFrom({ email: "many@example.com" });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => movePlan(maude, id, "new", "won")),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const claims = await database.db
      .select()
      .from(businessClaim)
      .where(eq(businessClaim.sourceId, id));
    expect(claims).toHaveLength(1);
  });

  test("a note alone changes no state; the open list holds only new and contacted", async () => {
    const id = await planRequestFrom({ email: "note@example.com" });
    await staffWrite(database.db, maude, "moderator", (tx) =>
      notePlanRequest(tx, id, { body: "Left a message.", authorId: maude.id }),
    );
    const [row] = await database.db.select().from(planRequest).where(eq(planRequest.id, id));
    expect(row?.status).toBe("new");
    const open = await openPlanRequests(database.db, { after: null, limit: 100 });
    expect(open.every((item) => item.status === "new" || item.status === "contacted")).toBe(true);
    expect(open.map((item) => item.id)).toContain(id);
    expect(await countOf(QUEUE_KINDS.find((kind) => kind.key === "claims"))).toBeGreaterThan(0);
  });
});

describe("players", () => {
  const ban = (staff: StaffActor, id: string, until: Date | null = null) =>
    staffWrite(database.db, staff, "moderator", (tx) =>
      banPlayer(tx, id, { reason: "harassment", details: "Insults in reviews", until }),
    );

  async function withSessions(id: string, count: number) {
    await database.db.insert(session).values(
      Array.from({ length: count }, (_, index) => ({
        id: `${id}-session-${index}`,
        token: `${id}-token-${index}`,
        userId: id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
  }

  test("a ban ends every session at once, in its transaction, audited without the e-mail", async () => {
    await playerWith("troll", 0);
    await withSessions("troll", 3);
    await ban(maude, "troll");
    expect(
      await database.db.select().from(session).where(eq(session.userId, "troll")),
    ).toHaveLength(0);
    const [row] = await database.db.select().from(user).where(eq(user.id, "troll"));
    expect(row).toMatchObject({
      banned: true,
      banReason: "harassment: Insults in reviews",
      banExpires: null,
    });
    const [audit] = await auditOf("user", "troll");
    expect(audit).toMatchObject({ action: "player.ban", before: { banned: false } });
    expect(JSON.stringify([audit?.before, audit?.after])).not.toContain("@");
    const refused = await ban(marc, "troll").catch((error) => error);
    expect(refused).toMatchObject({ code: "already_handled" });
  });

  test("staff cannot be banned; lifting a ban works once", async () => {
    await expect(ban(ada, marc.id)).rejects.toMatchObject({ code: "forbidden" });
    await playerWith("forgiven", 0);
    await ban(maude, "forgiven");
    await staffWrite(database.db, marc, "moderator", (tx) => liftBan(tx, "forgiven"));
    const [row] = await database.db.select().from(user).where(eq(user.id, "forgiven"));
    expect(row).toMatchObject({ banned: false, banReason: null });
    await expect(
      staffWrite(database.db, maude, "moderator", (tx) => liftBan(tx, "forgiven")),
    ).rejects.toMatchObject({ code: "already_handled" });
  });

  test("a ban that expired is no longer in force: found as not banned, and can be banned again", async () => {
    await playerWith("expired", 0);
    await database.db
      .update(user)
      .set({ banned: true, banReason: "spam", banExpires: new Date(Date.now() - 60_000) })
      .where(eq(user.id, "expired"));
    expect((await findPlayers(database.db, "expired"))[0]).toMatchObject({ banned: false });
    await ban(maude, "expired", new Date(Date.now() + 86_400_000));
    expect((await findPlayers(database.db, "expired"))[0]).toMatchObject({ banned: true });
  });

  test("find by handle prefix or exact e-mail; e-mail and age only for admins", async () => {
    await playerWith("findable-one", 0);
    expect((await findPlayers(database.db, "findable")).map((row) => row.handle)).toEqual([
      "findable-one",
    ]);
    expect(
      (await findPlayers(database.db, "FINDABLE-ONE@example.com")).map((row) => row.id),
    ).toEqual(["findable-one"]);
    expect(await findPlayers(database.db, "findable-one@example")).toEqual([]);
    expect(await findPlayers(database.db, "%")).toEqual([]);
    const seen = await playerForStaff(database.db, "findable-one", { private: false });
    expect(seen.private).toBeNull();
    expect(JSON.stringify(seen)).not.toContain("@");
    const admin = await playerForStaff(database.db, "findable-one", { private: true });
    expect(admin.private).toEqual({ email: "findable-one@example.com", age: 12 });
  });

  test("replacing a handle: one of words, the player told, the old handle gone; a race loses", async () => {
    await playerWith("rude-handle", 0, "fr-CA");
    const renames = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        staffWrite(database.db, maude, "moderator", (tx) =>
          replaceIdentity(tx, "rude-handle", { field: "handle", seen: "rude-handle" }),
        ),
      ),
    );
    const done = renames.filter((outcome) => outcome.status === "fulfilled");
    expect(done).toHaveLength(1);
    const [row] = await database.db.select().from(user).where(eq(user.id, "rude-handle"));
    expect(row?.handle).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
    expect(await findPlayers(database.db, "rude-handle")).toEqual([]);
    const [mail] = await mailsTo("rude-handle@example.com");
    expect(mail?.subject).toBe("Nous avons changé ton nom sur Nearby");
    expect(mail?.text).toContain(row?.handle);
    const [audit] = await auditOf("user", "rude-handle");
    expect(audit).toMatchObject({
      action: "player.replace_handle",
      before: { handle: "rude-handle" },
      after: { handle: row?.handle },
    });
  });

  test("replacing a display name", async () => {
    await playerWith("rude-name", 0);
    const { value } = await staffWrite(database.db, maude, "moderator", (tx) =>
      replaceIdentity(tx, "rude-name", { field: "name", seen: "rude-name" }),
    );
    expect(value).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{4}$/);
    const [row] = await database.db.select().from(user).where(eq(user.id, "rude-name"));
    expect(row).toMatchObject({ name: value, handle: "rude-name" });
  });
});

test("each request kind lists its waiting rows oldest first, in the member's language, linking to its page", async () => {
  const requestKinds = QUEUE_KINDS.filter((kind) =>
    ["redeem", "plans", "claims"].includes(kind.key),
  );
  expect(requestKinds).toHaveLength(3);
  for (const kind of requestKinds) {
    const [first, second] = await kind.list(database.db, {
      locale: "fr-CA",
      after: null,
      limit: 2,
    });
    if (!first || !second) throw new Error(`${kind.key}: fewer than two waiting`);
    // Unlocalized: the queue page puts the member's language in front.
    expect(first.href).toMatch(/^\/staff\/(redeem|plans|claims)\/\d+$/);
    expect(first.title).toMatch(/\u202f: |^Revendication de /);
    expect(first.waitingSince.getTime()).toBeLessThanOrEqual(second.waitingSince.getTime());
    const [after] = await kind.list(database.db, {
      locale: "en-CA",
      after: { at: first.waitingSince, id: first.id },
      limit: 1,
    });
    expect(after?.id).toBe(second.id);
    expect(await countOf(kind)).toBeGreaterThanOrEqual(2);
  }
});
