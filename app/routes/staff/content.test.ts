import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { redeemGoal } from "../../db/schema/players.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { seedRedeemGoals } from "../../players/seed.server.ts";

// A content page's save through the built site (one `contentSave` serves posts, products, plans
// and goals): saved, refused with what was typed kept, a 409 over someone else's save, the 404.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
let goalId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  for (const [name, role] of [
    ["maude", "moderator"],
    ["pat", "player"],
  ] as const) {
    const email = `${name}@example.com`;
    cookies[name] = await signUpVerified(request, database.db, {
      name: `${name} Tester`,
      email,
      address: `10.32.0.${role === "player" ? 2 : 1}`,
    });
    await database.db
      .update(user)
      .set({ role, twoFactorEnabled: role !== "player" })
      .where(eq(user.email, email));
  }
  await seedRedeemGoals(database.db);
  const [goal] = await database.db.select({ id: redeemGoal.id }).from(redeemGoal).limit(1);
  goalId = goal?.id ?? 0;
});

afterAll(() => database.close());

const save = (who: string, path: string, form: Record<string, string>) =>
  request(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookies[who] ?? "",
      "x-real-ip": "10.32.1.1",
    },
    body: new URLSearchParams(form).toString(),
  });

const goalForm = (version: number, name: string) => ({
  version: String(version),
  "name_en-CA": name,
  "name_fr-CA": `${name} (fr)`,
  cost: "250",
});

const savedGoal = async () => {
  const [row] = await database.db
    .select({ name: redeemGoal.name, cost: redeemGoal.cost, version: redeemGoal.version })
    .from(redeemGoal)
    .where(eq(redeemGoal.id, goalId));
  return row;
};

test("a save goes back to the item's page in the page's language, saying so", async () => {
  const answer = await save("maude", `/fr/staff/content/goals/${goalId}`, goalForm(0, "Kite"));
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe(`/fr/staff/content/goals/${goalId}?saved=1`);
  expect(await savedGoal()).toEqual({
    name: { "en-CA": "Kite", "fr-CA": "Kite (fr)" },
    cost: 250,
    version: 1,
  });
});

test("a save over someone else's is a 409 that keeps what was typed and changes nothing", async () => {
  const answer = await save("maude", `/staff/content/goals/${goalId}`, goalForm(0, "Late kite"));
  expect(answer.status).toBe(409);
  const html = await answer.text();
  expect(html).toContain('value="Late kite"');
  expect(html).toContain("Saving again replaces their changes with yours.");
  expect((await savedGoal())?.name["en-CA"]).toBe("Kite");
});

test("a refused form keeps what was typed, with its message; a player gets the 404", async () => {
  const refused = await save("maude", `/staff/content/goals/${goalId}`, {
    ...goalForm(1, "Red kite"),
    cost: "0",
  });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain('value="Red kite"');
  expect((await save("pat", `/staff/content/goals/${goalId}`, goalForm(1, "Mine"))).status).toBe(
    404,
  );
  expect(await savedGoal()).toMatchObject({ cost: 250, version: 1 });
});
