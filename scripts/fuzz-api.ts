/**
 * Reads the API document the built server serves (/api/openapi.json) and, for every operation,
 * sends requests made from its schemas: valid values, boundaries and values the schemas refuse
 * (negative and huge numbers, wrong types, odd strings, made-up cursors), and every path with
 * methods it does not list, TRACE among them. Each answer must have a documented status, never a
 * 5xx, `Allow` on a 405 and a body valid against the documented schema (scripts/fuzz/contract.ts);
 * a query value the document refuses must not answer 2xx. Not a test; an instrument:
 *   npm run build && npm run fuzz:api
 * It starts its own embedded PostgreSQL and server in a temporary directory, removes both at the
 * end, prints each failure and exits 1 when there is any. The server's log: .data/fuzz-api-server.log.
 */
import fs from "node:fs";
import pg from "pg";
import type { ApiDocument, Method, Operation, Parameter } from "../app/platform/openapi.ts";
import { apiContract } from "./fuzz/contract.ts";
import { sendRaw } from "./fuzz/http.ts";
import { CLIENT_IP_HEADER, type FuzzSite, runOnFuzzSite } from "./fuzz/site.ts";
import { signUpConfirmed } from "./lib/server.ts";

const SERVER_LOG = ".data/fuzz-api-server.log";
const REQUEST_TIMEOUT_MS = 20_000;
const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];
/** Node's parser answers a method it does not know itself (400); these it hands to the host. */
const OTHER_METHODS = ["TRACE", "OPTIONS", "PROPFIND", ...METHODS.map((m) => m.toUpperCase())];

await runOnFuzzSite({ name: "fuzz-api", log: SERVER_LOG, maxBodyBytes: 262_144 }, main);

type Schema = Record<string, unknown>;

/** Values a query parameter's schema takes, and values it refuses, as query-string text. */
function queryValues(schema: Schema): { valid: string[]; invalid: string[] } {
  // A NUL is stripped from searches rather than refused: sent as valid, it must not be a 5xx.
  const valid: string[] = ["\u0000"];
  const invalid = ["a".repeat(5000)];
  if (Array.isArray(schema.enum)) {
    valid.push(...(schema.enum as unknown[]).map(String));
    invalid.push("not-in-the-list");
  }
  if (schema.type === "integer" || schema.type === "number") {
    const minimum = typeof schema.minimum === "number" ? schema.minimum : undefined;
    const maximum = typeof schema.maximum === "number" ? schema.maximum : undefined;
    if (minimum !== undefined) {
      valid.push(String(minimum));
      invalid.push(String(minimum - 1), "-244349");
    }
    if (maximum !== undefined) {
      valid.push(String(maximum));
      invalid.push(String(maximum + 1));
    }
    invalid.push("1e400", "99999999999999999999999", "1.5", "abc", "");
  }
  if (schema.type === "string") {
    if (typeof schema.maxLength === "number") invalid.push("x".repeat(schema.maxLength + 1));
    if (typeof schema.pattern === "string") invalid.push("!!not base64 {}", "a b");
    valid.push("");
  }
  return {
    valid,
    invalid: invalid.filter((value) => !valid.includes(value) && !accepts(schema, value)),
  };
}

/** Whether a query text is within the schema, as far as queryValues' values go. */
function accepts(schema: Schema, value: string): boolean {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).includes(value);
  if (schema.type === "integer" || schema.type === "number") {
    if (!/^-?\d+(\.\d+)?$/.test(value)) return false;
    const number = Number(value);
    if (schema.type === "integer" && !Number.isSafeInteger(number)) return false;
    if (typeof schema.minimum === "number" && number < schema.minimum) return false;
    if (typeof schema.maximum === "number" && number > schema.maximum) return false;
    return true;
  }
  if (typeof schema.maxLength === "number" && value.length > schema.maxLength) return false;
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value))
    return false;
  return !value.includes("\u0000");
}

/** Bodies for a JSON operation: its example, an empty object, wrong types and odd values. */
function bodies(operation: Operation): string[] {
  const content = operation.requestBody?.content["application/json"];
  if (!content) return [];
  const example = content.example as Record<string, unknown> | undefined;
  const odd: unknown[] = [-1, 2 ** 63, 1e308, "", "\u0000", "x".repeat(10_000), [], {}, null, true];
  const mutated = example
    ? Object.keys(example).flatMap((key) => odd.map((value) => ({ ...example, [key]: value })))
    : [];
  return [
    ...(example ? [JSON.stringify(example)] : []),
    "{}",
    "[]",
    "null",
    "{",
    '"text"',
    ...mutated.map((body) => JSON.stringify(body)),
  ];
}

async function main({ server, databaseUrl }: FuzzSite): Promise<number> {
  const { port, origin } = server;
  const host = `localhost:${port}`;
  const player = await signUpConfirmed(server, {
    name: "Fuzz Api",
    email: "fuzz-api@example.test",
    profilePublic: true,
    headers: { [CLIENT_IP_HEADER]: "10.254.0.1" },
  });
  let address = 0;
  const send = async (method: string, target: string, body?: string, signedIn = true) => {
    address += 1;
    const headers: [string, string][] = [
      ["host", host],
      ["origin", origin],
      ["connection", "close"],
      [CLIENT_IP_HEADER, `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`],
    ];
    if (signedIn) headers.push(["cookie", player.cookie]);
    if (body !== undefined) headers.push(["content-type", "application/json"]);
    const answer = await sendRaw(
      port,
      { method, target, headers, body: body === undefined ? undefined : Buffer.from(body) },
      REQUEST_TIMEOUT_MS,
    );
    const status = typeof answer.status === "number" ? answer.status : 599;
    const responseHeaders = new Headers();
    for (const [name, value] of answer.headers) responseHeaders.append(name, value);
    return { status, headers: responseHeaders, body: answer.body.toString("utf8") };
  };

  const document = JSON.parse((await send("GET", "/api/openapi.json")).body) as ApiDocument;
  const contract = apiContract(document);
  const ids = await realIds(databaseUrl, player.handle);
  const failures: string[] = [];
  let sent = 0;

  for (const [template, item] of Object.entries(document.paths)) {
    // The account endpoints change accounts and sessions: the document's other checks cover them.
    if (template.startsWith("/api/auth/")) continue;
    const target = template.replace(/\{(\w+)\}/g, (_all, name: string) =>
      encodeURIComponent(ids(template, name)),
    );
    // Deleting the account would leave the rest of the run signed out.
    for (const method of METHODS.filter(
      (name) => item[name] && !(template === "/api/me" && name === "delete"),
    )) {
      const operation = item[method] as Operation;
      const check = async (url: string, body?: string, refused = false) => {
        sent += 1;
        const answer = await send(method.toUpperCase(), url, body);
        const problems = contract.check(template, method, answer);
        if (refused && answer.status < 300)
          problems.push(
            `${method.toUpperCase()} ${url} → ${answer.status}: a value the document refuses was accepted`,
          );
        failures.push(...problems);
      };
      const query = (operation.parameters ?? []).filter(
        (parameter): parameter is Parameter => parameter.in === "query",
      );
      await check(target, bodies(operation)[0]);
      for (const parameter of query) {
        const { valid, invalid } = queryValues(parameter.schema);
        for (const value of valid)
          await check(`${target}?${parameter.name}=${encodeURIComponent(value)}`);
        for (const value of invalid)
          await check(`${target}?${parameter.name}=${encodeURIComponent(value)}`, undefined, true);
      }
      for (const body of bodies(operation).slice(1)) await check(target, body);
      // Path parameters the schemas refuse: never a 5xx, always a documented status.
      if (template.includes("{"))
        for (const odd of ["0", "-1", "99999999999999999999", "%00", "abc"])
          await check(template.replace(/\{\w+\}/, odd).replace(/\{(\w+)\}/g, "1"));
    }
    for (const method of OTHER_METHODS.filter(
      (name) => !item[name.toLowerCase() as Method] && name !== "HEAD",
    )) {
      sent += 1;
      const answer = await send(method, target);
      if (answer.status >= 500)
        failures.push(`${method} ${target} → ${answer.status}: a server error`);
      else if (method === "OPTIONS" ? answer.status !== 204 : answer.status !== 405)
        failures.push(
          `${method} ${target} → ${answer.status}: expected ${method === "OPTIONS" ? 204 : 405}`,
        );
      if (!answer.headers.get("allow"))
        failures.push(`${method} ${target} → ${answer.status}: no Allow`);
    }
  }
  const log = fs.readFileSync(SERVER_LOG, "utf8");
  // The log is JSON lines (decision 0044): an error's stack is in its line's `err.stack`.
  const traces = log.split("\n").filter((line) => line.includes('"stack":"')).length;
  if (traces > 0)
    failures.push(`the server's log holds ${traces} errors with a stack trace (${SERVER_LOG})`);

  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(`${sent} requests from the document; ${failures.length} failures.`);
  return failures.length === 0 ? 0 : 1;
}

/** A real value for each path parameter: the demo data's first rows and the fuzz player's handle. */
async function realIds(url: string, handle: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const first = async (query: string) => String((await client.query(query)).rows[0]?.v ?? 1);
  const values = {
    business: await first("select min(id) as v from business"),
    review: await first("select min(id) as v from review"),
    question: await first("select min(id) as v from business_question"),
    answer: await first("select min(id) as v from question_answer"),
    job: await first("select min(id) as v from job"),
    slug: await first("select min(slug) as v from blog_post_text"),
    product: await first("select min(id) as v from product"),
  };
  await client.end();
  return (template: string, name: string): string => {
    if (name === "handle") return handle;
    if (name === "slug") return values.slug;
    if (name === "productId" || template.startsWith("/api/products/")) return values.product;
    if (template.startsWith("/api/reviews/")) return values.review;
    if (template.startsWith("/api/questions/")) return values.question;
    if (template.startsWith("/api/answers/")) return values.answer;
    if (template.startsWith("/api/jobs/")) return values.job;
    if (template.includes("businesses")) return values.business;
    return "1";
  };
}
