import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { apiContract } from "../../../scripts/fuzz/contract.ts";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { apiDocument } from "../../openapi.server.ts";
import { jsonAnswer } from "../../platform/api.ts";
import {
  type ApiArea,
  assembleApiDocument,
  ERROR_STATUS,
  type ErrorCode,
  jsonResponse,
  METHODS,
  type Method,
  type Parameter,
  PUBLIC,
  type Schema,
} from "../../platform/openapi.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { planListSchema } from "../../pricing/types.ts";
import routes from "../../routes.ts";
import { seedDemoData } from "../../seed.server.ts";

/** Routes under api/ that are not endpoints of the API itself. */
const NOT_ENDPOINTS = new Set(["api/openapi.json", "api/docs", "api/*"]);

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** Every API endpoint routes.ts declares, with its path as the document writes it. */
const endpoints = flatten(routes)
  .filter(({ path }) => path.startsWith("api/") && !NOT_ENDPOINTS.has(path))
  .filter(({ path }) => path !== "api/auth" && !path.startsWith("api/auth/"))
  .map(({ path, file }) => ({
    file,
    documented: `/${path.replace(/:(\w+)/g, "{$1}")}` as keyof typeof apiDocument.paths,
    example: `/${path.replace(/:\w+/g, "1")}`,
  }));

const documentedMethods = (path: keyof typeof apiDocument.paths) =>
  METHODS.filter((method) => apiDocument.paths[path]?.[method]).sort();

describe("the document covers every API route in app/routes.ts", () => {
  test("the routes are found", () => {
    expect(endpoints.map(({ documented }) => documented)).toEqual(
      expect.arrayContaining(["/api/businesses/{id}", "/api/me", "/api/me/avatar"]),
    );
  });

  test.each(endpoints)("$documented is a documented path", ({ documented }) => {
    expect(Object.keys(apiDocument.paths)).toContain(documented);
  });

  test("every documented path outside /api/auth is a route", () => {
    const own = Object.keys(apiDocument.paths).filter((path) => !path.startsWith("/api/auth/"));
    expect(own.sort()).toEqual(endpoints.map(({ documented }) => documented).sort());
  });

  test("an operation that takes input documents its client errors", () => {
    for (const item of Object.values(apiDocument.paths)) {
      for (const operation of Object.values(item)) {
        if (!operation.parameters && !operation.requestBody) continue;
        expect(Object.keys(operation.responses), operation.operationId).toContainEqual(
          expect.stringMatching(/^4\d\d$/),
        );
      }
    }
  });
});

describe("the document is generated from the zod schemas", () => {
  const area = (response: Parameters<typeof jsonResponse> | { schema: Schema }): ApiArea => ({
    tag: { name: "Probe", description: "A probe" },
    schemas: { ProbeAnswer: z.object({ id: z.int() }) },
    paths: {
      "/api/probe": {
        get: {
          operationId: "probe",
          summary: "Probe",
          description: "Probe",
          tags: ["Probe"],
          security: PUBLIC,
          responses: {
            "200": Array.isArray(response)
              ? jsonResponse(...response)
              : {
                  description: "A schema written by hand",
                  content: { "application/json": { schema: response.schema } },
                },
          },
        },
      },
    },
  });

  test("a success answer's body must be a named zod schema: a hand-written one is refused", () => {
    const built = assembleApiDocument([area(["The answer", "ProbeAnswer"])]);
    expect(built.components.schemas.ProbeAnswer).toEqual({
      type: "object",
      properties: {
        id: { type: "integer", minimum: expect.any(Number), maximum: expect.any(Number) },
      },
      required: ["id"],
    });
    expect(() => assembleApiDocument([area({ schema: { type: "object" } })])).toThrow(
      "get /api/probe 200: the body is not a named zod schema",
    );
    expect(() => assembleApiDocument([area(["The answer", "NoSuchSchema"])])).toThrow(
      "not a named zod schema",
    );
  });

  test("every 2xx JSON body of the document refers to a component schema", () => {
    let bodies = 0;
    for (const item of Object.values(apiDocument.paths))
      for (const operation of Object.values(item))
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = "content" in response && response.content?.["application/json"]?.schema;
          if (!status.startsWith("2") || !schema) continue;
          bodies += 1;
          const name = String(schema.$ref).replace("#/components/schemas/", "");
          expect(apiDocument.components.schemas, operation.operationId).toHaveProperty(name);
        }
    expect(bodies).toBeGreaterThan(30);
  });

  test("a route's answer is typed by its schema: tsc refuses a body that drifts from it", () => {
    // @ts-expect-error `items` must be plans: the document and the route share planListSchema.
    const drifted = () => jsonAnswer(planListSchema, { items: [{ id: 1 }] });
    expect(drifted).toBeTypeOf("function");
  });

  test("every cursor parameter carries the base64url pattern the server enforces", () => {
    const cursors = Object.entries(apiDocument.paths).flatMap(([path, item]) =>
      Object.values(item).flatMap((operation) =>
        ((operation.parameters ?? []) as Parameter[])
          .filter(({ name, in: where }) => name === "cursor" && where === "query")
          .map(({ schema }) => ({ path, pattern: schema.pattern })),
      ),
    );
    expect(cursors.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        "/api/businesses",
        "/api/businesses/{id}/reviews",
        "/api/businesses/{id}/questions",
        "/api/blogs",
        "/api/products",
      ]),
    );
    for (const { path, pattern } of cursors)
      if (!path.includes("follow")) expect(pattern, path).toBe("^[A-Za-z0-9_-]{0,200}$");
  });
});

describe("over HTTP", () => {
  let database: DatabaseHandle;
  let request: Awaited<ReturnType<typeof createTestHost>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  });

  afterAll(() => database.close());

  /**
   * A new player per route: probing DELETE /api/me deletes its player. An adult, as the cart's
   * routes answer a child 403 (decision 0062).
   */
  const newPlayer = (index: number) =>
    signUpVerified(request, database.db, {
      name: `Probe ${index}`,
      email: `probe${index}@example.com`,
      address: `10.9.${Math.floor(index / 250)}.${index % 250}`,
      age: 30,
    });

  /**
   * The methods a route answers, asked as a signed-in player so that no sign-in check hides a 405.
   * GET counts only when the module has a loader (React Router refuses GET without one with 400).
   */
  test("each route answers exactly the methods its path documents, with documented errors", async () => {
    const errors: { code: string; status: number }[] = [];
    for (const [index, { file, documented, example }] of endpoints.entries()) {
      const cookie = await newPlayer(index + 1);
      const module = await import(/* @vite-ignore */ `../../${file}`);
      const answered: Method[] = [];
      // DELETE last: it may end the player the other probes use.
      for (const method of ["get", "post", "put", "patch", "delete"] as const) {
        const response = await request(example, {
          method: method.toUpperCase(),
          headers: { cookie, origin: TEST_BASE_URL },
        });
        const answers = method === "get" ? "loader" in module : "action" in module;
        if (answers && response.status !== 405) answered.push(method);
        if (response.headers.get("content-type")?.includes("json") && response.status >= 400)
          errors.push({ code: (await response.json()).error.code, status: response.status });
      }
      expect(answered.sort(), documented).toEqual(documentedMethods(documented));
    }
    expect(errors.length).toBeGreaterThan(0);
    for (const { code, status } of errors)
      expect(ERROR_STATUS[code as ErrorCode], code).toBe(status);
  }, 300_000);

  test("every documented /api/auth endpoint exists in Better Auth", async () => {
    const auth = Object.entries(apiDocument.paths).filter(([path]) =>
      path.startsWith("/api/auth/"),
    );
    expect(auth.length).toBeGreaterThan(0);
    for (const [index, [path, item]] of auth.entries()) {
      for (const method of METHODS.filter((name) => item[name])) {
        const response = await request(path, {
          method: method.toUpperCase(),
          headers: {
            origin: TEST_BASE_URL,
            "content-type": "application/json",
            "x-real-ip": `10.8.0.${index + 1}`,
          },
          body: method === "get" ? undefined : "{}",
        });
        expect(response.status, `${method.toUpperCase()} ${path}`).not.toBe(404);
      }
    }
  });

  test("/api/openapi.json serves the document and /api/docs shows every operation", async () => {
    const served = await request("/api/openapi.json");
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(JSON.parse(JSON.stringify(apiDocument)));
    const page = await request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const [path, item] of Object.entries(apiDocument.paths)) {
      expect(html).toContain(path);
      for (const operation of Object.values(item)) expect(html).toContain(operation.operationId);
    }
  });

  /**
   * Every documented operation, called with real data (the demo seed, a player of its own, a quiz
   * session), answers with a documented status and a body valid against its documented schema.
   */
  test("every documented operation's real answers match the document's response schemas", async () => {
    await seedDemoData(database.db);
    const first = async (query: string) =>
      String(((await database.db.execute(sql.raw(query))).rows[0] as { v: unknown }).v);
    // An adult's profile is public: its profile and follow lists answer with data.
    const other = await signUpVerified(request, database.db, {
      name: "Probe Adult",
      email: "probe900@example.com",
      address: "10.9.200.1",
      age: 30,
    });
    const otherHandle = await first(
      "select handle as v from \"user\" where email = 'probe900@example.com'",
    );
    const values: Record<string, () => Promise<string>> = {
      "/api/businesses/": () => first("select min(id) as v from business"),
      "/api/me/saved-businesses/": () => first("select min(id) as v from business"),
      "/api/reviews/": () => first("select min(id) as v from review"),
      "/api/questions/": () => first("select min(id) as v from business_question"),
      "/api/answers/": () => first("select coalesce(min(id), 1) as v from question_answer"),
      "/api/jobs/": () => first("select min(id) as v from job"),
      "/api/blogs/": () => first("select min(slug) as v from blog_post_text"),
      "/api/products/": () => first("select min(id) as v from product"),
      "/api/cart/items/": () => first("select min(id) as v from product"),
      "/api/players/": async () => otherHandle,
    };
    const contract = apiContract(apiDocument);
    const problems: string[] = [];
    const successes: string[] = [];
    let index = 1000;
    for (const [path, item] of Object.entries(apiDocument.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const operation = item[method] as NonNullable<(typeof item)[typeof method]>;
        index += 1;
        const cookie =
          operation.security.length > 0 && path !== "/api/auth/sign-out"
            ? await newPlayer(index)
            : undefined;
        let address = path;
        for (const [prefix, value] of Object.entries(values))
          if (address.startsWith(prefix)) address = address.replace(/\{\w+\}/, await value());
        if (address.startsWith("/api/quiz/sessions/")) {
          const started = await request("/api/quiz/sessions", {
            method: "POST",
            headers: {
              cookie: cookie ?? "",
              origin: TEST_BASE_URL,
              "content-type": "application/json",
            },
            body: JSON.stringify({ category: "math" }),
          });
          address = address.replace("{id}", String((await started.json()).id));
        }
        const example = operation.requestBody?.content["application/json"]?.example;
        const response = await request(address, {
          method: method.toUpperCase(),
          headers: {
            origin: TEST_BASE_URL,
            "x-real-ip": `10.7.${Math.floor(index / 250)}.${index % 250}`,
            ...(cookie ? { cookie } : {}),
            ...(example !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: example !== undefined ? JSON.stringify(example) : undefined,
        });
        const answer = {
          status: response.status,
          headers: response.headers,
          body: await response.text(),
        };
        problems.push(...contract.check(path, method, answer));
        if (response.status < 300) successes.push(`${method} ${path}`);
      }
    }
    expect(problems).toEqual([]);
    expect(other).toBeTruthy();
    // The reads answer with data, not only errors: their 2xx schemas were checked on real rows.
    expect(successes).toEqual(
      expect.arrayContaining([
        "get /api/businesses",
        "get /api/businesses/{id}",
        "get /api/businesses/{id}/reviews",
        "get /api/jobs/{id}",
        "get /api/blogs/{slug}",
        "get /api/products/{id}",
        "get /api/cart",
        "get /api/leaderboard",
        "get /api/players/{handle}",
        "get /api/me",
        "post /api/quiz/sessions",
      ]),
    );
  }, 300_000);

  test("a leaderboard page under 1 is refused, as the document's minimum says", async () => {
    const cookie = await newPlayer(950);
    const response = await request("/api/leaderboard?page=-244349", { headers: { cookie } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details).toEqual([
      { field: "page", message: expect.any(String) },
    ]);
  });

  test("the directory's cursors: the server's own pass the document's pattern and are accepted; others are a 400", async () => {
    const pattern = new RegExp(
      String(
        (apiDocument.paths["/api/businesses"]?.get?.parameters ?? []).find(
          ({ name }) => name === "cursor",
        )?.schema.pattern,
      ),
    );
    if ((await database.db.execute(sql`select 1 from business limit 1`)).rows.length === 0)
      await seedDemoData(database.db);
    const first = await (await request("/api/businesses?limit=1")).json();
    expect(first.nextCursor).toMatch(pattern);
    expect((await request(`/api/businesses?limit=1&cursor=${first.nextCursor}`)).status).toBe(200);
    for (const refused of ["a+b", "x".repeat(201), "bm90LWEtY3Vyc29y"]) {
      const response = await request(`/api/businesses?cursor=${encodeURIComponent(refused)}`);
      expect(response.status, refused).toBe(400);
      expect((await response.json()).error.details).toEqual([
        { field: "cursor", message: expect.any(String) },
      ]);
    }
  });

  test("the Error schema's details are what the wire carries: { field, message }", () => {
    const details = apiDocument.components.schemas.Error as {
      properties: { error: { properties: { details: { items: { required: string[] } } } } };
    };
    expect(details.properties.error.properties.details.items.required).toEqual([
      "field",
      "message",
    ]);
  });

  test("sign-up's age is required in the document, as the server requires it", () => {
    const signUp = apiDocument.paths["/api/auth/sign-up/email"]?.post;
    const body = signUp?.requestBody?.content["application/json"]?.schema as { required: string[] };
    expect(body.required).toContain("age");
  });
});
