import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { CONTENT_DIR } from "../platform/content-dir.server.ts";
import { validate } from "../platform/input.server.ts";
import { savePlan, staffPlans } from "./plan-edits.server.ts";
import { planFormSchema } from "./plan-form.ts";
import { listPlans } from "./plans.server.ts";
import { readPricingContent, seedPlans } from "./seed.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedPlans(database.db, await readPricingContent(CONTENT_DIR));
});

afterAll(() => database.close());

async function formFor(index: number, overrides: Record<string, string | undefined> = {}) {
  const plan = (await staffPlans(database.db))[index];
  if (!plan) throw new Error("no such plan");
  return {
    plan,
    form: await validate(planFormSchema, {
      version: String(plan.version),
      "name_en-CA": plan.name["en-CA"],
      "name_fr-CA": plan.name["fr-CA"],
      "summary_en-CA": plan.summary["en-CA"],
      "summary_fr-CA": plan.summary["fr-CA"],
      "features_en-CA": plan.features["en-CA"].join("\n"),
      "features_fr-CA": plan.features["fr-CA"].join("\n"),
      monthly: (plan.monthlyPriceCents / 100).toFixed(2),
      annual: (plan.annualPriceCents / 100).toFixed(2),
      recommended: plan.recommended ? "on" : undefined,
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

test("a plan's texts and prices are checked with a message per field", async () => {
  expect(await problemOf(formFor(0, { monthly: "abc" }))).toBe("invalid_parameters:monthly");
  expect(await problemOf(formFor(0, { "features_fr-CA": "\n  \n" }))).toBe(
    "invalid_parameters:features_fr-CA",
  );
  expect(await problemOf(formFor(0, { "name_en-CA": " " }))).toBe("invalid_parameters:name_en-CA");
});

test("an edit shows on the pricing page, moves the recommended mark, and a stale one gets the 409", async () => {
  const { plan, form } = await formFor(0, {
    "name_en-CA": "Starter plus",
    monthly: "12,50",
    recommended: "on",
    "features_en-CA": "One\n\nTwo",
  });
  const { audit } = await database.db.transaction((tx) => savePlan(tx, plan.id, form));
  expect(audit).toMatchObject({
    action: "plan.update",
    before: { name: plan.name },
    after: { monthlyPriceCents: 1250, features: { "en-CA": ["One", "Two"] } },
  });
  const plans = await listPlans(database.db);
  expect(plans[0]).toMatchObject({ monthlyPriceCents: 1250, recommended: true });
  expect(plans.filter((each) => each.recommended)).toHaveLength(1);
  expect(await problemOf(database.db.transaction((tx) => savePlan(tx, plan.id, form)))).toBe(
    "conflict:",
  );
});

test("seeding again keeps the edited plan", async () => {
  await seedPlans(database.db, await readPricingContent(CONTENT_DIR));
  expect((await listPlans(database.db))[0]?.name["en-CA"]).toBe("Starter plus");
});
