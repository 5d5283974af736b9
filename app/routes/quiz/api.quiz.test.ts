import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { SESSION_LIFETIME } from "../../db/live-session.server.ts";
import { countQueries, createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { seedQuizQuestions } from "../../quiz/seed.server.ts";
import { testBank } from "../../quiz/test-banks.ts";
import type { PlayState } from "../../quiz/types.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let players = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedQuizQuestions(database.db, [testBank("math", "en-CA"), testBank("math", "fr-CA")]);
});

afterAll(() => database.close());

async function newPlayer() {
  players += 1;
  return signUpVerified(request, database.db, {
    name: `Player ${players}`,
    email: `player${players}@example.com`,
    address: `10.7.${Math.floor(players / 4)}.${players}`,
  });
}

function as(cookie: string, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      origin: TEST_BASE_URL,
      cookie,
      ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
      ...(init.headers as Record<string, string>),
    },
  };
}

const post = (cookie: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  request(
    path,
    as(cookie, {
      method: "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
      headers,
    }),
  );

/** The place of the right answer: the test banks ask "what is n + 1?". */
function rightChoice(state: PlayState): number {
  const n = Number(/what is (\d+) \+ 1\?/.exec(state.question.text)?.[1]);
  return state.question.options.indexOf(String(n + 1));
}

/** As a person plays: the current question was shown a second ago, so answering is not too fast. */
async function humanPace(sessionId: string) {
  await database.db.execute(
    sql`update quiz_session set shown_at = shown_at - interval '1 second' where id = ${sessionId}`,
  );
}

/** The session token in a player's cookie, as the session table holds it. */
const sessionTokenOf = (cookie: string): string =>
  decodeURIComponent(/better-auth\.session_token=([^;]*)/.exec(cookie)?.[1] ?? "").split(".")[0] ??
  "";

async function start(cookie: string): Promise<PlayState> {
  return (await post(cookie, "/api/quiz/sessions", { category: "math" })).json();
}

describe("the quiz API", () => {
  test("a visitor gets 401 everywhere", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, path] of [
      ["GET", "/api/quiz/categories"],
      ["POST", "/api/quiz/sessions"],
      ["POST", `/api/quiz/sessions/${id}/answers`],
      ["POST", `/api/quiz/sessions/${id}/finish`],
      ["POST", `/api/quiz/sessions/${id}/feedback`],
      ["POST", `/api/quiz/sessions/${id}/practice`],
    ] as const) {
      const response = await request(path, { method, headers: { origin: TEST_BASE_URL } });
      expect(response.status, path).toBe(401);
      expect((await response.json()).error.code).toBe("unauthorized");
    }
  });

  test("a whole set: start, answer, move on, finish, feedback", async () => {
    const me = await newPlayer();
    const categories = await (await request("/api/quiz/categories", as(me))).json();
    expect(categories.items[1]).toEqual({
      category: "math",
      completedSets: 0,
      nextSet: 1,
      totalSets: 20,
    });

    const started = await post(me, "/api/quiz/sessions", { category: "math" });
    expect(started.status).toBe(201);
    expect(started.headers.get("cache-control")).toContain("no-store");
    let state: PlayState = await started.json();
    expect(state).toMatchObject({ set: 1, locale: "en-CA", timer: 30, score: 0 });
    expect(state.question.result).toBeNull();

    for (let position = 1; position <= 5; position++) {
      await humanPace(state.id);
      const answered = await post(me, `/api/quiz/sessions/${state.id}/answers`, {
        position,
        choice: rightChoice(state),
      });
      expect(answered.status).toBe(200);
      state = await answered.json();
      expect(state.question.result).toMatchObject({ correct: true, points: 2 });
      if (position < 5) {
        const next = await post(me, "/api/quiz/sessions", { category: "math" });
        expect(next.status).toBe(200);
        state = await next.json();
        expect(state.question).toMatchObject({ position: position + 1, result: null });
      }
    }

    const finished = await post(me, `/api/quiz/sessions/${state.id}/finish`);
    expect(finished.status).toBe(200);
    const results = await finished.json();
    expect(results).toEqual({
      id: state.id,
      category: "math",
      set: 1,
      practice: false,
      score: 10,
      total: 5,
      correct: 5,
      incorrect: 0,
      earned: 10,
      tooFastAnswers: 0,
      dailyCapReached: false,
      feedbackSent: false,
    });
    const again = await post(me, `/api/quiz/sessions/${state.id}/finish`);
    expect(await again.json()).toEqual(results);

    const profile = await (await request("/api/me", as(me))).json();
    expect(profile).toMatchObject({
      balance: 10,
      playMatch: 1,
      winner: 1,
      completedSets: { math: 1 },
    });

    const feedback = await post(me, `/api/quiz/sessions/${state.id}/feedback`, {
      text: "Fun!",
    });
    expect(feedback.status).toBe(204);
    const twice = await post(me, `/api/quiz/sessions/${state.id}/feedback`, { text: "Again" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.code).toBe("conflict");

    // The same set again for practice: scored, crediting nothing.
    const practice = await post(me, `/api/quiz/sessions/${state.id}/practice`);
    expect(practice.status).toBe(201);
    let replay: PlayState = await practice.json();
    expect(replay).toMatchObject({ set: 1, practice: true, score: 0 });
    for (let position = 1; position <= 5; position++) {
      await humanPace(replay.id);
      replay = await (
        await post(me, `/api/quiz/sessions/${replay.id}/answers`, {
          position,
          choice: rightChoice(replay),
        })
      ).json();
      if (position < 5) replay = await start(me);
    }
    const practised = await (await post(me, `/api/quiz/sessions/${replay.id}/finish`)).json();
    expect(practised).toMatchObject({ practice: true, score: 10, earned: 0 });
    expect(await (await request("/api/me", as(me))).json()).toMatchObject({
      balance: 10,
      playMatch: 1,
      completedSets: { math: 1 },
    });
  });

  test("answers at a script's pace earn nothing, and the results count them", async () => {
    const me = await newPlayer();
    let state = await start(me);
    for (let position = 1; position <= 5; position++) {
      state = await (
        await post(me, `/api/quiz/sessions/${state.id}/answers`, {
          position,
          choice: rightChoice(state),
        })
      ).json();
      expect(state.question.result).toMatchObject({ correct: true, tooFast: true, points: 0 });
      if (position < 5) state = await start(me);
    }
    const results = await (await post(me, `/api/quiz/sessions/${state.id}/finish`)).json();
    expect(results).toMatchObject({ score: 0, correct: 5, earned: 0, tooFastAnswers: 5 });
  });

  test("a set starts and moves on with the player's own timer, read with the session", async () => {
    const me = await newPlayer();
    await database.db.execute(
      sql`update "user" set quiz_timer = 60 where email = ${`player${players}@example.com`}`,
    );
    const started = await post(me, "/api/quiz/sessions", { category: "math" });
    const state: PlayState = await started.json();
    expect(state.timer).toBe(60);
    await humanPace(state.id);
    await post(me, `/api/quiz/sessions/${state.id}/answers`, { position: 1, choice: 0 });
    await database.db.execute(
      sql`update "user" set quiz_timer = 0 where email = ${`player${players}@example.com`}`,
    );
    const next: PlayState = await (
      await post(me, "/api/quiz/sessions", { category: "math" })
    ).json();
    expect(next.question.position).toBe(2);
    expect(next.timer).toBe(0);
  });

  test("a second answer is a 409 and changes nothing", async () => {
    const me = await newPlayer();
    const state = await start(me);
    const path = `/api/quiz/sessions/${state.id}/answers`;
    expect((await post(me, path, { position: 1, choice: 0 })).status).toBe(200);
    const second = await post(me, path, { position: 1, choice: 1 });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: "conflict",
        message: "This question was already answered: the first answer counts.",
      },
    });
  });

  test("an answer and moving on are one statement each: the player's session is read in it", async () => {
    const me = await newPlayer();
    const state = await start(me);
    await humanPace(state.id);
    let answered = new Response();
    const queries = await countQueries(database.db, async () => {
      answered = await post(me, `/api/quiz/sessions/${state.id}/answers`, {
        position: 1,
        choice: rightChoice(state),
      });
    });
    expect(answered.status).toBe(200);
    expect((await answered.json()).question.result).toMatchObject({ correct: true, points: 2 });
    expect(queries).toBe(1);
    let next = new Response();
    const movingOn = await countQueries(database.db, async () => {
      next = await post(me, "/api/quiz/sessions", { category: "math" });
    });
    expect(next.status).toBe(200);
    expect((await next.json()).question).toMatchObject({ position: 2, result: null });
    expect(movingOn).toBe(1);
  });

  test("a session due for its daily extension still answers and moves on, and is extended", async () => {
    const me = await newPlayer();
    const state = await start(me);
    await humanPace(state.id);
    const dueSince = SESSION_LIFETIME.expiresIn - SESSION_LIFETIME.updateAge - 60;
    await database.db.execute(
      sql`update session set expires_at = now() + make_interval(secs => ${dueSince})
        where token = ${sessionTokenOf(me)}`,
    );
    const answered = await post(me, `/api/quiz/sessions/${state.id}/answers`, {
      position: 1,
      choice: rightChoice(state),
    });
    expect(answered.status).toBe(200);
    expect((await answered.json()).question.result).toMatchObject({ correct: true });
    const { rows } = await database.db.execute<{ left: number }>(
      sql`select extract(epoch from expires_at - now())::int as left from session
        where token = ${sessionTokenOf(me)}`,
    );
    expect(rows[0]?.left).toBeGreaterThan(SESSION_LIFETIME.expiresIn - 60);
    await database.db.execute(
      sql`update session set expires_at = now() + make_interval(secs => ${dueSince})
        where token = ${sessionTokenOf(me)}`,
    );
    const next = await post(me, "/api/quiz/sessions", { category: "math" });
    expect(next.status).toBe(200);
    expect((await next.json()).question).toMatchObject({ position: 2, result: null });
  });

  test("an ended session's answer and move on are 401s and record nothing", async () => {
    const me = await newPlayer();
    const state = await start(me);
    await database.db.execute(
      sql`update session set expires_at = now() - interval '1 minute'
        where token = ${sessionTokenOf(me)}`,
    );
    const refused = await post(me, `/api/quiz/sessions/${state.id}/answers`, {
      position: 1,
      choice: 0,
    });
    expect(refused.status).toBe(401);
    expect((await post(me, "/api/quiz/sessions", { category: "math" })).status).toBe(401);
    const { rows } = await database.db.execute<{ answers: number }>(
      sql`select count(*)::int as answers from quiz_answer where session_id = ${state.id}`,
    );
    expect(rows[0]?.answers).toBe(0);
  });

  test("an answer after the timer and the grace is a time-out", async () => {
    const me = await newPlayer();
    const state = await start(me);
    await database.db.execute(
      sql`update quiz_session set shown_at = now() - interval '33 seconds' where id = ${state.id}`,
    );
    const late = await post(me, `/api/quiz/sessions/${state.id}/answers`, {
      position: 1,
      choice: rightChoice(state),
    });
    expect((await late.json()).question.result).toMatchObject({
      correct: false,
      timedOut: true,
      points: -2,
    });
  });

  test("another player's session is a 404 on every call; so is an id that is none", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const state = await start(owner);
    for (const id of [state.id, "not-a-session"]) {
      for (const [path, body] of [
        [`/api/quiz/sessions/${id}/answers`, { position: 1, choice: 0 }],
        [`/api/quiz/sessions/${id}/finish`, undefined],
        [`/api/quiz/sessions/${id}/feedback`, { text: "Hi" }],
        [`/api/quiz/sessions/${id}/practice`, undefined],
      ] as const) {
        const response = await post(other, path, body);
        expect(response.status, path).toBe(404);
        expect((await response.json()).error.code).toBe("not_found");
      }
    }
  });

  test("bad input is a 400 naming the field; the language follows Accept-Language", async () => {
    const me = await newPlayer();
    const unknown = await post(
      me,
      "/api/quiz/sessions",
      { category: "geography" },
      { "accept-language": "fr-CA" },
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({
      code: "invalid_parameters",
      message: "category: Choisis l’une des catégories du quiz.",
    });
    const state = await start(me);
    const path = `/api/quiz/sessions/${state.id}/answers`;
    for (const body of [
      { position: 6, choice: 0 },
      { position: 1, choice: 4 },
      { position: 1, choice: 0, points: 99 },
    ]) {
      expect((await post(me, path, body)).status, JSON.stringify(body)).toBe(400);
    }
    const long = await post(me, `/api/quiz/sessions/${state.id}/feedback`, {
      text: "x".repeat(1001),
    });
    expect(long.status).toBe(400);
  });

  test("the French bank with Accept-Language: fr-CA, and the set stays French", async () => {
    const me = await newPlayer();
    const response = await post(
      me,
      "/api/quiz/sessions",
      { category: "math" },
      { "accept-language": "fr-CA,fr;q=0.9" },
    );
    const state: PlayState = await response.json();
    expect(state.locale).toBe("fr-CA");
    expect(state.question.text).toMatch(/^fr-CA/);
  });
});

describe("the /playgames page", () => {
  const form = (cookie: string, path: string, fields: Record<string, string>) =>
    request(path, {
      method: "POST",
      headers: {
        origin: TEST_BASE_URL,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
  const page = async (cookie: string, path = "/playgames") =>
    (await request(path, as(cookie))).text();

  test("a visitor is sent to log in and back", async () => {
    for (const path of ["/playgames", "/fr/playgames"]) {
      const response = await request(path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(
        `${path.replace("/playgames", "")}/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
  });

  test("a whole set with forms only, as before the JavaScript loads", async () => {
    const me = await newPlayer();
    const grid = await request("/playgames", as(me));
    expect(grid.status).toBe(200);
    expect(grid.headers.get("cache-control")).toContain("no-store");
    const html = await grid.text();
    expect(html).toContain("0 / 20 sets");
    expect(html).toContain("Play &amp; Learn");

    const started = await form(me, "/playgames", { intent: "start", category: "math" });
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/playgames");

    for (let position = 1; position <= 5; position++) {
      const asking = await page(me);
      expect(asking).toContain(`Question ${position} of 5`);
      expect(asking).toContain("Time left: 00:");
      // Nothing about the answer before it is given.
      expect(asking).not.toContain("One more than");
      const session = /name="session" value="([0-9a-f-]{36})"/.exec(asking)?.[1] ?? "";
      const answered = await form(me, "/playgames", {
        intent: "answer",
        session,
        position: String(position),
        choice: "0",
      });
      expect(answered.status).toBe(302);
      const feedback = await page(me);
      expect(feedback).toContain("One more than");
      expect(feedback).toContain(position < 5 ? ">Next<" : ">Finish<");
      const moved = await form(me, "/playgames", {
        intent: position < 5 ? "next" : "finish",
        session,
      });
      expect(moved.status).toBe(302);
      if (position === 5) {
        expect(moved.headers.get("location")).toBe(`/playgames?results=${session}`);
        const results = await page(me, `/playgames?results=${session}`);
        expect(results).toContain("Results");
        expect(results).toContain("Accuracy");
        expect(results).toContain("1 / 20 sets");
      }
    }
  });

  test("a second answer from the page is refused with its message", async () => {
    const me = await newPlayer();
    await form(me, "/playgames", { intent: "start", category: "math" });
    const session = /name="session" value="([0-9a-f-]{36})"/.exec(await page(me))?.[1] ?? "";
    const fields = { intent: "answer", session, position: "1", choice: "1" };
    expect((await form(me, "/playgames", fields)).status).toBe(302);
    const again = await form(me, "/playgames", fields);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This question was already answered");
  });

  test("a timer that is not on the list is refused in words, in both languages", async () => {
    const me = await newPlayer();
    await form(me, "/playgames", { intent: "start", category: "math" });
    const session = /name="session" value="([0-9a-f-]{36})"/.exec(await page(me))?.[1] ?? "";
    for (const [path, text] of [
      ["/playgames", "Choose 30 seconds, 60 seconds or no timer."],
      ["/fr/playgames", "Choisis 30\u00a0secondes, 60\u00a0secondes ou sans minuterie."],
    ] as const) {
      const refused = await form(me, path, { intent: "timer", session, quizTimer: "45" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(text);
    }
    const profile = await (await request("/api/me", as(me))).json();
    expect(profile.quizTimer).toBe(30);
  });

  test("a timer changed after a question's deadline does not save it: a time-out is a time-out", async () => {
    const me = await newPlayer();
    await form(me, "/playgames", { intent: "start", category: "math" });
    const asking = await page(me);
    const session = /name="session" value="([0-9a-f-]{36})"/.exec(asking)?.[1] ?? "";
    await database.db.execute(
      sql`update quiz_session set shown_at = now() - interval '40 seconds' where id = ${session}`,
    );
    expect((await form(me, "/playgames", { intent: "timer", quizTimer: "0" })).status).toBe(302);
    const n = Number(/what is (\d+) \+ 1\?/.exec(asking)?.[1]);
    const options = [
      ...asking.matchAll(/name="choice" value="(\d)"[^>]*>.*?<span class="flex-1">([^<]*)</gs),
    ];
    const right = options.find((option) => option[2] === String(n + 1))?.[1] ?? "0";
    await form(me, "/playgames", { intent: "answer", session, position: "1", choice: right });
    const answer = await database.db.execute<{ timed_out: boolean; correct: boolean }>(
      sql`select timed_out, correct from quiz_answer where session_id = ${session}`,
    );
    expect(answer.rows).toEqual([{ timed_out: true, correct: false }]);
    // The setting is the player's, for the questions to come.
    expect((await (await request("/api/me", as(me))).json()).quizTimer).toBe(0);
  });

  test("the French page plays the French bank, in French", async () => {
    const me = await newPlayer();
    const started = await form(me, "/fr/playgames", { intent: "start", category: "math" });
    expect(started.headers.get("location")).toBe("/fr/playgames");
    const html = await page(me, "/fr/playgames");
    expect(html).toContain("fr-CA math: what is 0 + 1?");
    expect(html).toContain("Question 1 sur 5");
    expect(html).toContain("Temps restant\u00a0: 00:");
  });

  test("all 20 sets done: the message, and nothing starts", async () => {
    const me = await newPlayer();
    const profile = await (await request("/api/me", as(me))).json();
    await database.db.execute(
      sql`insert into quiz_progress (user_id, category, completed_sets) values (${profile.id}, 'math', 20)`,
    );
    const response = await form(me, "/playgames", { intent: "start", category: "math" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("You’ve completed all sets. New sets coming soon!");
  });
});
