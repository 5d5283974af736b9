import { HtmlValidate, type Message } from "html-validate";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { seedDemoData } from "../../seed.server.ts";
import { SITE_PAGES } from "../../site-pages/slugs.ts";

/**
 * Every kind of page, rendered by the built site on the demo data, checked by html-validate's
 * recommended rules. Off: the rules about how the markup is written rather than what it means,
 * which React decides (`<br/>`, `allowFullScreen`, `checked=""`) and ids React generates (`:r1:`).
 * A group of checkboxes shares one name as radios do: the filters send `employerType=a&employerType=b`,
 * the query the API documents.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "valid-id": "off",
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // French job titles are full doublets ("Représentant ou représentante du service à la
    // clientèle bilingue", 64 characters): with the site's name they pass 70, and are still whole.
    "long-title": ["error", { maxlength: 80 }],
  },
});

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let cookie: string;
const first: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  cookie = await signUpVerified(request, database.db, {
    name: "Val Idator",
    email: "val@example.com",
    age: 30,
  });
  const query = async (sql: string) =>
    String((await database.db.$client.query(sql)).rows[0]?.value ?? "");
  first.business = await query("select min(id) as value from business");
  first.job = await query("select min(id) as value from job where is_open");
  first.product = await query("select min(id) as value from product");
  for (const locale of ["en-CA", "fr-CA"])
    first[`post-${locale}`] = await query(
      `select slug as value from blog_post_text where locale = '${locale}' order by post_id limit 1`,
    );
  // Another player's public profile: one's own profile address leads to one's profile page.
  const other = await signUpVerified(request, database.db, {
    name: "Pub Lick",
    email: "pub@example.com",
    address: "10.9.0.2",
    age: 30,
  });
  const opened = await request("/api/me", {
    method: "PATCH",
    headers: { cookie: other, origin: TEST_BASE_URL, "content-type": "application/json" },
    body: JSON.stringify({ profilePublic: true }),
  });
  expect(opened.status).toBe(200);
  first.handle = await query(`select handle as value from "user" where email = 'pub@example.com'`);
  for (const [name, value] of Object.entries(first)) expect(value, name).not.toBe("");
  // What only shows with content: a cart's lines, a question's answers, a leaderboard's rows.
  const send = (path: string, body: unknown) =>
    request(path, {
      method: "POST",
      headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await send("/api/cart/items", { productId: Number(first.product) })).status).toBe(201);
  const asked = await send(`/api/businesses/${first.business}/questions`, {
    question: "Is there parking for bicycles nearby?",
  });
  expect(asked.status).toBe(201);
  const { id: questionId } = (await asked.json()) as { id: number };
  const answered = await send(`/api/questions/${questionId}/answers`, {
    answer: "Yes, two racks by the front door.",
  });
  expect(answered.status).toBe(201);
  await database.db.$client.query(`update "user" set points = 40 where email = 'val@example.com'`);
}, 180_000);

afterAll(() => database.close());

/** The pages a visitor reaches, then those only a signed-in player sees. */
const visitorPages = (locale: string) => [
  "/",
  "/businesses",
  "/businesses?name=caf&location=toronto",
  `/businesses/${first.business}`,
  `/businesses/${first.business}/report`,
  "/jobs",
  `/jobs/${first.job}`,
  `/jobs/${first.job}/apply`,
  `/jobs/${first.job}/report`,
  "/jobs/alerts/new",
  "/login",
  "/register",
  "/forgot-password",
  "/blogs",
  `/blogs/${first[`post-${locale}`]}`,
  "/shop",
  `/shop/${first.product}`,
  "/cart",
  "/pricing",
  ...SITE_PAGES.map((slug) => `/${slug}`),
  "/no-such-page",
];
const playerPages = (_locale: string) => [
  `/businesses/${first.business}`,
  "/cart",
  `/businesses/${first.business}/report`,
  "/profile",
  `/profile-view/${first.handle}/s`,
  `/profile-view/${first.handle}/followers`,
  "/leaderboard",
  "/redeem",
  "/playgames",
  "/jobs/saved",
];

function describeProblems(path: string, messages: Message[]): string[] {
  return messages.map(
    (message) => `${path} ${message.selector ?? ""}: ${message.ruleId} ${message.message}`,
  );
}

async function problemsOf(
  paths: (locale: string) => string[],
  headers: Record<string, string> = {},
) {
  const problems: string[] = [];
  for (const [locale, prefix] of [
    ["en-CA", ""],
    ["fr-CA", "/fr"],
  ] as const) {
    for (const path of paths(locale)) {
      const address = path === "/" && prefix ? prefix : `${prefix}${path}`;
      const answer = await request(address, { headers });
      expect(
        `${address} ${answer.status} ${answer.headers.get("content-type")} ${answer.headers.get("location") ?? ""}`,
      ).toMatch(/^\S+ (200|404) text\/html/);
      const report = await validator.validateString(await answer.text());
      problems.push(
        ...describeProblems(
          address,
          report.results.flatMap((r) => r.messages),
        ),
      );
    }
  }
  return problems;
}

test("visitors' pages are valid HTML in both languages", async () => {
  expect(await problemsOf(visitorPages)).toEqual([]);
}, 120_000);

test("signed-in players' pages are valid HTML in both languages", async () => {
  expect(await problemsOf(playerPages, { cookie })).toEqual([]);
}, 120_000);
