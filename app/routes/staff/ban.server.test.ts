// A ban through the console's write path, seen from the player's side through the HTTP host: the
// session they had ends at once, and signing in is refused with where to appeal, until the ban
// is lifted or runs out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { cookieOf, signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { DEFAULT_MODERATION_REPLY_TO } from "../../platform/config.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { banPlayer, liftBan } from "../../players/staff.server.ts";
import type { StaffActor } from "../../staff/access.server.ts";
import { staffWrite } from "../../staff/write.server.ts";

let database: DatabaseHandle;
let send: Awaited<ReturnType<typeof createTestHost>>;
const moderator: StaffActor = {
  id: "mod-1",
  name: "Maude",
  role: "moderator",
  clientAddress: null,
};
const EMAIL = "banned@example.com";

beforeAll(async () => {
  database = await createTestDatabase();
  send = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await database.db.insert(user).values({
    id: moderator.id,
    name: "Maude",
    email: "m@example.com",
    handle: "maude",
    role: "moderator",
  });
});

afterAll(() => database.close());

const signIn = () =>
  send("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-real-ip": "10.9.0.2" },
    body: JSON.stringify({ email: EMAIL, password: "canoe-portage-42" }),
  });

const redeemPage = (cookie: string) => send("/redeem", { headers: { cookie } });

test("a ban ends the player's session at once; sign-in says suspended until it is lifted", async () => {
  const cookie = await signUpVerified(send, database.db, { name: "Banned Player", email: EMAIL });
  expect((await redeemPage(cookie)).status).toBe(200);
  const [player] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, EMAIL));
  const id = player?.id ?? "";
  await staffWrite(database.db, moderator, "moderator", (tx) =>
    banPlayer(tx, id, { reason: "spam", details: "", until: null }),
  );
  const after = await redeemPage(cookie);
  expect(after.status).toBe(302);
  expect(after.headers.get("location")).toMatch(/^\/login\?redirectTo=/);

  const refused = await signIn();
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({
    error: {
      code: "forbidden",
      message: `This account is suspended. To appeal, write to ${DEFAULT_MODERATION_REPLY_TO}.`,
    },
  });
  expect(cookieOf(refused)).not.toContain("session_token=");

  // The login page's form says the same, in the page's language.
  const form = await send("/fr/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_BASE_URL },
    body: new URLSearchParams({ intent: "login", email: EMAIL, password: "canoe-portage-42" }),
  });
  expect(form.status).toBe(403);
  expect(await form.text()).toContain(
    `Ce compte est suspendu. Pour faire appel, écrivez à ${DEFAULT_MODERATION_REPLY_TO}.`,
  );

  await staffWrite(database.db, moderator, "moderator", (tx) => liftBan(tx, id));
  expect((await signIn()).status).toBe(200);
});

test("a ban that has run out no longer refuses sign-in", async () => {
  await database.db
    .update(user)
    .set({ banned: true, banReason: "spam", banExpires: new Date(Date.now() - 60_000) })
    .where(eq(user.email, EMAIL));
  expect((await signIn()).status).toBe(200);
});
