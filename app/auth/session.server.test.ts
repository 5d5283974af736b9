import { eq, type SQL, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { SESSION_LIFETIME } from "../db/live-session.server.ts";
import { session, user } from "../db/schema/accounts.ts";
import { countQueries, createTestDatabase } from "../db/test-database.server.ts";
import { authContext, databaseContext } from "../platform/context.ts";
import { createTestHost, TEST_AUTH_SECRET, TEST_BASE_URL } from "../platform/test-host.server.ts";
import { type Auth, createAuth } from "./auth.server.ts";
import { getViewer } from "./session.server.ts";
import { signUpVerified } from "./test-players.server.ts";

let database: DatabaseHandle;
let auth: Auth;
let cookie: string;
let send: Awaited<ReturnType<typeof createTestHost>>;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, baseUrl: TEST_BASE_URL, secret: TEST_AUTH_SECRET });
  send = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  cookie = await signUpVerified(send, database.db, {
    name: "Maëlle Tremblay",
    email: "maelle@example.com",
  });
});

afterAll(() => database.close());

/** A fresh request's context, as the host gives each request. */
function contextOf() {
  const context = new RouterContextProvider();
  context.set(authContext, auth);
  context.set(databaseContext, database.db);
  return context;
}

const requestWith = (cookieHeader: string) =>
  new Request("http://localhost/businesses", { headers: { cookie: cookieHeader } });

/** Moves a session's times, as the clock would have. */
const setSession = (token: string, times: { expiresAt: SQL; createdAt?: SQL }) =>
  database.db.update(session).set(times).where(eq(session.token, token));

const tokenOf = (header: string): string =>
  decodeURIComponent(/better-auth\.session_token=([^;]*)/.exec(header)?.[1] ?? "").split(".")[0] ??
  "";

describe("getViewer", () => {
  test("a visitor without a session cookie is nobody, without a query", async () => {
    const queries = await countQueries(database.db, async () => {
      expect(await getViewer(requestWith("theme=dark"), contextOf())).toBeNull();
    });
    expect(queries).toBe(0);
  });

  test("a signed-in player is found in one query, however many loaders ask", async () => {
    const request = requestWith(`theme=dark; ${cookie}`);
    const context = contextOf();
    let viewers: unknown[] = [];
    const queries = await countQueries(database.db, async () => {
      viewers = await Promise.all([getViewer(request, context), getViewer(request, context)]);
    });
    expect(queries).toBe(1);
    expect(viewers[0]).toMatchObject({
      name: "Maëlle Tremblay",
      email: "maelle@example.com",
      emailVerified: true,
      image: null,
    });
    expect(viewers[1]).toBe(viewers[0]);
  });

  test("the same one query says whether the player manages an employer (the header's link)", async () => {
    const [found] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "maelle@example.com"));
    const read = async () => {
      const viewers: Awaited<ReturnType<typeof getViewer>>[] = [];
      const queries = await countQueries(database.db, async () => {
        viewers.push(await getViewer(requestWith(cookie), contextOf()));
      });
      return { queries, employs: viewers[0]?.employs };
    };
    expect(await read()).toEqual({ queries: 1, employs: false });
    // The jobs area's tables, written as SQL: auth reads them only through jobs/membership.
    await database.db.execute(sql`
      with made as (
        insert into employer (name, description, province, contact_email)
        values ('Boulangerie Tremblay', '{"en-CA": "Bread"}', 'QC', 'jobs@example.com')
        returning id)
      insert into employer_member (employer_id, user_id, via)
      select id, ${found?.id}, 'founder' from made`);
    expect(await read()).toEqual({ queries: 1, employs: true });
  });

  test("a cookie whose signature does not hold is nobody", async () => {
    const token = tokenOf(cookie);
    const forged = Buffer.alloc(32, 7).toString("base64");
    for (const value of [`${token}.${forged}`, token, `${token}.`, "%E0%A4%A", `.${forged}`]) {
      const request = requestWith(`better-auth.session_token=${encodeURIComponent(value)}`);
      expect(await getViewer(request, contextOf())).toBeNull();
    }
    const otherSecret = createAuth({
      db: database.db,
      baseUrl: TEST_BASE_URL,
      secret: "another-secret-another-secret-another-1",
    });
    const context = contextOf();
    context.set(authContext, otherSecret);
    expect(await getViewer(requestWith(cookie), context)).toBeNull();
  });

  test("an expired session is nobody, and Better Auth removes it", async () => {
    const expired = await signUpVerified(send, database.db, {
      name: "Expired Player",
      email: "expired@example.com",
      address: "10.9.0.2",
    });
    const token = tokenOf(expired);
    await setSession(token, { expiresAt: sql`now() - interval '1 minute'` });
    expect(await getViewer(requestWith(expired), contextOf())).toBeNull();
    expect(await database.db.$count(session, eq(session.token, token))).toBe(0);
  });

  test("a session used a day after its last extension is extended by Better Auth", async () => {
    const token = tokenOf(cookie);
    const lastExtended = SESSION_LIFETIME.expiresIn - SESSION_LIFETIME.updateAge - 60;
    await setSession(token, { expiresAt: sql`now() + make_interval(secs => ${lastExtended})` });
    const viewer = await getViewer(requestWith(cookie), contextOf());
    expect(viewer?.email).toBe("maelle@example.com");
    const [row] = await database.db
      .select({ left: sql<number>`extract(epoch from ${session.expiresAt} - now())::int` })
      .from(session)
      .where(eq(session.token, token));
    expect(row?.left).toBeGreaterThan(SESSION_LIFETIME.expiresIn - 60);
  });

  test("a staff member's session, capped at 12 hours, is found in one query until it ends", async () => {
    const staff = await signUpVerified(send, database.db, {
      name: "Staff Member",
      email: "staff-member@example.com",
      address: "10.9.0.4",
    });
    const token = tokenOf(staff);
    await database.db
      .update(user)
      .set({ role: "moderator" })
      .where(eq(user.email, "staff-member@example.com"));
    // The trigger of migration 0027 caps the end at the sign-in's 12 hours on any write of it.
    await setSession(token, { expiresAt: sql`now() + interval '30 days'` });
    const endOf = async () =>
      (
        await database.db
          .select({ expiresAt: session.expiresAt })
          .from(session)
          .where(eq(session.token, token))
      )[0]?.expiresAt.getTime();
    const end = await endOf();
    expect(end).toBeLessThan(Date.now() + 12 * 60 * 60 * 1000 + 60_000);
    let viewer: Awaited<ReturnType<typeof getViewer>> = null;
    const queries = await countQueries(database.db, async () => {
      viewer = await getViewer(requestWith(staff), contextOf());
    });
    expect(queries).toBe(1);
    expect(viewer).toMatchObject({ email: "staff-member@example.com", role: "moderator" });
    expect(await endOf()).toBe(end);

    await setSession(token, {
      createdAt: sql`now() - interval '13 hours'`,
      expiresAt: sql`now() + interval '1 day'`,
    });
    expect(await getViewer(requestWith(staff), contextOf())).toBeNull();
    expect(await database.db.$count(session, eq(session.token, token))).toBe(0);
  });

  test("a deleted player's session finds nobody", async () => {
    const gone = await signUpVerified(send, database.db, {
      name: "Gone Player",
      email: "gone@example.com",
      address: "10.9.0.3",
    });
    await database.db.delete(user).where(eq(user.email, "gone@example.com"));
    expect(await getViewer(requestWith(gone), contextOf())).toBeNull();
  });
});
