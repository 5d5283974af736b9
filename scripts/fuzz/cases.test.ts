/**
 * `npm run fuzz` is an instrument nobody runs on every change, so a route added without a fuzz
 * profile went unnoticed for rounds (about 50 routes) until the fuzzer was next started and refused
 * to run. Generating the cases here, in the unit suite, makes such a route fail `npm test` instead.
 */
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { generateCases, type SignedUpPlayer } from "./cases.ts";
import { randomGenerator } from "./values.ts";

const player = (name: string): SignedUpPlayer => ({
  name,
  email: `${name}@example.test`,
  password: "canoe-portage-42",
  token: `${name}-token`,
  cookie: `session=${name}`,
  handle: name,
});

type Entry = { path?: string; file: string; children?: Entry[] };
const paths = (entries: Entry[], parent = ""): string[] =>
  entries.flatMap((entry) => {
    const pattern = `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
    return [pattern, ...paths(entry.children ?? [], pattern)];
  });

describe("the fuzz cases", () => {
  const cases = generateCases({
    host: "localhost:3000",
    origin: "http://localhost:3000",
    players: [player("alice"), player("bob")],
    avatarPath: "/uploads/avatars/bob.jpg",
    jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    maxBodyBytes: 262_144,
    random: randomGenerator(1),
  });

  it("cover every route of app/routes.ts", () => {
    const covered = new Set(cases.map(({ route }) => route));
    expect(paths(routes as Entry[]).filter((pattern) => !covered.has(pattern))).toEqual([]);
  });

  it("send real ids, never a route's parameter name", () => {
    const placeholders = cases
      .map(({ request }) => request.target)
      .filter((path) => /\/:[a-zA-Z]/.test(path.split("?")[0] ?? ""));
    expect([...new Set(placeholders)]).toEqual([]);
  });
});
