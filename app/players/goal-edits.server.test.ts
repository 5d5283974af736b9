import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { validate } from "../platform/input.server.ts";
import { saveGoal, staffGoals } from "./goal-edits.server.ts";
import { goalFormSchema } from "./goal-form.ts";
import { seedRedeemGoals } from "./seed.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRedeemGoals(database.db);
});

afterAll(() => database.close());

async function formFor(overrides: Record<string, string> = {}) {
  const [goal] = await staffGoals(database.db);
  if (!goal) throw new Error("no goal");
  return {
    goal,
    form: await validate(goalFormSchema, {
      version: String(goal.version),
      "name_en-CA": goal.name["en-CA"],
      "name_fr-CA": goal.name["fr-CA"],
      cost: String(goal.cost),
      ...overrides,
    }),
  };
}

const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: { code: string; options: { problems?: { field: string }[] } }) =>
      `${error.code}:${error.options.problems?.[0]?.field ?? ""}`,
  );

test("a goal's cost must be a whole number of points, 1 or more", async () => {
  expect(await problemOf(formFor({ cost: "0" }))).toBe("invalid_parameters:cost");
  expect(await problemOf(formFor({ cost: "2.5" }))).toBe("invalid_parameters:cost");
  expect(await problemOf(formFor({ "name_fr-CA": "" }))).toBe("invalid_parameters:name_fr-CA");
});

test("an edit saves with its audit; a stale one gets the 409; seeding again keeps it", async () => {
  const { goal, form } = await formFor({ "name_en-CA": "A new name", cost: "777" });
  const picture = "/uploads/content/0123456789abcdef0123456789abcdef.jpg";
  const { audit, result } = await database.db.transaction((tx) =>
    saveGoal(tx, goal.id, form, picture),
  );
  expect(result).toMatchObject({ cost: 777, image: picture });
  expect(audit).toMatchObject({
    action: "goal.update",
    before: { cost: goal.cost, image: goal.image },
    after: { cost: 777, image: picture },
  });
  expect(
    await problemOf(database.db.transaction((tx) => saveGoal(tx, goal.id, form, undefined))),
  ).toBe("conflict:");
  await seedRedeemGoals(database.db);
  const again = (await staffGoals(database.db)).find((each) => each.id === goal.id);
  expect(again?.name["en-CA"]).toBe("A new name");
});
