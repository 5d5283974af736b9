import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { seedRedeemGoals } from "../../players/seed.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
const handles: Record<string, string> = {};

/** Teen and adult players have public profiles; Kim, 10, a private one. */
const PLAYERS = [
  { key: "alice", name: "Alice Martin", email: "alice.secret@example.com", age: 15, points: 500 },
  { key: "bob", name: "Bob Singh", email: "bob.secret@example.com", age: 37, points: 300 },
  { key: "kim", name: "Kim Tremblay", email: "kim.secret@example.com", age: 10, points: 300 },
  { key: "cal", name: "Cal Viewer", email: "cal@example.com", age: 16, points: 150 },
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRedeemGoals(database.db);
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  for (const [index, player] of PLAYERS.entries()) {
    cookies[player.key] = await signUpVerified(request, database.db, {
      ...player,
      address: `10.4.0.${index + 1}`,
    });
    const [row] = await database.db
      .update(user)
      .set({ points: player.points })
      .where(eq(user.email, player.email))
      .returning({ handle: user.handle });
    handles[player.key] = row?.handle ?? "";
  }
});

afterAll(() => database.close());

const as = (who: string, init: RequestInit = {}) => ({
  ...init,
  redirect: "manual" as const,
  headers: {
    origin: TEST_BASE_URL,
    cookie: cookies[who] ?? "",
    ...(typeof init.body === "string" && init.body.startsWith("{")
      ? { "content-type": "application/json" }
      : typeof init.body === "string"
        ? { "content-type": "application/x-www-form-urlencoded" }
        : {}),
    ...(init.headers as Record<string, string>),
  },
});

const post = (who: string, path: string, body: string, headers: Record<string, string> = {}) =>
  request(path, as(who, { method: "POST", body, headers }));

describe("nobody else's e-mail address or age, anywhere", () => {
  test("every players page and API answer, in both languages, as another player", async () => {
    await request(`/api/players/${handles.alice}/follow`, as("bob", { method: "PUT" }));
    await request(`/api/players/${handles.alice}/follow`, as("cal", { method: "PUT" }));
    await request(`/api/players/${handles.bob}/follow`, as("alice", { method: "PUT" }));
    const others = PLAYERS.filter((player) => player.key !== "cal");
    const paths = [
      "/leaderboard",
      "/leaderboard?page=2",
      `/profile-view/${handles.alice}/s`,
      `/profile-view/${handles.bob}/s`,
      `/profile-view/${handles.kim}/s`,
      `/profile-view/${handles.alice}/followers`,
      `/profile-view/${handles.alice}/following`,
      `/profile-view/${handles.bob}/followers`,
      `/profile-view/${handles.kim}/followers`,
      "/redeem",
      "/redeem?goal=sticker-pack",
      "/profile",
    ];
    const api = [
      "/api/leaderboard",
      `/api/players/${handles.alice}`,
      `/api/players/${handles.kim}`,
      `/api/players/${handles.alice}/followers`,
      `/api/players/${handles.bob}/following`,
      `/api/players/${handles.kim}/following`,
      "/api/redeem/goals",
      "/api/redeem/requests",
    ];
    const pages = [...paths, ...paths.map((path) => `/fr${path}`)];
    for (const path of [...pages, ...pages.map((page) => `${page.split("?")[0]}.data`), ...api]) {
      const response = await request(path, as("cal"));
      expect(response.status, path).toBeLessThan(500);
      const body = await response.text();
      for (const other of others) {
        expect(body, `${path} shows ${other.email}`).not.toContain(other.email);
        expect(body, `${path} shows the age of ${other.key}`).not.toMatch(
          new RegExp(`"age"\\s*[:,]\\s*${other.age}\\b`),
        );
      }
      if (api.includes(path)) expect(body, path).not.toContain('"age"');
      // Pages that list players really showed them (no sign-in page answered instead).
      if (
        /leaderboard(\.data)?$|\/(followers|following)$/.test(path) &&
        !path.includes(handles.kim ?? "-")
      )
        expect(body, path).toMatch(/Alice Martin|Bob Singh|Cal Viewer/);
    }
  });

  test("a NUL in the leaderboard's or a follow list's query is a 400, not a server error", async () => {
    for (const path of [
      "/leaderboard?page=%00",
      "/fr/leaderboard?%00=1",
      `/profile-view/${handles.alice}/followers?cursor=%00`,
      `/fr/profile-view/${handles.alice}/following?%00=1`,
    ]) {
      expect((await request(path, as("cal"))).status, path).toBe(400);
    }
  });

  test("a NUL or other non-handle in a player's address is a 404, not a server error", async () => {
    for (const path of [
      "/api/players/%00",
      "/api/players/%00/followers",
      "/api/players/A%20B/following",
      "/profile-view/%00/s",
    ]) {
      expect((await request(path, as("cal"))).status, path).toBe(404);
    }
  });

  test("the leaderboard shows a private profile by its handle with the default picture", async () => {
    const board = await (await request("/api/leaderboard", as("cal"))).json();
    const kim = board.rows.find((row: { handle: string }) => row.handle === handles.kim);
    expect(kim).toMatchObject({ displayName: handles.kim, image: null, profilePublic: false });
    expect(JSON.stringify(board)).not.toContain("Kim Tremblay");
    expect(board.me).toMatchObject({ rank: 4, points: 150, total: 4, topPercent: 100, page: 1 });
    expect(board.rows.map((row: { rank: number }) => row.rank)).toEqual([1, 2, 2, 4]);
  });
});

describe("profile views", () => {
  test("one's own handle goes to /profile; an unknown one is the 404 page", async () => {
    const own = await request(`/profile-view/${handles.cal}/s`, as("cal"));
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/profile");
    const french = await request(`/fr/profile-view/${handles.cal}/s`, as("cal"));
    expect(french.headers.get("location")).toBe("/fr/profile");
    const unknown = await request("/profile-view/nobody-0000/s", as("cal"));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Error 404!!!!");
  });

  test("a private profile's view and follow are refused", async () => {
    const view = await request(`/profile-view/${handles.kim}/s`, as("cal"));
    expect(view.status).toBe(403);
    const html = await view.text();
    expect(html).toContain("This profile is private");
    expect(html).not.toContain("Kim Tremblay");
    const api = await request(`/api/players/${handles.kim}/follow`, as("cal", { method: "PUT" }));
    expect(api.status).toBe(403);
    const form = await post("cal", `/profile-view/${handles.kim}/s`, "intent=follow");
    expect(form.status).toBe(403);
  });

  test("Follow and Unfollow work as plain form posts, and the count follows", async () => {
    const path = `/profile-view/${handles.bob}/s`;
    const before = await (await request(`/api/players/${handles.bob}`, as("cal"))).json();
    const followed = await post("cal", path, "intent=follow");
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(path);
    await post("cal", path, "intent=follow");
    const after = await (await request(`/api/players/${handles.bob}`, as("cal"))).json();
    expect(after).toMatchObject({ followers: before.followers + 1, followedByMe: true });
    expect(await (await request(path, as("cal"))).text()).toContain("Unfollow");
    await post("cal", path, "intent=unfollow");
    const undone = await (await request(`/api/players/${handles.bob}`, as("cal"))).json();
    expect(undone).toMatchObject({ followers: before.followers, followedByMe: false });
  });

  test("following oneself is refused", async () => {
    const response = await request(
      `/api/players/${handles.cal}/follow`,
      as("cal", { method: "PUT" }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe("You cannot follow yourself.");
  });

  test("a visitor is sent to log in", async () => {
    const response = await request("/leaderboard", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect((await request("/api/leaderboard")).status).toBe(401);
  });
});

describe("redeem", () => {
  test("/reedem moves to /redeem for good, in both languages", async () => {
    const english = await request("/reedem", { redirect: "manual" });
    expect(english.status).toBe(301);
    expect(english.headers.get("location")).toBe("/redeem");
    const french = await request("/fr/reedem?goal=book", { redirect: "manual" });
    expect(french.status).toBe(301);
    expect(french.headers.get("location")).toBe("/fr/redeem?goal=book");
  });

  test("the API needs an Idempotency-Key; the same key makes one request", async () => {
    const body = JSON.stringify({
      goal: "sticker-pack",
      name: "Alice",
      email: "alice.parent@example.com",
      phone: "(613) 555-0142",
      agree: true,
    });
    const missing = await post("alice", "/api/redeem/requests", body);
    expect(missing.status).toBe(400);
    const headers = { "idempotency-key": "alice-first-request" };
    const first = await post("alice", "/api/redeem/requests", body, headers);
    expect(first.status).toBe(201);
    const made = await first.json();
    expect(made).toMatchObject({ cost: 100, status: "pending", goal: { slug: "sticker-pack" } });
    const again = await post("alice", "/api/redeem/requests", body, headers);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(made.id);
    const list = await (await request("/api/redeem/requests", as("alice"))).json();
    expect(list.requests.length).toBe(1);
    const me = await (await request("/api/me", as("alice"))).json();
    expect(me.balance).toBe(400);
  });

  test("too costly: 409 from the API, the toast from the page", async () => {
    const body = JSON.stringify({
      goal: "telescope",
      name: "Cal",
      email: "cal@example.com",
      phone: "514 555 0123",
      agree: true,
    });
    const api = await post("cal", "/api/redeem/requests", body, {
      "idempotency-key": "cal-12345678",
    });
    expect(api.status).toBe(409);
    expect((await api.json()).error.message).toBe("You don’t have enough points for this reward.");
    const page = await request("/redeem?goal=telescope", as("cal"));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/redeem?notice=redeem-too-costly");
  });

  test("the page's form checks SPEC.md's fields in order, and works without JavaScript", async () => {
    const fields = (extra: string) =>
      `goal=sticker-pack&idempotencyKey=cal-form-key-1&name=Cal&email=cal%40example.com&${extra}`;
    const noPhone = await post("cal", "/redeem?goal=sticker-pack", fields("phone=12"));
    expect(noPhone.status).toBe(400);
    expect(await noPhone.text()).toContain("Enter a Canadian phone number");
    const unticked = await post("cal", "/redeem?goal=sticker-pack", fields("phone=5145550123"));
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("You must agree to the terms and conditions!");
    const sent = await post(
      "cal",
      "/redeem?goal=sticker-pack",
      fields("phone=5145550123&agree=on"),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/redeem?notice=redeem-created");
    // A resent form: the same key, no second request.
    await post("cal", "/redeem?goal=sticker-pack", fields("phone=5145550123&agree=on"));
    const list = await (await request("/api/redeem/requests", as("cal"))).json();
    expect(list.requests.length).toBe(1);
    const page = await (await request("/redeem", as("cal"))).text();
    expect(page).toContain("Pending");
  });
});

test("the profile setting makes a profile public or private", async () => {
  await post("cal", "/profile", "intent=settings&locale=en-CA&quizTimer=30");
  expect((await request(`/api/players/${handles.cal}`, as("bob"))).status).toBe(403);
  const response = await post(
    "cal",
    "/profile",
    "intent=settings&locale=en-CA&quizTimer=30&profilePublic=on",
  );
  expect(response.status).toBe(302);
  expect((await request(`/api/players/${handles.cal}`, as("bob"))).status).toBe(200);
});

test.each([
  ["/profile", "Bob the Bitch", "This name contains a word that could hurt or offend someone."],
  [
    "/fr/profile",
    "Bob le connard",
    "Ce nom contient un mot qui pourrait blesser ou choquer quelqu’un.",
  ],
])(
  "%s refuses a name with a word on the list, without repeating it, and keeps the name",
  async (path, name, message) => {
    const refused = await post("bob", path, `intent=edit&name=${encodeURIComponent(name)}`);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(message);
    expect(page).not.toContain(name.split(" ").at(-1));
    expect((await (await request("/api/me", as("bob"))).json()).name).toBe("Bob Singh");
  },
);

test("a player under 14 cannot make their profile public on their own", async () => {
  const refused = await post(
    "kim",
    "/profile",
    "intent=settings&locale=fr-CA&quizTimer=60&profilePublic=on",
  );
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain(
    "only a parent or guardian can make your profile public or change your age",
  );
  expect((await request(`/api/players/${handles.kim}`, as("cal"))).status).toBe(403);
  // Nothing else in the refused form changed either.
  const own = await (await request("/api/me", as("kim"))).json();
  expect(own).toMatchObject({ profilePublic: false, locale: "en-CA", quizTimer: 30 });
  const page = await (await request("/profile", as("kim"))).text();
  const checkbox = /<input[^>]*name="profilePublic"[^>]*>/.exec(page)?.[0];
  expect(checkbox).toContain('disabled=""');
});
